import type { OrderResult } from "@/src/contract/tickets";
import type { CheckoutPaymentMethod } from "@/src/domain/payments/payment-method";
import { checkoutEvent } from "@/src/domain/tickets/basket-rules";
import type { BasketTicket } from "@/src/domain/tickets/basket-ticket";
import {
  type AnalyticsEvent,
  type AnalyticsItem,
  euros,
  track,
  trackOnce,
} from "@/src/shop/components/analytics/analytics";

/**
 * The checkout's steps of the funnel (issue 20 item 3): `begin_checkout` when the summary is shown,
 * `add_payment_info` when the player pays, `purchase` once per paid order. The items of an order are kept
 * in this tab from the payment step (the order's answer has its tickets, not their prices), so the
 * confirmation names them; the value is always the order's own.
 */
const ITEMS_KEY = (transactionId: string) => `kl_order_items:${transactionId}`;

export function trackBeginCheckout(tickets: readonly BasketTicket[], totalInCents: number): void {
  track(checkoutEvent("begin_checkout", tickets, totalInCents));
}

export function trackPaymentInfo(
  transactionId: string,
  tickets: readonly BasketTicket[],
  totalInCents: number,
  method: CheckoutPaymentMethod,
): void {
  const event = checkoutEvent("add_payment_info", tickets, totalInCents, method);
  if (!track(event)) return;
  try {
    window.sessionStorage.setItem(ITEMS_KEY(transactionId), JSON.stringify(event.ecommerce.items));
  } catch {
    // Without storage the purchase names no items; its value is the order's all the same.
  }
}

function keptItems(transactionId: string): AnalyticsItem[] {
  try {
    const kept = JSON.parse(window.sessionStorage.getItem(ITEMS_KEY(transactionId)) ?? "[]") as unknown;
    return Array.isArray(kept) ? (kept as AnalyticsItem[]) : [];
  } catch {
    return [];
  }
}

/** A gift's order is one gift ticket: it never went through the basket's payment step. */
function giftItem(order: Pick<OrderResult, "totalInCents" | "gift">): AnalyticsItem {
  return {
    item_id: `gift:${order.gift?.pageId ?? ""}`,
    item_name: "Cadeaulot",
    item_category: "gift",
    price: euros(order.totalInCents),
    quantity: 1,
  };
}

/** `purchase` for a paid order, once in this browser however often the confirmation is shown. */
export function trackPurchase(
  order: Pick<OrderResult, "transactionId" | "totalInCents" | "draws" | "gift">,
): void {
  const event: AnalyticsEvent = {
    event: "purchase",
    ecommerce: {
      currency: "EUR",
      transaction_id: order.transactionId,
      value: euros(order.totalInCents),
      ...(order.draws[0] ? { firstDrawId: order.draws[0].drawId } : {}),
      items: order.gift ? [giftItem(order)] : keptItems(order.transactionId),
    },
  };
  trackOnce(`purchase:${order.transactionId}`, event);
}
