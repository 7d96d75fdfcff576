/**
 * The composer's one write interface over the two content stores (issue 44 item 4): the local files
 * (concepts in `content/drafts/`, published entries in `content/entries/`, both in the Delivery API shape
 * the shop reads) and a Contentful space (through the Content Management API). Fields are for the one
 * locale the shop reads (`nl-NL`), in the Delivery API shape: links as `{ sys: { type: "Link", linkType,
 * id } }`, not resolved. A store localises them itself where its backend needs that.
 *
 * Every write names the version it was made against; a store refuses a write against an older version
 * with `VersionConflictError`, so two editors never overwrite each other silently.
 */
export type StoredEntry = {
  id: string;
  contentType: string;
  /** The concept: the fields as last saved (equal to the published fields when nothing changed since). */
  fields: Record<string, unknown>;
  /** Goes up by one with every save, publish and unpublish of the entry. */
  version: number;
  /** The version that was published last; undefined when the entry is not (or no longer) published. */
  publishedVersion?: number;
  /** The published fields, when published (what players see). */
  publishedFields?: Record<string, unknown>;
  updatedAt: string;
  publishedAt?: string;
};

export type StoredAsset = {
  id: string;
  title: string;
  description: string;
  fileName: string;
  contentType: string;
  /** Where the shop serves the file (the Delivery API's `file.url`). */
  url: string;
  width?: number;
  height?: number;
  version: number;
};

export class VersionConflictError extends Error {
  constructor(
    readonly entryId: string,
    readonly currentVersion: number,
  ) {
    super(`entry ${entryId} changed: now at version ${currentVersion}`);
    this.name = "VersionConflictError";
  }
}

export class EntryNotFoundError extends Error {
  constructor(readonly entryId: string) {
    super(`entry ${entryId} does not exist`);
    this.name = "EntryNotFoundError";
  }
}

export interface EditorialContentStore {
  readonly kind: "local" | "contentful";
  /** Every entry (concepts and published), optionally of one content type. */
  listEntries(query?: { contentType?: string }): Promise<StoredEntry[]>;
  getEntry(id: string): Promise<StoredEntry | undefined>;
  /** A new entry as a concept (version 1). Refuses an id that exists. */
  createEntry(input: {
    id: string;
    contentType: string;
    fields: Record<string, unknown>;
  }): Promise<StoredEntry>;
  /** Saves the concept's fields; `expectedVersion` is the version the editor started from. */
  updateEntry(id: string, fields: Record<string, unknown>, expectedVersion: number): Promise<StoredEntry>;
  /** Makes the concept at `expectedVersion` what players see. */
  publishEntry(id: string, expectedVersion: number): Promise<StoredEntry>;
  /** Takes the entry off the shop; the concept stays. */
  unpublishEntry(id: string, expectedVersion: number): Promise<StoredEntry>;
  /** Stores an uploaded file (already checked: type by content, size) as a published asset. */
  createAsset(input: {
    id: string;
    title: string;
    description: string;
    fileName: string;
    contentType: string;
    bytes: Uint8Array;
    width?: number;
    height?: number;
  }): Promise<StoredAsset>;
  listAssets(): Promise<StoredAsset[]>;
}
