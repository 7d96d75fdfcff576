import { z } from "zod";
import { MillionGameTicketsOfferSchema, millionGameTicketsKind } from "./million-game-tickets";
import type { OfferContext, OfferKind, PricedOffer } from "./offer-kind";
import { OrderDiscountOfferSchema, orderDiscountKind } from "./order-discount";

/**
 * Every kind of campaign offer (issue 18). A new kind is its module and one line in each list here; the
 * `satisfies` makes a kind missing on either side fail the type check. Not built yet: the trial
 * subscription offer (it needs the subscription form to take an offer).
 */
export const OfferSchema = z.discriminatedUnion("kind", [
  OrderDiscountOfferSchema,
  MillionGameTicketsOfferSchema,
]);
export type Offer = z.output<typeof OfferSchema>;

const offerKinds = {
  orderDiscount: orderDiscountKind,
  millionGameTickets: millionGameTicketsKind,
} satisfies { [Kind in Offer["kind"]]: OfferKind<Extract<Offer, { kind: Kind }>> };

function kindOf<T extends Offer>(offer: T): OfferKind<T> {
  return offerKinds[offer.kind] as unknown as OfferKind<T>;
}

export function describeOffer(offer: Offer): string {
  return kindOf(offer).describe(offer);
}

export function priceOffer(offer: Offer, context: OfferContext): PricedOffer {
  return kindOf(offer).price(offer, context);
}

export type { OfferContext, PricedOffer } from "./offer-kind";
