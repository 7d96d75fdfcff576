import { createClient, type PlainClientAPI } from "contentful-management";
import { z } from "zod";
import type { Config } from "@/src/config/env.server";
import {
  type EditorialContentStore,
  EntryNotFoundError,
  type StoredAsset,
  type StoredEntry,
  VersionConflictError,
} from "./content-store";

/**
 * The composer's Contentful store (issue 44 item 4, decision 27): the one write interface over a Contentful
 * space, through the real `contentful-management` SDK (plain client). The interface speaks the Delivery
 * API's single-locale fields; the CMA stores every field per locale, so writes put the values under the
 * shop's locale (keeping the space's other locales as they are) and reads take them out again. Every write
 * sends the version it was made against (`X-Contentful-Version`); Contentful's 409 `VersionMismatch` is a
 * `VersionConflictError`, its 404 an `EntryNotFoundError`.
 */
export type ContentfulStoreOptions = {
  spaceId: string;
  environment: string;
  managementToken: string;
  /** `api.eu.contentful.com`, or a URL (`http://127.0.0.1:4810`) whose scheme says whether to use TLS. */
  host?: string;
  /** The upload host; default Contentful's own (`upload.contentful.com`). */
  uploadHost?: string;
  /** The one locale the shop reads. */
  locale?: string;
  /** How long to wait between checks while Contentful processes an uploaded file. */
  processingCheckWaitMs?: number;
};

/** The shop's locale (the shop side's CONTENT_LOCALE; the backend does not import the storefront). */
const DEFAULT_LOCALE = "nl-NL";
const PAGE_SIZE = 1000;

const LinkSchema = z.object({ sys: z.object({ id: z.string() }) });

/** What the store reads of a CMA entry or asset; the rest of Contentful's `sys` is not its business. */
const CmaEntitySchema = z.object({
  sys: z.object({
    id: z.string().min(1),
    version: z.number().int().min(1),
    publishedVersion: z.number().int().optional(),
    publishedAt: z.string().optional(),
    updatedAt: z.string(),
    contentType: LinkSchema.optional(),
  }),
  fields: z.record(z.string(), z.record(z.string(), z.unknown())),
});
type CmaEntity = z.infer<typeof CmaEntitySchema>;

const CollectionSchema = z.object({
  total: z.number().int(),
  items: z.array(z.unknown()),
});

const AssetFileSchema = z.object({
  fileName: z.string(),
  contentType: z.string(),
  url: z.string().optional(),
  details: z
    .object({ image: z.object({ width: z.number(), height: z.number() }).optional() })
    .loose()
    .optional(),
});

/** `api.contentful.com`, `127.0.0.1:4810` or a URL: the SDK's `host` and whether to use plain http. */
export function managementHost(value: string): { host: string; insecure: boolean } {
  const match = /^(https?):\/\/([^/]+)\/?$/.exec(value.trim());
  if (match?.[1] && match[2]) return { host: match[2], insecure: match[1] === "http" };
  const host = value.trim().replace(/\/+$/, "");
  return { host, insecure: /^(localhost|127\.\d+\.\d+\.\d+)(:\d+)?$/.test(host) };
}

function makeClient(options: ContentfulStoreOptions): PlainClientAPI {
  const api = options.host === undefined ? undefined : managementHost(options.host);
  const upload = options.uploadHost === undefined ? undefined : managementHost(options.uploadHost);
  return createClient(
    {
      accessToken: options.managementToken,
      ...(api ? { host: api.host, insecure: api.insecure } : {}),
      ...(upload ? { hostUpload: upload.host } : {}),
      // The SDK retries only Contentful's rate limit (429), 5xx and lost connections, never a conflict or
      // a missing entry (the editor's answers); twice, so an editor waits seconds, not half a minute.
      retryOnError: true,
      retryLimit: 2,
      // Its own logging writes to the console; failures reach the caller as errors instead.
      logHandler: () => undefined,
      application: "kroonloterij-composer/1.0",
    },
    { type: "plain", defaults: { spaceId: options.spaceId, environmentId: options.environment } },
  );
}

/** Contentful's error, as the SDK throws it: the API's error id as its name, the status in its message. */
function apiErrorOf(error: unknown): { id: string; status?: number } | undefined {
  if (!(error instanceof Error)) return undefined;
  try {
    const parsed = z.object({ status: z.number() }).safeParse(JSON.parse(error.message));
    return { id: error.name, status: parsed.success ? parsed.data.status : undefined };
  } catch {
    return { id: error.name };
  }
}

const isNotFound = (error: unknown) => {
  const apiError = apiErrorOf(error);
  return apiError?.id === "NotFound" || apiError?.status === 404;
};
const isVersionMismatch = (error: unknown) => {
  const apiError = apiErrorOf(error);
  return apiError?.id === "VersionMismatch" || apiError?.status === 409;
};

type Fields = CmaEntity["fields"];

function delocalise(fields: Fields, locale: string): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).flatMap(([name, values]) => (locale in values ? [[name, values[locale]]] : [])),
  );
}

/** The editor's fields under the shop's locale; the space's other locales keep their values. */
function localise(fields: Record<string, unknown>, locale: string, previous: Fields = {}): Fields {
  const result: Fields = {};
  for (const [name, values] of Object.entries(previous)) {
    const { [locale]: _ours, ...others } = values;
    if (Object.keys(others).length > 0) result[name] = others;
  }
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) result[name] = { ...result[name], [locale]: value };
  }
  return result;
}

/** Published, and saved since: the published fields are not the concept's (publishing counts a version). */
function changedSincePublished(entity: CmaEntity): boolean {
  const { version, publishedVersion } = entity.sys;
  return publishedVersion !== undefined && version > publishedVersion + 1;
}

function toStoredEntry(entity: CmaEntity, locale: string, published?: CmaEntity): StoredEntry {
  const { sys } = entity;
  const isPublished = sys.publishedVersion !== undefined;
  const publishedFields = !isPublished
    ? undefined
    : changedSincePublished(entity)
      ? published?.fields
      : entity.fields;
  return {
    id: sys.id,
    contentType: sys.contentType?.sys.id ?? "",
    fields: delocalise(entity.fields, locale),
    version: sys.version,
    ...(isPublished ? { publishedVersion: sys.publishedVersion } : {}),
    ...(publishedFields ? { publishedFields: delocalise(publishedFields, locale) } : {}),
    updatedAt: sys.updatedAt,
    ...(sys.publishedAt ? { publishedAt: sys.publishedAt } : {}),
  };
}

/** An asset as the composer lists it; undefined while its file is not processed (nowhere to serve it). */
function toStoredAsset(asset: CmaEntity, locale: string, input?: AssetSize): StoredAsset | undefined {
  const fields = delocalise(asset.fields, locale);
  const file = AssetFileSchema.safeParse(fields.file);
  if (!file.success || file.data.url === undefined) return undefined;
  const image = file.data.details?.image ?? input;
  return {
    id: asset.sys.id,
    title: typeof fields.title === "string" ? fields.title : "",
    description: typeof fields.description === "string" ? fields.description : "",
    fileName: file.data.fileName,
    contentType: file.data.contentType,
    // Contentful's asset URLs are protocol-relative (`//images.ctfassets.net/...`).
    url: file.data.url.startsWith("//") ? `https:${file.data.url}` : file.data.url,
    ...(image?.width && image.height ? { width: image.width, height: image.height } : {}),
    version: asset.sys.version,
  };
}

type AssetSize = { width?: number; height?: number };
type CreateAssetInput = Parameters<EditorialContentStore["createAsset"]>[0];

/** Every page of a collection endpoint, parsed. */
async function collect(fetchPage: (skip: number) => Promise<unknown>): Promise<CmaEntity[]> {
  const items: CmaEntity[] = [];
  for (let skip = 0; ; ) {
    const page = CollectionSchema.parse(await fetchPage(skip));
    items.push(...page.items.map((item) => CmaEntitySchema.parse(item)));
    skip += page.items.length;
    if (page.items.length === 0 || skip >= page.total) return items;
  }
}

class ContentfulStore implements EditorialContentStore {
  readonly kind = "contentful";
  private readonly client: PlainClientAPI;
  private readonly locale: string;
  private readonly envPath: string;

  constructor(private readonly options: ContentfulStoreOptions) {
    this.client = makeClient(options);
    this.locale = options.locale ?? DEFAULT_LOCALE;
    this.envPath = `/spaces/${encodeURIComponent(options.spaceId)}/environments/${encodeURIComponent(options.environment)}`;
  }

  async listEntries(query: { contentType?: string } = {}): Promise<StoredEntry[]> {
    const entities = await collect((skip) =>
      this.client.entry.getMany({
        query: {
          ...(query.contentType ? { content_type: query.contentType } : {}),
          order: "sys.id",
          skip,
          limit: PAGE_SIZE,
        },
      }),
    );
    const published = await this.publishedVersionsOf(entities);
    return entities.map((entity) => toStoredEntry(entity, this.locale, published.get(entity.sys.id)));
  }

  async getEntry(id: string): Promise<StoredEntry | undefined> {
    const entity = await this.fetchEntry(id);
    return entity && this.stored(entity);
  }

  async createEntry(input: { id: string; contentType: string; fields: Record<string, unknown> }) {
    const { id, contentType, fields } = input;
    try {
      const created = await this.client.entry.createWithId(
        { entryId: id, contentTypeId: contentType },
        { fields: localise(fields, this.locale) },
      );
      return toStoredEntry(CmaEntitySchema.parse(created), this.locale);
    } catch (error) {
      // Contentful answers a PUT on an existing id without a version with 409: the id is taken.
      if (isVersionMismatch(error)) throw new VersionConflictError(id, (await this.existing(id)).sys.version);
      throw error;
    }
  }

  async updateEntry(id: string, fields: Record<string, unknown>, expectedVersion: number) {
    const current = await this.rawEntry(id);
    const previous = CmaEntitySchema.parse(current).fields;
    return this.versioned(id, () =>
      this.client.entry.update(
        { entryId: id },
        {
          ...current,
          sys: { ...current.sys, version: expectedVersion },
          fields: localise(fields, this.locale, previous),
        },
      ),
    );
  }

  async publishEntry(id: string, expectedVersion: number) {
    const current = await this.rawEntry(id);
    return this.versioned(id, () =>
      this.client.entry.publish(
        { entryId: id },
        { ...current, sys: { ...current.sys, version: expectedVersion } },
      ),
    );
  }

  async unpublishEntry(id: string, expectedVersion: number) {
    // The SDK's unpublish sends no version, but the CMA takes one on this call: through `raw`.
    return this.versioned(id, () =>
      this.client.raw.delete(`${this.envPath}/entries/${encodeURIComponent(id)}/published`, {
        headers: { "X-Contentful-Version": expectedVersion },
      }),
    );
  }

  /** Upload (on the upload host), the asset linking it, processing for the shop's locale, publishing. */
  async createAsset(input: CreateAssetInput): Promise<StoredAsset> {
    const { locale, client } = this;
    const upload = await client.upload.create({}, { file: new Uint8Array(input.bytes).buffer });
    const created = await client.asset.createWithId(
      { assetId: input.id },
      {
        fields: {
          title: { [locale]: input.title },
          description: { [locale]: input.description },
          file: {
            [locale]: {
              fileName: input.fileName,
              contentType: input.contentType,
              uploadFrom: { sys: { type: "Link", linkType: "Upload", id: upload.sys.id } },
            },
          },
        },
      },
    );
    const processed = await client.asset.processForLocale({}, created, locale, {
      processingCheckWait: this.options.processingCheckWaitMs ?? 1_000,
    });
    const published = await client.asset.publish({ assetId: input.id }, processed);
    const asset = toStoredAsset(CmaEntitySchema.parse(published), locale, input);
    if (!asset) throw new Error(`asset ${input.id} was published without a processed file`);
    return asset;
  }

  async listAssets(): Promise<StoredAsset[]> {
    const assets = await collect((skip) =>
      this.client.asset.getMany({ query: { order: "sys.id", skip, limit: PAGE_SIZE } }),
    );
    return assets.flatMap((asset) => toStoredAsset(asset, this.locale) ?? []);
  }

  /** The published versions of those of `entities` changed since publishing (the CMA's `public` endpoint). */
  private async publishedVersionsOf(entities: CmaEntity[]): Promise<Map<string, CmaEntity>> {
    const changed = entities.filter(changedSincePublished).map((entity) => entity.sys.id);
    const result = new Map<string, CmaEntity>();
    for (let start = 0; start < changed.length; start += 100) {
      const ids = changed.slice(start, start + 100).join(",");
      const published = await collect((skip) =>
        this.client.entry.getPublished({ query: { "sys.id[in]": ids, skip, limit: PAGE_SIZE } }),
      );
      for (const entity of published) result.set(entity.sys.id, entity);
    }
    return result;
  }

  private async fetchEntry(id: string): Promise<CmaEntity | undefined> {
    try {
      return CmaEntitySchema.parse(await this.client.entry.get({ entryId: id }));
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  private async existing(id: string): Promise<CmaEntity> {
    const entity = await this.fetchEntry(id);
    if (!entity) throw new EntryNotFoundError(id);
    return entity;
  }

  /** The entry as the SDK returns it (the shape its writes take back). */
  private async rawEntry(id: string) {
    try {
      return await this.client.entry.get({ entryId: id });
    } catch (error) {
      throw isNotFound(error) ? new EntryNotFoundError(id) : error;
    }
  }

  private async stored(entity: CmaEntity): Promise<StoredEntry> {
    const published = await this.publishedVersionsOf([entity]);
    return toStoredEntry(entity, this.locale, published.get(entity.sys.id));
  }

  /** Runs a versioned write; a stale version is a conflict naming the version the entry is at now. */
  private async versioned(id: string, write: () => Promise<unknown>): Promise<StoredEntry> {
    let result: unknown;
    try {
      result = await write();
    } catch (error) {
      if (isNotFound(error)) throw new EntryNotFoundError(id);
      if (isVersionMismatch(error)) throw new VersionConflictError(id, (await this.existing(id)).sys.version);
      throw error;
    }
    return this.stored(CmaEntitySchema.parse(result));
  }
}

export function createContentfulStore(options: ContentfulStoreOptions): EditorialContentStore {
  return new ContentfulStore(options);
}

/** The Contentful store as configured (`COMPOSER_STORE=contentful`; parseConfig checked the space and token). */
export function contentfulStoreFromConfig(content: Config["content"]): EditorialContentStore {
  const { spaceId, environment, management } = content.contentful;
  if (!spaceId || !management.token) {
    throw new Error(
      "CONTENTFUL_SPACE_ID and CONTENTFUL_MANAGEMENT_TOKEN are required for COMPOSER_STORE=contentful",
    );
  }
  return createContentfulStore({
    spaceId,
    environment,
    managementToken: management.token,
    host: management.host,
    uploadHost: management.uploadHost,
  });
}
