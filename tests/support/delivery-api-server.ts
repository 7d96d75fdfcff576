import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import {
  ASSET_FILES_DIR,
  ASSET_URL_PREFIX,
  type ContentFiles,
  isLink,
  isPlainObject,
  loadContentFiles,
  visibleEntries,
} from "@/src/shop/cms/source/content-files.server";
import { CONTENT_LOCALE, type ContentAsset, type ContentEntry, type Link } from "@/src/shop/cms/source/types";

/**
 * A stand-in for the Contentful Content Delivery API (and Preview API) over a local content dir, so
 * the real `contentful` SDK (and with it the Contentful source) runs in tests and local set-ups
 * without a Contentful account. Which API answers depends on the token: the preview token shows drafts.
 * It covers what the shop and the SDK ask for; an unsupported filter is a 400, never a silently wrong
 * answer. The content is read from disk on every request, so edits show up at once.
 */

export type DeliveryApiServerOptions = {
  dir: string;
  spaceId: string;
  environment?: string;
  deliveryToken: string;
  previewToken?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
};

export type DeliveryApiServer = {
  /** `http://127.0.0.1:PORT` */
  url: string;
  /** `127.0.0.1:PORT`, the SDK's `host` option (with `insecure: true`). */
  host: string;
  close(): Promise<void>;
};

type ServerContext = Required<Omit<DeliveryApiServerOptions, "port" | "previewToken">> & {
  previewToken: string | undefined;
  host: string;
};

/** An entry or asset as the CDA sends it (full `sys`; fields for one locale unless `locale=*`). */
type ApiEntity = {
  sys: { id: string; type: string } & Record<string, unknown>;
  fields: Record<string, unknown>;
  metadata: { tags: unknown[]; concepts: unknown[] };
};

const MAX_INCLUDE = 10;
const MAX_LIMIT = 1000;
const CONTENT_TYPE_HEADER = "application/vnd.contentful.delivery.v1+json; charset=utf-8";
const ROUTE =
  /^\/spaces\/([^/]+)(?:\/environments\/([^/]+))?(?:\/(entries|assets|content_types|locales)(?:\/([^/]+))?)?\/?$/;

export async function startDeliveryApiServer(options: DeliveryApiServerOptions): Promise<DeliveryApiServer> {
  const context: ServerContext = {
    dir: options.dir,
    spaceId: options.spaceId,
    environment: options.environment ?? "master",
    deliveryToken: options.deliveryToken,
    previewToken: options.previewToken,
    host: "",
  };
  const server = createServer((request, response) => {
    handle(request, response, context).catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      if (!response.headersSent) sendError(request, response, 500, "ServerError", message);
      else response.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  context.host = `127.0.0.1:${port}`;
  return {
    url: `http://${context.host}`,
    host: context.host,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // The SDK's agent keeps connections alive; without this, close() waits for them to time out.
        server.closeAllConnections();
      }),
  };
}

async function handle(request: IncomingMessage, response: ServerResponse, context: ServerContext) {
  if (request.method !== "GET" && request.method !== "HEAD") {
    return sendError(request, response, 405, "MethodNotAllowed", "Only GET and HEAD are supported.");
  }
  const url = new URL(request.url ?? "/", `http://${context.host}`);
  if (url.pathname.startsWith(ASSET_URL_PREFIX)) return serveAssetFile(request, response, url, context);

  const route = ROUTE.exec(url.pathname);
  if (!route) return sendNotFound(request, response, "Resource", url.pathname);

  // Like the CDA: the token is checked before anything else, also for an unknown space.
  const preview = tokenMode(request, url, context);
  if (preview === undefined) {
    return sendError(
      request,
      response,
      401,
      "AccessTokenInvalid",
      "The access token you sent could not be found or is invalid.",
    );
  }
  const [, space = "", environment = "master", collection, id] = route.map((part) =>
    part === undefined ? undefined : decodeURIComponent(part),
  );
  if (space !== context.spaceId) return sendNotFound(request, response, "Space", space);
  if (environment !== context.environment) {
    return sendNotFound(request, response, "Environment", environment);
  }

  let query: ParsedQuery;
  try {
    query = parseQuery(url.searchParams, collection);
  } catch (error) {
    if (!(error instanceof QueryError)) throw error;
    return sendError(request, response, 400, error.errorId, error.message, { errors: error.details });
  }
  const files = await loadContentFiles(context.dir);
  const render = new Renderer(files, preview, context);

  switch (collection) {
    case undefined:
      return sendJson(request, response, 200, spaceResource(context));
    case "locales":
      return sendJson(request, response, 200, arrayResponse([localeResource()], 0, MAX_LIMIT));
    case "content_types": {
      const contentTypes = contentTypeResources([...render.entries.values()]);
      if (id === undefined)
        return sendJson(request, response, 200, arrayResponse(contentTypes, 0, MAX_LIMIT));
      const contentType = contentTypes.find((item) => item.sys.id === id);
      if (!contentType) return sendNotFound(request, response, "ContentType", id);
      return sendJson(request, response, 200, contentType);
    }
    case "entries":
    case "assets": {
      const all = collection === "entries" ? render.allEntries() : render.allAssets();
      if (id !== undefined) {
        // The single-entity endpoints resolve nothing (the SDK's getEntry uses the collection instead).
        const entity = all.find((item) => item.sys.id === id);
        if (!entity) return sendNotFound(request, response, collection === "entries" ? "Entry" : "Asset", id);
        return sendJson(request, response, 200, localise(entity, query.locale));
      }
      const matching = sortEntities(all.filter(query.matches), query.order);
      const items = matching.slice(query.skip, query.skip + query.limit);
      const body: Record<string, unknown> = arrayResponse(
        items.map((item) => localise(item, query.locale)),
        query.skip,
        query.limit,
        matching.length,
      );
      if (collection === "entries") {
        const { includes, unresolved } = render.includes(items, query.include);
        body.includes = {
          Entry: includes.Entry.map((item) => localise(item, query.locale)),
          Asset: includes.Asset.map((item) => localise(item, query.locale)),
        };
        if (unresolved.length > 0) {
          body.errors = unresolved.map((link) => ({
            sys: { id: "notResolvable", type: "error" },
            details: { type: "Link", linkType: link.sys.linkType, id: link.sys.id },
          }));
        }
      }
      return sendJson(request, response, 200, body);
    }
    default:
      return sendNotFound(request, response, "Resource", url.pathname);
  }
}

function tokenMode(request: IncomingMessage, url: URL, context: ServerContext): boolean | undefined {
  const header = request.headers.authorization;
  const token = header?.startsWith("Bearer ")
    ? header.slice("Bearer ".length)
    : url.searchParams.get("access_token");
  if (token === context.deliveryToken) return false;
  if (context.previewToken !== undefined && token === context.previewToken) return true;
  return undefined;
}

// ---------------------------------------------------------------------------------------------------
// Rendering entities as the CDA does

class Renderer {
  readonly entries: Map<string, ContentEntry>;

  constructor(
    private readonly files: ContentFiles,
    preview: boolean,
    private readonly context: ServerContext,
  ) {
    this.entries = visibleEntries(files, preview);
  }

  allEntries(): ApiEntity[] {
    return [...this.entries.values()].map((entry) => this.entry(entry));
  }

  allAssets(): ApiEntity[] {
    return [...this.files.assets.values()].map((asset) => this.asset(asset));
  }

  /** Everything linked from `items`, breadth first up to `depth` links away, as the CDA's `include`. */
  includes(items: ApiEntity[], depth: number) {
    const includes: { Entry: ApiEntity[]; Asset: ApiEntity[] } = { Entry: [], Asset: [] };
    const unresolved: Link[] = [];
    const seen = new Set(items.map((item) => `${item.sys.type}!${item.sys.id}`));
    let frontier = items;
    for (let level = 0; level < depth && frontier.length > 0; level++) {
      const next: ApiEntity[] = [];
      for (const entity of frontier) {
        for (const link of linksIn(entity.fields)) {
          const key = `${link.sys.linkType}!${link.sys.id}`;
          if (seen.has(key)) continue;
          seen.add(key);
          const target = this.lookup(link);
          if (!target) {
            unresolved.push(link);
            continue;
          }
          includes[link.sys.linkType].push(target);
          next.push(target);
        }
      }
      frontier = next;
    }
    return { includes, unresolved };
  }

  private lookup(link: Link): ApiEntity | undefined {
    if (link.sys.linkType === "Entry") {
      const entry = this.entries.get(link.sys.id);
      return entry && this.entry(entry);
    }
    const asset = this.files.assets.get(link.sys.id);
    return asset && this.asset(asset);
  }

  private entry(entry: ContentEntry): ApiEntity {
    const { sys } = entry;
    return {
      metadata: { tags: entry.metadata?.tags ?? [], concepts: [] },
      sys: {
        space: linkTo("Space", this.context.spaceId),
        id: sys.id,
        type: "Entry",
        createdAt: sys.createdAt,
        updatedAt: sys.updatedAt,
        environment: linkTo("Environment", this.context.environment),
        revision: sys.revision,
        contentType: linkTo("ContentType", sys.contentType.sys.id),
        locale: CONTENT_LOCALE,
      },
      fields: entry.fields,
    };
  }

  private asset(asset: ContentAsset): ApiEntity {
    const { sys, fields } = asset;
    return {
      metadata: { tags: [], concepts: [] },
      sys: {
        space: linkTo("Space", this.context.spaceId),
        id: sys.id,
        type: "Asset",
        createdAt: sys.createdAt,
        updatedAt: sys.updatedAt,
        environment: linkTo("Environment", this.context.environment),
        revision: sys.revision,
        locale: CONTENT_LOCALE,
      },
      fields: {
        ...fields,
        // Protocol-relative, as Contentful's asset CDN URLs are.
        file: {
          ...fields.file,
          url: `//${this.context.host}${ASSET_URL_PREFIX}${encodeURIComponent(fields.file.fileName)}`,
        },
      },
    };
  }
}

function linkTo(linkType: string, id: string) {
  return { sys: { type: "Link", linkType, id } };
}

function linksIn(value: unknown): Link[] {
  if (Array.isArray(value)) return value.flatMap(linksIn);
  if (!isPlainObject(value)) return [];
  if (isLink(value)) return [value];
  return Object.values(value).flatMap(linksIn);
}

/** `locale=*` answers every field as `{ "nl-NL": value }` (what the SDK's `withAllLocales` asks for). */
function localise(entity: ApiEntity, locale: string): ApiEntity {
  if (locale !== "*") return entity;
  const { locale: _locale, ...sys } = entity.sys;
  const fields = Object.fromEntries(
    Object.entries(entity.fields).map(([name, value]) => [name, { [CONTENT_LOCALE]: value }]),
  );
  return { ...entity, sys, fields };
}

function arrayResponse(items: unknown[], skip: number, limit: number, total = items.length) {
  return { sys: { type: "Array" }, total, skip, limit, items };
}

function spaceResource(context: ServerContext) {
  return {
    sys: { type: "Space", id: context.spaceId },
    name: "Local content",
    locales: [{ code: CONTENT_LOCALE, default: true, name: "Dutch (Netherlands)", fallbackCode: null }],
  };
}

function localeResource() {
  return {
    code: CONTENT_LOCALE,
    name: "Dutch (Netherlands)",
    default: true,
    fallbackCode: null,
    sys: { id: "nl-NL", type: "Locale", version: 1 },
  };
}

/** Content types are not stored locally; they are inferred from the entries that use them. */
function contentTypeResources(entries: ContentEntry[]) {
  const byType = new Map<string, Map<string, unknown>>();
  for (const entry of entries) {
    const id = entry.sys.contentType.sys.id;
    const fields = byType.get(id) ?? new Map<string, unknown>();
    for (const [name, value] of Object.entries(entry.fields)) if (!fields.has(name)) fields.set(name, value);
    byType.set(id, fields);
  }
  return [...byType.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([id, fields]) => ({
      sys: { id, type: "ContentType" },
      name: id,
      displayField: ["title", "internalName", "name"].find((name) => fields.has(name)) ?? null,
      description: "",
      fields: [...fields.entries()].map(([name, value]) => ({
        id: name,
        name,
        ...fieldType(value),
        localized: false,
        required: false,
        disabled: false,
        omitted: false,
      })),
    }));
}

function fieldType(value: unknown): Record<string, unknown> {
  if (typeof value === "string") return { type: value.length > 255 ? "Text" : "Symbol" };
  if (typeof value === "number") return { type: Number.isInteger(value) ? "Integer" : "Number" };
  if (typeof value === "boolean") return { type: "Boolean" };
  if (isLink(value)) return { type: "Link", linkType: value.sys.linkType };
  if (Array.isArray(value))
    return { type: "Array", items: value.length > 0 ? fieldType(value[0]) : { type: "Symbol" } };
  if (isPlainObject(value) && value.nodeType === "document") return { type: "RichText" };
  return { type: "Object" };
}

// ---------------------------------------------------------------------------------------------------
// Queries

class QueryError extends Error {
  constructor(
    readonly errorId: "BadRequest" | "InvalidQuery",
    message: string,
    readonly details: unknown[],
  ) {
    super(message);
  }
}

type ParsedQuery = {
  include: number;
  limit: number;
  skip: number;
  locale: string;
  order: Array<{ path: string[]; descending: boolean }>;
  matches: (entity: ApiEntity) => boolean;
};

const INVALID_QUERY =
  "The query you sent was invalid. Probably a filter or ordering specification is not applicable to the type of a field.";
const FILTER_KEY = /^((?:sys|fields|metadata)\.[\w.]+?)(?:\[(\w+)\])?$/;
const SUPPORTED_OPERATORS = new Set(["", "ne", "in", "nin", "exists"]);
/** Parameters that change nothing here (the SDK or a caller may send them). */
const IGNORED_PARAMETERS = new Set(["access_token", "select", "includeContentSourceMaps"]);

function parseQuery(params: URLSearchParams, collection: string | undefined): ParsedQuery {
  const include = integerParam(params, "include", 1, 0, MAX_INCLUDE);
  const limit = integerParam(params, "limit", 100, 0, MAX_LIMIT);
  const skip = integerParam(params, "skip", 0, 0, Number.MAX_SAFE_INTEGER);
  const locale = params.get("locale") ?? CONTENT_LOCALE;
  if (locale !== CONTENT_LOCALE && locale !== "*") {
    throw new QueryError("BadRequest", `Unknown locale: ${locale}`, [
      { name: "unknownLocale", value: locale },
    ]);
  }
  const contentType = params.get("content_type");
  const filters: Array<(entity: ApiEntity) => boolean> = [];
  if (contentType !== null) {
    filters.push((entity) => valuesAt(entity, ["sys", "contentType", "sys", "id"]).includes(contentType));
  }
  for (const [key, value] of params) {
    if (key === "content_type" || key === "order" || IGNORED_PARAMETERS.has(key)) continue;
    if (["include", "limit", "skip", "locale"].includes(key)) continue;
    const match = FILTER_KEY.exec(key);
    const operator = match?.[2] ?? "";
    if (!match?.[1] || !SUPPORTED_OPERATORS.has(operator)) {
      throw new QueryError("InvalidQuery", `${INVALID_QUERY} (not supported locally: ${key})`, [
        { name: "unsupported", path: key },
      ]);
    }
    const fieldPath = match[1].split(".");
    if (fieldPath[0] === "fields" && collection === "entries" && contentType === null) {
      // The CDA refuses field filters without a content type; matching that keeps callers honest.
      throw new QueryError("InvalidQuery", INVALID_QUERY, [{ name: "contentTypeRequired", path: key }]);
    }
    filters.push(filterFor(fieldPath, operator, value));
  }
  const order = (params.get("order") ?? "sys.id")
    .split(",")
    .filter((part) => part !== "")
    .map((part) => ({
      descending: part.startsWith("-"),
      path: part.replace(/^-/, "").split("."),
    }));
  return { include, limit, skip, locale, order, matches: (entity) => filters.every((test) => test(entity)) };
}

function integerParam(params: URLSearchParams, name: string, fallback: number, min: number, max: number) {
  const raw = params.get(name);
  if (raw === null) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new QueryError("BadRequest", `The query you sent was invalid: ${name} must be ${min}-${max}.`, [
      { name: "range", path: [name], value: raw, min, max },
    ]);
  }
  return value;
}

function filterFor(fieldPath: string[], operator: string, value: string): (entity: ApiEntity) => boolean {
  const equals = (entity: ApiEntity, expected: string) =>
    valuesAt(entity, fieldPath).some((actual) => String(actual) === expected);
  const list = value.split(",");
  switch (operator) {
    case "ne":
      return (entity) => !equals(entity, value);
    case "in":
      return (entity) => list.some((expected) => equals(entity, expected));
    case "nin":
      return (entity) => !list.some((expected) => equals(entity, expected));
    case "exists":
      return (entity) => valuesAt(entity, fieldPath).length > 0 === (value === "true");
    default:
      return (entity) => equals(entity, value);
  }
}

/** The primitive values at `fieldPath`; arrays match on any element, as CDA filters do. */
function valuesAt(value: unknown, fieldPath: string[]): unknown[] {
  if (Array.isArray(value)) return value.flatMap((item) => valuesAt(item, fieldPath));
  if (fieldPath.length === 0) return value === undefined || value === null ? [] : [value];
  if (!isPlainObject(value)) return [];
  const [head = "", ...rest] = fieldPath;
  return valuesAt(value[head], rest);
}

function sortEntities(entities: ApiEntity[], order: ParsedQuery["order"]): ApiEntity[] {
  const keys = [...order, { path: ["sys", "id"], descending: false }];
  return [...entities].sort((a, b) => {
    for (const { path: fieldPath, descending } of keys) {
      const result = compareValues(valuesAt(a, fieldPath)[0], valuesAt(b, fieldPath)[0]);
      if (result !== 0) return descending ? -result : result;
    }
    return 0;
  });
}

function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === undefined) return 1;
  if (b === undefined) return -1;
  if (typeof a === "number" && typeof b === "number") return a - b;
  const left = String(a);
  const right = String(b);
  return left < right ? -1 : left > right ? 1 : 0;
}

// ---------------------------------------------------------------------------------------------------
// Responses

async function serveAssetFile(
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  context: ServerContext,
) {
  let fileName: string;
  try {
    fileName = decodeURIComponent(url.pathname.slice(ASSET_URL_PREFIX.length));
  } catch {
    return sendNotFound(request, response, "Asset", url.pathname);
  }
  // Only plain file names: nothing outside assets/files is served.
  if (fileName === "" || fileName !== path.basename(fileName) || fileName.startsWith(".")) {
    return sendNotFound(request, response, "Asset", fileName);
  }
  let body: Buffer;
  try {
    body = await readFile(path.join(context.dir, ASSET_FILES_DIR, fileName));
  } catch {
    return sendNotFound(request, response, "Asset", fileName);
  }
  const files = await loadContentFiles(context.dir);
  const asset = [...files.assets.values()].find((item) => item.fields.file.fileName === fileName);
  response.writeHead(200, {
    "content-type": asset?.fields.file.contentType ?? "application/octet-stream",
    "content-length": body.length,
  });
  response.end(request.method === "HEAD" ? undefined : body);
}

function sendJson(request: IncomingMessage, response: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    "content-type": CONTENT_TYPE_HEADER,
    "content-length": Buffer.byteLength(text),
    "x-contentful-request-id": randomUUID(),
  });
  response.end(request.method === "HEAD" ? undefined : text);
}

function sendError(
  request: IncomingMessage,
  response: ServerResponse,
  status: number,
  errorId: string,
  message: string,
  details?: unknown,
) {
  sendJson(request, response, status, {
    sys: { type: "Error", id: errorId },
    message,
    ...(details === undefined ? {} : { details }),
    requestId: randomUUID(),
  });
}

function sendNotFound(
  request: IncomingMessage,
  response: ServerResponse,
  type: string,
  id: string | undefined,
) {
  sendError(request, response, 404, "NotFound", "The resource could not be found.", { type, id });
}
