import type { Logger } from "pino";
import type { ContentTypeId } from "@/blocks/registry.server";
import type { PageConfigs, PageConfigType, PageContentLookup } from "@/src/domain/page-content";
import { ContentUnavailableError } from "@/src/lib/content-unavailable";
import { TtlCache } from "@/src/lib/ttl-cache";
import { affiliateOffers } from "./affiliate-tickets";
import { gamePages } from "./game-pages";
import { giftTicketOffers } from "./gift-tickets";
import { promotionPages } from "./promotion-pages";
import type { ContentEntry, ContentSource } from "./source/types";
import type { SourceHealth } from "./source-health.server";
import { retentionOfferPages, subscriptionUpsells } from "./subscription-changes";
import { type OfferProblem, subscriptionOffers } from "./subscription-offers";

const PAGE_CONFIG_TTL_MS = 30_000;

type PageConfigBlock<T> = {
  /** The entries as log messages name them. */
  what: string;
  /** The entries' values by page id; an entry that does not hold is reported and left out. */
  read: (entries: readonly ContentEntry[], report: (problem: OfferProblem) => void) => Map<string, T>;
};

/** Fails the type check when a block type of `PageConfigs` is not a content type of the catalogue. */
type KnownContentType<T extends ContentTypeId> = T;

/**
 * How each functional block type that configures the shop API by page id is read from its entries, by
 * content type (issue 41). A block type added to `PageConfigs` must be added here; every one is then
 * cached, kept while the source fails and dropped on a change in the same way.
 */
const PAGE_CONFIG_BLOCKS: { [T in KnownContentType<PageConfigType>]: PageConfigBlock<PageConfigs[T]> } = {
  subscriptionConfigurator: { what: "subscription offers", read: subscriptionOffers },
  subscriptionUpsell: { what: "upsell blocks", read: subscriptionUpsells },
  subscriptionCancellation: { what: "retention offers", read: retentionOfferPages },
  giftTicket: { what: "gift ticket blocks", read: giftTicketOffers },
  affiliateTicket: { what: "affiliate ticket blocks", read: affiliateOffers },
  promotion: { what: "promotion blocks", read: promotionPages },
  gameOfChance: { what: "game of chance blocks", read: gamePages },
};

type ByPageId<T extends PageConfigType> = Map<string, PageConfigs[T]>;

export type PageConfigLookups = ReturnType<typeof createPageConfigs>;

/**
 * The page-config lookups: the block of a type with a page id, for the shop API, which sells and serves
 * only what a block says. Each type's entries are read once for all page ids and cached in one cache, so a
 * change drops every type's; while the source fails the last good copy serves (sign-ups go on during an
 * outage), and without one the lookup rejects with ContentUnavailableError (the API answers 503, not "this
 * page offers nothing").
 */
export function createPageConfigs(options: { source: ContentSource; logger: Logger; health: SourceHealth }) {
  const { source, logger, health } = options;
  // Both hold under each key the map of the block type it names: the casts below say so to the type checker.
  const cache = new TtlCache<ByPageId<PageConfigType>>(
    PAGE_CONFIG_TTL_MS,
    Object.keys(PAGE_CONFIG_BLOCKS).length,
  );
  const lastGood = new Map<PageConfigType, { value: ByPageId<PageConfigType> }>();

  function read<T extends PageConfigType>(blockType: T): Promise<ByPageId<T>> {
    const block: PageConfigBlock<PageConfigs[T]> = PAGE_CONFIG_BLOCKS[blockType];
    const reading = source.getEntriesOfType(blockType, { preview: false }).then((entries) => {
      const byPageId = block.read(entries, (problem) =>
        logger.warn(problem, `content problem: invalid ${block.what}`),
      );
      lastGood.set(blockType, { value: byPageId });
      return byPageId;
    });
    const last = lastGood.get(blockType) as { value: ByPageId<T> } | undefined;
    return health
      .withLastGood(reading, last, { what: block.what }, (value) => cache.set(blockType, value))
      .catch((error: unknown) => {
        throw new ContentUnavailableError(error);
      });
  }

  const pageConfig: PageContentLookup = async (blockType, pageId) => {
    const byPageId = (await cache.get(blockType, () => read(blockType))) as ByPageId<typeof blockType>;
    return byPageId.get(pageId);
  };

  return { pageConfig, clear: () => cache.clear() };
}
