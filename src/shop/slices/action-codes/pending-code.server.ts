import { z } from "zod";
import { readCookie } from "@/src/lib/cookies";
import { serializeCookie } from "@/src/lib/set-cookie";

/**
 * An action code a visitor sent before logging in (issue 40 item 6). The form's post remembers it in this
 * browser; once the player is back from the portal's login or registration, the offer page activates it
 * as the post asked, instead of showing the code again beside "Deze code is ongeldig". Only a post from the
 * shop's own page sets it (`postedFromThisSite`: a link cannot, nor another site's form), it is this page's
 * only, and it lasts half an hour.
 */
const PENDING_CODE_COOKIE_NAME = "kl_action_code";
const PENDING_CODE_SECONDS = 30 * 60;
const COOKIE_PATH = "/actie";

const PendingCodeSchema = z.object({ pageId: z.string().min(1).max(100), code: z.string().min(1).max(20) });

function cookie(value: string, maxAgeSeconds: number, secure: boolean): string {
  return serializeCookie(PENDING_CODE_COOKIE_NAME, value, {
    maxAgeMs: maxAgeSeconds * 1000,
    httpOnly: true,
    sameSite: "Lax",
    secure,
    path: COOKIE_PATH,
  });
}

/** The `Set-Cookie` that remembers `code` for the campaign page `pageId` while the visitor logs in. */
export function rememberPendingCode(pageId: string, code: string, secure: boolean): string {
  const value = Buffer.from(JSON.stringify({ pageId, code }), "utf8").toString("base64url");
  return cookie(value, PENDING_CODE_SECONDS, secure);
}

/** The code this browser sent for `pageId` before logging in, if it sent one. */
export function pendingCode(request: Request, pageId: string): string | undefined {
  const value = readCookie(request.headers.get("cookie") ?? undefined, PENDING_CODE_COOKIE_NAME);
  if (!value) return undefined;
  try {
    const parsed = PendingCodeSchema.safeParse(JSON.parse(Buffer.from(value, "base64url").toString("utf8")));
    return parsed.success && parsed.data.pageId === pageId ? parsed.data.code : undefined;
  } catch {
    return undefined;
  }
}

/** Forgets the pending code (it was activated, or refused). */
export function forgetPendingCode(secure: boolean): string {
  return cookie("", 0, secure);
}

/**
 * Whether a form post came from a page of this site, as the browser says it: `Sec-Fetch-Site`
 * (`same-origin`), or, from a browser that does not send it, an `Origin` equal to the request's own. Another
 * site's self-submitting form must not leave a code to be activated on the next login (issue 40 review).
 */
export function postedFromThisSite(request: Request): boolean {
  const site = request.headers.get("sec-fetch-site");
  if (site !== null) return site === "same-origin";
  const origin = request.headers.get("origin");
  return origin !== null && origin === new URL(request.url).origin;
}
