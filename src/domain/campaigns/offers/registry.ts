import { z } from "zod";
import { MillionGameTicketsOfferSchema, millionGameTicketsKind } from "./million-game-tickets";
import type { OfferContext, OfferKind, PricedOffer } from "./offer-kind";
import { OrderDiscountOfferSchema, orderDiscountKind } from "./order-discount";
import { TrialSubscriptionOfferSchema, trialSubscriptionKind } from "./trial-subscription";

/**
 * Every kind of campaign offer (issue 18). A new kind is its module and one line in each list here; the
 * `satisfies` makes a kind missing on either side fail the type check. A trial subscription is taken out
 * with the subscription form, not put in the basket (`isBasketOffer`).
 */
export const OfferSchema = z.discriminatedUnion("kind", [
  OrderDiscountOfferSchema,
  MillionGameTicketsOfferSchema,
  TrialSubscriptionOfferSchema,
]);
export type Offer = z.output<typeof OfferSchema>;

const offerKinds = {
  orderDiscount: orderDiscountKind,
  millionGameTickets: millionGameTicketsKind,
  trialSubscription: trialSubscriptionKind,
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

/** False for an offer taken out elsewhere than in the basket (a trial subscription). */
export function isBasketOffer(offer: Offer): boolean {
  return offer.kind !== "trialSubscription";
}

export type { OfferContext, PricedOffer } from "./offer-kind";
