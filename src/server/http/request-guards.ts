import type { RequestHandler } from "express";

export const MAX_PATH_LENGTH = 2048;
const PAGE_METHODS = ["GET", "HEAD", "POST"];

/** Why the HTTP layer refuses a request before routing, or undefined when it may go on. */
export function refuseRequest(
  method: string,
  originalUrl: string,
  isApi: boolean,
): { status: number; allow?: string } | undefined {
  const path = originalUrl.split("?")[0] ?? "/";
  if (path.length > MAX_PATH_LENGTH) return { status: 400 };
  try {
    decodeURIComponent(path);
  } catch {
    return { status: 400 };
  }
  if (!isApi && !PAGE_METHODS.includes(method)) return { status: 405, allow: PAGE_METHODS.join(", ") };
  return undefined;
}

/** Flags malformed page requests so React Router renders the error page with that status. */
export const flagBadPageRequests: RequestHandler = (req, res, next) => {
  const refusal = refuseRequest(req.method, req.originalUrl, false);
  if (!refusal) return next();
  if (refusal.allow) res.setHeader("Allow", refusal.allow);
  res.locals.httpError = { status: refusal.status };
  // React Router must still be able to parse the address; the error page does not depend on it.
  req.url = "/";
  if (req.method !== "GET" && req.method !== "HEAD") req.method = "GET";
  next();
};
