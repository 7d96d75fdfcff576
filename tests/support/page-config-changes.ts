import type { PageConfigs, PageConfigType, PageContentLookup } from "@/src/domain/page-content";

/** A change an editor publishes to a seed entry of a block type that configures the API by page id. */
export type PublishedChange<T extends PageConfigType> = {
  pageId: string;
  /** The entry published (what the CMS webhook names): the block's own, or a part of it. */
  entry: { id: string; contentType: string };
  fields: Record<string, unknown>;
  /** What of the block's value shows the change, and its value after it. */
  shows: (config: PageConfigs[T] | undefined) => unknown;
  after: unknown;
};

/** For every block type with a page-id lookup (issue 41), a change to its seed content in content/. */
export const PUBLISHED_CHANGES: { [T in PageConfigType]: PublishedChange<T> } = {
  subscriptionConfigurator: {
    pageId: "abonnement",
    entry: { id: "subscriptionpromotion-proef-drie-maanden", contentType: "subscriptionPromotion" },
    fields: { label: "Nieuwe proef" },
    shows: (offer) => offer?.promotion?.label,
    after: "Nieuwe proef",
  },
  subscriptionUpsell: {
    pageId: "xl-upsell",
    entry: { id: "subscriptionupsell-xl-upsell", contentType: "subscriptionUpsell" },
    fields: { kind: "draw", drawKind: "extra" },
    shows: (upsell) => upsell?.kind,
    after: "draw",
  },
  subscriptionCancellation: {
    pageId: "abonnement-opzeggen",
    entry: { id: "retentionoffer-drie-maanden-halve-prijs", contentType: "retentionOffer" },
    fields: { title: "4 maanden halve prijs" },
    shows: (page) => page?.offers[0]?.title,
    after: "4 maanden halve prijs",
  },
  giftTicket: {
    pageId: "cadeau",
    entry: { id: "giftticket-cadeau", contentType: "giftTicket" },
    fields: { fractions: ["WHOLE"] },
    shows: (offer) => offer?.fractions,
    after: ["WHOLE"],
  },
  affiliateTicket: {
    pageId: "dagblad-lezers",
    entry: { id: "affiliateticket-dagblad-lezers", contentType: "affiliateTicket" },
    fields: { priceInCents: 895 },
    shows: (offer) => offer?.priceInCents,
    after: 895,
  },
  promotion: {
    pageId: "winteractie",
    entry: { id: "promotion-winteractie", contentType: "promotion" },
    fields: { title: "Meld je aan voor de voorjaarsactie" },
    shows: (page) => page?.title,
    after: "Meld je aan voor de voorjaarsactie",
  },
  gameOfChance: {
    pageId: "zomerwinactie",
    entry: { id: "gameofchance-zomerwinactie", contentType: "gameOfChance" },
    fields: { title: "Zomerwinactie: win een zeilweekend" },
    shows: (game) => game?.title,
    after: "Zomerwinactie: win een zeilweekend",
  },
};

export const PAGE_CONFIG_TYPES = Object.keys(PUBLISHED_CHANGES) as PageConfigType[];

/** What a lookup shows now of the block type's change. */
export async function shownChange<T extends PageConfigType>(lookup: PageContentLookup, type: T) {
  const change = PUBLISHED_CHANGES[type];
  return change.shows(await lookup(type, change.pageId));
}

/** A value (an entry with its parts resolved) with the published fields in the changed entry, wherever it is. */
export function withChange(
  value: unknown,
  change: Pick<PublishedChange<PageConfigType>, "entry" | "fields">,
): unknown {
  if (Array.isArray(value)) return value.map((item) => withChange(item, change));
  if (typeof value !== "object" || value === null) return value;
  const changed = Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, withChange(item, change)]),
  );
  const isTheEntry =
    (changed.sys as { id?: unknown } | undefined)?.id === change.entry.id && "fields" in changed;
  return isTheEntry ? { ...changed, fields: { ...(changed.fields as object), ...change.fields } } : changed;
}
