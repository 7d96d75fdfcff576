import { type ContentfulClientApi, createClient } from "contentful";
import {
  DEFAULT_INCLUDE_DEPTH,
  isLink,
  isPlainObject,
  type LinkLookup,
  normaliseAsset,
  normaliseEntry,
  resolveLinks,
  toLink,
} from "./content-files.server";
import {
  CONTENT_LOCALE,
  type ContentAsset,
  type ContentEntry,
  type ContentSource,
  type ReadOptions,
} from "./types";

export type ContentfulSourceOptions = {
  spaceId: string;
  environment?: string;
  deliveryToken: string;
  /** Without it, preview reads fail. */
  previewToken?: string;
  /** Delivery API host, e.g. `cdn.eu.contentful.com` or `127.0.0.1:4010`; default `cdn.contentful.com`. */
  host?: string;
  /** Preview API host; default `preview.contentful.com`, or `host` itself when that is set. */
  previewHost?: string;
  /** Plain http (only for a local Delivery API server). */
  insecure?: boolean;
  /** Per request; a slow CMS should fail fast so the caller can serve the last good page. */
  timeoutMs?: number;
};

const DEFAULT_TIMEOUT_MS = 5_000;
/** Entries per request when listing; with `include: 10` a response can get large. */
const PAGE_SIZE = 100;

type Client = ContentfulClientApi<undefined>;
type EntriesQuery = Parameters<Client["getEntries"]>[0];

/**
 * Content from Contentful through the official SDK: the Delivery API, or the Preview API when
 * `preview` is asked for. Results have the same acyclic shape as the local source's (see
 * `toContentEntries`).
 */
export function createContentfulSource(options: ContentfulSourceOptions): ContentSource {
  const delivery = makeClient(options, options.deliveryToken, options.host);
  const preview =
    options.previewToken === undefined
      ? undefined
      : makeClient(
          options,
          options.previewToken,
          options.previewHost ?? options.host ?? "preview.contentful.com",
        );

  function clientFor({ preview: wantsPreview }: ReadOptions): Client {
    if (!wantsPreview) return delivery;
    if (!preview) throw new Error("Contentful preview needs a preview token (CONTENTFUL_PREVIEW_TOKEN)");
    return preview;
  }

  async function query(readOptions: ReadOptions, filters: Record<string, string>, limit?: number) {
    const client = clientFor(readOptions);
    const entries: ContentEntry[] = [];
    for (let skip = 0; ; ) {
      const pageSize = Math.min(PAGE_SIZE, limit ?? PAGE_SIZE);
      const response = await client.getEntries({
        ...filters,
        include: DEFAULT_INCLUDE_DEPTH,
        locale: CONTENT_LOCALE,
        // A stable order keeps pages consistent and matches the local source's order.
        order: ["sys.id"],
        limit: pageSize,
        skip,
      } as EntriesQuery);
      entries.push(...toContentEntries(response.items));
      skip += response.items.length;
      if (response.items.length === 0 || skip >= response.total || (limit && entries.length >= limit)) break;
    }
    return entries;
  }

  return {
    kind: "contentful",
    async getPageEntry(path, readOptions) {
      const [first] = await query(readOptions, { content_type: "page", "fields.path": path }, 1);
      return first;
    },
    listPageEntries(readOptions) {
      return query(readOptions, { content_type: "page" });
    },
    getEntriesOfType(contentType, readOptions) {
      return query(readOptions, { content_type: contentType });
    },
    async getEntry(id, readOptions) {
      // getEntries rather than the SDK's getEntry: that one throws for a missing id.
      const [first] = await query(readOptions, { "sys.id": id }, 1);
      return first;
    },
    async ping() {
      // Cheap, and it fails on a wrong token or space, unlike a bare connection check.
      await delivery.getLocales();
    },
  };
}

/** What the SDK accepts as `host`: anything else it silently replaces with cdn.contentful.com. */
const SDK_HOST = /^[^\s:/]{2,}(:\d+)?$/;

function makeClient(options: ContentfulSourceOptions, accessToken: string, host: string | undefined): Client {
  if (host !== undefined && !SDK_HOST.test(host)) {
    throw new Error(
      `Contentful host "${host}" must be a host name with an optional port, e.g. cdn.contentful.com`,
    );
  }
  return createClient({
    space: options.spaceId,
    environment: options.environment ?? "master",
    accessToken,
    ...(host === undefined ? {} : { host }),
    insecure: options.insecure ?? false,
    // No retries with back-off (they would take seconds): the caller falls back to the last good page.
    retryOnError: false,
    timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    // The default handler writes to console.error; failures reach the caller as rejections anyway.
    logHandler: () => {},
  });
}

type Entity = ContentEntry | ContentAsset;

/**
 * The SDK resolves links into a graph of shared objects, with cycles where content links back. This
 * flattens every entity reachable from `items` (links put back in place of nested entities), then
 * resolves the links again with the local source's `resolveLinks`, so both sources agree on depth,
 * cycles and unresolved links by construction.
 */
export function toContentEntries(items: readonly unknown[]): ContentEntry[] {
  const flat = new Map<string, Entity>();
  const pending: Array<Record<string, unknown>> = [];

  const visit = (entity: Record<string, unknown>) => {
    const key = entityKey(entity);
    if (key === undefined || flat.has(key)) return;
    // Reserved before flattening so that a cycle back to this entity stops here.
    flat.set(key, entity as unknown as Entity);
    pending.push(entity);
  };
  const flatten = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(flatten);
    if (!isPlainObject(value)) return value;
    if (isLink(value)) return toLink(value.sys);
    const key = entityKey(value);
    if (key !== undefined) {
      visit(value);
      const sys = value.sys as { type: "Entry" | "Asset"; id: string };
      return toLink({ type: "Link", linkType: sys.type, id: sys.id });
    }
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, flatten(item)]));
  };

  const roots = items.filter(isPlainObject);
  for (const item of roots) visit(item);
  for (let entity = pending.shift(); entity; entity = pending.shift()) {
    const key = entityKey(entity)!;
    const fields = flatten(entity.fields ?? {}) as Record<string, unknown>;
    const source = { ...entity, fields } as unknown as Entity;
    flat.set(key, isEntry(source) ? normaliseEntry(source) : normaliseAsset(source));
  }

  const lookup: LinkLookup = (link) => flat.get(`${link.linkType}!${link.id}`);
  return roots.flatMap((item) => {
    const entity = flat.get(entityKey(item)!);
    return entity && isEntry(entity) ? [resolveLinks(entity, lookup)] : [];
  });
}

function isEntry(entity: Entity): entity is ContentEntry {
  return entity.sys.type === "Entry";
}

function entityKey(value: Record<string, unknown>): string | undefined {
  const sys = value.sys;
  if (!isPlainObject(sys) || typeof sys.id !== "string") return undefined;
  return sys.type === "Entry" || sys.type === "Asset" ? `${sys.type}!${sys.id}` : undefined;
}
