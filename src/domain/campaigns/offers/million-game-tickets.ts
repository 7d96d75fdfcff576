import { z } from "zod";
import { MILLION_GAME_PRICE_CENTS } from "@/src/domain/tickets/catalogue";
import { actionMessages, offerTexts } from "@/src/lib/messages";
import type { OfferKind } from "./offer-kind";

/**
 * Miljoenenspel tickets with an order, free or below the normal price: one discounted ticket, or bonus
 * participations (several free ones). They play in the million-game draw on sale when the order is paid.
 */
export const MillionGameTicketsOfferSchema = z.object({
  kind: z.literal("millionGameTickets"),
  quantity: z.number().int().min(1).max(10).default(1),
  priceInCents: z
    .number()
    .int()
    .min(0)
    .max(MILLION_GAME_PRICE_CENTS - 1),
});
export type MillionGameTicketsOffer = z.output<typeof MillionGameTicketsOfferSchema>;

/** The basket item id of the offer's line in an order: apart from the player's own items. */
export const OFFER_LINE_ID = "actie";

export const millionGameTicketsKind: OfferKind<MillionGameTicketsOffer> = {
  kind: "millionGameTickets",
  describe: (offer) =>
    offerTexts.millionGameTickets(offer.quantity, offer.priceInCents, MILLION_GAME_PRICE_CENTS),
  price(offer, context) {
    if (context.basketTotalInCents === 0)
      return { status: "notQualified", reason: actionMessages.needsTickets };
    if (context.millionGameDrawId === undefined) {
      return { status: "notQualified", reason: actionMessages.noMillionGameDraw };
    }
    return {
      status: "applies",
      amountInCents: offer.quantity * offer.priceInCents,
      discountInCents: offer.quantity * (MILLION_GAME_PRICE_CENTS - offer.priceInCents),
      lines: [
        {
          _type: "MjsBasketTicket",
          basketItemId: OFFER_LINE_ID,
          quantity: offer.quantity,
          drawId: context.millionGameDrawId,
        },
      ],
    };
  },
};
