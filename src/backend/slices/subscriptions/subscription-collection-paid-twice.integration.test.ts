import { randomUUID } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postWalletMovement } from "@/src/backend/db/ledger/ledger.server";
import { ledgerTransactions, outboxEmails, subscriptionCollections } from "@/src/backend/db/schema";
import { settleCollection } from "@/src/backend/slices/subscriptions/collections.server";
import { issueDraw } from "@/src/backend/slices/subscriptions/issuance.server";
import type { DirectDebitProvider } from "@/src/domain/payments/direct-debit-provider";
import { collectionPaymentMessages } from "@/src/lib/messages";
import { type ApiHarness, startApiHarness } from "@/tests/support/api-harness";
import { simulatorDecision } from "@/tests/support/shop-steps";
import { createSubscription, regularDrawsOnSale } from "@/tests/support/subscription-fixtures";
import { type ValidatedPlayer, validatedPlayer } from "@/tests/support/validated-player";

/**
 * Issue 40: a subscription's failed collection is paid with "Nu betalen", and the bank may still collect it
 * later (or collect it while the iDEAL payment is open). The player never pays a draw twice: the second money
 * goes back into the wallet, once. Until it is paid, the draw's tickets are marked unpaid on /mijn/loten.
 */
let api: ApiHarness;
const logger = pino({ level: "silent" });

beforeAll(async () => {
  api = await startApiHarness();
});
afterAll(() => api?.close());

const newPlayer = () =>
  validatedPlayer(api, {
    emailPrefix: "dubbel",
    firstName: "Ilse",
    lastName: "Smit",
    birthDate: "1979-05-05",
  });
type Session = ValidatedPlayer;

/** The bank's word on every collection: what `status.now` says at the time it is asked. */
function bank(status: { now: "paid" | "failed" }): DirectDebitProvider {
  return {
    submitCollections: async () => [],
    submitTransfers: async () => [],
    getCollection: async (debitId) => ({ debitId, status: status.now }) as never,
  };
}

/**
 * The player's subscription with its first two draws issued; the second draw's collection is submitted to
 * the bank and failed, which locks the subscription.
 */
async function lockedSubscription(session: Session) {
  const { db } = api.database;
  const [d1, d2] = await regularDrawsOnSale(db);
  if (!d1 || !d2) throw new Error("The seed lacks draws on sale");
  const subscription = await createSubscription(db, {
    playerId: session.playerId,
    startDrawId: d1.id,
    items: [{}],
  });
  const services = { db, logger, now: () => new Date() };
  for (const draw of [d1, d2]) await issueDraw(services, draw.id, { subscriptionIds: [subscription.id] });
  const debitId = `dd_${randomUUID().replace(/-/g, "")}`;
  const [collection] = await db
    .update(subscriptionCollections)
    .set({ state: "submitted", debitId })
    .where(
      and(
        eq(subscriptionCollections.subscriptionId, subscription.id),
        eq(subscriptionCollections.drawId, d2.id),
      ),
    )
    .returning();
  if (!collection) throw new Error("The second draw wrote no collection");
  const word = { now: "failed" as "paid" | "failed" };
  const collectionServices = { db, directDebit: bank(word), logger, now: () => new Date() };
  expect(await settleCollection(collectionServices, debitId)).toMatchObject({
    state: "failed",
    subscriptionStatus: "locked",
  });
  /** The bank collects it after all (late), as often as its word is settled. */
  const bankCollects = () => {
    word.now = "paid";
    return settleCollection(collectionServices, debitId);
  };
  return { subscriptionId: subscription.id, collection, d1, d2, bankCollects };
}

async function payOutstanding(session: Session, subscriptionId: number, paymentMethod: "ideal" | "balance") {
  const response = await session.client.postJson(
    `/api/subscriptions/${subscriptionId}/outstanding/pay`,
    { transactionId: randomUUID(), paymentMethod },
    session.token,
  );
  const json = (await response.json()) as { status: string; redirectUrl: string };
  expect(response.status, JSON.stringify(json)).toBe(200);
  return json;
}

async function approve(paymentUrl: string) {
  const response = await fetch(`${api.url}${paymentUrl}`, {
    ...simulatorDecision("approve"),
    redirect: "manual",
  });
  expect(response.status).toBe(303);
}

async function balanceOf(session: Session): Promise<number> {
  const wallet = (await (await session.client.request("/api/my/common/wallet")).json()) as {
    balanceInCents: number;
  };
  return wallet.balanceInCents;
}

async function refundsOf(playerId: string) {
  return api.database.db
    .select()
    .from(ledgerTransactions)
    .where(
      and(
        eq(ledgerTransactions.playerId, playerId),
        eq(ledgerTransactions.kind, "refund"),
        like(ledgerTransactions.idempotencyKey, "refund:collection-%"),
      ),
    );
}

/** The e-mails telling the player a collection paid twice went back into the wallet. */
async function refundMailsTo(session: Session) {
  return api.database.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.recipient, session.email), eq(outboxEmails.kind, "collection-refund")));
}

async function participationsOf(session: Session) {
  const response = await session.client.request("/api/participations");
  expect(response.status).toBe(200);
  return (await response.json()) as {
    draws: Array<{ drawId: number; tickets: Array<{ number: string; unpaid?: boolean }> }>;
  };
}

describe("a failed collection paid by the player and then by the bank", () => {
  it("refunds the bank's late debit into the wallet after an iDEAL payment, once however often it is settled", async () => {
    const session = await newPlayer();
    const { subscriptionId, collection, bankCollects } = await lockedSubscription(session);
    const started = await payOutstanding(session, subscriptionId, "ideal");
    await approve(started.redirectUrl);
    expect(await balanceOf(session)).toBe(0);

    expect(await bankCollects()).toMatchObject({ state: "paid", subscriptionStatus: "active" });
    await bankCollects();
    expect(await balanceOf(session)).toBe(collection.amountCents);
    const refunds = await refundsOf(session.playerId);
    expect(refunds.map((refund) => refund.description)).toEqual([
      collectionPaymentMessages.refundLedger(subscriptionId),
    ]);
    // One e-mail says so, with the amount.
    const mails = await refundMailsTo(session);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.playerId).toBe(session.playerId);
    expect(mails[0]?.data).toEqual({
      firstName: "Ilse",
      subscriptionId,
      amountCents: collection.amountCents,
    });
  });

  it("refunds a balance payment's late debit too", async () => {
    const session = await newPlayer();
    const { subscriptionId, collection, bankCollects } = await lockedSubscription(session);
    await api.database.db.transaction((tx) =>
      postWalletMovement(tx, {
        key: `deposit:test:${session.playerId}`,
        kind: "deposit",
        playerId: session.playerId,
        walletCents: collection.amountCents,
        description: "Storting",
      }),
    );
    expect((await payOutstanding(session, subscriptionId, "balance")).status).toBe("paid");
    expect(await balanceOf(session)).toBe(0);
    await bankCollects();
    expect(await balanceOf(session)).toBe(collection.amountCents);
  });

  it("refunds an iDEAL payment approved after the bank collected meanwhile, and then not the bank's debit", async () => {
    const session = await newPlayer();
    const { subscriptionId, collection, bankCollects } = await lockedSubscription(session);
    const started = await payOutstanding(session, subscriptionId, "ideal");
    expect(await bankCollects()).toMatchObject({ state: "paid", subscriptionStatus: "active" });
    await approve(started.redirectUrl);
    expect(await balanceOf(session)).toBe(collection.amountCents);
    // The bank's word settled again refunds nothing more: its money paid the draw.
    await bankCollects();
    expect(await balanceOf(session)).toBe(collection.amountCents);
    expect(await refundsOf(session.playerId)).toHaveLength(1);
    expect(await refundMailsTo(session)).toHaveLength(1);
  });

  it("refunds nothing when only the bank collected", async () => {
    const session = await newPlayer();
    const { bankCollects } = await lockedSubscription(session);
    await bankCollects();
    await bankCollects();
    expect(await balanceOf(session)).toBe(0);
    expect(await refundsOf(session.playerId)).toHaveLength(0);
    expect(await refundMailsTo(session)).toHaveLength(0);
  });
});

describe("tickets of an unpaid collection on GET /api/participations", () => {
  it("are marked unpaid until the outstanding amount is paid; the paid draw's tickets never are", async () => {
    const session = await newPlayer();
    const { subscriptionId, d1, d2 } = await lockedSubscription(session);
    const before = await participationsOf(session);
    const unpaidDraw = before.draws.find((draw) => draw.drawId === d2.id);
    const paidDraw = before.draws.find((draw) => draw.drawId === d1.id);
    expect(unpaidDraw?.tickets.length).toBeGreaterThan(0);
    expect(unpaidDraw?.tickets.every((ticket) => ticket.unpaid === true)).toBe(true);
    expect(paidDraw?.tickets.length).toBeGreaterThan(0);
    expect(paidDraw?.tickets.some((ticket) => "unpaid" in ticket)).toBe(false);

    const started = await payOutstanding(session, subscriptionId, "ideal");
    await approve(started.redirectUrl);
    const after = await participationsOf(session);
    const nowPaid = after.draws.find((draw) => draw.drawId === d2.id);
    expect(nowPaid?.tickets.length).toBe(unpaidDraw?.tickets.length);
    expect(nowPaid?.tickets.some((ticket) => "unpaid" in ticket)).toBe(false);
  });
});
