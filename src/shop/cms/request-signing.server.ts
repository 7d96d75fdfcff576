import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Contentful's request verification for webhooks (DESIGN section 4): an HMAC-SHA256, hex encoded, of the
 * canonical request `METHOD\nPATH\nname:value;name:value\nBODY` over the headers listed in
 * `x-contentful-signed-headers`, with a timestamp that must be recent (replay protection).
 */
export const SIGNATURE_HEADER = "x-contentful-signature";
export const SIGNED_HEADERS_HEADER = "x-contentful-signed-headers";
export const TIMESTAMP_HEADER = "x-contentful-timestamp";
export const DEFAULT_TTL_SECONDS = 60;

type CanonicalRequest = {
  method: string;
  path: string;
  headers: Record<string, string | undefined>;
  body: string;
};

function canonicalString({ method, path, headers, body }: CanonicalRequest, signedHeaders: string[]): string {
  const lowered = Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]),
  );
  const headerPart = signedHeaders.map((name) => `${name}:${lowered[name] ?? ""}`).join(";");
  return `${method.toUpperCase()}\n${path}\n${headerPart}\n${body}`;
}

function hmacHex(secret: string, text: string): string {
  return createHmac("sha256", secret).update(text).digest("hex");
}

/** Signs a request as Contentful does; used by tests and by scripts that call the webhook. */
export function signRequest(
  secret: string,
  request: CanonicalRequest,
  now = Date.now(),
): Record<string, string> {
  const signedHeaders = [TIMESTAMP_HEADER, SIGNED_HEADERS_HEADER];
  const headers = {
    ...request.headers,
    [TIMESTAMP_HEADER]: String(now),
    [SIGNED_HEADERS_HEADER]: signedHeaders.join(","),
  };
  const signature = hmacHex(secret, canonicalString({ ...request, headers }, signedHeaders));
  return {
    [TIMESTAMP_HEADER]: String(now),
    [SIGNED_HEADERS_HEADER]: signedHeaders.join(","),
    [SIGNATURE_HEADER]: signature,
  };
}

export function verifyRequest(
  secret: string,
  request: CanonicalRequest,
  now = Date.now(),
  ttlSeconds = DEFAULT_TTL_SECONDS,
): boolean {
  const lowered = Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value]),
  );
  const signature = lowered[SIGNATURE_HEADER];
  const signedHeaders = (lowered[SIGNED_HEADERS_HEADER] ?? "")
    .split(",")
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  const timestamp = Number(lowered[TIMESTAMP_HEADER]);
  if (!signature || !signedHeaders.includes(TIMESTAMP_HEADER) || !Number.isFinite(timestamp)) return false;
  if (Math.abs(now - timestamp) > ttlSeconds * 1000) return false;
  const expected = Buffer.from(hmacHex(secret, canonicalString(request, signedHeaders)));
  const actual = Buffer.from(signature);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** Preview links (DESIGN section 4): `path` and `expires` signed with the server's secret. */
export function signPreview(secret: string, path: string, expiresAt: number): string {
  return createHmac("sha256", secret).update(`preview:${path}:${expiresAt}`).digest("base64url");
}

export function verifyPreview(
  secret: string,
  path: string,
  expiresAt: number,
  signature: string,
  now = Date.now(),
): boolean {
  if (!Number.isFinite(expiresAt) || expiresAt < now) return false;
  const expected = Buffer.from(signPreview(secret, path, expiresAt));
  const actual = Buffer.from(signature);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
