import { useSyncExternalStore } from "react";
import { parsePublicEnv } from "@/src/config/public-env";
import {
  type ConsentLevel,
  consentCookie,
  consentCookieName,
  parseConsentValue,
} from "@/src/domain/consent/consent";
import { readCookie } from "@/src/lib/cookies";

/**
 * The visitor's consent in the browser (issue 20): read from the cookie, changed by the banner or the
 * settings dialog, and told to whatever depends on it (the analytics funnel, Braze) at once, without a
 * reload. The server renders the same page for every visitor; this store decides in the browser.
 */

/** undefined: the visitor has not chosen yet (the banner asks), which allows what `basis` allows. */
export type ConsentState = ConsentLevel | undefined;

const listeners = new Set<(level: ConsentState) => void>();
let cached: { cookie: string; level: ConsentState } | undefined;

function cookieSettings() {
  const env = parsePublicEnv(window.__PUBLIC_ENV__);
  return {
    secure: env?.secureCookies ?? window.location.protocol === "https:",
    domain: env?.cookieDomain,
  };
}

/** The level chosen in this browser; undefined outside one or before a choice. */
export function currentConsent(): ConsentState {
  if (typeof document === "undefined") return undefined;
  const cookie = document.cookie;
  if (cached?.cookie !== cookie) {
    const value = readCookie(cookie, consentCookieName(cookieSettings().secure));
    cached = { cookie, level: parseConsentValue(value)?.level };
  }
  return cached.level;
}

/**
 * Sets the document's `data-consent` mark from the cookie again. The page's first script sets it before
 * React starts, and React's hydration of `<html>` drops it (issue 43); the page calls this once hydrated.
 */
export function markConsent(): void {
  const level = currentConsent();
  if (level) document.documentElement.setAttribute("data-consent", level);
}

/** Stores the visitor's choice for 365 days and tells everyone who listens. */
export function chooseConsent(level: ConsentLevel): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not available in every browser we serve.
  document.cookie = consentCookie(level, cookieSettings());
  document.documentElement.setAttribute("data-consent", level);
  const now = currentConsent() ?? level;
  lastTold = now;
  for (const listener of listeners) listener(now);
}

/**
 * A choice made in another tab of this browser reaches this one when it is shown again (the cookie is
 * shared; there is no event for it): what depends on consent follows without a reload.
 */
let lastTold: ConsentState;
function recheck(): void {
  if (document.visibilityState === "hidden") return;
  const now = currentConsent();
  if (now === lastTold) return;
  lastTold = now;
  if (now) document.documentElement.setAttribute("data-consent", now);
  else document.documentElement.removeAttribute("data-consent");
  for (const listener of listeners) listener(now);
}

/** Calls `listener` with every change of the level; returns the way to stop. */
export function onConsentChange(listener: (level: ConsentState) => void): () => void {
  if (listeners.size === 0) {
    lastTold = currentConsent();
    document.addEventListener("visibilitychange", recheck);
    window.addEventListener("focus", recheck);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      document.removeEventListener("visibilitychange", recheck);
      window.removeEventListener("focus", recheck);
    }
  };
}

/** The level for a component; undefined on the server and before hydration (the same markup for all). */
export function useConsent(): ConsentState {
  return useSyncExternalStore(onConsentChange, currentConsent, () => undefined);
}
