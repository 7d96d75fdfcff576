import { randomBytes } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import type {
  Catalog,
  ComposerBlock,
  ComposerPage,
  PageDocument,
  PageStatus,
  PageSummary,
} from "@/src/contract/composer";
import { assetWrites, toComposerAsset } from "./asset-service.server";
import type { ComposerCatalog } from "./catalog";
import { EditorForbiddenError, PageInvalidError } from "./composer-errors";
import { CONCEPT_PREVIEW_PARAM, type ConceptPreviews, conceptPageEntry } from "./concept-previews.server";
import { pageAddresses } from "./page-addresses.server";
import { type EditorRef, PAGE_ACTIONS, type PageEvents } from "./page-events.server";
import { redirectsAfterPublish } from "./page-redirects.server";
import { pathConflicts } from "./path-check";
import { entryLink, type LinkTargets, linkedEntryId } from "./resolve-links";
import {
  type EditorialContentStore,
  EntryNotFoundError,
  type StoredEntry,
  VersionConflictError,
} from "./stores/content-store";
import { uniqueFieldErrors } from "./unique-fields";
import { pageFields, validatePage } from "./validate-page";

export type ComposerDeps = {
  store: EditorialContentStore;
  events: PageEvents;
  catalog: ComposerCatalog;
  /** The shop's signed preview link of a path (the concept as the shop renders it). */
  previewUrl: (path: string) => string;
  /** Where the concept as typed waits for the shop's preview (none: the preview shows the saved concept). */
  concepts?: ConceptPreviews;
  /** The shop's own routes no page may take (`winkelmandje`, `winactie/:pageId`). */
  shopRoutes?: readonly string[];
  now?: () => Date;
};

const PAGE = "page";

/**
 * The composer's pages (issue 44): a page entry and its blocks' entries as one tree the editor edits; each
 * write checks the page's version first and the whole page before anything is written.
 */
export function createComposerService(deps: ComposerDeps) {
  const pages = pageCore(deps);
  return {
    ...pageReads(deps, pages),
    ...pageWrites(deps, pages),
    ...pageWorkflow(deps, pages),
    ...assetWrites(deps),
    ...pageAddresses(deps, pages),
    previewConcept: conceptPreview(deps, pages),
  };
}

/**
 * The concept as the editor is typing it, unsaved, for the shop's preview (issue 44): the address that
 * shows it in preview mode. Without a place for concepts, the saved concept's address.
 */
function conceptPreview({ store, catalog, concepts }: ComposerDeps, pages: PageCore) {
  return async (pageId: string, document: PageDocument, editor: EditorRef): Promise<{ url: string }> => {
    await pages.pageEntry(pageId);
    const path = document.settings.path;
    if (!concepts || !path.startsWith("/")) return { url: path || "/" };
    const entry = conceptPageEntry(pageId, document, catalog, await storeContents(store));
    const token = await concepts.save({ pageId, path, entry, editorId: editor.id });
    return { url: `${path}?${new URLSearchParams({ [CONCEPT_PREVIEW_PARAM]: token })}` };
  };
}

/** Every entry (concepts and published) and asset of the store: what links and checks are made against. */
async function storeContents(store: EditorialContentStore) {
  const [entries, assets] = await Promise.all([store.listEntries(), store.listAssets()]);
  return { entries, assets };
}

/** What every operation on a page shares: finding it, checking it, writing it and answering with it. */
function pageCore(deps: ComposerDeps) {
  const { store, events, catalog } = deps;
  const tree = blockTrees(store, catalog);

  async function pageEntry(pageId: string): Promise<StoredEntry> {
    const entry = await store.getEntry(pageId);
    if (!entry || entry.contentType !== PAGE) throw new EntryNotFoundError(pageId);
    return entry;
  }

  async function atVersion(pageId: string, version: number): Promise<StoredEntry> {
    const entry = await pageEntry(pageId);
    if (entry.version !== version) throw new VersionConflictError(pageId, entry.version);
    return entry;
  }

  async function check(pageId: string, document: PageDocument): Promise<void> {
    const { entries, assets } = await storeContents(store);
    const targets: LinkTargets = {
      entries: new Map(entries.map((entry) => [entry.id, entry])),
      assets: new Map(assets.map((asset) => [asset.id, asset])),
    };
    const errors = validatePage({ pageId, document, catalog, targets });
    // Another page's path, a redirect's or a route of the shop: the path check the editor sees while typing.
    const conflicts = pathConflicts(document.settings.path, {
      pageId,
      entries,
      shopRoutes: deps.shopRoutes ?? [],
    }).problems;
    if (conflicts.length > 0) errors["settings.path"] = [...(errors["settings.path"] ?? []), ...conflicts];
    Object.assign(errors, uniqueFieldErrors({ blocks: document.blocks, catalog, entries }));
    if (Object.keys(errors).length > 0) throw new PageInvalidError(errors);
  }

  async function toPage(entry: StoredEntry): Promise<ComposerPage> {
    const [states, edits] = await Promise.all([events.states(), events.lastEdits()]);
    const document = await tree.document(entry);
    return {
      ...summaryOf(entry, states.get(entry.id), edits.get(entry.id)),
      document,
      previewUrl: deps.previewUrl(document.settings.path),
    };
  }

  async function save(
    pageId: string,
    version: number,
    document: PageDocument,
    editor: EditorRef,
    action: string,
  ) {
    const entry = await atVersion(pageId, version);
    // Nothing changed (an autosave after a save): no new version, so a schedule on this one stands.
    if (sameDocument(await tree.document(entry), document)) return toPage(entry);
    await check(pageId, document);
    const links = await tree.write(document.blocks);
    const saved = await store.updateEntry(
      pageId,
      { ...pageFields(document.settings), blocks: links },
      version,
    );
    await events.record(pageId, action, editor, saved.version, document);
    return toPage(saved);
  }

  return { tree, pageEntry, atVersion, check, toPage, save };
}
type PageCore = ReturnType<typeof pageCore>;

function pageReads({ store, events, catalog }: ComposerDeps, pages: PageCore) {
  return {
    async listPages(search?: string): Promise<PageSummary[]> {
      const [entries, states, edits] = await Promise.all([
        store.listEntries({ contentType: PAGE }),
        events.states(),
        events.lastEdits(),
      ]);
      const needle = search?.trim().toLowerCase();
      return entries
        .map((entry) => summaryOf(entry, states.get(entry.id), edits.get(entry.id)))
        .filter((page) => !needle || `${page.title} ${page.path}`.toLowerCase().includes(needle))
        .sort(
          (a, b) =>
            (b.lastEditedAt ?? "").localeCompare(a.lastEditedAt ?? "") || a.path.localeCompare(b.path),
        );
    },
    getPage: async (pageId: string) => pages.toPage(await pages.pageEntry(pageId)),
    async history(pageId: string) {
      await pages.pageEntry(pageId);
      return (await events.history(pageId)).map((event) => ({
        id: event.id,
        action: event.action,
        editorName: event.editorName,
        version: event.version ?? undefined,
        at: event.at.toISOString(),
        hasSnapshot: event.snapshot !== null,
      }));
    },
    async catalog(): Promise<Catalog> {
      const { entries, assets } = await storeContents(store);
      return catalogFor(catalog, entries, assets);
    },
  };
}

function pageWrites({ store, events }: ComposerDeps, pages: PageCore) {
  return {
    async createPage(document: PageDocument, editor: EditorRef): Promise<ComposerPage> {
      const pageId = `page-${slugOf(document.settings.path)}-${randomBytes(3).toString("hex")}`;
      await pages.check(pageId, document);
      const links = await pages.tree.write(document.blocks);
      const created = await store.createEntry({
        id: pageId,
        contentType: PAGE,
        fields: { ...pageFields(document.settings), blocks: links },
      });
      await events.record(pageId, PAGE_ACTIONS.created, editor, created.version, document);
      return pages.toPage(created);
    },
    savePage: (
      pageId: string,
      version: number,
      document: PageDocument,
      editor: EditorRef,
      autosave = false,
    ) =>
      pages.save(pageId, version, document, editor, autosave ? PAGE_ACTIONS.autosaved : PAGE_ACTIONS.saved),
    async restore(
      pageId: string,
      eventId: number,
      version: number,
      editor: EditorRef,
    ): Promise<ComposerPage> {
      const event = await events.event(pageId, eventId);
      if (!event?.snapshot) throw new EntryNotFoundError(`${pageId}@${eventId}`);
      return pages.save(pageId, version, event.snapshot as PageDocument, editor, PAGE_ACTIONS.restored);
    },
  };
}

/** Review, publication and schedule: an `eindredacteur`'s, but for asking for review. */
function pageWorkflow({ store, events }: ComposerDeps, pages: PageCore) {
  const mayPublish = (editor: EditorRef | undefined) => {
    if (editor && editor.role !== "eindredacteur") throw new EditorForbiddenError();
  };
  const workflow = {
    async requestReview(pageId: string, version: number, editor: EditorRef): Promise<ComposerPage> {
      const entry = await pages.atVersion(pageId, version);
      await events.requestReview(pageId, editor);
      await events.record(pageId, PAGE_ACTIONS.reviewRequested, editor, entry.version);
      return pages.toPage(entry);
    },
    /** Without an editor: the job queue's scheduled publication. */
    async publishPage(pageId: string, version: number, editor: EditorRef | undefined): Promise<ComposerPage> {
      mayPublish(editor);
      const entry = await pages.atVersion(pageId, version);
      const document = await pages.tree.document(entry);
      await pages.check(pageId, document);
      await pages.tree.publish(entry.fields.blocks);
      const published = await store.publishEntry(pageId, version);
      await events.settle(pageId);
      await events.record(pageId, PAGE_ACTIONS.published, editor, published.version, document);
      const from = entry.publishedFields?.path;
      const move = { from: typeof from === "string" ? from : undefined, to: document.settings.path };
      for (const note of await redirectsAfterPublish(store, move)) await events.record(pageId, note, editor);
      return pages.toPage(published);
    },
    /**
     * The job queue's publication of a scheduled page: at the version that was scheduled; a page edited
     * since keeps its concept, and the schedule lapses with a note in its history.
     */
    async publishScheduled(pageId: string, version: number): Promise<void> {
      const state = (await events.states()).get(pageId);
      if (!state?.scheduledFor) return;
      const entry = await pages.pageEntry(pageId);
      if (entry.version !== version) {
        await events.settle(pageId);
        await events.record(pageId, PAGE_ACTIONS.scheduleLapsed, undefined, entry.version);
        return;
      }
      await workflow.publishPage(pageId, version, undefined);
    },
    async unpublishPage(pageId: string, version: number, editor: EditorRef): Promise<ComposerPage> {
      mayPublish(editor);
      await pages.atVersion(pageId, version);
      const unpublished = await store.unpublishEntry(pageId, version);
      await events.settle(pageId);
      await events.record(pageId, PAGE_ACTIONS.unpublished, editor, unpublished.version);
      return pages.toPage(unpublished);
    },
    async schedulePage(pageId: string, version: number, at: Date, editor: EditorRef): Promise<ComposerPage> {
      mayPublish(editor);
      const entry = await pages.atVersion(pageId, version);
      await pages.check(pageId, await pages.tree.document(entry));
      await events.schedule(pageId, entry.version, at, editor);
      await events.record(pageId, PAGE_ACTIONS.scheduled, editor, entry.version);
      return pages.toPage(entry);
    },
  };
  return workflow;
}
export type ComposerService = ReturnType<typeof createComposerService>;

type PageState = { reviewRequestedBy: string | null; scheduledFor: Date | null } | undefined;

/** Equal as JSON says it: a field left out and one set to undefined are the same, key order is not. */
function sameDocument(a: PageDocument, b: PageDocument): boolean {
  return isDeepStrictEqual(JSON.parse(JSON.stringify(a)), JSON.parse(JSON.stringify(b)));
}

function statusOf(entry: StoredEntry, state: PageState): PageStatus {
  if (state?.scheduledFor) return "gepland";
  if (entry.publishedVersion === undefined) return "concept";
  return entry.version === entry.publishedVersion + 1 ? "gepubliceerd" : "gewijzigd";
}

function summaryOf(
  entry: StoredEntry,
  state: PageState,
  edit: { editorName: string; at: Date } | undefined,
): PageSummary {
  return {
    id: entry.id,
    title: String(entry.fields.title ?? ""),
    path: String(entry.fields.path ?? ""),
    status: statusOf(entry, state),
    version: entry.version,
    reviewRequestedBy: state?.reviewRequestedBy ?? undefined,
    scheduledFor: state?.scheduledFor?.toISOString(),
    lastEditedBy: edit?.editorName,
    lastEditedAt: edit?.at.toISOString() ?? entry.updatedAt,
  };
}

function slugOf(path: string): string {
  return path.replace(/^\//, "").replace(/\//g, "-").slice(0, 40) || "home";
}

/** A page's blocks as nested entries: read into the composer's tree, written back, published together. */
function blockTrees(store: EditorialContentStore, catalog: ComposerCatalog) {
  const childrenOf = (type: string) => catalog.blocks.get(type)?.children;

  async function read(links: unknown, depth = 0): Promise<ComposerBlock[]> {
    const ids = Array.isArray(links) ? links.flatMap((link) => linkedEntryId(link) ?? []) : [];
    const entries = await Promise.all(ids.map((id) => store.getEntry(id)));
    return Promise.all(
      entries
        .flatMap((entry) => (entry ? [entry] : []))
        .map(async (entry) => {
          const children = childrenOf(entry.contentType);
          const { [children ?? ""]: nested, ...fields } = entry.fields;
          const block: ComposerBlock = {
            id: entry.id,
            type: entry.contentType,
            fields: children ? fields : entry.fields,
          };
          if (children && depth < 4) block.children = await read(nested, depth + 1);
          return block;
        }),
    );
  }

  async function write(blocks: readonly ComposerBlock[]): Promise<ReturnType<typeof entryLink>[]> {
    const links = [];
    for (const block of blocks) {
      const children = childrenOf(block.type);
      const fields = children
        ? { ...block.fields, [children]: await write(block.children ?? []) }
        : block.fields;
      const existing = await store.getEntry(block.id);
      if (!existing) await store.createEntry({ id: block.id, contentType: block.type, fields });
      else if (!isDeepStrictEqual(existing.fields, fields))
        await store.updateEntry(block.id, fields, existing.version);
      links.push(entryLink(block.id));
    }
    return links;
  }

  /** Publishes every block of the tree whose concept differs from what players see (nested ones first). */
  async function publish(links: unknown): Promise<void> {
    const ids = Array.isArray(links) ? links.flatMap((link) => linkedEntryId(link) ?? []) : [];
    for (const id of ids) {
      const entry = await store.getEntry(id);
      if (!entry) continue;
      const children = childrenOf(entry.contentType);
      if (children) await publish(entry.fields[children]);
      const unchanged = entry.publishedVersion !== undefined && entry.version === entry.publishedVersion + 1;
      if (!unchanged) await store.publishEntry(id, entry.version);
    }
  }

  async function document(entry: StoredEntry): Promise<PageDocument> {
    const fields = entry.fields;
    return {
      settings: {
        title: String(fields.title ?? ""),
        path: String(fields.path ?? ""),
        description: typeof fields.description === "string" ? fields.description : undefined,
        theme: typeof fields.theme === "string" ? fields.theme : undefined,
        middleware: Array.isArray(fields.middleware) ? fields.middleware.map(String) : [],
        prerender: fields.prerender === true,
      },
      blocks: await read(fields.blocks),
    };
  }

  return { read, write, publish, document };
}

function catalogFor(
  catalog: ComposerCatalog,
  entries: StoredEntry[],
  assets: Awaited<ReturnType<EditorialContentStore["listAssets"]>>,
): Catalog {
  return {
    blocks: [...catalog.blocks].map(([type, block]) => ({
      type,
      name: block.model.name,
      description: block.model.description,
      functional: block.functional,
      childrenField: block.children,
      fields: block.model.contentType.fields.map((field) => ({ ...field })),
    })),
    sectionTypes: [...catalog.sectionTypes],
    entries: entries.map((entry) => {
      const displayField = catalog.model(entry.contentType)?.displayField ?? "title";
      return {
        id: entry.id,
        contentType: entry.contentType,
        title: String(entry.fields[displayField] ?? entry.id),
      };
    }),
    assets: assets.map(toComposerAsset),
    themes: [...catalog.themes],
  };
}
