import { and, eq, inArray } from "drizzle-orm";
import type { Logger } from "pino";
import type { Db, Tx } from "@/src/backend/db/database.server";
import { InsufficientBalanceError, postWalletMovement } from "@/src/backend/db/ledger/ledger.server";
import { collectionPayments, subscriptionCollections, subscriptions } from "@/src/backend/db/schema";
import type { PaymentProvider } from "@/src/domain/payments/payment-provider";
import { answerPaymentRetry, settledOrderStatus } from "@/src/domain/payments/payment-retry";
import { COLLECTION_PAYMENT_RESULT_PATH } from "@/src/domain/subscriptions/subscription-paths";
import { collectionPaymentMessages, walletMessages } from "@/src/lib/messages";
import { unlockWhenPaid } from "./collections.server";
import { refundCollectionsPaidMeanwhile } from "./double-collection-refunds.server";
import { SubscriptionError } from "./subscription-error.server";

/**
 * Paying what a locked subscription owes (issue 40, item 3), as Dutch lotteries let a player do: the failed
 * collections' total, by iDEAL or from the balance, under the form's transaction id (idempotent, like a
 * checkout). Paid marks those collections paid and unlocks the subscription in the same database
 * transaction, and its due draws are issued again by the job. The status comes from the provider only.
 */

export type CollectionPaymentServices = {
  db: Db;
  payments: PaymentProvider;
  logger: Logger;
  now: () => Date;
};
type PaymentRow = typeof collectionPayments.$inferSelect;
export type CollectionPaymentMethod = "ideal" | "balance";
export type CollectionPaymentStatus = "pending" | "paid" | "cancelled" | "failed" | "expired";

export type CollectionPaymentStarted = {
  transactionId: string;
  status: CollectionPaymentStatus;
  amountInCents: number;
  redirectUrl: string;
};

/** Where the payment page sends the player back: the page that says how it went, then the subscription. */
export function collectionPaymentReturnPath(subscriptionId: number, transactionId: string): string {
  return `${COLLECTION_PAYMENT_RESULT_PATH}?subscriptionId=${subscriptionId}&transactionId=${encodeURIComponent(transactionId)}`;
}

/** What each subscription owes: its failed collections, unpaid, and their total in cents. */
export async function outstandingOf(
  db: Db | Tx,
  subscriptionIds: readonly number[],
): Promise<Map<number, { amountCents: number; collectionIds: string[] }>> {
  const owed = new Map<number, { amountCents: number; collectionIds: string[] }>();
  if (subscriptionIds.length === 0) return owed;
  const failed = await db
    .select({
      id: subscriptionCollections.id,
      subscriptionId: subscriptionCollections.subscriptionId,
      amountCents: subscriptionCollections.amountCents,
    })
    .from(subscriptionCollections)
    .where(
      and(
        inArray(subscriptionCollections.subscriptionId, [...subscriptionIds]),
        eq(subscriptionCollections.state, "failed"),
      ),
    );
  for (const row of failed) {
    const entry = owed.get(row.subscriptionId) ?? { amountCents: 0, collectionIds: [] };
    entry.amountCents += row.amountCents;
    entry.collectionIds.push(row.id);
    owed.set(row.subscriptionId, entry);
  }
  return owed;
}

/**
 * Marks the paid collections paid and unlocks the subscription when nothing failed is left unpaid, in the
 * caller's transaction; its due draws are issued again by the job (as a collection the bank pays late does).
 */
async function payCollections(tx: Tx, payment: PaymentRow, now: Date): Promise<void> {
  const paidNow = await tx
    .update(subscriptionCollections)
    .set({ state: "paid", settledAt: now })
    .where(
      and(
        inArray(subscriptionCollections.id, payment.collectionIds),
        eq(subscriptionCollections.state, "failed"),
      ),
    )
    .returning({ id: subscriptionCollections.id });
  // The bank may have collected some of them meanwhile: that part of this payment goes back to the wallet.
  await refundCollectionsPaidMeanwhile(tx, payment, new Set(paidNow.map((row) => row.id)));
  await unlockWhenPaid(tx, payment.subscriptionId, `paid:${payment.id}`);
}

async function findPayment(db: Db, transactionId: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(collectionPayments)
    .where(eq(collectionPayments.transactionId, transactionId))
    .limit(1);
  return row;
}

/** The player's subscription, else `UserHasNoSubscriptionError` (another player's is not theirs either). */
async function playersSubscription(db: Db, playerId: string, subscriptionId: number) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.playerId, playerId)))
    .limit(1);
  if (!row) throw new SubscriptionError("UserHasNoSubscriptionError");
  return row;
}

type CollectionPaymentRequest = {
  playerId: string;
  subscriptionId: number;
  transactionId: string;
  method: CollectionPaymentMethod;
  issuer?: string;
};

/** The payment's row as it is stored, but for its status. */
type PaymentValues = {
  transactionId: string;
  subscriptionId: number;
  playerId: string;
  collectionIds: string[];
  amountCents: number;
  method: CollectionPaymentMethod;
};

/**
 * Starts paying what the subscription owes (POST /api/subscriptions/{id}/outstanding/pay). iDEAL: the
 * payment page's address. Balance: paid at once, in one transaction with the ledger's movement (key
 * `collection-payment:{id}`), or refused with the balance when it does not cover the amount. Nothing owed:
 * refused with a Dutch message. The same transaction id again answers the same payment.
 */
export async function startCollectionPayment(
  services: CollectionPaymentServices,
  request: CollectionPaymentRequest,
): Promise<CollectionPaymentStarted> {
  const { db } = services;
  const returnPath = collectionPaymentReturnPath(request.subscriptionId, request.transactionId);
  const existing = await findPayment(db, request.transactionId);
  if (existing) return answerRetry(services, existing, request.playerId, returnPath);
  await playersSubscription(db, request.playerId, request.subscriptionId);
  const owed = (await outstandingOf(db, [request.subscriptionId])).get(request.subscriptionId);
  if (!owed || owed.amountCents <= 0) {
    throw new SubscriptionError("InvalidChoice", { subscriptionId: [collectionPaymentMessages.nothingOwed] });
  }
  const values: PaymentValues = {
    transactionId: request.transactionId,
    subscriptionId: request.subscriptionId,
    playerId: request.playerId,
    collectionIds: owed.collectionIds,
    amountCents: owed.amountCents,
    method: request.method,
  };

  if (request.method === "balance") return payFromBalance(services, request, values, returnPath);
  return startIdealPayment(services, request, values, returnPath);
}

/** Pays at once from the balance, with the ledger's movement, in one transaction; refused when too low. */
async function payFromBalance(
  services: CollectionPaymentServices,
  request: CollectionPaymentRequest,
  values: PaymentValues,
  returnPath: string,
): Promise<CollectionPaymentStarted> {
  const { db, logger } = services;
  try {
    const paid = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(collectionPayments)
        .values({ ...values, status: "paid", completedAt: services.now() })
        .onConflictDoNothing({ target: collectionPayments.transactionId })
        .returning();
      if (!row) return undefined;
      await postWalletMovement(tx, {
        key: `collection-payment:${row.id}`,
        kind: "order",
        playerId: request.playerId,
        walletCents: -row.amountCents,
        description: collectionPaymentMessages.ledger(request.subscriptionId),
      });
      await payCollections(tx, row, services.now());
      return row;
    });
    if (!paid)
      return answerRetry(
        services,
        await findPayment(db, request.transactionId),
        request.playerId,
        returnPath,
      );
    logger.info(
      { collectionPaymentId: paid.id, amountCents: paid.amountCents },
      "outstanding paid from the balance",
    );
    return {
      transactionId: request.transactionId,
      status: "paid",
      amountInCents: paid.amountCents,
      redirectUrl: returnPath,
    };
  } catch (error) {
    if (!(error instanceof InsufficientBalanceError)) throw error;
    throw new SubscriptionError("InvalidChoice", {
      paymentMethod: [walletMessages.balanceTooLow(error.balanceCents)],
    });
  }
}

/** Stores the payment and creates it with the provider: the payment page's address, or it fails. */
async function startIdealPayment(
  services: CollectionPaymentServices,
  request: CollectionPaymentRequest,
  values: PaymentValues,
  returnPath: string,
): Promise<CollectionPaymentStarted> {
  const { db, payments, logger } = services;
  const [created] = await db
    .insert(collectionPayments)
    .values({ ...values, status: "pending" })
    .onConflictDoNothing({ target: collectionPayments.transactionId })
    .returning();
  if (!created)
    return answerRetry(services, await findPayment(db, request.transactionId), request.playerId, returnPath);
  let payment: { paymentId: string; redirectUrl: string };
  try {
    payment = await payments.createPayment({
      reference: created.id,
      amountCents: created.amountCents,
      description: collectionPaymentMessages.description(request.subscriptionId),
      method: "ideal",
      issuer: request.issuer,
      returnUrl: returnPath,
    });
  } catch (error) {
    logger.error({ err: error, collectionPaymentId: created.id }, "payment could not be created");
    await db
      .update(collectionPayments)
      .set({ status: "failed", completedAt: services.now() })
      .where(eq(collectionPayments.id, created.id));
    throw new SubscriptionError("TransactionRolledbackError");
  }
  await db
    .update(collectionPayments)
    .set({ paymentId: payment.paymentId, paymentUrl: payment.redirectUrl })
    .where(eq(collectionPayments.id, created.id));
  return {
    transactionId: request.transactionId,
    status: "pending",
    amountInCents: created.amountCents,
    redirectUrl: payment.redirectUrl,
  };
}

/** The same transaction id again: its open payment, or (paid from the balance) its answer again. */
async function answerRetry(
  services: CollectionPaymentServices,
  row: PaymentRow | undefined,
  playerId: string,
  returnPath: string,
): Promise<CollectionPaymentStarted> {
  if (!row || row.playerId !== playerId) throw new SubscriptionError("TransactionAlreadyProcessedError");
  if (row.method === "balance" && row.status === "paid") {
    return {
      transactionId: row.transactionId,
      status: "paid",
      amountInCents: row.amountCents,
      redirectUrl: returnPath,
    };
  }
  const verdict = await answerPaymentRetry(
    { ...row, contentHash: "" },
    { playerId, contentHash: "" },
    {
      reload: async () => {
        const again = await findPayment(services.db, row.transactionId);
        return again ? { ...again, contentHash: "" } : undefined;
      },
      settle: (paymentId) => settleCollectionPayment(services, paymentId),
    },
  );
  if (verdict.outcome === "alreadyProcessed") throw new SubscriptionError("TransactionAlreadyProcessedError");
  if (verdict.outcome === "rolledBack") throw new SubscriptionError("TransactionRolledbackError");
  return {
    transactionId: row.transactionId,
    status: "pending",
    amountInCents: row.amountCents,
    redirectUrl: verdict.paymentUrl,
  };
}

/**
 * Brings a collection payment in line with the provider's word; undefined when no collection payment has
 * this payment id. One conditional update wins; only the winner marks the collections paid and unlocks.
 */
export async function settleCollectionPayment(
  services: CollectionPaymentServices,
  paymentId: string,
): Promise<CollectionPaymentStatus | undefined> {
  const { db, payments, logger } = services;
  const [row] = await db
    .select()
    .from(collectionPayments)
    .where(eq(collectionPayments.paymentId, paymentId))
    .limit(1);
  if (!row) return undefined;
  if (row.status !== "pending") return row.status as CollectionPaymentStatus;
  const verdict = settledOrderStatus(await payments.getPayment(paymentId), row.amountCents);
  if (!verdict) return "pending";
  if (verdict.amountMismatch) logger.error({ collectionPaymentId: row.id, paymentId }, "paid another amount");
  const settled = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(collectionPayments)
      .set({ status: verdict.status, completedAt: services.now() })
      .where(and(eq(collectionPayments.id, row.id), eq(collectionPayments.status, "pending")))
      .returning();
    if (updated && verdict.status === "paid") await payCollections(tx, updated, services.now());
    return updated;
  });
  if (settled)
    logger.info({ collectionPaymentId: row.id, status: verdict.status }, "collection payment settled");
  const current = await findPayment(db, row.transactionId);
  return (current?.status ?? verdict.status) as CollectionPaymentStatus;
}

/** How a collection payment went, settled with the provider first while open; undefined when not the player's. */
export async function collectionPaymentResult(
  services: CollectionPaymentServices,
  playerId: string,
  subscriptionId: number,
  transactionId: string,
) {
  let row = await findPayment(services.db, transactionId);
  if (!row || row.playerId !== playerId || row.subscriptionId !== subscriptionId) return undefined;
  if (row.status === "pending" && row.paymentId) {
    await settleCollectionPayment(services, row.paymentId);
    row = (await findPayment(services.db, transactionId)) ?? row;
  }
  const subscription = await playersSubscription(services.db, playerId, subscriptionId);
  return {
    transactionId: row.transactionId,
    status: row.status as CollectionPaymentStatus,
    amountInCents: row.amountCents,
    subscriptionStatus: subscription.status as "active" | "locked" | "cancelled",
  };
}
