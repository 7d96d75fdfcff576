import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/src/backend/db/database.server";
import { subscriptionChanges, subscriptions } from "@/src/backend/db/schema";
import {
  createSubscription,
  openTestDatabase,
  regularDrawsOnSale,
} from "@/tests/support/subscription-fixtures";
import { runChange } from "./change-transaction.server";

/**
 * The frame of every subscription change: one transaction per transaction id. A change the database
 * undid (a serialization failure) changed nothing and is reported as `TransactionRolledbackError`; the
 * same id again answers what was answered; the id used for something else is refused.
 */
let database: Database;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ database, close } = await openTestDatabase());
});
afterAll(() => close?.());

async function subscription() {
  const [first] = await regularDrawsOnSale(database.db);
  return createSubscription(database.db, { startDrawId: first?.id as number, items: [{}] });
}

/** A database error as the driver reports it: a SQLSTATE code, here under a wrapping error's cause. */
function databaseError(code: string) {
  return new Error("Failed query", {
    cause: Object.assign(new Error("could not serialize access"), { code }),
  });
}

describe("runChange", () => {
  it("reports a change the database rolled back as TransactionRolledbackError, with nothing changed", async () => {
    const { id, playerId } = await subscription();
    const transactionId = randomUUID();
    const request = { transactionId, playerId, subscriptionId: id, kind: "cancel" as const, content: {} };
    await expect(
      runChange(database.db, request, async (tx) => {
        await tx.update(subscriptions).set({ status: "cancelled" }).where(eq(subscriptions.id, id));
        throw databaseError("40001");
      }),
    ).rejects.toMatchObject({ name: "SubscriptionError", code: "TransactionRolledbackError" });
    const [row] = await database.db.select().from(subscriptions).where(eq(subscriptions.id, id));
    expect(row?.status).toBe("active");
    const recorded = await database.db
      .select()
      .from(subscriptionChanges)
      .where(eq(subscriptionChanges.transactionId, transactionId));
    expect(recorded).toEqual([]);

    // Tried again under the same id, it goes through.
    const answer = await runChange(database.db, request, async () => ({
      answer: { done: true },
      effectiveDrawId: null,
    }));
    expect(answer).toEqual({ done: true });
  });

  it("answers a replay as the first time without working again, and refuses the id for other content", async () => {
    const { id, playerId } = await subscription();
    const request = {
      transactionId: randomUUID(),
      playerId,
      subscriptionId: id,
      kind: "retentionOffer" as const,
      content: { offerId: "drie-maanden-pauze" },
    };
    let runs = 0;
    const work = async () => ({ answer: { run: ++runs }, effectiveDrawId: null });
    expect(await runChange(database.db, request, work)).toEqual({ run: 1 });
    expect(await runChange(database.db, request, work)).toEqual({ run: 1 });
    expect(runs).toBe(1);
    await expect(
      runChange(database.db, { ...request, content: { offerId: "drie-maanden-halve-prijs" } }, work),
    ).rejects.toMatchObject({ code: "TransactionAlreadyProcessedError" });
  });

  it("lets any other error through unchanged", async () => {
    const { id, playerId } = await subscription();
    const request = {
      transactionId: randomUUID(),
      playerId,
      subscriptionId: id,
      kind: "cancel" as const,
      content: {},
    };
    const failure = new Error("a bug");
    await expect(
      runChange(database.db, request, async () => {
        throw failure;
      }),
    ).rejects.toBe(failure);
  });
});
