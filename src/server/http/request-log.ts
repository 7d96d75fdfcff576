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

/** Gives every request an id (kept from `X-Request-Id` when sane), a child logger, and one log line. */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const incoming = req.get("x-request-id");
    const requestId = incoming && INCOMING_ID.test(incoming) ? incoming : randomUUID();
    const started = process.hrtime.bigint();
    const { method, originalUrl } = req;
    res.locals.requestId = requestId;
    res.locals.log = logger.child({ requestId });
    res.setHeader("X-Request-Id", requestId);
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const level = res.statusCode >= 500 ? "error" : "info";
      res.locals.log[level](
        { method, url: loggableUrl(originalUrl), status: res.statusCode, ms: Math.round(ms * 10) / 10 },
        "request",
      );
    });
    next();
  };
}
