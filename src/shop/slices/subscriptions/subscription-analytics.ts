import type { SubscriptionOrderResult } from "@/src/contract/subscriptions";
import { euros, trackOnce } from "@/src/shop/components/analytics/analytics";

/**
 * A subscription taken out, in the funnel's shape (issue 20 item 3): `purchase` with the sign-up's
 * transaction id and the first payment as its value, once per sign-up in this browser.
 */
export function trackSubscriptionPurchase(pageId: string, result: SubscriptionOrderResult): void {
  const value = euros(result.firstAmountInCents);
  trackOnce(`purchase:${result.transactionId}`, {
    event: "purchase",
    ecommerce: {
      currency: "EUR",
      transaction_id: result.transactionId,
      value,
      firstDrawId: result.firstDraw.drawId,
      items: [
        {
          item_id: `abonnement:${pageId}`,
          item_name: "Abonnement",
          item_category: "Kroonloterij",
          item_variant: "subscription",
          price: value,
          quantity: 1,
          firstDrawId: result.firstDraw.drawId,
        },
      ],
    },
  });
}
