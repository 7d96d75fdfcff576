import type { StoredAsset, StoredEntry } from "./stores/content-store";

/**
 * Links resolved the way the Delivery API resolves them (`include` depth 2), over a store's concepts and
 * assets, so the content models' zod schemas can check a concept as the shop will read it once published:
 * a link to an entry or asset that is not there stays a link, which the schema reports as missing.
 */
export type LinkTargets = {
  entries: ReadonlyMap<string, StoredEntry>;
  assets: ReadonlyMap<string, StoredAsset>;
};

const MAX_DEPTH = 3;

export function resolveLinks(value: unknown, targets: LinkTargets, depth = 0): unknown {
  if (Array.isArray(value)) return value.map((item) => resolveLinks(item, targets, depth));
  if (typeof value !== "object" || value === null) return value;
  const sys = (value as { sys?: { type?: unknown; linkType?: unknown; id?: unknown } }).sys;
  if (sys?.type === "Link" && typeof sys.id === "string") {
    if (depth >= MAX_DEPTH) return value;
    if (sys.linkType === "Asset") {
      const asset = targets.assets.get(sys.id);
      return asset ? deliveredAsset(asset) : value;
    }
    const entry = targets.entries.get(sys.id);
    return entry ? deliveredEntry(entry, targets, depth + 1) : value;
  }
  // Rich text keeps its nodes' link targets as they are: the renderer resolves those.
  if ((value as { nodeType?: unknown }).nodeType === "document") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, resolveLinks(item, targets, depth)]),
  );
}

function deliveredEntry(entry: StoredEntry, targets: LinkTargets, depth: number) {
  return {
    sys: { type: "Entry", id: entry.id, contentType: { sys: { id: entry.contentType } } },
    fields: resolveLinks(entry.fields, targets, depth),
  };
}

export function deliveredAsset(asset: StoredAsset) {
  return {
    sys: { type: "Asset", id: asset.id },
    fields: {
      title: asset.title,
      description: asset.description,
      file: {
        url: asset.url,
        fileName: asset.fileName,
        contentType: asset.contentType,
        details: asset.width && asset.height ? { image: { width: asset.width, height: asset.height } } : {},
      },
    },
  };
}

export function entryLink(id: string) {
  return { sys: { type: "Link", linkType: "Entry", id } } as const;
}

/** The id of an entry link, or undefined for anything else. */
export function linkedEntryId(value: unknown): string | undefined {
  const sys = (value as { sys?: { type?: unknown; linkType?: unknown; id?: unknown } } | null)?.sys;
  return sys?.type === "Link" && sys.linkType === "Entry" && typeof sys.id === "string" ? sys.id : undefined;
}
