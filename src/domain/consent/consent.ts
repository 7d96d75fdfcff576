/**
 * What a visitor allows (spec sections 3 and 9, issue 20): `basis` only what the shop needs to work,
 * `beperkt` plus anonymous measurement (the analytics funnel), `optimaal` plus personalised marketing
 * (Braze). Kept in a cookie for 365 days on the parent domain, written by the browser (a change takes
 * effect at once) and by the server (the form without JavaScript). No schema library here: the basket's
 * first-load code reads it. A cookie that does not parse, forged or
 * from an older shop, is no consent: the banner asks again and nothing beyond `basis` runs.
 */
export const CONSENT_LEVELS = ["basis", "beperkt", "optimaal"] as const;
export type ConsentLevel = (typeof CONSENT_LEVELS)[number];

export const CONSENT_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** What each level allows on top of the one below it. */
export type ConsentPurpose = "measurement" | "marketing";
const REQUIRED: Record<ConsentPurpose, ConsentLevel> = { measurement: "beperkt", marketing: "optimaal" };

/** Whether a level (undefined: no choice made yet, which is `basis`) allows a purpose. */
export function allows(level: ConsentLevel | undefined, purpose: ConsentPurpose): boolean {
  if (!level) return false;
  return CONSENT_LEVELS.indexOf(level) >= CONSENT_LEVELS.indexOf(REQUIRED[purpose]);
}

/** `__Secure-` on https (it may carry the parent domain, which `__Host-` may not). */
export function consentCookieName(secure: boolean): string {
  return secure ? "__Secure-kl_consent" : "kl_consent";
}

/** The cookie's value: a version, the level and when it was chosen (seconds), e.g. `1.beperkt.1795000000`. */
const VALUE = /^1\.(basis|beperkt|optimaal)\.(\d{9,11})$/;

export type Consent = { level: ConsentLevel; chosenAt: Date };

/** The consent in a cookie's value; undefined for anything else (no consent). */
export function parseConsentValue(value: string | undefined, now = new Date()): Consent | undefined {
  const match = value ? VALUE.exec(value) : null;
  if (!match) return undefined;
  const chosenAt = new Date(Number(match[2]) * 1000);
  // A choice from the future (beyond a day of clock skew) or older than the cookie may live is not one the
  // visitor made here.
  const age = now.getTime() - chosenAt.getTime();
  if (age < -86_400_000 || age > CONSENT_COOKIE_MAX_AGE_SECONDS * 1000) return undefined;
  return { level: match[1] as ConsentLevel, chosenAt };
}

export type ConsentCookieSettings = { secure: boolean; domain?: string };

/** The whole cookie, as `document.cookie` takes it and as a `Set-Cookie` header. */
export function consentCookie(
  level: ConsentLevel,
  settings: ConsentCookieSettings,
  now = new Date(),
): string {
  const value = `1.${level}.${Math.floor(now.getTime() / 1000)}`;
  const parts = [
    `${consentCookieName(settings.secure)}=${value}`,
    `Max-Age=${CONSENT_COOKIE_MAX_AGE_SECONDS}`,
    "Path=/",
    "SameSite=Lax",
  ];
  if (settings.domain) parts.push(`Domain=${settings.domain}`);
  if (settings.secure) parts.push("Secure");
  return parts.join("; ");
}

/**
 * The inline script of every page that marks the document with the visitor's level before it is painted
 * (`<html data-consent="beperkt">`), so the banner of a cached page, the same for everyone, is hidden at
 * once for a visitor who chose. It reads only the cookie; it is the same on every page (its CSP hash).
 */
export const CONSENT_MARKER_SCRIPT =
  'try{var c=document.cookie.match(/(?:^|; )(?:__Secure-)?kl_consent=1\\.(basis|beperkt|optimaal)\\.\\d+/);if(c)document.documentElement.setAttribute("data-consent",c[1])}catch(e){}';
