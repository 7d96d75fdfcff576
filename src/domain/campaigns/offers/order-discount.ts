import { z } from "zod";
import { actionMessages, offerTexts } from "@/src/lib/messages";
import type { OfferKind } from "./offer-kind";

/** An amount off the order (at most what the tickets cost), from a minimum, optionally the first order only. */
export const OrderDiscountOfferSchema = z.object({
  kind: z.literal("orderDiscount"),
  amountInCents: z.number().int().min(1).max(100_000),
  minimumOrderInCents: z.number().int().min(0).max(1_000_000).default(0),
  firstOrderOnly: z.boolean().default(false),
});
export type OrderDiscountOffer = z.output<typeof OrderDiscountOfferSchema>;

export const orderDiscountKind: OfferKind<OrderDiscountOffer> = {
  kind: "orderDiscount",
  describe: (offer) =>
    offerTexts.orderDiscount(offer.amountInCents, offer.minimumOrderInCents, offer.firstOrderOnly),
  price(offer, context) {
    if (context.basketTotalInCents === 0)
      return { status: "notQualified", reason: actionMessages.needsTickets };
    if (offer.firstOrderOnly && !context.firstOrder) {
      return { status: "notQualified", reason: actionMessages.firstOrderOnly };
    }
    if (context.basketTotalInCents < offer.minimumOrderInCents) {
      return { status: "notQualified", reason: actionMessages.minimumOrder(offer.minimumOrderInCents) };
    }
    const discount = Math.min(offer.amountInCents, context.basketTotalInCents);
    return { status: "applies", amountInCents: -discount, discountInCents: discount, lines: [] };
  },
};
