import type { PageDocument } from "@/src/contract/composer";
import type { PageDiff, PathCheck } from "@/src/contract/composer-pages";
import type { ComposerCatalog } from "./catalog";
import { type DiffNames, diffPages } from "./page-diff";
import type { PageEvents } from "./page-events.server";
import { pathProblems } from "./path-check";
import { type EditorialContentStore, EntryNotFoundError, type StoredEntry } from "./stores/content-store";

type AddressDeps = {
  store: EditorialContentStore;
  events: PageEvents;
  catalog: ComposerCatalog;
  shopRoutes?: readonly string[];
};
/** What the service's page core gives (`composer-service.server.ts`). */
type Pages = {
  pageEntry: (pageId: string) => Promise<StoredEntry>;
  tree: { document: (entry: StoredEntry) => Promise<PageDocument> };
};

/** The live check of a page's path, and the readable changes of a version in its history (issue 44). */
export function pageAddresses({ store, events, catalog, shopRoutes }: AddressDeps, pages: Pages) {
  const names: DiffNames = {
    block: (type) => catalog.blocks.get(type)?.model.name ?? type,
    field: (type, fieldId) =>
      catalog.blocks.get(type)?.model.contentType.fields.find((field) => field.id === fieldId)?.name ??
      fieldId,
  };
  return {
    /** Whether `path` is free for the page (undefined: a page not made yet). */
    async checkPath(pageId: string | undefined, path: string): Promise<PathCheck> {
      const entries = (
        await Promise.all([
          store.listEntries({ contentType: "page" }),
          store.listEntries({ contentType: "redirect" }),
        ])
      ).flat();
      const messages = pathProblems(path, { pageId, entries, shopRoutes: shopRoutes ?? [] });
      return { path, free: messages.length === 0, messages };
    },
    /** What a version changed since the version before it, or how it differs from the concept now. */
    async versionChanges(pageId: string, eventId: number, against: PageDiff["against"]): Promise<PageDiff> {
      const entry = await pages.pageEntry(pageId);
      const event = await events.event(pageId, eventId);
      if (!event?.snapshot) throw new EntryNotFoundError(`${pageId}@${eventId}`);
      const snapshot = event.snapshot as PageDocument;
      if (against === "concept") {
        const concept = await pages.tree.document(entry);
        return { against, firstVersion: false, changes: diffPages(snapshot, concept, names) };
      }
      const previous = (await events.history(pageId)).find(
        (candidate) => candidate.id < eventId && candidate.snapshot !== null,
      );
      if (!previous) return { against, firstVersion: true, changes: [] };
      return {
        against,
        firstVersion: false,
        changes: diffPages(previous.snapshot as PageDocument, snapshot, names),
      };
    },
  };
}
