import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import { readExperimentGroups } from "@/src/lib/experiment-groups";
import { sendEntryAs } from "../ssr/cached-answer";
import { PageCache, type SharedRequest } from "../ssr/page-cache";
import { readyRepresentation } from "../wire/content-encoding";
import { MAX_PATH_LENGTH } from "./request-guards";
import { logRequest, requestIdFor } from "./request-log";
import type { SecurityHeaders } from "./security-headers";

/** Answers a request at once and returns true, or returns false having sent nothing. */
export type FastPath = (req: IncomingMessage, res: ServerResponse) => boolean;

export type FastPathOptions = {
  store: PageCache;
  buildId: () => string;
  /** The cache's layout key of a page request's host (see the SSR handler's keys). */
  layoutKeyFor: (host: string | undefined) => string;
  isPersonal: (req: SharedRequest) => boolean;
  security: SecurityHeaders;
  logger: Logger;
  isShuttingDown: () => boolean;
  /** Told of every answer the fast path gives (the running server counts them for its operators' tests). */
  onAnswer?: () => void;
};

const PAYLOAD_SUFFIX = "/_payload.json";

/**
 * The fast path for the busiest traffic (issue 21): an anonymous GET or HEAD of a page or `_payload.json`
 * the page cache holds fresh is answered before the Express stack, with the same status, headers and
 * bytes as through it (security headers, `X-Request-Id`, the entry's headers, `Vary`, a strong `ETag`,
 * `304` on `If-None-Match`) and the same access log line. Everything else (a query, a trailing slash, a
 * login or preview cookie, a stale or missing entry, a compressed copy not made yet, a draining process)
 * goes on through the stack, which also renders, stores and revalidates.
 */
export function createFastPath(options: FastPathOptions): FastPath {
  const { store, security, logger } = options;
  return (req, res) => {
    const started = process.hrtime.bigint();
    const { method, url = "/" } = req;
    if (method !== "GET" && method !== "HEAD") return false;
    if (url.includes("?") || url.length > MAX_PATH_LENGTH || !url.startsWith("/") || url.startsWith("//"))
      return false;
    if (url !== "/" && url.endsWith("/")) return false;
    if (options.isShuttingDown()) return false;
    const isPayload = url.endsWith(PAYLOAD_SUFFIX);
    const path = isPayload ? url.slice(0, -PAYLOAD_SUFFIX.length) || "/" : url;
    if (options.isPersonal({ path, headers: req.headers })) return false;
    const buildId = options.buildId();
    const pageKey = isPayload
      ? PageCache.key({ kind: "payload", buildId, layoutKey: "payload", path })
      : PageCache.key({ kind: "html", buildId, layoutKey: options.layoutKeyFor(req.headers.host), path });
    // A page showing experiments: the copy of the visitor's groups (none yet: the stack draws them).
    const key = store.copyKey(pageKey, readExperimentGroups(req.headers.cookie));
    if (!key) return false;
    const hit = store.get(key);
    if (!hit?.fresh) return false;

    // Its compressed copy is made on the first request through the stack; until then it goes that way.
    const representation = readyRepresentation(hit.entry.body, req.headers["accept-encoding"]);
    if (!representation) return false;

    const requestId = requestIdFor(req.headers["x-request-id"]);
    res.setHeader("X-Request-Id", requestId);
    security.apply(res, hit.entry.scriptHashes);
    sendEntryAs(req, res, hit.entry, representation);
    logRequest(logger, { requestId, method, originalUrl: url, status: res.statusCode, started });
    options.onAnswer?.();
    return true;
  };
}
