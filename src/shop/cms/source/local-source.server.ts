import { watch as watchFiles } from "node:fs";
import { access, constants, stat } from "node:fs/promises";
import path from "node:path";
import {
  CONTENT_SUBDIRS,
  type ContentFiles,
  type ContentProblem,
  type LinkLookup,
  loadContentFiles,
  normaliseAsset,
  normaliseEntry,
  resolveLinks,
  visibleEntries,
} from "./content-files.server";
import type { ContentEntry, ContentSource, ReadOptions } from "./types";

export type LocalSourceOptions = {
  dir: string;
  /** Called after each (re)load that found malformed files; they are left out of the content. */
  onProblems?: (problems: ContentProblem[]) => void;
};

/** Batches the bursts of events one save produces (editors write, rename and chmod). */
const WATCH_DEBOUNCE_MS = 100;

/**
 * Content from files in `dir` (see content-files.server.ts): read on first use and kept in memory;
 * `watch` reloads them when they change.
 */
export function createLocalSource({ dir, onProblems }: LocalSourceOptions): ContentSource {
  const files = contentFiles(dir, onProblems);
  return {
    kind: "local",
    async getPageEntry(pagePath, options) {
      const [first] = await entriesWhere(
        files,
        (entry) => isPage(entry) && entry.fields.path === pagePath,
        options,
      );
      return first;
    },
    listPageEntries(options) {
      return entriesWhere(files, isPage, options);
    },
    getEntriesOfType(contentType, options) {
      return entriesWhere(files, (entry) => entry.sys.contentType.sys.id === contentType, options);
    },
    async getEntry(id, options) {
      const [first] = await entriesWhere(files, (entry) => entry.sys.id === id, options);
      return first;
    },
    async ping() {
      await access(dir, constants.R_OK);
      if (!(await stat(dir)).isDirectory()) throw new Error(`content dir ${dir} is not a directory`);
    },
    watch(listener) {
      return watchContent(dir, files, listener);
    },
  };
}

/** The files of `dir`, read once and kept until they are read again. */
type ContentFilesCache = {
  load: () => Promise<ContentFiles>;
  /** Reads the files again: what readers saw last (if anything was loaded yet) and what is there now. */
  reload: () => Promise<{ before: ContentFiles | undefined; after: ContentFiles | undefined }>;
};

function contentFiles(dir: string, onProblems: LocalSourceOptions["onProblems"]): ContentFilesCache {
  let loaded: Promise<ContentFiles> | undefined;

  function load(): Promise<ContentFiles> {
    loaded ??= loadContentFiles(dir).then(
      (files) => {
        if (files.problems.length > 0) onProblems?.(files.problems);
        return files;
      },
      (error: unknown) => {
        // Don't cache a failure: the next read tries again.
        loaded = undefined;
        throw error;
      },
    );
    return loaded;
  }

  async function reload() {
    const before = await loaded?.catch(() => undefined);
    loaded = undefined;
    const after = await load().catch(() => undefined);
    return { before, after };
  }

  return { load, reload };
}

async function entriesWhere(
  cache: ContentFilesCache,
  predicate: (entry: ContentEntry) => boolean,
  { preview }: ReadOptions,
) {
  const files = await cache.load();
  const visible = visibleEntries(files, preview);
  const lookup: LinkLookup = (link) => {
    if (link.linkType === "Entry") {
      const entry = visible.get(link.id);
      return entry && normaliseEntry(entry);
    }
    const asset = files.assets.get(link.id);
    return asset && normaliseAsset(asset);
  };
  // Sorted by id, as the Contentful source asks the CDA for, so both list in the same order.
  return [...visible.values()]
    .filter(predicate)
    .sort((a, b) => compareIds(a.sys.id, b.sys.id))
    .map((entry) => resolveLinks(normaliseEntry(entry), lookup));
}

/** Tells `listener` the ids of the entries and assets a burst of file changes touched; returns the stop. */
function watchContent(
  dir: string,
  cache: ContentFilesCache,
  listener: (changedIds: string[]) => void,
): () => void {
  let changedFiles = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const flush = async () => {
    timer = undefined;
    const files = changedFiles;
    changedFiles = new Set();
    // Compare with what readers saw last, if anything was loaded yet.
    const { before, after } = await cache.reload();
    if (closed) return;
    const ids = new Set(idsFromFileNames(files, after));
    for (const id of changedIds(before, after)) ids.add(id);
    if (ids.size > 0) listener([...ids].sort(compareIds));
  };

  const watcher = watchFiles(dir, { recursive: true }, (_event, fileName) => {
    // Without a name (possible on some platforms) the content diff in flush still finds the ids.
    if (fileName) changedFiles.add(fileName.split(path.sep).join("/"));
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void flush(), WATCH_DEBOUNCE_MS);
  });
  // E.g. the dir was removed; there is nothing left to watch, and reads will report it.
  watcher.on("error", () => watcher.close());

  return () => {
    closed = true;
    if (timer) clearTimeout(timer);
    watcher.close();
  };
}

function isPage(entry: ContentEntry): boolean {
  return entry.sys.contentType.sys.id === "page";
}

function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** `entries/x.json`, `drafts/x.json`, `assets/x.json` name entity x; `assets/files/f` names the assets of f. */
function idsFromFileNames(fileNames: Iterable<string>, files: ContentFiles | undefined): string[] {
  const ids: string[] = [];
  const entitySubdirs: string[] = Object.values(CONTENT_SUBDIRS);
  for (const fileName of fileNames) {
    const parts = fileName.split("/");
    if (parts.length === 2 && entitySubdirs.includes(parts[0]!) && parts[1]!.endsWith(".json")) {
      ids.push(parts[1]!.slice(0, -".json".length));
    } else if (parts.length === 3 && parts[0] === "assets" && parts[1] === "files" && files) {
      for (const asset of files.assets.values()) {
        if (asset.fields.file.fileName === parts[2]) ids.push(asset.sys.id);
      }
    }
  }
  return ids;
}

/** Ids whose content differs between two loads (covers renames and files named differently from their id). */
function changedIds(before: ContentFiles | undefined, after: ContentFiles | undefined): string[] {
  const ids: string[] = [];
  for (const key of ["entries", "drafts", "assets"] as const) {
    const old: Map<string, unknown> = before?.[key] ?? new Map();
    const current: Map<string, unknown> = after?.[key] ?? new Map();
    for (const id of new Set([...old.keys(), ...current.keys()])) {
      if (JSON.stringify(old.get(id)) !== JSON.stringify(current.get(id))) ids.push(id);
    }
  }
  return ids;
}
