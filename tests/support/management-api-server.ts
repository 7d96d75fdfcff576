import { randomUUID } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { signRequest } from "@/src/shop/cms/request-signing.server";
import { ASSET_FILES_DIR, isPlainObject, loadContentFiles } from "@/src/shop/cms/source/content-files.server";
import { CONTENT_LOCALE } from "@/src/shop/cms/source/types";

/**
 * A stand-in for Contentful's Content Management API (and its upload host) holding one space in memory,
 * so the real `contentful-management` SDK (and with it the composer's Contentful store) runs in tests
 * without a Contentful account (decision 27). It answers exactly the calls the store makes, with the
 * CMA's response shapes, version locking (`X-Contentful-Version`, 409 `VersionMismatch`) and error bodies;
 * anything else is a 404 or 400, never a silently wrong answer.
 *
 * With `contentDir`, the space starts from that content dir (published entries, drafts as changed
 * concepts, assets) and every write is mirrored back into it in the Delivery API shape the Delivery API
 * fake serves (`entries/` what is published, `drafts/` concepts with unpublished changes), so a publish
 * through the CMA shows up on the shop's Contentful source. With `sendWebhooksTo`, every publish and
 * unpublish of an entry is then posted to that URL as Contentful's webhook posts it (signed with the
 * webhook secret, after the content dir holds the change), so the shop drops its caches as it would live.
 */

export type ManagementApiServerOptions = {
  spaceId: string;
  environment?: string;
  managementToken: string;
  contentDir?: string;
};

/** Fields per locale, as the CMA stores them: `{ title: { "nl-NL": "..." } }`. */
export type LocalisedFields = Record<string, Record<string, unknown>>;

export type CmaSys = {
  id: string;
  type: "Entry" | "Asset";
  version: number;
  publishedVersion?: number;
  publishedCounter: number;
  publishedAt?: string;
  firstPublishedAt?: string;
  createdAt: string;
  updatedAt: string;
  space: LinkObject;
  environment: LinkObject;
  contentType?: LinkObject;
  createdBy: LinkObject;
  updatedBy: LinkObject;
  publishedBy?: LinkObject;
  automationTags: unknown[];
};

export type CmaEntity = {
  sys: CmaSys;
  fields: LocalisedFields;
  metadata: { tags: unknown[]; concepts: unknown[] };
};

/** What the space holds: every entity as the CMA answers for it, and what is published of each. */
export type SpaceSnapshot = {
  entries: CmaEntity[];
  publishedEntries: CmaEntity[];
  assets: CmaEntity[];
  publishedAssets: CmaEntity[];
  uploads: Array<{ id: string; size: number }>;
};

export type ManagementApiServer = {
  /** The API host for the SDK's `host` option (with `insecure: true`): `127.0.0.1:PORT`. */
  host: string;
  /** The upload host for the SDK's `hostUpload` option: a second port, as Contentful's is another host. */
  uploadHost: string;
  /** Every request as `METHOD /path?query`, for asserting which calls a client made. */
  requests: string[];
  space(): SpaceSnapshot;
  /** The next `count` API requests are refused with Contentful's 429 `RateLimitExceeded`. */
  rateLimitNext(count: number): void;
  /** Posts Contentful's publish and unpublish webhooks of entries to `url` from now on. */
  sendWebhooksTo(webhook: Webhook): void;
  /** Every webhook sent, as `topic id status` (status 0: not delivered). */
  webhooks: string[];
  close(): Promise<void>;
};

export type Webhook = { url: string; secret: string };

type LinkObject = { sys: { type: "Link"; linkType: string; id: string } };

type StoredEntity = CmaEntity & { published?: CmaEntity };

type State = {
  spaceId: string;
  environment: string;
  token: string;
  contentDir?: string;
  apiHost: string;
  entries: Map<string, StoredEntity>;
  assets: Map<string, StoredEntity>;
  uploads: Map<string, Buffer>;
  /** Asset files by `{assetId}/{fileName}`, served where processing put them. */
  files: Map<string, { bytes: Buffer; contentType: string }>;
  requests: string[];
  /** Mirroring into the content dir, in order; a response waits for it so a reader sees the write. */
  mirrored: Promise<void>;
  rateLimited: number;
  webhook?: Webhook;
  webhooks: string[];
};

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorId: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

const USER = link("User", "composer-token-user");
const MAX_LIMIT = 1000;
const ID_PATTERN = /^[a-zA-Z0-9\-_.]{1,64}$/;
const ENV_ROUTE = /^\/spaces\/([^/]+)\/environments\/([^/]+)(\/.*)?$/;

export async function startManagementApiServer(
  options: ManagementApiServerOptions,
): Promise<ManagementApiServer> {
  const state: State = {
    spaceId: options.spaceId,
    environment: options.environment ?? "master",
    token: options.managementToken,
    contentDir: options.contentDir,
    apiHost: "",
    entries: new Map(),
    assets: new Map(),
    uploads: new Map(),
    files: new Map(),
    requests: [],
    mirrored: Promise.resolve(),
    rateLimited: 0,
    webhooks: [],
  };
  if (options.contentDir) await seed(state, options.contentDir);
  const api = await listen(state, "api");
  const upload = await listen(state, "upload");
  state.apiHost = hostOf(api);
  return {
    host: state.apiHost,
    uploadHost: hostOf(upload),
    requests: state.requests,
    space: () => snapshot(state),
    rateLimitNext: (count) => {
      state.rateLimited = count;
    },
    sendWebhooksTo: (webhook) => {
      state.webhook = webhook;
    },
    webhooks: state.webhooks,
    close: async () => {
      await Promise.all([closeServer(api), closeServer(upload)]);
    },
  };
}

function hostOf(server: Server): string {
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function listen(state: State, role: "api" | "upload"): Promise<Server> {
  const server = createServer((request, response) => {
    handle(state, role, request, response).catch((error: unknown) => {
      if (error instanceof ApiError) return sendError(response, error);
      const message = error instanceof Error ? error.message : String(error);
      if (!response.headersSent) sendError(response, new ApiError(500, "ServerError", message));
      else response.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  return server;
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    // The SDK's agent keeps connections alive; without this, close() waits for them to time out.
    server.closeAllConnections();
  });
}

// ---------------------------------------------------------------------------------------------------
// Routing

async function handle(
  state: State,
  role: "api" | "upload",
  request: IncomingMessage,
  response: ServerResponse,
) {
  const url = new URL(request.url ?? "/", "http://cma.test");
  const method = request.method ?? "GET";
  state.requests.push(`${method} ${role === "upload" ? "upload:" : ""}${url.pathname}${url.search}`);
  if (method === "GET" && url.pathname.startsWith("/asset-files/")) return serveFile(state, url, response);
  if (request.headers.authorization !== `Bearer ${state.token}`) {
    throw new ApiError(
      401,
      "AccessTokenInvalid",
      "The access token you sent could not be found or is invalid.",
    );
  }
  if (state.rateLimited > 0) {
    state.rateLimited -= 1;
    // Contentful says when to try again (in seconds); here at once.
    response.setHeader("x-contentful-ratelimit-reset", "0");
    throw new ApiError(
      429,
      "RateLimitExceeded",
      "You have exceeded the rate limit of the Organization this Space belongs to.",
    );
  }
  const route = ENV_ROUTE.exec(url.pathname);
  if (!route) throw notFound("Resource", url.pathname);
  const [, space = "", environment = "", rest = ""] = route;
  if (space !== state.spaceId) throw notFound("Space", space);
  if (environment !== state.environment) throw notFound("Environment", environment);
  const body = await readBody(request);
  const segments = rest.split("/").filter(Boolean).map(decodeURIComponent);
  if (role === "upload") return handleUpload(state, method, segments, body, response);
  const result = routeApi(state, method, segments, url.searchParams, request, body);
  if (result === undefined) throw notFound("Resource", url.pathname);
  await state.mirrored;
  sendJson(response, result.status, result.body);
}

type Result = { status: number; body: unknown } | undefined;

function routeApi(
  state: State,
  method: string,
  segments: string[],
  query: URLSearchParams,
  request: IncomingMessage,
  body: Buffer,
): Result {
  const version = versionHeader(request);
  const [collection, id, action, locale, process] = segments;
  if (collection === "public" && method === "GET" && segments.length === 2) {
    if (id === "entries") return { status: 200, body: list(publishedOf(state.entries), query) };
    if (id === "assets") return { status: 200, body: list(publishedOf(state.assets), query) };
    return undefined;
  }
  if (collection !== "entries" && collection !== "assets") return undefined;
  const store = collection === "entries" ? state.entries : state.assets;
  const type = collection === "entries" ? "Entry" : "Asset";
  if (id === undefined) {
    return method === "GET" ? { status: 200, body: list([...store.values()], query) } : undefined;
  }
  if (action === undefined) {
    if (method === "GET") return { status: 200, body: current(existing(store, type, id)) };
    if (method === "PUT") {
      const contentType = header(request, "x-contentful-content-type");
      return putEntity(state, store, type, id, parseJson(body), version, contentType);
    }
    return undefined;
  }
  const entity = existing(store, type, id);
  if (action === "published" && method === "PUT")
    return { status: 200, body: publish(state, entity, version) };
  if (action === "published" && method === "DELETE") {
    return { status: 200, body: unpublish(state, entity, version) };
  }
  if (type === "Asset" && action === "files" && locale && process === "process" && method === "PUT") {
    processAsset(state, entity, locale, version);
    return { status: 204, body: undefined };
  }
  return undefined;
}

function handleUpload(
  state: State,
  method: string,
  segments: string[],
  body: Buffer,
  response: ServerResponse,
): void {
  const [collection, id] = segments;
  if (collection !== "uploads") throw notFound("Resource", segments.join("/"));
  if (method === "POST" && id === undefined) {
    const uploadId = randomUUID().replaceAll("-", "").slice(0, 22);
    state.uploads.set(uploadId, body);
    sendJson(response, 201, uploadResource(state, uploadId));
    return;
  }
  if (method === "GET" && id !== undefined) {
    if (!state.uploads.has(id)) throw notFound("Upload", id);
    sendJson(response, 200, uploadResource(state, id));
    return;
  }
  throw notFound("Resource", segments.join("/"));
}

// ---------------------------------------------------------------------------------------------------
// Writes

function putEntity(
  state: State,
  store: Map<string, StoredEntity>,
  type: "Entry" | "Asset",
  id: string,
  body: unknown,
  version: number | undefined,
  contentType: string | undefined,
): Result {
  const payload = parsePayload(body);
  const found = store.get(id);
  if (!found) {
    if (!ID_PATTERN.test(id)) throw new ApiError(400, "BadRequest", "Invalid id.", { id });
    if (type === "Entry" && !contentType) {
      throw new ApiError(422, "InvalidEntry", "Validation error", {
        errors: [{ name: "required", path: ["sys", "contentType"], details: "Content type is required" }],
      });
    }
    const entity = newEntity(state, type, id, payload.fields, contentType);
    store.set(id, entity);
    mirror(state, entity);
    return { status: 201, body: current(entity) };
  }
  checkVersion(found, version);
  found.fields = payload.fields;
  if (payload.metadata) found.metadata = payload.metadata;
  touch(found);
  mirror(state, found);
  return { status: 200, body: current(found) };
}

function publish(state: State, entity: StoredEntity, version: number | undefined): CmaEntity {
  checkVersion(entity, version);
  if (entity.sys.type === "Asset" && Object.values(entity.fields.file ?? {}).some((file) => !hasUrl(file))) {
    throw new ApiError(422, "ValidationFailed", "Validation error", {
      errors: [{ name: "required", path: ["fields", "file", "url"], details: "The asset is not processed" }],
    });
  }
  const now = new Date().toISOString();
  const { sys } = entity;
  sys.publishedVersion = sys.version;
  sys.publishedCounter += 1;
  sys.publishedAt = now;
  sys.firstPublishedAt ??= now;
  sys.publishedBy = USER;
  sys.version += 1;
  sys.updatedAt = now;
  entity.published = structuredClone(current(entity));
  mirror(state, entity);
  notify(state, "publish", entity);
  return current(entity);
}

function unpublish(state: State, entity: StoredEntity, version: number | undefined): CmaEntity {
  checkVersion(entity, version);
  if (entity.published === undefined) throw new ApiError(400, "BadRequest", "Not published");
  const { sys } = entity;
  delete sys.publishedVersion;
  delete sys.publishedAt;
  delete sys.publishedBy;
  entity.published = undefined;
  touch(entity);
  mirror(state, entity);
  notify(state, "unpublish", entity);
  return current(entity);
}

/** Processing is immediate here: the file moves from its upload to a URL, and the asset gets a version. */
function processAsset(state: State, entity: StoredEntity, locale: string, version: number | undefined) {
  checkVersion(entity, version);
  const file = entity.fields.file?.[locale];
  if (!isPlainObject(file)) throw notFound("File", locale);
  const uploadId =
    isPlainObject(file.uploadFrom) && isPlainObject(file.uploadFrom.sys) ? file.uploadFrom.sys.id : "";
  const bytes = typeof uploadId === "string" ? state.uploads.get(uploadId) : undefined;
  if (!bytes) {
    throw new ApiError(422, "ValidationFailed", "Validation error", {
      errors: [{ name: "notResolvable", path: ["fields", "file", locale, "uploadFrom"] }],
    });
  }
  const fileName = String(file.fileName);
  const contentType = String(file.contentType);
  state.files.set(`${entity.sys.id}/${fileName}`, { bytes, contentType });
  const image = imageSize(bytes);
  const { uploadFrom: _uploadFrom, ...rest } = file;
  entity.fields.file = {
    ...entity.fields.file,
    [locale]: {
      ...rest,
      url: `//${state.apiHost}/asset-files/${encodeURIComponent(entity.sys.id)}/${encodeURIComponent(fileName)}`,
      details: { size: bytes.length, ...(image ? { image } : {}) },
    },
  };
  touch(entity);
  mirror(state, entity);
}

function touch(entity: StoredEntity) {
  entity.sys.version += 1;
  entity.sys.updatedAt = new Date().toISOString();
  entity.sys.updatedBy = USER;
}

/** The CMA's version lock: a write names the version it was made against, else it is refused. */
function checkVersion(entity: StoredEntity, version: number | undefined) {
  if (version === entity.sys.version) return;
  const message =
    version === undefined
      ? 'Please pass sys.version as HTTP header "X-Contentful-Version"'
      : "Version mismatch error. The version you specified was incorrect. This may be due to someone else editing the content.";
  throw new ApiError(409, "VersionMismatch", message);
}

function newEntity(
  state: State,
  type: "Entry" | "Asset",
  id: string,
  fields: LocalisedFields,
  contentType: string | undefined,
): StoredEntity {
  const now = new Date().toISOString();
  return {
    metadata: { tags: [], concepts: [] },
    sys: {
      space: link("Space", state.spaceId),
      id,
      type,
      createdAt: now,
      updatedAt: now,
      environment: link("Environment", state.environment),
      createdBy: USER,
      updatedBy: USER,
      publishedCounter: 0,
      version: 1,
      automationTags: [],
      ...(type === "Entry" && contentType ? { contentType: link("ContentType", contentType) } : {}),
    },
    fields,
  };
}

// ---------------------------------------------------------------------------------------------------
// Reads

function current(entity: StoredEntity): CmaEntity {
  const { published: _published, ...rest } = entity;
  return structuredClone(rest);
}

function publishedOf(store: Map<string, StoredEntity>): CmaEntity[] {
  return [...store.values()].flatMap((entity) =>
    entity.published ? [structuredClone(entity.published)] : [],
  );
}

function existing(store: Map<string, StoredEntity>, type: string, id: string): StoredEntity {
  const entity = store.get(id);
  if (!entity) throw notFound(type, id);
  return entity;
}

const SUPPORTED_QUERY = new Set(["content_type", "sys.id", "sys.id[in]", "skip", "limit", "order"]);

/** The collection endpoints' filters the store uses; anything else is refused, not ignored. */
function list(entities: CmaEntity[], query: URLSearchParams) {
  for (const key of query.keys()) {
    if (!SUPPORTED_QUERY.has(key)) {
      throw new ApiError(400, "InvalidQuery", "The query you sent was invalid.", { unsupported: key });
    }
  }
  const skip = Number(query.get("skip") ?? 0);
  const limit = Number(query.get("limit") ?? 100);
  if (!Number.isInteger(skip) || skip < 0 || !Number.isInteger(limit) || limit < 0 || limit > MAX_LIMIT) {
    throw new ApiError(400, "BadRequest", "The query you sent was invalid: skip or limit out of range.");
  }
  const contentType = query.get("content_type");
  const ids =
    query.get("sys.id[in]")?.split(",") ?? (query.has("sys.id") ? [query.get("sys.id") ?? ""] : undefined);
  const matching = entities
    .filter((entity) => contentType === null || entity.sys.contentType?.sys.id === contentType)
    .filter((entity) => ids === undefined || ids.includes(entity.sys.id))
    .sort((a, b) => (a.sys.id < b.sys.id ? -1 : a.sys.id > b.sys.id ? 1 : 0));
  return {
    sys: { type: "Array" },
    total: matching.length,
    skip,
    limit,
    items: matching.slice(skip, skip + limit),
  };
}

function snapshot(state: State): SpaceSnapshot {
  const all = (store: Map<string, StoredEntity>) => [...store.values()].map(current);
  return {
    entries: all(state.entries),
    publishedEntries: publishedOf(state.entries),
    assets: all(state.assets),
    publishedAssets: publishedOf(state.assets),
    uploads: [...state.uploads].map(([id, bytes]) => ({ id, size: bytes.length })),
  };
}

function uploadResource(state: State, id: string) {
  const createdAt = new Date();
  return {
    sys: {
      id,
      type: "Upload",
      createdAt: createdAt.toISOString(),
      expiresAt: new Date(createdAt.getTime() + 24 * 3_600_000).toISOString(),
      createdBy: USER,
      space: link("Space", state.spaceId),
      environment: link("Environment", state.environment),
    },
  };
}

function serveFile(state: State, url: URL, response: ServerResponse) {
  const key = url.pathname.slice("/asset-files/".length).split("/").map(decodeURIComponent).join("/");
  const file = state.files.get(key);
  if (!file) throw notFound("Asset", key);
  response.writeHead(200, { "content-type": file.contentType, "content-length": file.bytes.length });
  response.end(file.bytes);
}

// ---------------------------------------------------------------------------------------------------
// Request parsing

function parsePayload(body: unknown): { fields: LocalisedFields; metadata?: CmaEntity["metadata"] } {
  if (!isPlainObject(body) || !isPlainObject(body.fields)) {
    throw new ApiError(400, "BadRequest", "The body must be an object with fields.");
  }
  const fields: LocalisedFields = {};
  for (const [name, value] of Object.entries(body.fields)) {
    if (!isPlainObject(value)) {
      throw invalid(["fields", name], "type", 'A field holds a value per locale: { "nl-NL": ... }');
    }
    for (const locale of Object.keys(value)) {
      if (locale !== CONTENT_LOCALE) throw invalid(["fields", name, locale], "unknown", "Unknown locale");
    }
    fields[name] = structuredClone(value);
  }
  const metadata = isPlainObject(body.metadata)
    ? { tags: Array.isArray(body.metadata.tags) ? body.metadata.tags : [], concepts: [] }
    : undefined;
  return { fields, ...(metadata ? { metadata } : {}) };
}

function invalid(fieldPath: string[], name: string, details: string) {
  return new ApiError(422, "InvalidEntry", "Validation error", {
    errors: [{ name, path: fieldPath, details }],
  });
}

function versionHeader(request: IncomingMessage): number | undefined {
  const raw = header(request, "x-contentful-version");
  if (raw === undefined) return undefined;
  const version = Number(raw);
  return Number.isInteger(version) ? version : Number.NaN;
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function parseJson(body: Buffer): unknown {
  if (body.length === 0) return undefined;
  try {
    return JSON.parse(body.toString("utf8"));
  } catch {
    throw new ApiError(400, "BadRequest", "The body is not valid JSON.");
  }
}

/** Width and height of a PNG, GIF or JPEG, as Contentful's processing reports them in `details.image`. */
function imageSize(bytes: Buffer): { width: number; height: number } | undefined {
  if (bytes.length > 24 && bytes.readUInt32BE(0) === 0x89504e47) {
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (bytes.length > 10 && bytes.toString("latin1", 0, 3) === "GIF") {
    return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
  }
  if (bytes.length > 4 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    for (let offset = 2; offset + 9 < bytes.length; ) {
      if (bytes[offset] !== 0xff) return undefined;
      const marker = bytes[offset + 1] ?? 0;
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
        return { width: bytes.readUInt16BE(offset + 7), height: bytes.readUInt16BE(offset + 5) };
      }
      offset += 2 + bytes.readUInt16BE(offset + 2);
    }
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------------
// The content dir: seeding and mirroring

async function seed(state: State, dir: string) {
  const files = await loadContentFiles(dir);
  const localise = (fields: Record<string, unknown>): LocalisedFields =>
    Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, { [CONTENT_LOCALE]: value }]));
  for (const entry of files.entries.values()) {
    const entity = newEntity(
      state,
      "Entry",
      entry.sys.id,
      localise(entry.fields),
      entry.sys.contentType.sys.id,
    );
    publishSeeded(entity, entry.sys.updatedAt);
    state.entries.set(entry.sys.id, entity);
  }
  for (const draft of files.drafts.values()) {
    const found = state.entries.get(draft.sys.id);
    const entity = found ?? newEntity(state, "Entry", draft.sys.id, {}, draft.sys.contentType.sys.id);
    entity.fields = localise(draft.fields);
    if (found) touch(entity);
    state.entries.set(draft.sys.id, entity);
  }
  for (const asset of files.assets.values()) {
    const { file, ...rest } = asset.fields;
    const fields = localise({
      ...rest,
      file: { ...file, url: `/cms-assets/${encodeURIComponent(file.fileName)}` },
    });
    const entity = newEntity(state, "Asset", asset.sys.id, fields, undefined);
    publishSeeded(entity, asset.sys.updatedAt);
    state.assets.set(asset.sys.id, entity);
  }
}

function publishSeeded(entity: StoredEntity, at: string | undefined) {
  const { sys } = entity;
  if (at) sys.createdAt = sys.updatedAt = sys.publishedAt = sys.firstPublishedAt = at;
  sys.publishedVersion = 1;
  sys.publishedCounter = 1;
  sys.version = 2;
  entity.published = structuredClone(current(entity));
}

/** Writes the entity's published state and concept into the content dir, as the Delivery API fake reads it. */
function mirror(state: State, entity: StoredEntity) {
  const dir = state.contentDir;
  if (!dir) return;
  const copy = structuredClone(entity);
  state.mirrored = state.mirrored.then(() => writeMirror(state, dir, copy));
}

async function writeMirror(state: State, dir: string, entity: StoredEntity) {
  const { sys } = entity;
  const name = `${sys.id}.json`;
  if (sys.type === "Asset") {
    if (!entity.published) return;
    const fields = delocalise(entity.published.fields);
    const file = isPlainObject(fields.file) ? fields.file : {};
    const bytes = state.files.get(`${sys.id}/${String(file.fileName)}`);
    if (bytes) {
      await mkdir(path.join(dir, ASSET_FILES_DIR), { recursive: true });
      await writeFile(path.join(dir, ASSET_FILES_DIR, String(file.fileName)), bytes.bytes);
    }
    const { url: _url, ...fileWithoutUrl } = file;
    return writeEntityFile(dir, "assets", name, {
      sys: deliverySys(entity),
      fields: { ...fields, file: fileWithoutUrl },
    });
  }
  const changed = !entity.published || sys.version > (sys.publishedVersion ?? 0) + 1;
  await (entity.published
    ? writeEntityFile(dir, "entries", name, {
        sys: deliverySys(entity),
        fields: delocalise(entity.published.fields),
      })
    : rm(path.join(dir, "entries", name), { force: true }));
  await (changed
    ? writeEntityFile(dir, "drafts", name, { sys: deliverySys(entity), fields: delocalise(entity.fields) })
    : rm(path.join(dir, "drafts", name), { force: true }));
}

/**
 * Contentful's webhook for an entry's publish or unpublish, once the content dir holds the change (as the
 * CDA serves a publish before its webhook arrives): the entry as published, or its deleted sys.
 */
function notify(state: State, action: "publish" | "unpublish", entity: StoredEntity) {
  const webhook = state.webhook;
  if (!webhook || entity.sys.type !== "Entry") return;
  const topic = `ContentManagement.Entry.${action}`;
  const { sys } = entity;
  const payload =
    action === "publish"
      ? current(entity)
      : { sys: { id: sys.id, type: "DeletedEntry", contentType: sys.contentType, space: sys.space } };
  const body = JSON.stringify(payload);
  void state.mirrored
    .then(async () => {
      const target = new URL(webhook.url);
      const signature = signRequest(webhook.secret, {
        method: "POST",
        path: `${target.pathname}${target.search}`,
        headers: {},
        body,
      });
      const response = await fetch(target, {
        method: "POST",
        headers: {
          "content-type": "application/vnd.contentful.management.v1+json",
          "x-contentful-topic": topic,
          ...signature,
        },
        body,
      });
      return response.status;
    })
    .catch(() => 0)
    .then((status) => state.webhooks.push(`${topic} ${sys.id} ${status}`));
}

function deliverySys(entity: StoredEntity) {
  const { sys } = entity;
  return {
    id: sys.id,
    type: sys.type,
    ...(sys.contentType ? { contentType: { sys: { id: sys.contentType.sys.id } } } : {}),
    createdAt: sys.createdAt,
    updatedAt: sys.updatedAt,
    revision: Math.max(1, sys.publishedCounter),
  };
}

async function writeEntityFile(dir: string, subdir: string, name: string, json: unknown) {
  await mkdir(path.join(dir, subdir), { recursive: true });
  await writeFile(path.join(dir, subdir, name), `${JSON.stringify(json, null, 2)}\n`);
}

function delocalise(fields: LocalisedFields): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).flatMap(([name, values]) =>
      CONTENT_LOCALE in values ? [[name, values[CONTENT_LOCALE]]] : [],
    ),
  );
}

function hasUrl(file: unknown): boolean {
  return isPlainObject(file) && typeof file.url === "string";
}

// ---------------------------------------------------------------------------------------------------
// Responses

function link(linkType: string, id: string): LinkObject {
  return { sys: { type: "Link", linkType, id } };
}

function notFound(type: string, id: string | undefined) {
  return new ApiError(404, "NotFound", "The resource could not be found.", { type, id });
}

function sendJson(response: ServerResponse, status: number, body: unknown) {
  const requestId = randomUUID();
  if (body === undefined) {
    response.writeHead(status, { "x-contentful-request-id": requestId });
    response.end();
    return;
  }
  const text = JSON.stringify(body);
  response.writeHead(status, {
    "content-type": "application/vnd.contentful.management.v1+json",
    "content-length": Buffer.byteLength(text),
    "x-contentful-request-id": requestId,
  });
  response.end(text);
}

function sendError(response: ServerResponse, error: ApiError) {
  sendJson(response, error.status, {
    sys: { type: "Error", id: error.errorId },
    message: error.message,
    ...(error.details === undefined ? {} : { details: error.details }),
    requestId: randomUUID(),
  });
}
