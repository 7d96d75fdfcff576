import type { SubscriptionChoice, SubscriptionProduct } from "@/src/contract/subscriptions";
import {
  choosesEndDigits,
  drawAmount,
  drawCharge,
  drawMonth,
  itemDrawPrice,
  type RetentionDiscount,
  SUBSCRIPTION_FRACTIONS,
  type SubscriptionItemPlan,
  type SubscriptionPageOffer,
  type SubscriptionPromotion,
} from "@/src/domain/subscriptions/plan";
import { PRODUCT_TYPES, PRODUCT_UNITS, productIdOf } from "@/src/domain/tickets/catalogue";
import { subscriptionMessages } from "@/src/lib/messages";

/**
 * The pure part of selling a subscription: its catalogue, what a choice becomes (its items) and what it
 * costs draw by draw. The database and the CMS stay outside (sales.server.ts hands the draws and the page's
 * offer in), so these rules are tested on their own.
 */

/** A regular draw as these rules need it. */
export type PlayableDraw = { id: number; name: string; drawAt: Date; salesCloseAt: Date };

/** Every subscription product (the regular draw's products and fractions), priced for one draw. */
export function subscriptionCatalogue(): SubscriptionProduct[] {
  return PRODUCT_TYPES.flatMap((productType) =>
    SUBSCRIPTION_FRACTIONS.map((fractionType) => ({
      productId: productIdOf(productType, fractionType),
      gameType: "KROON" as const,
      productType,
      fractionType,
      units: PRODUCT_UNITS[productType],
      pricePerDrawInCents: itemDrawPrice({ productType, fractionType, withXl: false, multiplier: 1 }),
      pricePerDrawWithXlInCents: itemDrawPrice({ productType, fractionType, withXl: true, multiplier: 1 }),
    })),
  );
}

/**
 * The choice's business rules, by field with the form's Dutch messages (shape and ranges were checked by
 * the contract): end digits only on a single ticket and at most one pair per item, and only the promotion
 * the editor attached to this page.
 */
export function choiceErrors(
  choice: SubscriptionChoice,
  offer: Pick<SubscriptionPageOffer, "promotion">,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const endDigits: string[] = [];
  if (choice.productType !== "SingleTicket" && choice.endDigits.some((pair) => choosesEndDigits(pair))) {
    endDigits.push(subscriptionMessages.endDigitsOnlySingle);
  }
  if (choice.endDigits.length > choice.quantity) endDigits.push(subscriptionMessages.tooManyEndDigits);
  if (endDigits.length > 0) errors.endDigits = endDigits;
  if (choice.chosenPromotionId !== undefined && choice.chosenPromotionId !== offer.promotion?.id) {
    errors.chosenPromotionId = [subscriptionMessages.promotion];
  }
  return errors;
}

/** The promotion a (checked) choice takes: the page's, when the player chose it. */
export function chosenPromotion(
  choice: Pick<SubscriptionChoice, "chosenPromotionId">,
  offer: Pick<SubscriptionPageOffer, "promotion">,
): SubscriptionPromotion | null {
  return offer.promotion && choice.chosenPromotionId === offer.promotion.id ? offer.promotion : null;
}

/**
 * A quantity of N is N items of the same product; the i-th pair of end digits goes to the i-th item (a
 * single ticket's only; the other items draw theirs at random).
 */
export function itemsOfChoice(choice: SubscriptionChoice): SubscriptionItemPlan[] {
  const months = [...new Set(choice.participatingMonths)].sort((a, b) => a - b);
  return Array.from({ length: choice.quantity }, (_, index) => {
    const pair = choice.endDigits[index];
    return {
      productType: choice.productType,
      fractionType: choice.fractionType,
      withXl: choice.withXl,
      endDigits: choice.productType === "SingleTicket" && choosesEndDigits(pair) && pair ? pair : null,
      withFixedTicketNumber: choice.withFixedTicketNumber,
      participatingMonths: [...months],
      multiplier: choice.multiplier,
    };
  });
}

/** The months in which any of the items plays. */
export function playingMonths(
  items: readonly Pick<SubscriptionItemPlan, "participatingMonths">[],
): Set<number> {
  return new Set(items.flatMap((item) => item.participatingMonths));
}

/** The draws (in date order) whose month any item plays in. */
export function drawsPlayed<D extends PlayableDraw>(
  draws: readonly D[],
  items: readonly Pick<SubscriptionItemPlan, "participatingMonths">[],
): D[] {
  const months = playingMonths(items);
  return [...draws]
    .sort((a, b) => a.drawAt.getTime() - b.drawAt.getTime())
    .filter((draw) => months.has(drawMonth(draw.drawAt)));
}

export type ScheduledCharge<D extends PlayableDraw> = {
  draw: D;
  amountCents: number;
  purchaseType: "Subscription" | "TrialSubscription";
};

/**
 * What is collected for each of the given draws a subscription plays in, in order; `firstIndex` is how
 * many draws it played before the first of them (a promotion covers its first `draws` draws; a retention
 * discount the draws it was accepted for).
 */
export function chargeSchedule<D extends PlayableDraw>(
  draws: readonly D[],
  items: readonly SubscriptionItemPlan[],
  promotion: SubscriptionPromotion | null | undefined,
  options: { firstIndex?: number; limit?: number; discounts?: readonly RetentionDiscount[] } = {},
): ScheduledCharge<D>[] {
  const { firstIndex = 0, limit = Number.POSITIVE_INFINITY, discounts = [] } = options;
  return drawsPlayed(draws, items)
    .slice(0, limit)
    .map((draw, index) => ({
      draw,
      ...drawCharge(drawAmount(items, drawMonth(draw.drawAt)), firstIndex + index, promotion, discounts),
    }));
}
