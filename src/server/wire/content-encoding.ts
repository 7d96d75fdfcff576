import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
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

/** A compressed copy in the making, and its bytes once made (for an answer that cannot wait). */
type Variant = { made: Promise<Buffer>; ready?: Buffer };
/**
 * What is kept with a cached body, made once and dropped with the body: its compressed copies, per
 * encoding, and the hash its entity tags carry.
 */
type BodyExtras = { variants: Map<ContentEncoding, Variant>; hash?: string };
const bodyExtras = new WeakMap<Buffer, BodyExtras>();

function extrasOf(body: Buffer): BodyExtras {
  let extras = bodyExtras.get(body);
  if (!extras) {
    extras = { variants: new Map() };
    bodyExtras.set(body, extras);
  }
  return extras;
}

function encodedBody(body: Buffer, encoding: ContentEncoding): Promise<Buffer> {
  const { variants } = extrasOf(body);
  const existing = variants.get(encoding);
  if (existing) return existing.made;
  const made =
    encoding === "br"
      ? brotli(body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        })
      : gzip(body, { level: 9 });
  const variant: Variant = { made };
  made.then(
    (encoded) => {
      variant.ready = encoded;
    },
    () => variants.delete(encoding),
  );
  variants.set(encoding, variant);
  return made;
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

/** One representation of a kept body: the bytes sent, their encoding, and their strong entity tag. */
export type KeptRepresentation = { bytes: Buffer; encoding?: ContentEncoding; etag: string };

const ENCODING_TAG: Record<ContentEncoding, string> = { br: "-br", gzip: "-gz" };

/** A strong entity tag: the body's hash, and which encoding of it (each has its own bytes). */
function entityTag(body: Buffer, encoding?: ContentEncoding): string {
  const extras = extrasOf(body);
  extras.hash ??= createHash("sha256").update(body).digest("base64url").slice(0, 32);
  return `"${extras.hash}${encoding ? ENCODING_TAG[encoding] : ""}"`;
}

/** The encoding a kept body goes out in for this `Accept-Encoding`: none under 1 KB. */
function keptEncoding(body: Buffer, acceptEncoding: string | undefined): ContentEncoding | undefined {
  return body.length < MIN_BYTES ? undefined : negotiateEncoding(acceptEncoding);
}

/**
 * The representation of a kept body for this `Accept-Encoding` at once, or undefined while its
 * compressed copy is still being made (which this starts).
 */
export function readyRepresentation(
  body: Buffer,
  acceptEncoding: string | undefined,
): KeptRepresentation | undefined {
  const encoding = keptEncoding(body, acceptEncoding);
  if (!encoding) return { bytes: body, etag: entityTag(body) };
  const ready = bodyExtras.get(body)?.variants.get(encoding)?.ready;
  if (ready) return { bytes: ready, encoding, etag: entityTag(body, encoding) };
  encodedBody(body, encoding).catch(() => undefined);
  return undefined;
}

/** The representation of a kept body, compressed once for all requests (as it is should that fail). */
export async function keptRepresentation(
  body: Buffer,
  acceptEncoding: string | undefined,
): Promise<KeptRepresentation> {
  const ready = readyRepresentation(body, acceptEncoding);
  if (ready) return ready;
  const encoding = keptEncoding(body, acceptEncoding) as ContentEncoding;
  const encoded = await encodedBody(body, encoding).catch(() => undefined);
  return encoded
    ? { bytes: encoded, encoding, etag: entityTag(body, encoding) }
    : { bytes: body, etag: entityTag(body) };
}

/** Whether `If-None-Match` names this entity tag (the weak comparison RFC 9110 asks for here). */
function matchesEntityTag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/** Adds a field to the answer's `Vary` once. */
function addVary(res: ServerResponse, field: string): void {
  const current = res.getHeader("Vary");
  const fields = (Array.isArray(current) ? current.join(",") : String(current ?? ""))
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  if (fields.includes("*") || fields.some((name) => name.toLowerCase() === field.toLowerCase())) return;
  res.setHeader("Vary", [...fields, field].join(", "));
}

/**
 * Ends an answer with a kept representation (status and the other headers set): `Vary`, `ETag`, its
 * encoding and length; `304 Not Modified` without a body when the browser holds it already.
 */
export function sendRepresentation(
  req: IncomingMessage,
  res: ServerResponse,
  representation: KeptRepresentation,
): void {
  addVary(res, "Accept-Encoding");
  res.setHeader("ETag", representation.etag);
  if (matchesEntityTag(req.headers["if-none-match"], representation.etag)) {
    res.statusCode = 304;
    res.removeHeader("Content-Type");
    res.end();
    return;
  }
  if (representation.encoding) res.setHeader("Content-Encoding", representation.encoding);
  res.setHeader("Content-Length", representation.bytes.length);
  res.end(req.method === "HEAD" ? undefined : representation.bytes);
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
