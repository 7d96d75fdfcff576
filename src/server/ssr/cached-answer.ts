import type { IncomingMessage, ServerResponse } from "node:http";
import type { Request, Response } from "express";
import { type KeptRepresentation, keptRepresentation, sendRepresentation } from "../wire/content-encoding";
import type { CachedResponse } from "./page-cache";

export type CacheState = "HIT" | "STALE" | "MISS";

/** The status and headers a cache entry answers with, after the security headers. */
function setEntryHeaders(res: ServerResponse, entry: Omit<CachedResponse, "storedAt">, state: CacheState) {
  res.statusCode = entry.status;
  for (const [name, value] of entry.headers) {
    const current = res.getHeader(name);
    if (current === undefined) res.setHeader(name, value);
    else res.setHeader(name, [...(Array.isArray(current) ? current : [String(current)]), value]);
  }
  res.setHeader("X-Cache", state);
}

/**
 * Answers from a cache entry through the middleware stack; a page's policy allows its inline scripts by
 * the hashes kept with it.
 */
export async function sendEntry(
  req: Request,
  res: Response,
  entry: Omit<CachedResponse, "storedAt">,
  state: CacheState,
): Promise<void> {
  if (entry.scriptHashes) res.locals.applyScriptHashes?.(entry.scriptHashes);
  const representation = await keptRepresentation(entry.body, req.get("accept-encoding"));
  setEntryHeaders(res, entry, state);
  sendRepresentation(req, res, representation);
}

/** Answers from a cache entry in a representation at hand (the fast path's; security headers set). */
export function sendEntryAs(
  req: IncomingMessage,
  res: ServerResponse,
  entry: Omit<CachedResponse, "storedAt">,
  representation: KeptRepresentation,
): void {
  setEntryHeaders(res, entry, "HIT");
  sendRepresentation(req, res, representation);
}
