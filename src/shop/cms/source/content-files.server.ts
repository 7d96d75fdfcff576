import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import type { AssetFile, ContentAsset, ContentEntry, Link, LinkSys } from "./types";

/**
 * The local content dir as the local source and the local Delivery API server see it: `entries/`,
 * `drafts/` and `assets/` hold one JSON file per entity (fields for the single locale nl-NL), and the
 * asset binaries live in `assets/files/`. Only the envelope is checked here; the content models parse
 * the fields, so a bad field is reported where it is understood.
 */

export type ContentProblem = { file: string; message: string };

export type ContentFiles = {
  entries: Map<string, ContentEntry>;
  drafts: Map<string, ContentEntry>;
  assets: Map<string, ContentAsset>;
  problems: ContentProblem[];
};

export const CONTENT_SUBDIRS = { entries: "entries", drafts: "drafts", assets: "assets" } as const;
export const ASSET_FILES_DIR = path.join("assets", "files");
/** Where the shop (and the local Delivery API server) serves the asset binaries. */
export const ASSET_URL_PREFIX = "/cms-assets/";

const isoDate = z.iso.datetime({ offset: true });

const EntryFileSchema = z.object({
  sys: z.looseObject({
    id: z.string().min(1),
    type: z.literal("Entry").optional(),
    contentType: z.object({ sys: z.looseObject({ id: z.string().min(1) }) }),
    createdAt: isoDate.optional(),
    updatedAt: isoDate.optional(),
    revision: z.number().int().min(1).optional(),
  }),
  metadata: z.object({ tags: z.array(z.unknown()) }).optional(),
  fields: z.record(z.string(), z.unknown()),
});

const AssetFileSchema = z.object({
  sys: z.looseObject({
    id: z.string().min(1),
    type: z.literal("Asset").optional(),
    createdAt: isoDate.optional(),
    updatedAt: isoDate.optional(),
    revision: z.number().int().min(1).optional(),
  }),
  fields: z.looseObject({
    title: z.string().optional(),
    description: z.string().optional(),
    file: z.looseObject({
      fileName: z.string().min(1),
      contentType: z.string().min(1),
      details: z
        .looseObject({
          size: z.number().optional(),
          image: z.object({ width: z.number(), height: z.number() }).optional(),
        })
        .optional(),
    }),
  }),
});

export function localAssetUrl(fileName: string): string {
  return `${ASSET_URL_PREFIX}${encodeURIComponent(fileName)}`;
}

/** Reads every entity file of `dir`. A missing subfolder is empty content, not an error. */
export async function loadContentFiles(dir: string): Promise<ContentFiles> {
  const problems: ContentProblem[] = [];
  const [entryFiles, draftFiles, assetFiles] = await Promise.all([
    readJsonFiles(dir, CONTENT_SUBDIRS.entries, problems),
    readJsonFiles(dir, CONTENT_SUBDIRS.drafts, problems),
    readJsonFiles(dir, CONTENT_SUBDIRS.assets, problems),
  ]);

  const entries = new Map<string, ContentEntry>();
  for (const file of entryFiles) addEntry(entries, file, problems);
  const drafts = new Map<string, ContentEntry>();
  for (const file of draftFiles) addEntry(drafts, file, problems);
  const assets = new Map<string, ContentAsset>();
  for (const file of assetFiles) addAsset(assets, file, problems);
  return { entries, drafts, assets, problems };
}

/** Published entries, with drafts layered over them in preview (a draft replaces the entry of its id). */
export function visibleEntries(files: ContentFiles, preview: boolean): Map<string, ContentEntry> {
  if (!preview || files.drafts.size === 0) return files.entries;
  return new Map([...files.entries, ...files.drafts]);
}

type JsonFile = { file: string; data: unknown; mtime: Date };

async function readJsonFiles(dir: string, subdir: string, problems: ContentProblem[]): Promise<JsonFile[]> {
  let names: string[];
  try {
    names = await readdir(path.join(dir, subdir));
  } catch (error) {
    if (isErrnoCode(error, "ENOENT")) return [];
    throw error;
  }
  // Sorted so that "first file wins" on a duplicate id does not depend on the file system's order.
  const jsonNames = names.filter((name) => name.endsWith(".json") && !name.startsWith(".")).sort();
  const files = await Promise.all(
    jsonNames.map(async (name): Promise<JsonFile | undefined> => {
      const file = path.posix.join(subdir, name);
      const fullPath = path.join(dir, subdir, name);
      try {
        const [text, stats] = await Promise.all([readFile(fullPath, "utf8"), stat(fullPath)]);
        return { file, data: JSON.parse(text), mtime: stats.mtime };
      } catch (error) {
        // A file deleted between readdir and readFile is simply gone, not a problem.
        if (isErrnoCode(error, "ENOENT")) return undefined;
        problems.push({ file, message: error instanceof Error ? error.message : String(error) });
        return undefined;
      }
    }),
  );
  return files.filter((file) => file !== undefined);
}

function addEntry(target: Map<string, ContentEntry>, file: JsonFile, problems: ContentProblem[]): void {
  const result = EntryFileSchema.safeParse(file.data);
  if (!result.success) {
    problems.push({ file: file.file, message: describeIssues(result.error) });
    return;
  }
  const { sys, metadata, fields } = result.data;
  if (target.has(sys.id)) {
    problems.push({ file: file.file, message: `duplicate entry id "${sys.id}"` });
    return;
  }
  // Files may leave out the bookkeeping fields; defaulting them here (from the file's mtime) gives the
  // local source and the local Delivery API server the same values for the same file.
  const updatedAt = sys.updatedAt ?? file.mtime.toISOString();
  target.set(sys.id, {
    sys: {
      ...sys,
      type: "Entry",
      createdAt: sys.createdAt ?? updatedAt,
      updatedAt,
      revision: sys.revision ?? 1,
    },
    ...(metadata ? { metadata } : {}),
    fields,
  });
}

function addAsset(target: Map<string, ContentAsset>, file: JsonFile, problems: ContentProblem[]): void {
  const result = AssetFileSchema.safeParse(file.data);
  if (!result.success) {
    problems.push({ file: file.file, message: describeIssues(result.error) });
    return;
  }
  const { sys, fields } = result.data;
  if (target.has(sys.id)) {
    problems.push({ file: file.file, message: `duplicate asset id "${sys.id}"` });
    return;
  }
  const updatedAt = sys.updatedAt ?? file.mtime.toISOString();
  target.set(sys.id, {
    sys: {
      ...sys,
      type: "Asset",
      createdAt: sys.createdAt ?? updatedAt,
      updatedAt,
      revision: sys.revision ?? 1,
    },
    fields: { ...fields, file: { ...fields.file, url: localAssetUrl(fields.file.fileName) } },
  });
}

function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join(".") || "file"}: ${issue.message}`).join("; ");
}

function isErrnoCode(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}

// ---------------------------------------------------------------------------------------------------
// Links

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function isLink(value: unknown): value is Link {
  if (!isPlainObject(value) || !isPlainObject(value.sys)) return false;
  const { type, linkType, id } = value.sys;
  return type === "Link" && (linkType === "Entry" || linkType === "Asset") && typeof id === "string";
}

/** A link reduced to the three properties the CDA sends (the SDK adds e.g. `circular`). */
export function toLink(sys: LinkSys): Link {
  return { sys: { type: "Link", linkType: sys.linkType, id: sys.id } };
}

export type LinkTarget = ContentEntry | ContentAsset;
export type LinkLookup = (link: LinkSys) => LinkTarget | undefined;

export const DEFAULT_INCLUDE_DEPTH = 10;

/**
 * A deep copy of `entity` with the Entry/Asset links in its `fields` (also in arrays and rich text)
 * replaced by the linked entities, themselves resolved, up to `depth` links away. Like the SDK with
 * `include`, except that a link back to an entity already on the current path (a cycle) stays a Link,
 * so the result is a tree and survives JSON. A link `lookup` cannot answer also stays a Link.
 */
export function resolveLinks<T extends LinkTarget>(
  entity: T,
  lookup: LinkLookup,
  depth = DEFAULT_INCLUDE_DEPTH,
): T {
  const onPath = new Set([linkKey(entity.sys.type, entity.sys.id)]);
  return { ...structuredClone(entity), fields: resolveValue(entity.fields, lookup, depth, onPath) } as T;
}

function resolveValue(value: unknown, lookup: LinkLookup, depth: number, onPath: Set<string>): unknown {
  if (Array.isArray(value)) return value.map((item) => resolveValue(item, lookup, depth, onPath));
  if (!isPlainObject(value)) return value;
  if (isLink(value)) {
    const key = linkKey(value.sys.linkType, value.sys.id);
    const target = depth > 0 && !onPath.has(key) ? lookup(value.sys) : undefined;
    if (!target) return toLink(value.sys);
    onPath.add(key);
    const resolved = {
      ...structuredClone(target),
      fields: resolveValue(target.fields, lookup, depth - 1, onPath),
    };
    onPath.delete(key);
    return resolved;
  }
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[key] = resolveValue(item, lookup, depth, onPath);
  return copy;
}

function linkKey(type: string, id: string): string {
  return `${type}!${id}`;
}

// ---------------------------------------------------------------------------------------------------
// The shape both sources return

/**
 * Only the sys properties the parsers may rely on, so the local and the Contentful source return
 * structurally identical objects for the same content.
 */
export function normaliseEntry(entry: ContentEntry): ContentEntry {
  const { id, contentType, updatedAt, revision } = entry.sys;
  return {
    sys: {
      id,
      type: "Entry",
      contentType: { sys: { id: contentType.sys.id } },
      ...(updatedAt === undefined ? {} : { updatedAt }),
      ...(revision === undefined ? {} : { revision }),
    },
    fields: entry.fields,
  };
}

export function normaliseAsset(asset: ContentAsset): ContentAsset {
  const { id, updatedAt, revision } = asset.sys;
  // Contentful can deliver an asset whose file is not uploaded (or not processed) yet.
  const file = asset.fields.file as AssetFile | undefined;
  return {
    sys: {
      id,
      type: "Asset",
      ...(updatedAt === undefined ? {} : { updatedAt }),
      ...(revision === undefined ? {} : { revision }),
    },
    fields:
      typeof file?.url === "string"
        ? { ...asset.fields, file: { ...file, url: normaliseAssetUrl(file.url) } }
        : asset.fields,
  };
}

/**
 * Contentful sends protocol-relative URLs (`//images.ctfassets.net/...`); pages want `https:`. A URL
 * under `/cms-assets/` comes from the local Delivery API server, which serves the same files the shop
 * serves itself, so it becomes the local path.
 */
export function normaliseAssetUrl(url: string): string {
  const match = /^(?:https?:)?\/\/[^/]*(\/.*)?$/.exec(url);
  if (!match) return url;
  const pathAndQuery = match[1] ?? "";
  if (pathAndQuery.startsWith(ASSET_URL_PREFIX)) return pathAndQuery;
  return `https:${url.slice(url.indexOf("//"))}`;
}
