import { z } from "zod";
import { readCookie } from "@/src/lib/cookies";
import { signPreview, verifyPreview } from "./request-signing.server";

/** Preview mode (DESIGN section 4): a signed cookie that switches requests to drafts and off the cache. */
export const PREVIEW_COOKIE = "kl_preview";
export const PREVIEW_LINK_TTL_MS = 7 * 24 * 3_600_000;
/** The page that opens a preview link: it sets the cookie, or says in Dutch why the link is not valid. */
export const PREVIEW_LINK_PATH = "/voorbeeldweergave";
const ALL_PATHS = "*";

/** A preview link for one path, valid for a week: what editors and CI open. */
export function previewLink(secret: string, path: string, now = Date.now()): string {
  const expires = now + PREVIEW_LINK_TTL_MS;
  const query = new URLSearchParams({
    path,
    expires: String(expires),
    signature: signPreview(secret, path, expires),
  });
  return `${PREVIEW_LINK_PATH}?${query}`;
}

const PreviewLinkSchema = z.object({
  path: z
    .string()
    .max(500)
    .regex(/^\/(?![/\\])/),
  expires: z.coerce.number().int(),
  signature: z.string().max(200),
});

/**
 * The page path and the cookie's expiry of a preview link's query when its signature holds and it has not
 * expired; undefined for anything else (unsigned, tampered, expired, another site's path).
 */
export function verifiedPreviewLink(
  secret: string,
  query: URLSearchParams,
  now = Date.now(),
): { path: string; expires: number } | undefined {
  const link = PreviewLinkSchema.safeParse(Object.fromEntries(query));
  if (!link.success) return undefined;
  const { path, expires, signature } = link.data;
  return verifyPreview(secret, path, expires, signature, now) ? { path, expires } : undefined;
}

/** The cookie value once a link is verified: an expiry and a signature over all paths. */
export function previewCookieValue(secret: string, expires: number): string {
  return `${expires}.${signPreview(secret, ALL_PATHS, expires)}`;
}

/**
 * Whether a request comes from a document framed by another site (Contentful's web app framing the
 * preview, decision 28), by the browser's fetch metadata: there a `SameSite=Lax` cookie is neither set nor
 * sent.
 */
export function isCrossSiteFrame(headers: { get(name: string): string | null | undefined }): boolean {
  return headers.get("sec-fetch-dest") === "iframe" && headers.get("sec-fetch-site") === "cross-site";
}

/**
 * The `Set-Cookie` of the preview cookie, until the link expires. Opened in another site's iframe
 * (`crossSiteFrame`): `SameSite=None; Secure; Partitioned` (decision 28), a cookie kept for that top-level
 * site only, so it works inside Contentful's iframe and nowhere else.
 */
export function previewSetCookie(
  secret: string,
  expires: number,
  options: { secure: boolean; crossSiteFrame?: boolean },
): string {
  const parts = [
    `${PREVIEW_COOKIE}=${previewCookieValue(secret, expires)}`,
    "Path=/",
    `Expires=${new Date(expires).toUTCString()}`,
    "HttpOnly",
  ];
  if (options.crossSiteFrame) parts.push("SameSite=None", "Secure", "Partitioned");
  else parts.push("SameSite=Lax", ...(options.secure ? ["Secure"] : []));
  return parts.join("; ");
}

export function isPreviewCookieValid(
  secret: string,
  cookieHeader: string | null | undefined,
  now = Date.now(),
): boolean {
  const value = readCookie(cookieHeader ?? undefined, PREVIEW_COOKIE);
  if (!value) return false;
  const [expires, signature] = value.split(".");
  return Boolean(signature) && verifyPreview(secret, ALL_PATHS, Number(expires), signature ?? "", now);
}
