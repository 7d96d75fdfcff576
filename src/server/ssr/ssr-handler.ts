import { randomBytes, randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import type { Request as ExpressRequest, Response as ExpressResponse, RequestHandler } from "express";
import type { Logger } from "pino";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { CACHE_TAGS_HEADER, FRESH_UNTIL_HEADER } from "@/src/lib/cache-tags";
import { sendKeptBody, sendRenderedBody } from "../http/content-encoding";
import type { PageCache } from "./page-cache";

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

export type SsrCache = {
  store: PageCache;
  buildId: string;
  /** The cache key of a request, or undefined when it must not be served from the cache. */
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

function copyHeaders(
  res: ExpressResponse,
  headers: Headers | Array<[string, string]>,
  extraCookies: readonly string[] = [],
): void {
  const entries = headers instanceof Headers ? [...headers] : headers;
  const cookies = [...(headers instanceof Headers ? headers.getSetCookie() : []), ...extraCookies];
  for (const [name, value] of entries) {
    if (name === "set-cookie" || name === CACHE_TAGS_HEADER || name === FRESH_UNTIL_HEADER) continue;
    res.append(name, value);
  }
  if (cookies.length > 0) res.setHeader("Set-Cookie", cookies);
}

/**
 * Documents are rendered complete (`onAllReady`) anyway, so the answer goes out in one write: streaming
 * it chunk by chunk through web streams cost about 9 ms of latency per page for nothing.
 */
async function sendBuffered(
  req: ExpressRequest,
  res: ExpressResponse,
  response: Response,
  cookies: readonly string[],
): Promise<void> {
  const body = response.body ? Buffer.from(await response.arrayBuffer()) : undefined;
  res.status(response.status);
  copyHeaders(res, response.headers, cookies);
  // An answer that sets this browser's cookies is this browser's alone, whatever the page allowed.
  if (cookies.length > 0) res.setHeader("Cache-Control", "private, no-store");
  sendRenderedBody(req, res, body);
}

function cacheableHeaders(response: Response): Array<[string, string]> {
  return [...response.headers].filter(
    ([name]) => name !== "set-cookie" && name !== CACHE_TAGS_HEADER && name !== FRESH_UNTIL_HEADER,
  );
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
  // In production the build never changes: React Router derives its route tree and static handler once
  // from a build object, but again on every request when it is given a function (what dev needs).
  let production: Promise<ReturnType<typeof createRequestHandler>> | undefined;
  const handle: ReturnType<typeof createRequestHandler> =
    mode === "production"
      ? async (request, context) => {
          production ??= serverBuild()
            .then((build) => createRequestHandler(build, mode))
            .catch((error) => {
              production = undefined; // the next request tries again
              throw error;
            });
          return (await production)(request, context);
        }
      : createRequestHandler(serverBuild, mode);

  /** Stores a cacheable answer and returns its body; undefined when the answer may not be cached. */
  const store = async (
    key: string,
    response: Response,
    values: RenderValues,
  ): Promise<Buffer | undefined> => {
    const { nonce } = values;
    const tags = response.headers.get(CACHE_TAGS_HEADER);
    // A page whose API calls set cookies was made for this browser alone.
    if (!cache || response.status !== 200 || !tags || values.responseCookies.length > 0) return undefined;
    const body = Buffer.from(await response.arrayBuffer());
    const freshUntil = Number(response.headers.get(FRESH_UNTIL_HEADER));
    cache.store.set(key, {
      status: 200,
      headers: cacheableHeaders(response),
      body,
      nonce,
      tags: tags.split(","),
      freshUntil: Number.isFinite(freshUntil) && freshUntil > 0 ? freshUntil : undefined,
    });
    return body;
  };

  const renderForCache = async (url: string, host: string | undefined, key: string) => {
    const values: RenderValues = {
      requestId: randomUUID(),
      nonce: randomBytes(16).toString("base64"),
      log: logger.child({ revalidate: url }),
      documentHtml: new Map(),
      responseCookies: [],
    };
    const response = await handle(
      new Request(url, { headers: { host: host ?? "localhost", accept: "text/html" } }),
      contextFor({ host }, values),
    );
    if (!(await store(key, response, values))) throw new Error(`not cacheable any more: ${response.status}`);
  };

  return async (req, res, next) => {
    try {
      const key = cache?.keyFor(req);
      if (cache && key) {
        const hit = cache.store.get(key);
        if (hit) {
          if (!hit.fresh) {
            const url = `${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`;
            cache.store.revalidate(key, () => renderForCache(url, req.get("host"), key));
          }
          if (hit.entry.nonce) res.locals.applyNonce?.(hit.entry.nonce);
          res.status(hit.entry.status);
          copyHeaders(res, hit.entry.headers);
          res.setHeader("X-Cache", hit.fresh ? "HIT" : "STALE");
          return await sendKeptBody(req, res, hit.entry.body);
        }
      }

      const values: RenderValues = {
        requestId: res.locals.requestId,
        nonce: res.locals.nonce,
        log: res.locals.log,
        httpError: res.locals.httpError,
        documentHtml: req.path.endsWith(".data") ? undefined : new Map(),
        responseCookies: [],
      };
      const facts = { host: req.get("host"), cookie: req.headers.cookie, ip: req.ip, protocol: req.protocol };
      const response = await handle(toFetchRequest(req, res), contextFor(facts, values));
      const body = key && req.method === "GET" ? await store(key, response, values) : undefined;
      if (body) {
        res.status(200);
        copyHeaders(res, response.headers);
        res.setHeader("X-Cache", "MISS");
        return await sendKeptBody(req, res, body);
      }
      await sendBuffered(req, res, response, values.responseCookies);
    } catch (error) {
      next(error);
    }
  };
}
