/**
 * Content type ids, apart from the models so that the models of container blocks (page, section) can
 * name the block types without importing the registry.
 */

/** Blocks editors compose pages from; they render without shop data. */
export const EDITORIAL_BLOCK_TYPES = [
  "hero",
  "richText",
  "markdownText",
  "image",
  "cardGrid",
  "ctaBanner",
  "faq",
  "uspList",
  "countdown",
  "section",
] as const;

/** Blocks bound to a slice of the shop API (DESIGN section 4). */
export const FUNCTIONAL_BLOCK_TYPES = [
  "ticketConfigurator",
  "millionGame",
  "drawResults",
  "ticketChecker",
] as const;

/** Every content type a page's (or a section's) `blocks` may hold. */
export const BLOCK_TYPES = [...EDITORIAL_BLOCK_TYPES, ...FUNCTIONAL_BLOCK_TYPES] as const;

/** Entries that only appear inside a block (a card grid's teasers, an FAQ's questions), never on a page. */
export const PART_TYPES = ["teaser", "faqItem"] as const;

/** Entries that are not blocks: pages, routing and site-wide settings. */
export const SITE_TYPES = ["page", "redirect", "navigation", "navigationLink", "siteSettings"] as const;

export const CONTENT_TYPE_IDS = [...SITE_TYPES, ...BLOCK_TYPES, ...PART_TYPES] as const;

export type EditorialBlockType = (typeof EDITORIAL_BLOCK_TYPES)[number];
export type FunctionalBlockType = (typeof FUNCTIONAL_BLOCK_TYPES)[number];
export type BlockType = (typeof BLOCK_TYPES)[number];
export type ContentTypeId = (typeof CONTENT_TYPE_IDS)[number];

export function isBlockType(id: string): id is BlockType {
  return (BLOCK_TYPES as readonly string[]).includes(id);
}

export function isEditorialBlockType(id: string): id is EditorialBlockType {
  return (EDITORIAL_BLOCK_TYPES as readonly string[]).includes(id);
}
