import { z } from "zod";
import type { SubscriptionPromotion } from "@/src/domain/subscriptions/plan";
import { actionMessages, offerTexts } from "@/src/lib/messages";
import type { OfferKind } from "./offer-kind";

/**
 * A trial subscription (`Proefabonnement`): the subscription form of `subscriptionPageId` with its first
 * draws at a discount, then the normal price unless cancelled (domain.md). It is not a basket adjustment:
 * the player takes it out through the form, which uses the activation when the first payment is paid.
 */
export const TrialSubscriptionOfferSchema = z.object({
  kind: z.literal("trialSubscription"),
  /** The page id of the subscription form block the trial is taken out with. */
  subscriptionPageId: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
    .max(80),
  draws: z.number().int().min(1).max(12).default(3),
  discountPercent: z.number().int().min(1).max(99),
});
export type TrialSubscriptionOffer = z.output<typeof TrialSubscriptionOfferSchema>;

export const TRIAL_LABEL = "Proefabonnement";

export const trialSubscriptionKind: OfferKind<TrialSubscriptionOffer> = {
  kind: "trialSubscription",
  describe: (offer) => offerTexts.trialSubscription(offer.draws, offer.discountPercent),
  // Never priced against a basket: it cannot be put in one.
  price: () => ({ status: "notQualified", reason: actionMessages.subscriptionOnly }),
};

/** The promotion the subscription form applies for a campaign's trial (its id names the campaign). */
export function trialPromotion(offer: TrialSubscriptionOffer, campaignPageId: string): SubscriptionPromotion {
  return {
    id: `actie-${campaignPageId}`.slice(0, 80),
    label: TRIAL_LABEL,
    draws: offer.draws,
    discountPercent: offer.discountPercent,
    trial: true,
  };
}
