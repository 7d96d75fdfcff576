import type { SubscriptionFraction, SubscriptionItemPlan } from "./plan";

/**
 * Changing and stopping a subscription (issue 15; spec sections 3, 7 and 8; shared/domain.md,
 * Subscriptions): what editors offer in the CMS (upsells, retention offers), the kinds of change and the
 * rules that need no database. Knows nothing of HTTP or storage.
 */

/** The kinds of change a transaction id can carry (`subscription_changes.kind`). */
export const CHANGE_KINDS = [
  "addItems",
  "updateItem",
  "removeItems",
  "upsellXl",
  "upsellDraw",
  "retentionOffer",
  "cancel",
] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** How a subscription was taken out; only one taken out online is cancelled online. */
export const SUBSCRIPTION_CHANNELS = ["online", "phone", "retail"] as const;
export type SubscriptionChannel = (typeof SUBSCRIPTION_CHANNELS)[number];

/** A subscription holds at most this many items (tickets, streets, boulevards). */
export const MAX_SUBSCRIPTION_ITEMS = 10;

/**
 * A retention offer an editor puts before a cancellation (shared/domain.md): a discount on the next
 * draws (three months at half price), switching whole tickets to fifths, or a pause of some draws.
 */
export type RetentionOffer =
  | {
      id: string;
      kind: "discount";
      title: string;
      description: string;
      draws: number;
      discountPercent: number;
    }
  | { id: string; kind: "switchToFifth"; title: string; description: string }
  | { id: string; kind: "pause"; title: string; description: string; draws: number };

/**
 * The page id of the cancellation page whose retention offers step 2 of cancelling shows (the CMS's
 * `abonnement-opzeggen`); the cancel quote tells whether it has any for the subscription.
 */
export const CANCELLATION_PAGE_ID = "abonnement-opzeggen";

/** The retention offers of a cancellation page in the CMS, by its page id. */
export type RetentionOfferPage = { pageId: string; offers: RetentionOffer[] };

/** The special draws a draw upsell can be for: the next draw of this kind whose sales are open. */
export const UPSELL_DRAW_KINDS = ["yearEnd", "extra"] as const;
export type UpsellDrawKind = (typeof UPSELL_DRAW_KINDS)[number];

/**
 * An upsell block an editor placed (on a campaign page or in /mijn), by its page id: add XL to chosen
 * items, or play the subscription's numbers once more in a special draw (`Extra deelname`).
 */
export type SubscriptionUpsell =
  | { pageId: string; kind: "xl" }
  | { pageId: string; kind: "draw"; drawKind: UpsellDrawKind };

/**
 * Whether an offer has anything to give this subscription: switching to fifths needs a whole ticket to
 * switch; a discount and a pause always apply.
 */
export function offerApplies(
  offer: RetentionOffer,
  items: readonly Pick<SubscriptionItemPlan, "fractionType">[],
): boolean {
  if (offer.kind === "switchToFifth") return items.some((item) => item.fractionType === "WHOLE");
  return true;
}

/** The items after switching every whole ticket to a fifth (the `switchToFifth` offer). */
export function switchedToFifths<T extends Pick<SubscriptionItemPlan, "fractionType">>(
  items: readonly T[],
): T[] {
  return items.map((item) =>
    item.fractionType === "WHOLE"
      ? { ...item, fractionType: "ONE_FIFTH" satisfies SubscriptionFraction }
      : item,
  );
}
