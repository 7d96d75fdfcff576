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

/** The `Set-Cookie` of the preview cookie, until the link expires. */
export function previewSetCookie(secret: string, expires: number, options: { secure: boolean }): string {
  const parts = [
    `${PREVIEW_COOKIE}=${previewCookieValue(secret, expires)}`,
    "Path=/",
    `Expires=${new Date(expires).toUTCString()}`,
    "HttpOnly",
    "SameSite=Lax",
  ];
  if (options.secure) parts.push("Secure");
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
