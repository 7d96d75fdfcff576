/**
 * A page as the CMS resolver hands it to rendering and to `_payload.json` (spec section 7): parsed,
 * JSON-serialisable, with every block already validated. Shared by server and browser, and by the blocks
 * that render it, so it sits below them.
 */
export type ResolvedBlock = {
  id: string;
  /** The block's content type id (a key of the block registry). */
  type: string;
  props: unknown;
  /** What the block's server loader found (e.g. the next draw for a countdown). */
  data?: unknown;
  /** Nested blocks of a section; an experiment's standard blocks. */
  children?: ResolvedBlock[];
  /**
   * An experiment's blocks per group (the shared, resolved page); each request replaces the experiment
   * with its visitor's blocks (src/shop/cms/experiments.server.ts), so no page a browser gets has these.
   */
  variants?: Array<{ group: string; blocks: ResolvedBlock[] }>;
  /** The loader failed or timed out: the block shows its own error notice, the page stays. */
  failed?: boolean;
  /**
   * A content-only block rendered to HTML on the server (decision 9); the browser shows it as it is and
   * loads no code for it. Such a block carries no `props` or `data`. `null` in a document's own data:
   * the markup is in the document's HTML already (see `forDocument`).
   */
  html?: string | null;
  /** A short hash of `html`, so the browser can tell the same markup written differently apart. */
  htmlHash?: string;
  /**
   * Preview only: the place of a block the resolver skipped, as the Dutch notice the editor reads there
   * (such a block has type `SKIPPED_BLOCK_TYPE` and no props). Pages players get never hold one.
   */
  skipped?: string;
  /**
   * Preview on Contentful only: the live-preview tags of the block's element (`data-contentful-entry-id`,
   * `-field-id`, `-locale`), so an editor in Contentful's web app can click the block to edit it (decision 27).
   */
  inspect?: Record<string, string>;
};

/** The type of a skipped block's place in preview; no block registers it, so nothing renders it as a block. */
export const SKIPPED_BLOCK_TYPE = "skippedBlock";

export type ContentNotice = {
  entryId: string;
  contentType?: string;
  /** The entry as its editor knows it: its type's Dutch name and its title ("Hero 'Win een auto'"). */
  entryName?: string;
  /** The field's path (ids); the message names the field by its Dutch name. */
  field?: string;
  message: string;
  severity: "error" | "warning";
};

export type ResolvedPage = {
  id: string;
  path: string;
  title: string;
  seo: { description?: string; canonical?: string; noindex: boolean; socialImage?: string };
  theme?: string;
  middleware: string[];
  prerender: boolean;
  blocks: ResolvedBlock[];
  /** Rich text references: embedded blocks by entry id, and page links by entry id. */
  refs: { blocks: Record<string, ResolvedBlock>; links: Record<string, string> };
  /** Skipped blocks and other problems; shown on the page only in preview. */
  notices: ContentNotice[];
  /**
   * The experiments whose variant this request shows, with the visitor's group (the exposure event,
   * issue 43 item 5); none on a page without experiments or with experiments that are off.
   */
  experiments?: Array<{ experimentKey: string; group: string }>;
  /** Entry ids the page was built from, for cache invalidation. */
  tags: string[];
  preview: boolean;
  /**
   * Preview on Contentful only: the page loads Contentful's live-preview SDK for this locale, and its title
   * carries the page entry's tags (decision 27).
   */
  livePreview?: { locale: string; titleTags?: Record<string, string> };
};
