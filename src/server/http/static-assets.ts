import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";
import { type ContentEncoding, ENCODED_EXTENSIONS, negotiateEncoding } from "../wire/content-encoding";

/**
 * Serves the build's precompressed copy of an asset (scripts/precompress.mjs) to a client that accepts
 * its encoding, with the asset's own content type; anything else falls through to the static files.
 * Which copies exist is read once at start-up, so a request costs no file-system lookup.
 */
export function precompressedAssets(directory: string, maxAgeMs: number): RequestHandler {
  const available = new Set(existsSync(directory) ? readdirSync(directory) : []);
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const file = path.basename(req.path);
    if (file !== req.path.slice(1) || !available.has(file)) return next();
    res.append("Vary", "Accept-Encoding");
    const encoding = negotiateEncoding(req.get("accept-encoding"));
    const copy = encoding ? `${file}${ENCODED_EXTENSIONS[encoding as ContentEncoding]}` : undefined;
    if (!copy || !available.has(copy)) return next();
    res.setHeader("Content-Encoding", encoding as ContentEncoding);
    res.type(path.extname(file));
    res.sendFile(
      copy,
      { root: directory, maxAge: maxAgeMs, immutable: true, dotfiles: "deny", lastModified: false },
      (error) => {
        if (error && !res.headersSent) {
          res.removeHeader("Content-Encoding");
          next();
        }
      },
    );
  };
}
