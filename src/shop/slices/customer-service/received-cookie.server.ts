import { readCookie } from "@/src/lib/cookies";

/**
 * The reference of the question this browser just sent (issue 43 item 2), carried across the redirect to
 * `/klantenservice/bericht/ontvangen` (post, redirect, get: reloading the confirmation sends nothing again).
 * HttpOnly and only under `/klantenservice`; it holds the reference and nothing else.
 */
const RECEIVED_COOKIE = "kl_klantenservice";
const RECEIVED_SECONDS = 30 * 60;
const REFERENCE = /^KS-\d{6,12}$/;

export function receivedCookieHeader(reference: string, options: { secure: boolean }): string {
  return `${RECEIVED_COOKIE}=${reference}; Path=/klantenservice; Max-Age=${RECEIVED_SECONDS}; HttpOnly; SameSite=Lax${options.secure ? "; Secure" : ""}`;
}

/** The reference the cookie holds, when it holds one. */
export function receivedReference(request: Request): string | undefined {
  const value = readCookie(request.headers.get("cookie"), RECEIVED_COOKIE);
  return value && REFERENCE.test(value) ? value : undefined;
}
