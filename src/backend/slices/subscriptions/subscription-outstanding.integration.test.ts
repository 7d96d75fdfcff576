import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postWalletMovement } from "@/src/backend/db/ledger/ledger.server";
import {
  jobs,
  ledgerTransactions,
  outboxEmails,
  subscriptionCollections,
  subscriptions,
} from "@/src/backend/db/schema";
import { settleCollection } from "@/src/backend/slices/subscriptions/collections.server";
import type { DirectDebitProvider } from "@/src/domain/payments/direct-debit-provider";
import { collectionPaymentMessages, walletMessages } from "@/src/lib/messages";
import { type ApiHarness, startApiHarness } from "@/tests/support/api-harness";
import { capturedLogger } from "@/tests/support/captured-logs";
import { simulatorDecision } from "@/tests/support/shop-steps";
import { createSubscription, regularDrawsOnSale } from "@/tests/support/subscription-fixtures";
import { type ValidatedPlayer, validatedPlayer } from "@/tests/support/validated-player";

/**
 * Issue 40, item 3: a collection the bank could not collect locks the subscription; the player sees what is
 * owed, gets an e-mail with a link to pay it, and pays it by iDEAL or from the balance, which unlocks the
 * subscription at once. A payment that fails or is cancelled leaves it locked.
 */
let api: ApiHarness;
const { logger } = capturedLogger();

beforeAll(async () => {
  api = await startApiHarness();
});
afterAll(() => api?.close());

const newPlayer = () =>
  validatedPlayer(api, {
    emailPrefix: "betaler",
    firstName: "Joost",
    lastName: "Bakker",
    birthDate: "1975-03-03",
  });
type Session = ValidatedPlayer;

/** A bank that says every collection failed. */
const failingBank: DirectDebitProvider = {
  submitCollections: async () => [],
  submitTransfers: async () => [],
  getCollection: async (debitId) => ({ debitId, status: "failed" }) as never,
};

/** The player's subscription whose second draw's collection the bank could not collect (€ 17,50). */
async function lockedSubscription(session: Session) {
  const { db } = api.database;
  const [d1, d2] = await regularDrawsOnSale(db);
  if (!d1 || !d2) throw new Error("The seed lacks draws on sale");
  const subscription = await createSubscription(db, {
    playerId: session.playerId,
    startDrawId: d1.id,
    items: [{}],
  });
  const debitId = `dd_${randomUUID().replace(/-/g, "")}`;
  const [collection] = await db
    .insert(subscriptionCollections)
    .values({
      subscriptionId: subscription.id,
      drawId: d2.id,
      amountCents: 1_750,
      method: "directDebit",
      state: "submitted",
      debitId,
      purchaseType: "Subscription",
    })
    .returning();
  const settled = await settleCollection(
    { db, directDebit: failingBank, logger, now: () => new Date() },
    debitId,
  );
  expect(settled).toMatchObject({ state: "failed", subscriptionStatus: "locked" });
  return { subscriptionId: subscription.id, collectionId: collection?.id ?? "", drawName: d2.name };
}

async function summaryOf(session: Session, subscriptionId: number) {
  const body = (await (await session.client.request("/api/subscriptions")).json()) as {
    subscriptions: Array<{ id: number; status: string; outstandingInCents: number }>;
  };
  return body.subscriptions.find((entry) => entry.id === subscriptionId);
}

async function pay(session: Session, subscriptionId: number, body: Record<string, unknown>) {
  const response = await session.client.postJson(
    `/api/subscriptions/${subscriptionId}/outstanding/pay`,
    { transactionId: randomUUID(), ...body },
    session.token,
  );
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

async function decide(paymentUrl: string, action: "approve" | "cancel" | "fail") {
  const response = await fetch(`${api.url}${paymentUrl}`, {
    ...simulatorDecision(action),
    redirect: "manual",
  });
  expect(response.status).toBe(303);
  return response.headers.get("location");
}

describe("a failed collection", () => {
  it("locks the subscription with what is owed and e-mails a link to pay it", async () => {
    const session = await newPlayer();
    const { subscriptionId, collectionId, drawName } = await lockedSubscription(session);
    expect(await summaryOf(session, subscriptionId)).toMatchObject({
      status: "locked",
      outstandingInCents: 1_750,
    });
    const mails = await api.database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.key, `collection-failed:${collectionId}`));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      kind: "collection-failed",
      recipient: session.email,
      playerId: session.playerId,
    });
    // The amount, the draw and the path to pay it on the subscription (the sender makes it a link).
    expect(mails[0]?.data).toEqual({
      firstName: "Joost",
      subscriptionId,
      amountCents: 1_750,
      drawName,
      payPath: `/mijn/abonnementen#subscription-${subscriptionId}`,
    });
  });

  it("is paid by iDEAL: a cancelled payment leaves it locked, a paid one unlocks it at once", async () => {
    const session = await newPlayer();
    const { subscriptionId, collectionId } = await lockedSubscription(session);

    const cancelled = await pay(session, subscriptionId, { paymentMethod: "ideal" });
    expect(cancelled.status, JSON.stringify(cancelled.json)).toBe(200);
    expect(cancelled.json).toMatchObject({ status: "pending", amountInCents: 1_750 });
    const back = await decide(String(cancelled.json.redirectUrl), "cancel");
    expect(back).toBe(
      `/mijn/abonnementen/betaling?subscriptionId=${subscriptionId}&transactionId=${cancelled.json.transactionId}`,
    );
    const result = await session.client.request(
      `/api/subscriptions/${subscriptionId}/outstanding/pay/${cancelled.json.transactionId}`,
    );
    expect(await result.json()).toMatchObject({ status: "cancelled", subscriptionStatus: "locked" });
    expect(await summaryOf(session, subscriptionId)).toMatchObject({
      status: "locked",
      outstandingInCents: 1_750,
    });

    const paying = await pay(session, subscriptionId, { paymentMethod: "ideal", issuer: "INGBNL2A" });
    const paymentId = String(paying.json.redirectUrl).split("/").pop() as string;
    expect((await api.payments.getPayment(paymentId))?.amountCents).toBe(1_750);
    await decide(String(paying.json.redirectUrl), "approve");
    const paid = await session.client.request(
      `/api/subscriptions/${subscriptionId}/outstanding/pay/${paying.json.transactionId}`,
    );
    expect(await paid.json()).toMatchObject({
      status: "paid",
      amountInCents: 1_750,
      subscriptionStatus: "active",
    });
    expect(await summaryOf(session, subscriptionId)).toMatchObject({
      status: "active",
      outstandingInCents: 0,
    });
    const [collection] = await api.database.db
      .select()
      .from(subscriptionCollections)
      .where(eq(subscriptionCollections.id, collectionId));
    expect(collection?.state).toBe("paid");
    const [sub] = await api.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, subscriptionId));
    expect(sub?.lockedDrawId).toBeNull();
    const queued = await api.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, "issue-subscription")));
    expect(
      queued.some((job) => (job.payload as { subscriptionId?: number }).subscriptionId === subscriptionId),
    ).toBe(true);

    // Nothing is owed any more: a new payment is refused with a Dutch message.
    const again = await pay(session, subscriptionId, { paymentMethod: "ideal" });
    expect(again.status).toBe(422);
    expect((again.json.errors as Record<string, string[]>).subscriptionId).toEqual([
      collectionPaymentMessages.nothingOwed,
    ]);
    // The same transaction again answers the paid payment: processed, never paid twice.
    const replay = await session.client.postJson(
      `/api/subscriptions/${subscriptionId}/outstanding/pay`,
      { transactionId: paying.json.transactionId, paymentMethod: "ideal" },
      session.token,
    );
    expect(replay.status).toBe(409);
  });

  it("is paid from the balance when it covers the amount, and refused with the balance when it does not", async () => {
    const session = await newPlayer();
    const { subscriptionId } = await lockedSubscription(session);

    const short = await pay(session, subscriptionId, { paymentMethod: "balance" });
    expect(short.status).toBe(422);
    expect((short.json.errors as Record<string, string[]>).paymentMethod).toEqual([
      walletMessages.balanceTooLow(0),
    ]);

    await api.database.db.transaction((tx) =>
      postWalletMovement(tx, {
        key: `deposit:test:${session.playerId}`,
        kind: "deposit",
        playerId: session.playerId,
        walletCents: 2_000,
        description: "Storting",
      }),
    );
    const paid = await pay(session, subscriptionId, { paymentMethod: "balance" });
    expect(paid.status, JSON.stringify(paid.json)).toBe(200);
    expect(paid.json).toMatchObject({ status: "paid", amountInCents: 1_750 });
    expect(await summaryOf(session, subscriptionId)).toMatchObject({
      status: "active",
      outstandingInCents: 0,
    });
    const wallet = await (await session.client.request("/api/my/common/wallet")).json();
    expect(wallet.balanceInCents).toBe(250);
    const movements = await api.database.db
      .select()
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.playerId, session.playerId), eq(ledgerTransactions.kind, "order")));
    expect(movements.map((movement) => movement.description)).toEqual([
      collectionPaymentMessages.ledger(subscriptionId),
    ]);
  });

  it("is not another player's to pay or to look at", async () => {
    const owner = await newPlayer();
    const { subscriptionId } = await lockedSubscription(owner);
    const started = await pay(owner, subscriptionId, { paymentMethod: "ideal" });
    const other = await newPlayer();
    const theirs = await pay(other, subscriptionId, { paymentMethod: "ideal" });
    expect(theirs.status).toBe(404);
    expect(theirs.json.code).toBe("UserHasNoSubscriptionError");
    const seen = await other.client.request(
      `/api/subscriptions/${subscriptionId}/outstanding/pay/${started.json.transactionId}`,
    );
    expect(seen.status).toBe(404);
  });
});
