import { randomBytes, randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import type { Request as ExpressRequest, Response as ExpressResponse, RequestHandler } from "express";
import type { Logger } from "pino";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { CachePolicy } from "@/src/lib/cache-policy";
import { CACHE_TAGS_HEADER, EXPERIMENT_GROUPS_HEADER, FRESH_UNTIL_HEADER } from "@/src/lib/cache-tags";
import { formatExperimentGroups, readExperimentGroups } from "@/src/lib/experiment-groups";
import { sendRenderedBody } from "../wire/content-encoding";
import { hashTrustedScripts } from "../wire/script-hashes";
import { sendEntry } from "./cached-answer";
import type { CachedResponse, PageCache } from "./page-cache";

export type RenderValues = {
  requestId: string;
  nonce: string;
  log: Logger;
  httpError?: { status: number };
  /**
   * For a document (not a `.data` request): the markup of server-rendered blocks, which the document
   * holds once, in its HTML, and not again in its data (decision 9).
   */
  documentHtml?: Map<string, string>;
  /** `Set-Cookie` values the upstream APIs answered the page's calls with, passed on to the browser. */
  responseCookies: string[];
};

/** What the request context needs of the player's request (empty for a render shared by everyone). */
export type RequestFacts = { host: string | undefined; cookie?: string; ip?: string; protocol?: string };

/** The facts of a player's request, for a request context rendered for it alone. */
export function requestFacts(req: ExpressRequest): RequestFacts {
  return { host: req.get("host"), cookie: req.headers.cookie, ip: req.ip, protocol: req.protocol };
}

export type SsrCache = {
  store: PageCache;
  buildId: string;
  /**
   * The cache key of a request's page (path, layout, build), or undefined when it must not be served from
   * the cache. A page showing experiments has a copy per group under it (`PageCache.copyKey`).
   */
  keyFor: (req: ExpressRequest) => string | undefined;
};

type SsrOptions = {
  serverBuild: () => Promise<ServerBuild>;
  mode: "development" | "production";
  contextFor: (req: RequestFacts, values: RenderValues) => RouterContextProvider;
  cache?: SsrCache;
  logger: Logger;
};

function toFetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const url = new URL(req.originalUrl, `${req.protocol}://${req.get("host") ?? "localhost"}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const controller = new AbortController();
  res.on("close", () => controller.abort());
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(url, {
    method: req.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream, duplex: "half" } : {}),
  } as RequestInit);
}

/**
 * Whether a rendered answer's header goes out with it (and into the page cache): not the cache's own
 * tags and freshness, which only this process reads, nor cookies, which are one browser's alone.
 */
function isSentHeader(name: string): boolean {
  return (
    name !== "set-cookie" &&
    name !== CACHE_TAGS_HEADER &&
    name !== FRESH_UNTIL_HEADER &&
    name !== EXPERIMENT_GROUPS_HEADER
  );
}

function copyHeaders(
  res: ExpressResponse,
  headers: Headers | Array<[string, string]>,
  extraCookies: readonly string[] = [],
): void {
  const entries = headers instanceof Headers ? [...headers] : headers;
  const cookies = [...(headers instanceof Headers ? headers.getSetCookie() : []), ...extraCookies];
  for (const [name, value] of entries) {
    if (isSentHeader(name)) res.append(name, value);
  }
  if (cookies.length > 0) res.setHeader("Set-Cookie", cookies);
}

/** The whole body of a rendered answer, read before anything is sent (see sendBuffered). */
async function readBody(response: Response): Promise<Buffer | undefined> {
  return response.body ? Buffer.from(await response.arrayBuffer()) : undefined;
}

/**
 * Documents are rendered complete (`onAllReady`) anyway, so the answer goes out in one write: streaming
 * it chunk by chunk through web streams cost about 9 ms of latency per page for nothing.
 */
function sendBuffered(
  req: ExpressRequest,
  res: ExpressResponse,
  response: Response,
  body: Buffer | undefined,
  cookies: readonly string[],
): void {
  res.status(response.status);
  copyHeaders(res, response.headers, cookies);
  // An answer that sets this browser's cookies is this browser's alone, whatever the page allowed.
  if (cookies.length > 0) res.setHeader("Cache-Control", CachePolicy.private);
  sendRenderedBody(req, res, body);
}

/**
 * React Router's request handler behind Express, with the page cache in front (DESIGN section 4):
 * a fresh hit is answered from memory, a stale hit too while one background render refreshes it, and a
 * failed refresh keeps the last good page.
 */
export function createSsrHandler({
  serverBuild,
  mode,
  contextFor,
  cache,
  logger,
}: SsrOptions): RequestHandler {
  const renderer: Renderer = { handle: reactRouterHandler(serverBuild, mode), contextFor, logger };

  return async (req, res, next) => {
    try {
      const pageKey = cache?.keyFor(req);
      const groups = readExperimentGroups(req.headers.cookie);
      const key = pageKey && cache?.store.copyKey(pageKey, groups);
      if (cache && pageKey && key) {
        const hit = cache.store.get(key);
        if (hit) {
          if (!hit.fresh) {
            const url = `${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`;
            const target = {
              url,
              host: req.get("host"),
              key: pageKey,
              groups: formatExperimentGroups(groups),
            };
            cache.store.revalidate(key, () => renderForCache(renderer, cache, target));
          }
          return await sendEntry(req, res, hit.entry, hit.fresh ? "HIT" : "STALE");
        }
      }

      const values = renderValuesFor(req, res);
      const response = await renderer.handle(toFetchRequest(req, res), contextFor(requestFacts(req), values));
      const body = await readBody(response);
      const entry =
        cache && pageKey && req.method === "GET" && body && isShareable(response, values)
          ? storeAnswer(cache, pageKey, response, body, values)
          : undefined;
      if (entry) return await sendEntry(req, res, entry, "MISS");
      sendBuffered(req, res, response, body, values.responseCookies);
    } catch (error) {
      next(error);
    }
  };
}

type Handle = ReturnType<typeof createRequestHandler>;
/** What renders a page: React Router's handler and the request context of each render. */
type Renderer = { handle: Handle; contextFor: SsrOptions["contextFor"]; logger: Logger };

/**
 * In production the build never changes: React Router derives its route tree and static handler once
 * from a build object, but again on every request when it is given a function (what dev needs).
 */
function reactRouterHandler(serverBuild: SsrOptions["serverBuild"], mode: SsrOptions["mode"]): Handle {
  if (mode !== "production") return createRequestHandler(serverBuild, mode);
  let production: Promise<Handle> | undefined;
  return async (request, context) => {
    production ??= serverBuild()
      .then((build) => createRequestHandler(build, mode))
      .catch((error) => {
        production = undefined; // the next request tries again
        throw error;
      });
    return (await production)(request, context);
  };
}

/** The values a render for this player's request starts with (the request log's id, nonce and logger). */
function renderValuesFor(req: ExpressRequest, res: ExpressResponse): RenderValues {
  return {
    requestId: res.locals.requestId,
    nonce: res.locals.nonce,
    log: res.locals.log,
    httpError: res.locals.httpError,
    documentHtml: req.path.endsWith(".data") ? undefined : new Map(),
    responseCookies: [],
  };
}

/** Whether an answer may be kept and sent to everyone. */
function isShareable(response: Response, values: RenderValues): boolean {
  return (
    response.status === 200 &&
    response.headers.has(CACHE_TAGS_HEADER) &&
    // A page whose API calls set cookies was made for this browser alone.
    values.responseCookies.length === 0
  );
}

/**
 * Stores a shareable answer and returns the entry: under the page's key, or the copy of the experiment
 * groups it was rendered for. A page loses the nonce it was rendered with (the
 * nonce was this render's alone) and keeps the hashes of its inline scripts instead, computed here
 * once so that a hit costs nothing more. Undefined when a page cannot do without its nonce.
 */
function storeAnswer(
  cache: SsrCache,
  pageKey: string,
  response: Response,
  rendered: Buffer,
  values: RenderValues,
): Omit<CachedResponse, "storedAt"> | undefined {
  const isPage = response.headers.get("content-type")?.startsWith("text/html") ?? false;
  const page = isPage
    ? hashTrustedScripts(rendered, values.nonce)
    : { html: rendered, scriptHashes: undefined };
  if (!page) {
    values.log.warn("page not cached: it cannot do without its CSP nonce");
    return undefined;
  }
  const freshUntil = Number(response.headers.get(FRESH_UNTIL_HEADER));
  const entry = {
    status: 200,
    headers: [...response.headers].filter(([name]) => isSentHeader(name)),
    body: page.html,
    scriptHashes: page.scriptHashes,
    tags: (response.headers.get(CACHE_TAGS_HEADER) ?? "").split(","),
    freshUntil: Number.isFinite(freshUntil) && freshUntil > 0 ? freshUntil : undefined,
  };
  cache.store.set(cache.store.answerKey(pageKey, response.headers.get(EXPERIMENT_GROUPS_HEADER)), entry);
  return entry;
}

/**
 * Renders a stale page again as everyone sees it (everyone in its experiment groups: only the experiment
 * cookie goes along); throws when it cannot be cached any more.
 */
async function renderForCache(
  { handle, contextFor, logger }: Renderer,
  cache: SsrCache,
  { url, host, key, groups }: { url: string; host: string | undefined; key: string; groups: string },
): Promise<void> {
  const values: RenderValues = {
    requestId: randomUUID(),
    nonce: randomBytes(16).toString("base64"),
    log: logger.child({ revalidate: url }),
    documentHtml: new Map(),
    responseCookies: [],
  };
  const response = await handle(
    new Request(url, {
      headers: {
        host: host ?? "localhost",
        accept: "text/html",
        ...(groups ? { cookie: `kl_exp=${groups}` } : {}),
      },
    }),
    contextFor({ host }, values),
  );
  const rendered = isShareable(response, values) ? await readBody(response) : undefined;
  if (!rendered || !storeAnswer(cache, key, response, rendered, values))
    throw new Error(`not cacheable any more: ${response.status}`);
}
