/**
 * Cookie names shared by the server (which sets them) and the browser (which reads or clears them).
 * With secure cookies the names carry a prefix, so the browser enforces the matching attributes:
 * `__Secure-` demands the Secure flag, `__Host-` additionally forbids a Domain and demands `Path=/`.
 */

/** The page-readable cookie that says the player is logged in (spec section 6). */
export function loginCookieName(secure: boolean): string {
  return secure ? "__Secure-kl_ingelogd" : "kl_ingelogd";
}

/**
 * The session cookie. `__Host-` is only allowed without a Domain attribute, so a cookie shared across
 * subdomains (a configured cookie domain) falls back to `__Secure-`.
 */
export function sessionCookieName(secure: boolean, domain?: string): string {
  if (secure && !domain) return "__Host-kl_sid";
  return secure ? "__Secure-kl_sid" : "kl_sid";
}

/**
 * The visitor cookie (issue 17): a random id of this browser that survives logging in and out, so a flow's
 * store (a gift being given) stays this visitor's across the portal's login. Prefixed like the session's.
 */
export function visitorCookieName(secure: boolean, domain?: string): string {
  if (secure && !domain) return "__Host-kl_visitor";
  return secure ? "__Secure-kl_visitor" : "kl_visitor";
}
