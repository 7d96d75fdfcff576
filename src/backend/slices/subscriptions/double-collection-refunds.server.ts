import { and, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "@/src/backend/db/database.server";
import { postWalletMovement } from "@/src/backend/db/ledger/ledger.server";
import { queueEmail } from "@/src/backend/db/outbox/outbox.server";
import {
  collectionPayments,
  ledgerTransactions,
  players,
  subscriptionCollections,
} from "@/src/backend/db/schema";
import { collectionPaymentMessages } from "@/src/lib/messages";

/**
 * A failed collection can be paid twice: by "Nu betalen" (iDEAL or the balance) and by the bank, which may
 * still collect it later (issue 40). Whichever money comes second is refunded into the wallet, once: the
 * player never pays a draw twice. The ledger keys say which payment was refunded for which collection; the
 * player gets an e-mail with each refund (outbox `collection-refund`, keyed by the ledger key: once).
 */

type CollectionPayment = typeof collectionPayments.$inferSelect;

/** Tells the player a refund went into the wallet, in the refund's own transaction. */
async function queueRefundMail(
  tx: Tx,
  refund: { key: string; playerId: string; subscriptionId: number; amountCents: number },
): Promise<void> {
  const [player] = await tx
    .select({ email: players.email, firstName: players.firstName })
    .from(players)
    .where(eq(players.id, refund.playerId));
  if (!player) return;
  await queueEmail(tx, {
    kind: "collection-refund",
    recipient: player.email,
    playerId: refund.playerId,
    data: {
      firstName: player.firstName,
      subscriptionId: refund.subscriptionId,
      amountCents: refund.amountCents,
    },
    key: `mail:${refund.key}`,
  });
}

const paymentRefundKey = (paymentId: string, collectionId: string) =>
  `refund:collection-payment:${paymentId}:${collectionId}`;
const debitRefundKey = (collectionId: string) => `refund:collection-debit:${collectionId}`;

/**
 * After a collection payment marked its collections paid (in the same transaction): those the bank had
 * collected meanwhile (`paidNow` lacks them) are refunded into the wallet, each once. Answers the cents.
 */
export async function refundCollectionsPaidMeanwhile(
  tx: Tx,
  payment: CollectionPayment,
  paidNow: ReadonlySet<string>,
): Promise<number> {
  const already = payment.collectionIds.filter((id) => !paidNow.has(id));
  if (already.length === 0) return 0;
  const rows = await tx
    .select({ id: subscriptionCollections.id, amountCents: subscriptionCollections.amountCents })
    .from(subscriptionCollections)
    .where(and(inArray(subscriptionCollections.id, already), eq(subscriptionCollections.state, "paid")));
  let refunded = 0;
  for (const collection of rows) {
    const key = paymentRefundKey(payment.id, collection.id);
    const { created } = await postWalletMovement(tx, {
      key,
      kind: "refund",
      playerId: payment.playerId,
      walletCents: collection.amountCents,
      description: collectionPaymentMessages.refundLedger(payment.subscriptionId),
      // Paid by iDEAL the money came through the payment provider; from the balance it went to sales.
      counterAccount: payment.method === "ideal" ? "psp" : "sales",
    });
    if (!created) continue;
    refunded += collection.amountCents;
    await queueRefundMail(tx, {
      key,
      playerId: payment.playerId,
      subscriptionId: payment.subscriptionId,
      amountCents: collection.amountCents,
    });
  }
  return refunded;
}

/**
 * The bank collected a collection that was already paid: when a collection payment paid it (and was not
 * itself refunded for it), the bank's money is refunded into the wallet, once however often the bank's word
 * is settled again. Answers the cents refunded by this call.
 */
export async function refundLateDebit(
  tx: Tx,
  collection: { id: string; subscriptionId: number; amountCents: number },
): Promise<number> {
  const payers = await tx
    .select({ id: collectionPayments.id, playerId: collectionPayments.playerId })
    .from(collectionPayments)
    .where(
      and(
        eq(collectionPayments.status, "paid"),
        eq(collectionPayments.subscriptionId, collection.subscriptionId),
        sql`${collectionPayments.collectionIds} @> ${JSON.stringify([collection.id])}::jsonb`,
      ),
    );
  for (const payer of payers) {
    const [refundedPayer] = await tx
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, paymentRefundKey(payer.id, collection.id)));
    if (refundedPayer) continue;
    const key = debitRefundKey(collection.id);
    const { created } = await postWalletMovement(tx, {
      key,
      kind: "refund",
      playerId: payer.playerId,
      walletCents: collection.amountCents,
      description: collectionPaymentMessages.refundLedger(collection.subscriptionId),
      counterAccount: "psp",
    });
    if (!created) return 0;
    await queueRefundMail(tx, {
      key,
      playerId: payer.playerId,
      subscriptionId: collection.subscriptionId,
      amountCents: collection.amountCents,
    });
    return collection.amountCents;
  }
  return 0;
}
