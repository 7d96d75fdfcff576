import type { EndDigitsPair } from "@/src/domain/tickets/basket-ticket";
import { type Fraction, type ProductType, ticketPrice, UNCHOSEN_DIGIT } from "@/src/domain/tickets/catalogue";
import { amsterdamFields } from "@/src/lib/amsterdam-time";

/**
 * Subscriptions as the shop sells them (spec sections 3 and 7; shared/domain.md, Subscriptions): what a
 * player may choose, what it costs a month, and what a trial promotion changes. Shared by the server,
 * which alone decides prices, and the form, which shows them. Knows nothing of HTTP or the database.
 */

/** A subscription plays the regular monthly draws, which sell whole tickets and fifths. */
export const SUBSCRIPTION_FRACTIONS = ["WHOLE", "ONE_FIFTH"] as const satisfies readonly Fraction[];
export type SubscriptionFraction = (typeof SUBSCRIPTION_FRACTIONS)[number];

/** The longest name of a mandate's account holder (the bank's field). */
export const ACCOUNT_HOLDER_MAX = 70;

/** At most this many items (tickets, streets or boulevards) are taken out at once. */
export const MAX_SUBSCRIPTION_QUANTITY = 10;
/** The regular draw's months, 1 (January) to 12 (December). */
export const ALL_MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;
/** A subscription plays at least this many months a year. */
export const MIN_PARTICIPATING_MONTHS = 3;

/** One item's choices: the update fields of spec section 3 (without its id). */
export type SubscriptionItemPlan = {
  productType: ProductType;
  fractionType: SubscriptionFraction;
  withXl: boolean;
  /** Only a single ticket may choose end digits; null for the others. */
  endDigits: EndDigitsPair | null;
  withFixedTicketNumber: boolean;
  participatingMonths: number[];
  multiplier: number;
};

/** A promotion an editor attached to a form block, e.g. a trial: three draws at half price. */
export type SubscriptionPromotion = {
  id: string;
  /** Shown to the player, e.g. `Proefabonnement`. */
  label: string;
  /** How many of the first draws it applies to. */
  draws: number;
  discountPercent: number;
  /** True for a trial: its tickets carry the purchase type TrialSubscription. */
  trial: boolean;
};

/** An instant sweepstake on sign-up, attached to a form block by an editor. */
export type Sweepstake = {
  id: string;
  prizeText: string;
  numberOfPrizes: number;
  /** One in how many entries wins while prizes last. */
  oddsOneIn: number;
  endsAt: Date;
};

/** What an editor attached to a subscription form block on a page. */
export type SubscriptionPageOffer = {
  pageId: string;
  promotion?: SubscriptionPromotion;
  sweepstake?: Sweepstake;
};

/** The price of one item in one regular draw, XL and multiplier included. */
export function itemDrawPrice(
  item: Pick<SubscriptionItemPlan, "productType" | "fractionType" | "withXl" | "multiplier">,
): number {
  const price = ticketPrice("regular", item.productType, item.fractionType);
  if (!price) throw new Error(`No regular price for ${item.productType} ${item.fractionType}`);
  const perTicket = item.withXl ? price.pricePerTicketWithAddOnInCents : price.pricePerTicketInCents;
  return perTicket * item.multiplier;
}

/** What is collected for a draw of the given months: the items that play in that month. */
export function drawAmount(items: readonly SubscriptionItemPlan[], month: number): number {
  return items
    .filter((item) => item.participatingMonths.includes(month))
    .reduce((sum, item) => sum + itemDrawPrice(item), 0);
}

/** The full monthly amount: every item, as in a month all items play. */
export function monthlyAmount(items: readonly SubscriptionItemPlan[]): number {
  return items.reduce((sum, item) => sum + itemDrawPrice(item), 0);
}

/** An amount with a promotion's discount, rounded to whole cents in the player's favour. */
export function discounted(
  amountCents: number,
  promotion: Pick<SubscriptionPromotion, "discountPercent">,
): number {
  return Math.floor((amountCents * (100 - promotion.discountPercent)) / 100);
}

/**
 * A discount a player accepted to keep the subscription (a retention offer, issue 15): `discountPercent`
 * off its draws `fromIndex` .. `fromIndex + draws - 1` (0 is the subscription's first draw).
 */
export type RetentionDiscount = {
  offerId: string;
  /** Shown to the player, e.g. `3 maanden halve prijs`. */
  label: string;
  fromIndex: number;
  draws: number;
  discountPercent: number;
};

/**
 * The amount and purchase type of the subscription's n-th draw (0 is its first): a promotion applies to
 * its first `draws` draws; a retention discount to the draws it was accepted for. Where both apply, the
 * larger discount counts (never both).
 */
export function drawCharge(
  fullAmountCents: number,
  drawIndex: number,
  promotion: SubscriptionPromotion | null | undefined,
  discounts: readonly RetentionDiscount[] = [],
): { amountCents: number; purchaseType: "Subscription" | "TrialSubscription" } {
  const promoted = promotion && drawIndex < promotion.draws ? promotion : undefined;
  const retained = discounts
    .filter((discount) => drawIndex >= discount.fromIndex && drawIndex < discount.fromIndex + discount.draws)
    .reduce<RetentionDiscount | undefined>(
      (best, discount) => (!best || discount.discountPercent > best.discountPercent ? discount : best),
      undefined,
    );
  if (retained && (!promoted || retained.discountPercent > promoted.discountPercent)) {
    return { amountCents: discounted(fullAmountCents, retained), purchaseType: "Subscription" };
  }
  if (promoted) {
    return {
      amountCents: discounted(fullAmountCents, promoted),
      purchaseType: promoted.trial ? "TrialSubscription" : "Subscription",
    };
  }
  return { amountCents: fullAmountCents, purchaseType: "Subscription" };
}

/** True when a pair chooses at least one digit. */
export function choosesEndDigits(pair: EndDigitsPair | null | undefined): boolean {
  return Boolean(pair && (pair[0] !== UNCHOSEN_DIGIT || pair[1] !== UNCHOSEN_DIGIT));
}

/** The month (1-12) of a moment in Amsterdam; a regular draw's month. */
export function drawMonth(drawAt: Date): number {
  return amsterdamFields(drawAt).month;
}
