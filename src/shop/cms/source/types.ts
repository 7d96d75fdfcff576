/**
 * Content as the Contentful Delivery API delivers it for one locale (`nl-NL`): `sys` plus `fields`, with
 * links resolved into the linked entries and assets. Both content sources return this shape, so one set
 * of parsers (content-models/) reads both.
 */
export const CONTENT_LOCALE = "nl-NL";

export type LinkSys = { type: "Link"; linkType: "Entry" | "Asset"; id: string };
export type Link = { sys: LinkSys };

export type EntrySys = {
  id: string;
  type: "Entry";
  contentType: { sys: { type?: "Link"; linkType?: "ContentType"; id: string } };
  createdAt?: string;
  updatedAt?: string;
  revision?: number;
  locale?: string;
};

export type ContentEntry = { sys: EntrySys; metadata?: { tags: unknown[] }; fields: Record<string, unknown> };

export type AssetFile = {
  url: string;
  fileName: string;
  contentType: string;
  details?: { size?: number; image?: { width: number; height: number } };
};

export type ContentAsset = {
  sys: {
    id: string;
    type: "Asset";
    createdAt?: string;
    updatedAt?: string;
    revision?: number;
    locale?: string;
  };
  fields: { title?: string; description?: string; file: AssetFile };
};

export type ReadOptions = { preview: boolean };

/**
 * One interface over the local files and Contentful (DESIGN section 4). Entries come back with links
 * resolved up to `include` levels (10); a link that cannot be resolved (missing entry, or a cycle back to
 * an entry already on the path) stays a `Link` object for the parser to report.
 */
export interface ContentSource {
  readonly kind: "local" | "contentful";
  /** The page entry whose `path` field equals `path` (e.g. `/`, `/loten`). */
  getPageEntry(path: string, options: ReadOptions): Promise<ContentEntry | undefined>;
  /** Every page entry. */
  listPageEntries(options: ReadOptions): Promise<ContentEntry[]>;
  /** Every entry of one content type (e.g. `redirect`, `navigation`, `siteSettings`). */
  getEntriesOfType(contentType: string, options: ReadOptions): Promise<ContentEntry[]>;
  getEntry(id: string, options: ReadOptions): Promise<ContentEntry | undefined>;
  /** Answers when the source is reachable (readiness). */
  ping(): Promise<void>;
  /** Local source: calls back with the ids of changed entries when files change. */
  watch?(listener: (changedIds: string[]) => void): () => void;
}
