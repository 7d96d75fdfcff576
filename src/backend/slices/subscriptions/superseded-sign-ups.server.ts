import { and, eq, ne, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Db, Tx } from "@/src/backend/db/database.server";
import { postWalletMovement } from "@/src/backend/db/ledger/ledger.server";
import { queueEmail } from "@/src/backend/db/outbox/outbox.server";
import { players, subscriptionOrders, supersededSignUpPayments } from "@/src/backend/db/schema";
import type { PaymentProvider } from "@/src/domain/payments/payment-provider";
import { signUpRefundMail } from "@/src/lib/messages";
import { settleTrialActivation } from "./trial-activation.server";

/**
 * One sign-up in progress per player and page (issue 40). A sign-up that another replaces keeps nothing
 * open: its first payment moves to `superseded_sign_up_payments`, and when the player approves it late
 * anyway, it creates nothing and its amount is refunded into the wallet (ledger `refund:sign-up:{paymentId}`
 * against `psp`) with an e-mail. Without this, an abandoned payment approved later made a second subscription.
 */

type SupersedeServices = { db: Db; payments: PaymentProvider; logger: Logger; now: () => Date };

/** Takes the player's row lock: two sign-ups of one player take turns (a second tab, a double submit). */
export async function lockPlayer(tx: Tx, playerId: string): Promise<void> {
  await tx.select({ id: players.id }).from(players).where(eq(players.id, playerId)).for("update");
}

/** Parks a sign-up's open first payment: from now on it can only be refunded. */
export async function parkPayment(
  tx: Tx,
  order: { id: string; playerId: string; paymentId: string | null; firstAmountCents: number },
  now: Date,
): Promise<void> {
  if (!order.paymentId) return;
  await tx
    .insert(supersededSignUpPayments)
    .values({
      paymentId: order.paymentId,
      subscriptionOrderId: order.id,
      playerId: order.playerId,
      amountCents: order.firstAmountCents,
      supersededAt: now,
    })
    .onConflictDoNothing();
}

/**
 * Supersedes the player's other pending sign-ups on the page (under the player's lock, in the transaction
 * that stores the new one): `superseded`, payment parked, a reserved trial given back. Answers how many.
 */
export async function supersedeOtherSignUps(
  tx: Tx,
  signUp: { playerId: string; pageId: string; transactionId: string },
  now: Date,
): Promise<number> {
  const open = await tx
    .select()
    .from(subscriptionOrders)
    .where(
      and(
        eq(subscriptionOrders.playerId, signUp.playerId),
        eq(subscriptionOrders.pageId, signUp.pageId),
        eq(subscriptionOrders.status, "pending"),
        ne(subscriptionOrders.transactionId, signUp.transactionId),
      ),
    )
    .for("update");
  for (const order of open) {
    await parkPayment(tx, order, now);
    const [superseded] = await tx
      .update(subscriptionOrders)
      .set({ status: "superseded", paymentId: null, paymentUrl: null, completedAt: now })
      .where(and(eq(subscriptionOrders.id, order.id), eq(subscriptionOrders.status, "pending")))
      .returning();
    if (superseded) await settleTrialActivation(tx, superseded, now);
  }
  return open.length;
}

/**
 * Settles a parked payment with the provider's word: paid is refunded into the wallet once (with its
 * e-mail), ended unpaid is closed, open stays open. Undefined when no parked payment has this id.
 */
export async function settleSupersededPayment(
  services: SupersedeServices,
  paymentId: string,
): Promise<"refunded" | "closed" | "open" | undefined> {
  const { db, payments, logger } = services;
  const [parked] = await db
    .select({ payment: supersededSignUpPayments, email: players.email, firstName: players.firstName })
    .from(supersededSignUpPayments)
    .innerJoin(players, eq(players.id, supersededSignUpPayments.playerId))
    .where(eq(supersededSignUpPayments.paymentId, paymentId))
    .limit(1);
  if (!parked) return undefined;
  if (parked.payment.state !== "open") return parked.payment.state as "refunded" | "closed";
  const info = await payments.getPayment(paymentId);
  if (!info || info.status === "open") return "open";
  const paid = info.status === "paid";
  const now = services.now();
  const changed = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(supersededSignUpPayments)
      .set({ state: paid ? "refunded" : "closed", settledAt: now })
      .where(
        and(eq(supersededSignUpPayments.paymentId, paymentId), eq(supersededSignUpPayments.state, "open")),
      )
      .returning();
    if (!updated || !paid) return Boolean(updated);
    await postWalletMovement(tx, {
      key: `refund:sign-up:${paymentId}`,
      kind: "refund",
      playerId: updated.playerId,
      walletCents: info.amountCents,
      description: signUpRefundMail.ledger,
      counterAccount: "psp",
    });
    await queueEmail(tx, {
      kind: "subscription-sign-up-refund",
      recipient: parked.email,
      playerId: updated.playerId,
      data: { firstName: parked.firstName, amountCents: info.amountCents },
      key: `sign-up-refund:${paymentId}`,
    });
    return true;
  });
  if (changed) {
    logger.info(
      { paymentId, subscriptionOrderId: parked.payment.subscriptionOrderId, refunded: paid },
      paid ? "late approval of a superseded sign-up payment refunded" : "superseded sign-up payment closed",
    );
  }
  const [final] = await db
    .select({ state: supersededSignUpPayments.state })
    .from(supersededSignUpPayments)
    .where(eq(supersededSignUpPayments.paymentId, paymentId));
  return (final?.state ?? "open") as "refunded" | "closed" | "open";
}

/** Settles a sign-up's parked payments still open; answers what of them was refunded, in cents. */
export async function refundedForSignUp(services: SupersedeServices, subscriptionOrderId: string) {
  const parked = await services.db
    .select()
    .from(supersededSignUpPayments)
    .where(eq(supersededSignUpPayments.subscriptionOrderId, subscriptionOrderId));
  for (const payment of parked) {
    if (payment.state === "open") await settleSupersededPayment(services, payment.paymentId);
  }
  const [row] = await services.db
    .select({ total: sql<string | null>`sum(${supersededSignUpPayments.amountCents})` })
    .from(supersededSignUpPayments)
    .where(
      and(
        eq(supersededSignUpPayments.subscriptionOrderId, subscriptionOrderId),
        eq(supersededSignUpPayments.state, "refunded"),
      ),
    );
  return Number(row?.total ?? 0);
}
