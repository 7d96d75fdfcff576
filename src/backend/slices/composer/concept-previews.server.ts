import { randomBytes } from "node:crypto";
import { and, eq, gt, lte } from "drizzle-orm";
import type { Db } from "@/src/backend/db/database.server";
import { composerPreviews } from "@/src/backend/db/schema";
import type { ComposerBlock, PageDocument } from "@/src/contract/composer";
import type { ComposerCatalog } from "./catalog";
import { entryLink, type LinkTargets, resolveLinks } from "./resolve-links";
import type { StoredAsset, StoredEntry } from "./stores/content-store";
import { pageFields } from "./validate-page";

/** How long the shop shows a typed concept after the composer's last call for it. */
export const CONCEPT_PREVIEW_TTL_MS = 30 * 60_000;

/** The query parameter of a page's address that names the typed concept to preview. */
export const CONCEPT_PREVIEW_PARAM = "concept";

/**
 * The unsaved concept the shop previews beside the composer (issue 44: the preview updates as the editor
 * types), kept under a random token for half an hour. The token alone shows nothing: the shop reads it only
 * in preview mode, which takes the signed preview cookie.
 */
export function conceptPreviews(db: Db, now: () => Date = () => new Date()) {
  return {
    async save(input: {
      pageId: string;
      path: string;
      entry: Record<string, unknown>;
      editorId: string | null;
    }): Promise<string> {
      const at = now();
      await db.delete(composerPreviews).where(lte(composerPreviews.expiresAt, at));
      const token = randomBytes(18).toString("base64url");
      await db.insert(composerPreviews).values({
        token,
        ...input,
        expiresAt: new Date(at.getTime() + CONCEPT_PREVIEW_TTL_MS),
      });
      return token;
    },

    /** The resolved page entry of a token, when it is the concept of that path and has not expired. */
    async read(token: string, path: string): Promise<Record<string, unknown> | undefined> {
      if (!/^[A-Za-z0-9_-]{10,64}$/.test(token)) return undefined;
      const [row] = await db
        .select({ entry: composerPreviews.entry })
        .from(composerPreviews)
        .where(
          and(
            eq(composerPreviews.token, token),
            eq(composerPreviews.path, path),
            gt(composerPreviews.expiresAt, now()),
          ),
        );
      return row?.entry;
    },
  };
}
export type ConceptPreviews = ReturnType<typeof conceptPreviews>;

/**
 * A page document as the Delivery API would deliver its page entry once saved and published: the page's
 * fields with its blocks (nested ones too) and their links to other entries and assets resolved, over the
 * store's concepts with the document's blocks in place of theirs.
 */
export function conceptPageEntry(
  pageId: string,
  document: PageDocument,
  catalog: ComposerCatalog,
  stored: { entries: readonly StoredEntry[]; assets: readonly StoredAsset[] },
): Record<string, unknown> {
  const entries = new Map(stored.entries.map((entry) => [entry.id, entry]));
  const blocks = blockEntries(document.blocks, catalog, entries);
  const fields = { ...pageFields(document.settings), blocks };
  const targets: LinkTargets = { entries, assets: new Map(stored.assets.map((asset) => [asset.id, asset])) };
  return {
    sys: { type: "Entry", id: pageId, contentType: { sys: { id: "page" } } },
    fields: resolveLinks(fields, targets),
  };
}

/** The blocks as entries in `into` (in place of what the store has of them), answered as links. */
function blockEntries(
  blocks: readonly ComposerBlock[],
  catalog: ComposerCatalog,
  into: Map<string, StoredEntry>,
): ReturnType<typeof entryLink>[] {
  return blocks.map((block) => {
    const children = catalog.blocks.get(block.type)?.children;
    const fields = children
      ? { ...block.fields, [children]: blockEntries(block.children ?? [], catalog, into) }
      : block.fields;
    into.set(block.id, {
      id: block.id,
      contentType: block.type,
      fields,
      version: 0,
      updatedAt: new Date(0).toISOString(),
    });
    return entryLink(block.id);
  });
}
