import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import {
  type EditorialContentStore,
  EntryNotFoundError,
  type StoredAsset,
  type StoredEntry,
  VersionConflictError,
} from "./content-store";
import { directoryLock } from "./write-lock.server";

/**
 * The composer's store on the local content files (issue 44 item 4): a concept is `drafts/<id>.json`,
 * what players see is `entries/<id>.json`, both in the Delivery API shape the shop reads, so a change
 * can be committed. Versions are kept in the files' `sys` (`version`, `publishedVersion`), so the files
 * alone say where an entry stands. Each file is written whole to a temporary name and renamed, so the
 * shop's file watcher (which invalidates its caches) never reads half a file. Writes are serialised in
 * this process and, with a lock file in the content dir, across the shop's worker processes
 * (WEB_CONCURRENCY), so a version check and its write never interleave with another's.
 */
export type LocalStoreOptions = {
  dir: string;
  now?: () => Date;
  /** After a publish or unpublish: the entry ids and content types (the shop's caches, beside the watcher). */
  onPublished?: (ids: string[], contentTypes: string[]) => void;
};

const SysSchema = z.looseObject({
  id: z.string(),
  contentType: z.object({ sys: z.object({ id: z.string() }) }).optional(),
  updatedAt: z.string().optional(),
  publishedAt: z.string().optional(),
  revision: z.number().int().optional(),
  version: z.number().int().optional(),
  publishedVersion: z.number().int().optional(),
});
const EntryFileSchema = z.object({ sys: SysSchema, fields: z.record(z.string(), z.unknown()) });
type EntryFile = z.infer<typeof EntryFileSchema>;

const AssetFileSchema = z.object({
  sys: z.looseObject({ id: z.string(), revision: z.number().int().optional() }),
  fields: z.looseObject({
    title: z.string().optional(),
    description: z.string().optional(),
    file: z.looseObject({
      fileName: z.string(),
      contentType: z.string(),
      url: z.string().optional(),
      details: z
        .looseObject({ image: z.object({ width: z.number(), height: z.number() }).optional() })
        .optional(),
    }),
  }),
});

const ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const ASSET_URL_PREFIX = "/cms-assets/";
/** A dotfile, which the shop's content reader skips. */
const LOCK_FILE = ".composer-write.lock";

export function createLocalStore(options: LocalStoreOptions): EditorialContentStore {
  const files = contentFiles(options.dir);
  const entries = entryReads(files);
  const lock = directoryLock({ file: path.join(options.dir, LOCK_FILE) });
  let queue: Promise<unknown> = Promise.resolve();
  /** One write at a time in this process, each holding the lock that the other processes wait for. */
  const serially = <T>(write: () => Promise<T>): Promise<T> => {
    const result = queue.then(() => lock.withLock(write));
    queue = result.catch(() => undefined);
    return result;
  };
  const writes = entryWrites(files, entries, options);
  const assets = assetFiles(files, options.now ?? (() => new Date()));
  return {
    kind: "local",
    listEntries: entries.list,
    async getEntry(id) {
      const found = await entries.current(id);
      return found && toStoredEntry(found);
    },
    createEntry: (input) => serially(() => writes.create(input)),
    updateEntry: (id, fields, expectedVersion) => serially(() => writes.update(id, fields, expectedVersion)),
    publishEntry: (id, expectedVersion) => serially(() => writes.publish(id, expectedVersion)),
    unpublishEntry: (id, expectedVersion) => serially(() => writes.unpublish(id, expectedVersion)),
    createAsset: (input) => serially(() => assets.create(input)),
    listAssets: assets.list,
  };
}

type ContentFiles = ReturnType<typeof contentFiles>;
type Found = { draft?: EntryFile; published?: EntryFile };

function entryReads(files: ContentFiles) {
  async function current(id: string): Promise<Found | undefined> {
    if (!ID.test(id)) return undefined;
    const [draft, published] = await Promise.all([files.read("drafts", id), files.read("entries", id)]);
    return draft || published ? { draft, published } : undefined;
  }
  return {
    current,
    async atVersion(id: string, expectedVersion: number) {
      const found = await current(id);
      if (!found) throw new EntryNotFoundError(id);
      const entry = toStoredEntry(found);
      if (entry.version !== expectedVersion) throw new VersionConflictError(id, entry.version);
      return { found, entry };
    },
    async list(query: { contentType?: string } = {}): Promise<StoredEntry[]> {
      const ids = new Set([...(await files.ids("drafts")), ...(await files.ids("entries"))]);
      const found = await Promise.all([...ids].sort().map((id) => current(id)));
      return found
        .flatMap((entry) => (entry ? [toStoredEntry(entry)] : []))
        .filter((entry) => !query.contentType || entry.contentType === query.contentType);
    },
  };
}

function entryWrites(
  files: ContentFiles,
  entries: ReturnType<typeof entryReads>,
  options: LocalStoreOptions,
) {
  const now = () => (options.now?.() ?? new Date()).toISOString();
  return {
    async create({
      id,
      contentType,
      fields,
    }: {
      id: string;
      contentType: string;
      fields: Record<string, unknown>;
    }) {
      if (!ID.test(id)) throw new Error(`invalid entry id ${id}`);
      if (await entries.current(id)) throw new Error(`entry ${id} exists`);
      const at = now();
      const draft = entryFile(id, contentType, fields, { createdAt: at, updatedAt: at, version: 1 });
      await files.write("drafts", id, draft);
      return toStoredEntry({ draft });
    },
    async update(id: string, fields: Record<string, unknown>, expectedVersion: number) {
      const { found, entry } = await entries.atVersion(id, expectedVersion);
      const draft = entryFile(id, entry.contentType, fields, {
        ...(found.draft ?? found.published)!.sys,
        updatedAt: now(),
        version: entry.version + 1,
        publishedVersion: entry.publishedVersion,
      });
      await files.write("drafts", id, draft);
      return toStoredEntry({ draft, published: found.published });
    },
    async publish(id: string, expectedVersion: number) {
      const { found, entry } = await entries.atVersion(id, expectedVersion);
      const at = now();
      const published = entryFile(id, entry.contentType, entry.fields, {
        ...(found.draft ?? found.published)!.sys,
        updatedAt: at,
        publishedAt: at,
        revision: (found.published?.sys.revision ?? 0) + 1,
        version: entry.version + 1,
        publishedVersion: entry.version,
      });
      await files.write("entries", id, published);
      // The concept is the published entry now: no draft left for the shop's preview to overlay.
      await files.remove("drafts", id);
      options.onPublished?.([id], [entry.contentType]);
      return toStoredEntry({ published });
    },
    async unpublish(id: string, expectedVersion: number) {
      const { found, entry } = await entries.atVersion(id, expectedVersion);
      if (!found.published) return entry;
      const draft = entryFile(id, entry.contentType, entry.fields, {
        ...(found.draft ?? found.published).sys,
        updatedAt: now(),
        publishedAt: undefined,
        version: entry.version + 1,
        publishedVersion: undefined,
      });
      await files.write("drafts", id, draft);
      await files.remove("entries", id);
      options.onPublished?.([id], [entry.contentType]);
      return toStoredEntry({ draft });
    },
  };
}

function assetFiles(files: ContentFiles, now: () => Date) {
  return {
    async create(input: Parameters<EditorialContentStore["createAsset"]>[0]): Promise<StoredAsset> {
      if (!ID.test(input.id)) throw new Error(`invalid asset id ${input.id}`);
      const fileName = `${input.id}${path.extname(input.fileName).toLowerCase()}`;
      await files.writeBinary(fileName, input.bytes);
      const at = now().toISOString();
      const image =
        input.width && input.height ? { image: { width: input.width, height: input.height } } : {};
      const asset = {
        sys: { id: input.id, type: "Asset", createdAt: at, updatedAt: at, revision: 1 },
        fields: {
          title: input.title,
          description: input.description,
          file: {
            fileName,
            contentType: input.contentType,
            details: { size: input.bytes.byteLength, ...image },
          },
        },
      };
      await files.write("assets", input.id, asset);
      return toStoredAsset(AssetFileSchema.parse(asset));
    },
    async list(): Promise<StoredAsset[]> {
      const ids = await files.ids("assets");
      const assets = await Promise.all(ids.sort().map((id) => files.readAsset(id)));
      return assets.flatMap((asset) => (asset ? [toStoredAsset(asset)] : []));
    },
  };
}

/** A file as the shop reads it; `sys` keeps the store's versions beside the Delivery API's fields. */
function entryFile(
  id: string,
  contentType: string,
  fields: Record<string, unknown>,
  sys: Record<string, unknown>,
): EntryFile {
  const { contentType: _ignored, ...rest } = sys;
  const cleanSys = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
  return {
    sys: { ...cleanSys, id, type: "Entry", contentType: { sys: { id: contentType } } } as EntryFile["sys"],
    fields,
  };
}

/**
 * Where an entry stands, from its files. An entry published by hand (no `version` in its file) counts as
 * published and unchanged: version = published version + 1, as Contentful counts a publish.
 */
function toStoredEntry({ draft, published }: { draft?: EntryFile; published?: EntryFile }): StoredEntry {
  const publishedVersion = published
    ? (published.sys.publishedVersion ?? published.sys.revision ?? 1)
    : undefined;
  const source = (draft ?? published)!;
  const handMadeDraftVersion = publishedVersion === undefined ? 1 : publishedVersion + 2;
  const version = draft
    ? (draft.sys.version ?? handMadeDraftVersion)
    : (published?.sys.version ?? (publishedVersion ?? 0) + 1);
  return {
    id: source.sys.id,
    contentType: source.sys.contentType?.sys.id ?? "",
    fields: source.fields,
    version,
    publishedVersion,
    publishedFields: published?.fields,
    updatedAt: source.sys.updatedAt ?? published?.sys.updatedAt ?? new Date(0).toISOString(),
    publishedAt: published ? (published.sys.publishedAt ?? published.sys.updatedAt) : undefined,
  };
}

function toStoredAsset(asset: z.infer<typeof AssetFileSchema>): StoredAsset {
  const file = asset.fields.file;
  return {
    id: asset.sys.id,
    title: asset.fields.title ?? "",
    description: asset.fields.description ?? "",
    fileName: file.fileName,
    contentType: file.contentType,
    url: file.url ?? `${ASSET_URL_PREFIX}${encodeURIComponent(file.fileName)}`,
    width: file.details?.image?.width,
    height: file.details?.image?.height,
    version: asset.sys.revision ?? 1,
  };
}

type Subdir = "drafts" | "entries" | "assets";

/** The JSON files of the content dir, each written whole under a temporary name and renamed into place. */
function contentFiles(dir: string) {
  const fileOf = (subdir: Subdir, id: string) => path.join(dir, subdir, `${id}.json`);
  const readJson = async (file: string): Promise<unknown> => {
    try {
      return JSON.parse(await readFile(file, "utf8"));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
  };
  const atomicWrite = async (file: string, data: string | Uint8Array) => {
    await mkdir(path.dirname(file), { recursive: true });
    // A dotfile: the shop's reader and watcher skip it until it is renamed.
    const temporary = path.join(
      path.dirname(file),
      `.${path.basename(file)}.${randomBytes(6).toString("hex")}.tmp`,
    );
    await writeFile(temporary, data);
    await rename(temporary, file);
  };
  return {
    async read(subdir: Subdir, id: string): Promise<EntryFile | undefined> {
      if (!ID.test(id)) return undefined;
      const data = await readJson(fileOf(subdir, id));
      const parsed = EntryFileSchema.safeParse(data);
      return parsed.success ? parsed.data : undefined;
    },
    async readAsset(id: string) {
      const parsed = AssetFileSchema.safeParse(await readJson(fileOf("assets", id)));
      return parsed.success ? parsed.data : undefined;
    },
    async ids(subdir: Subdir): Promise<string[]> {
      try {
        const names = await readdir(path.join(dir, subdir));
        return names
          .filter((name) => name.endsWith(".json") && !name.startsWith("."))
          .map((name) => name.slice(0, -5));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
        throw error;
      }
    },
    write: (subdir: Subdir, id: string, data: unknown) =>
      atomicWrite(fileOf(subdir, id), `${JSON.stringify(data, null, 2)}\n`),
    writeBinary: (fileName: string, bytes: Uint8Array) =>
      atomicWrite(path.join(dir, "assets", "files", fileName), bytes),
    remove: (subdir: Subdir, id: string) => rm(fileOf(subdir, id), { force: true }),
  };
}
