import { readCookie } from "@/src/lib/cookies";
import { signPreview, verifyPreview } from "./request-signing.server";

/** Preview mode (DESIGN section 4): a signed cookie that switches requests to drafts and off the cache. */
export const PREVIEW_COOKIE = "kl_preview";
export const PREVIEW_LINK_TTL_MS = 7 * 24 * 3_600_000;
const ALL_PATHS = "*";

/** A preview link for one path, valid for a week: what editors and CI open. */
export function previewLink(secret: string, path: string, now = Date.now()): string {
  const expires = now + PREVIEW_LINK_TTL_MS;
  const query = new URLSearchParams({
    path,
    expires: String(expires),
    signature: signPreview(secret, path, expires),
  });
  return `/api/cms/preview?${query}`;
}

/** The cookie value once a link is verified: an expiry and a signature over all paths. */
export function previewCookieValue(secret: string, expires: number): string {
  return `${expires}.${signPreview(secret, ALL_PATHS, expires)}`;
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
