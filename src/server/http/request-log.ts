import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";
import type { Logger } from "pino";

const INCOMING_ID = /^[\w.-]{1,64}$/;

/**
 * The portal's pages (their `.data` requests included), the player's own pages and the portal API: what
 * their query strings could hold is personal (an e-mail address, a password an old page sent by GET), so
 * only their path is logged (DESIGN section 8: credentials never travel in a URL, nor into a log).
 */
const PRIVATE_QUERY_PATH =
  /^\/(?:inloggen|aanmelden|uitloggen|mijn)(?:[/.]|$)|^\/api\/(?:authentication|common|my)\//i;

/** The path as the routers read it: percent-decoded (`/%69nloggen` is the login page too). */
function routedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** The address of a request as the log may show it: without the query string on private paths. */
export function loggableUrl(originalUrl: string): string {
  const queryAt = originalUrl.indexOf("?");
  if (queryAt === -1) return originalUrl.slice(0, 512);
  const path = originalUrl.slice(0, queryAt);
  return (PRIVATE_QUERY_PATH.test(routedPath(path)) ? path : originalUrl).slice(0, 512);
}

/** A request's id: the caller's `X-Request-Id` when sane, a fresh one otherwise. */
export function requestIdFor(incoming: string | string[] | undefined): string {
  return typeof incoming === "string" && INCOMING_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * The one log line of a request: through the request's own logger, which names its id, or (the cache's
 * fast path, which makes no child logger) through the process's logger with the id in the line.
 */
export function logRequest(
  log: Logger,
  line: { requestId?: string; method: string; originalUrl: string; status: number; started: bigint },
): void {
  const ms = Math.round(Number(process.hrtime.bigint() - line.started) / 1e5) / 10;
  const fields = { method: line.method, url: loggableUrl(line.originalUrl), status: line.status, ms };
  log[line.status >= 500 ? "error" : "info"](
    line.requestId ? { requestId: line.requestId, ...fields } : fields,
    "request",
  );
}

/** Gives every request an id (kept from `X-Request-Id` when sane), a child logger, and one log line. */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const requestId = requestIdFor(req.get("x-request-id"));
    const started = process.hrtime.bigint();
    const { method, originalUrl } = req;
    res.locals.requestId = requestId;
    res.locals.log = logger.child({ requestId });
    res.setHeader("X-Request-Id", requestId);
    res.on("finish", () =>
      logRequest(res.locals.log, { method, originalUrl, status: res.statusCode, started }),
    );
    next();
  };
}
