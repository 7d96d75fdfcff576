import type { PaymentInfo, PaymentStatus } from "./payment-provider";

/**
 * What a request under a transaction id already used gets (DESIGN section 6: idempotent orders), for every
 * order that starts a payment (a basket, a subscription's first payment). The same content again answers
 * the same open payment; anything else says what happened to the order. Pure: the caller reads its own
 * table and maps the verdict to its error codes.
 */

/** What the rule needs of a stored order, whatever its table. */
export type PaymentOrder = {
  playerId: string;
  status: string;
  paymentId: string | null;
  paymentUrl: string | null;
  contentHash: string;
};

export type RetryVerdict<Order extends PaymentOrder> =
  /** The order's payment is still open: send the browser there again. */
  | { outcome: "open"; order: Order; paymentUrl: string }
  /** Paid, possibly paid, or another player's: `TransactionAlreadyProcessedError`. */
  | { outcome: "alreadyProcessed" }
  /** Failed, ended or different content: `TransactionRolledbackError`, try again with a new id. */
  | { outcome: "rolledBack" };

const WAIT_STEPS = 20;
const WAIT_MS = 100;

export async function answerPaymentRetry<Order extends PaymentOrder>(
  order: Order,
  request: { playerId: string; contentHash: string },
  io: {
    /** The order as stored now. */
    reload: () => Promise<Order | undefined>;
    /** Settles the order with the provider; its status after that. */
    settle: (paymentId: string) => Promise<string | undefined>;
    wait?: (ms: number) => Promise<void>;
  },
): Promise<RetryVerdict<Order>> {
  if (order.playerId !== request.playerId) return { outcome: "alreadyProcessed" };
  const wait = io.wait ?? ((ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let current = order;
  // The first request may still be creating the payment.
  for (let step = 0; current.status === "pending" && !current.paymentUrl && step < WAIT_STEPS; step++) {
    await wait(WAIT_MS);
    current = (await io.reload()) ?? current;
  }
  if (current.status === "pending" && current.paymentId) {
    const status = await io.settle(current.paymentId);
    if (status === "pending" && current.paymentUrl) {
      if (current.contentHash !== request.contentHash) return { outcome: "rolledBack" };
      return { outcome: "open", order: current, paymentUrl: current.paymentUrl };
    }
    return status === "paid" ? { outcome: "alreadyProcessed" } : { outcome: "rolledBack" };
  }
  // Still without a payment after the wait: the first request may yet create one, so it may be paid.
  if (current.status === "paid" || current.status === "pending") return { outcome: "alreadyProcessed" };
  return { outcome: "rolledBack" };
}

/** An order's status once its payment is final; undefined while the payment is open. */
const FINAL_ORDER_STATUS: Readonly<
  Record<PaymentStatus, "paid" | "cancelled" | "failed" | "expired" | undefined>
> = {
  open: undefined,
  paid: "paid",
  cancelled: "cancelled",
  failed: "failed",
  expired: "expired",
};

/**
 * What the provider's word on a payment means for the order it pays: undefined while it is open (or the
 * provider does not know it yet); a paid payment of another amount than the order's is `failed` (never
 * issue anything for it; an operator refunds it), with `amountMismatch` so the caller says so in its log.
 */
export function settledOrderStatus(
  payment: PaymentInfo | undefined,
  expectedCents: number,
): { status: "paid" | "cancelled" | "failed" | "expired"; amountMismatch: boolean } | undefined {
  const status = payment ? FINAL_ORDER_STATUS[payment.status] : undefined;
  if (!payment || !status) return undefined;
  if (status === "paid" && payment.amountCents !== expectedCents)
    return { status: "failed", amountMismatch: true };
  return { status, amountMismatch: false };
}
