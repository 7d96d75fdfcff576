import type { RequestHandler } from "express";
import { canonicalPath } from "@/src/lib/canonical-path";

/**
 * Canonical URLs (spec section 2, DESIGN section 3): a trailing slash is removed with a 301 that keeps the
 * query. It lives in the HTTP layer so it also covers prerendered files. Leading slashes and backslashes
 * are collapsed (`canonicalPath`) so `//evil.example/` or `/\evil.example/` can never become a
 * protocol-relative redirect to another host.
 */
export const removeTrailingSlash: RequestHandler = (req, res, next) => {
  if (req.method !== "GET" && req.method !== "HEAD") return next();
  const queryStart = req.originalUrl.indexOf("?");
  const path = queryStart === -1 ? req.originalUrl : req.originalUrl.slice(0, queryStart);
  const canonical = canonicalPath(path);
  if (canonical === undefined) return next();
  const query = queryStart === -1 ? "" : req.originalUrl.slice(queryStart);
  res.redirect(301, canonical + query);
};
