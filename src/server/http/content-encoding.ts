import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Request, Response } from "express";

/**
 * Compressed answers without compressing per request: a cached page or payload is compressed once per
 * encoding and kept with it, and the build writes compressed copies of the static assets
 * (scripts/precompress.mjs). The `compression` middleware leaves an answer that already has a
 * Content-Encoding alone, and still compresses everything else.
 */
export type ContentEncoding = "br" | "gzip";

/** Extensions of the precompressed copies the build writes next to an asset. */
export const ENCODED_EXTENSIONS: Record<ContentEncoding, string> = { br: ".br", gzip: ".gz" };

/** Below this size compressing costs more than it saves (the `compression` middleware's threshold). */
const MIN_BYTES = 1024;

/** Settings for a body made for one request: fast, at most a fraction of a millisecond for a page. */
const FAST_BROTLI = { [zlib.constants.BROTLI_PARAM_QUALITY]: 3 };
const FAST_GZIP_LEVEL = 3;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The best encoding a client accepts, brotli before gzip; undefined for none (q=0 refuses one). */
export function negotiateEncoding(acceptEncoding: string | undefined): ContentEncoding | undefined {
  if (!acceptEncoding) return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...parameters] = part.trim().toLowerCase().split(";");
    const quality = parameters.map((parameter) => parameter.trim()).find((p) => p.startsWith("q="));
    weights.set(name.trim(), quality ? Number(quality.slice(2)) || 0 : 1);
  }
  const accepts = (name: ContentEncoding) => (weights.get(name) ?? weights.get("*") ?? 0) > 0;
  return accepts("br") ? "br" : accepts("gzip") ? "gzip" : undefined;
}

/** Compressed copies of cached bodies, made once per body and encoding (dropped with the body). */
const encodedBodies = new WeakMap<Buffer, Map<ContentEncoding, Promise<Buffer>>>();

function encodedBody(body: Buffer, encoding: ContentEncoding): Promise<Buffer> {
  let variants = encodedBodies.get(body);
  if (!variants) {
    variants = new Map();
    encodedBodies.set(body, variants);
  }
  let variant = variants.get(encoding);
  if (!variant) {
    variant =
      encoding === "br"
        ? brotli(body, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          })
        : gzip(body, { level: 9 });
    variant.catch(() => variants.delete(encoding));
    variants.set(encoding, variant);
  }
  return variant;
}

/** The encoding a body goes out in, if any: bodies under 1 KB and already encoded answers stay as they are. */
function encodingFor(req: Request, res: Response, body: Buffer | undefined): ContentEncoding | undefined {
  if (!body || body.length < MIN_BYTES || res.getHeader("Content-Encoding")) return undefined;
  return negotiateEncoding(req.get("accept-encoding"));
}

/** Ends the answer with `sent`, in `encoding` when it was compressed. */
function finish(req: Request, res: Response, sent: Buffer | undefined, encoding?: ContentEncoding): void {
  if (sent) res.append("Vary", "Accept-Encoding");
  if (encoding) res.setHeader("Content-Encoding", encoding);
  if (sent) res.setHeader("Content-Length", sent.length);
  res.end(req.method === "HEAD" ? undefined : sent);
}

/** Sends a body kept in memory (status and headers already set), compressed once for all requests. */
export async function sendKeptBody(req: Request, res: Response, body: Buffer): Promise<void> {
  const encoding = encodingFor(req, res, body);
  // Should compressing ever fail, the body goes out as it is.
  const encoded = encoding ? await encodedBody(body, encoding).catch(() => undefined) : undefined;
  finish(req, res, encoded ?? body, encoded ? encoding : undefined);
}

/**
 * Sends a body made for this request alone (a page rendered for a logged-in player): compressed at once
 * with fast settings, in one piece, instead of through the per-request compression stream.
 */
export function sendRenderedBody(req: Request, res: Response, body: Buffer | undefined): void {
  const encoding = encodingFor(req, res, body);
  if (!body || !encoding) {
    finish(req, res, body);
    return;
  }
  const encoded =
    encoding === "br"
      ? zlib.brotliCompressSync(body, {
          params: { ...FAST_BROTLI, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
        })
      : zlib.gzipSync(body, { level: FAST_GZIP_LEVEL });
  finish(req, res, encoded, encoding);
}
