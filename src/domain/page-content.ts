import type { AffiliateOffer } from "@/src/domain/affiliate-tickets/affiliate-rules";
import type { GamePage } from "@/src/domain/games-of-chance/game-page";
import type { GiftTicketOffer } from "@/src/domain/gift-tickets/gift-rules";
import type { PromotionPage } from "@/src/domain/promotions/promotion-page";
import type { RetentionOfferPage, SubscriptionUpsell } from "@/src/domain/subscriptions/changes";
import type { SubscriptionPageOffer } from "@/src/domain/subscriptions/plan";

/**
 * The functional blocks that configure the shop API by page id (issue 41), by content type: what the API
 * sells or serves for a page is what the editors' block with that page id says. Both programs see this map:
 * the storefront's CMS reads each type from its entries, the backend asks for it by type and page id.
 */
export type PageConfigs = {
  /** The subscription form block: its promotion and sweepstake. */
  subscriptionConfigurator: SubscriptionPageOffer;
  /** The upsell block (XL or an extra draw). */
  subscriptionUpsell: SubscriptionUpsell;
  /** The cancellation page: its retention offers. */
  subscriptionCancellation: RetentionOfferPage;
  /** The gift ticket block (issue 17). */
  giftTicket: GiftTicketOffer;
  /** The affiliate ticket block (issue 17). */
  affiliateTicket: AffiliateOffer;
  /** The promotion block (issue 18). */
  promotion: PromotionPage;
  /** The game of chance block (issue 19). */
  gameOfChance: GamePage;
};

export type PageConfigType = keyof PageConfigs;

/**
 * What the block of this type with this page id configures; undefined when no such block has the id.
 * Rejects with ContentUnavailableError while the content source fails and there is no last good copy.
 */
export type PageContentLookup = <T extends PageConfigType>(
  blockType: T,
  pageId: string,
) => Promise<PageConfigs[T] | undefined>;

/** The lookup of one block type, for code that reads only that type; undefined without a lookup. */
export function lookupOf<T extends PageConfigType>(
  lookup: PageContentLookup | undefined,
  blockType: T,
): ((pageId: string) => Promise<PageConfigs[T] | undefined>) | undefined {
  return lookup && ((pageId) => lookup(blockType, pageId));
}
