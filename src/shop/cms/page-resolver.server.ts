import type { Logger } from "pino";
import { z } from "zod";
import { blockDefinition } from "@/blocks/registry.server";
import type { ContentNotice, ResolvedPage } from "@/content-models/resolved";
import { TtlCache } from "@/src/lib/ttl-cache";
import type { ApiClients } from "@/src/shop/client/api-caller";
import { withLivePreviewTags } from "./live-preview-tags.server";
import { renderContentBlocks } from "./render/server-rendered-blocks.server";
import { resolvePage } from "./resolve-page.server";
import type { ContentEntry, ContentSource } from "./source/types";
import type { SourceHealth } from "./source-health.server";

const RESOLVED_PAGE_TTL_MS = 30_000;

/**
 * The concept an editor is typing in the composer (issue 44), by the token of its preview address: the
 * page entry with its links resolved, as the source would give it once saved. Only in preview mode.
 */
export type ConceptPages = (token: string, path: string) => Promise<unknown>;

const ConceptEntrySchema = z.object({
  sys: z.looseObject({
    id: z.string().min(1),
    type: z.literal("Entry"),
    contentType: z.object({ sys: z.looseObject({ id: z.literal("page") }) }),
  }),
  fields: z.record(z.string(), z.unknown()),
});

/** Typed concepts by token, once the composer says where they are; parsed as a page entry. */
function conceptLookup() {
  let pages: ConceptPages | undefined;
  return {
    readFrom: (lookup: ConceptPages) => {
      pages = lookup;
    },
    async entry(token: string, path: string): Promise<ContentEntry | undefined> {
      const parsed = ConceptEntrySchema.safeParse(await pages?.(token, path));
      return parsed.success ? (parsed.data as ContentEntry) : undefined;
    },
  };
}

/**
 * Pages by path (DESIGN section 4): the page entry resolved with its blocks and their data, the
 * content-only blocks rendered, shared by every visitor, and the last good copy of each page while the
 * source fails.
 */
export function createPageResolver(options: {
  source: ContentSource;
  /** Clients without any player's cookies: resolved pages are shared by every visitor. */
  clients: ApiClients;
  logger: Logger;
  health: SourceHealth;
}) {
  const { source, logger, health } = options;
  const lastGood = new Map<string, ResolvedPage>();
  // Resolved published pages, shared by every render of a path until content changes (or 30 s pass,
  // so loader data such as the countdown's next draw stays current).
  const resolvedCache = new TtlCache<ResolvedPage | undefined>(RESOLVED_PAGE_TTL_MS, 5_000);

  const logNotices = (path: string, notices: ContentNotice[]) => {
    for (const notice of notices) {
      logger[notice.severity === "error" ? "warn" : "info"]({ path, ...notice }, "content problem");
    }
  };

  const concepts = conceptLookup();

  async function getPage(
    path: string,
    { preview, concept }: { preview: boolean; concept?: string | null },
  ): Promise<ResolvedPage | undefined> {
    if (preview && concept) {
      const entry = await concepts.entry(concept, path);
      if (entry) return renderPage(entry, path, true);
    }
    if (preview) return readPage(path, true);
    return resolvedCache.get(path, () => {
      const last = lastGood.get(path);
      return health.withLastGood(readPage(path, false), last && { value: last }, { path }, (page) =>
        resolvedCache.set(path, page),
      );
    });
  }

  /** A page as the source has it now; a published one becomes the page's last good copy. */
  async function readPage(path: string, preview: boolean): Promise<ResolvedPage | undefined> {
    const entry = await source.getPageEntry(path, { preview });
    if (!entry) {
      if (!preview) lastGood.delete(path);
      return undefined;
    }
    return renderPage(entry, path, preview);
  }

  async function renderPage(entry: ContentEntry, path: string, preview: boolean) {
    const resolved = await resolvePage(entry, {
      preview,
      blocks: blockDefinition,
      clients: options.clients,
    });
    const rendered =
      resolved &&
      (await renderContentBlocks(resolved, (notice, error) =>
        logger.error({ err: error, path, ...notice }, "content problem: block failed to render"),
      ));
    // Editors previewing from Contentful's web app click a block to edit it there (decision 27).
    const page =
      rendered && preview && source.kind === "contentful"
        ? withLivePreviewTags(rendered, (type) => blockDefinition(type)?.model.displayField)
        : rendered;
    if (page) logNotices(path, page.notices);
    else logger.warn({ path, entryId: entry.sys.id }, "content problem: page entry is not valid");
    if (page && !preview) lastGood.set(path, page);
    return page;
  }

  return {
    getPage,
    /** Whether there are pages to serve while the source fails. */
    hasLastGood: () => lastGood.size > 0,
    clear: () => resolvedCache.clear(),
    /** Where typed concepts are found (the composer, on a whole shop). */
    readConceptsFrom: concepts.readFrom,
  };
}
