import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/src/backend/db/database.server";
import { rowsOf } from "@/src/backend/db/rows";
import { subscriptionCollections, subscriptions } from "@/src/backend/db/schema";
import { capturedLogger } from "@/tests/support/captured-logs";
import {
  createSubscription,
  openTestDatabase,
  regularDrawsOnSale,
} from "@/tests/support/subscription-fixtures";
import { runChange } from "./change-transaction.server";
import { issueDraw } from "./issuance.server";

/**
 * A change of a subscription and issuing it take turns (issue 15: "changes take effect from the next draw
 * whose sales have not closed"): issuing waits for a change that holds the subscription, and then issues
 * the subscription as the change left it, never half before and half after. Needs PostgreSQL
 * (TEST_DATABASE_URL): PGlite runs one transaction at a time anyway.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)("a change and issuing on PostgreSQL", () => {
  let database: Database;
  let close: () => Promise<void>;
  const { logger } = capturedLogger();

  beforeAll(async () => {
    ({ database, close } = await openTestDatabase());
  });
  afterAll(() => close?.());

  /** Waits until some backend waits for a lock (the issue, on the row the change holds). */
  async function untilSomeoneWaitsForALock() {
    for (let tries = 0; tries < 500; tries++) {
      const result = await database.db.execute(
        sql`select count(*)::int as waiting from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if (Number(rowsOf(result)[0]?.waiting) > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error("nothing waited for the change's lock");
  }

  it("issues nothing to a subscription cancelled by a change that held it while the draw was issued", async () => {
    const [draw] = await regularDrawsOnSale(database.db);
    if (!draw) throw new Error("The seed has no regular draw on sale");
    const { id, playerId } = await createSubscription(database.db, { startDrawId: draw.id, items: [{}] });

    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let holding = () => {};
    const held = new Promise<void>((resolve) => {
      holding = resolve;
    });
    const change = runChange(
      database.db,
      { transactionId: randomUUID(), playerId, subscriptionId: id, kind: "cancel", content: {} },
      async (tx) => {
        await tx.update(subscriptions).set({ status: "cancelled" }).where(eq(subscriptions.id, id));
        holding();
        await gate;
        return { answer: { cancelled: true }, effectiveDrawId: draw.id };
      },
    );
    await held;
    const issue = issueDraw({ db: database.db, logger, now: () => new Date() }, draw.id, {
      subscriptionIds: [id],
    });
    await untilSomeoneWaitsForALock();
    release();
    await change;
    expect(await issue).toEqual({ subscriptions: 0, tickets: 0 });
    const collections = await database.db
      .select()
      .from(subscriptionCollections)
      .where(eq(subscriptionCollections.subscriptionId, id));
    expect(collections).toEqual([]);
  });
});
