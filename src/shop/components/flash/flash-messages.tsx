import { useEffect, useState } from "react";
import { useLocation, useMatches } from "react-router";
import {
  FLASH_COOKIE,
  type FlashMessage,
  flashDisplayTime,
  flashInData,
  parseFlash,
} from "@/src/lib/flash/flash";
import { flashRegion, navigation } from "@/src/lib/messages/core";

function takeFlashCookie(): FlashMessage | undefined {
  const match = document.cookie.split("; ").find((part) => part.startsWith(`${FLASH_COOKIE}=`));
  if (!match) return undefined;
  // Read once: the cookie is cleared so a reload does not show the message again.
  // biome-ignore lint/suspicious/noDocumentCookie: the flash cookie is set by the server for the page to read
  document.cookie = `${FLASH_COOKIE}=; Max-Age=0; Path=/`;
  return parseFlash(match.slice(FLASH_COOKIE.length + 1));
}

type FlashListener = (flash: FlashMessage) => void;
const flashListeners = new Set<FlashListener>();
/** A flash raised before the region mounted (during hydration), shown as soon as it does. */
let pendingFlash: FlashMessage | undefined;

/**
 * Shows a flash message without a redirect, for errors the page notices itself (the basket over its
 * limit, spec section 8). The one `FlashMessages` region shows it, so there is one place for flashes.
 */
export function showFlash(flash: FlashMessage): void {
  if (flashListeners.size === 0) {
    pendingFlash = flash;
    return;
  }
  for (const listener of flashListeners) listener(flash);
}

/** The flash message after a redirect or from `showFlash` (spec sections 2, 3, 9), announced to screen readers. */
export function FlashMessages() {
  const location = useLocation();
  // A page that confirms the action itself (the registration completion step) keeps the flash for the next.
  const matches = useMatches();
  const deferred = matches.some(
    (match) => (match.handle as { deferFlash?: boolean } | undefined)?.deferFlash,
  );
  // A page rendered for this browser alone may have taken the flash on the server (`takeFlash`): it is
  // in the server's HTML then, without JavaScript too.
  const routeFlash = matches.map((match) => flashInData(match.data)).find(Boolean);
  const [flash, setFlash] = useState<FlashMessage | undefined>(routeFlash);

  useEffect(() => {
    if (routeFlash) setFlash(routeFlash);
  }, [routeFlash]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new location may bring a new flash cookie
  useEffect(() => {
    if (deferred) return;
    const next = takeFlashCookie();
    if (next) setFlash(next);
  }, [location.key, deferred]);

  useEffect(() => {
    flashListeners.add(setFlash);
    if (pendingFlash) setFlash(pendingFlash);
    pendingFlash = undefined;
    return () => {
      flashListeners.delete(setFlash);
    };
  }, []);

  useEffect(() => {
    if (!flash?.autoHide) return;
    const timer = setTimeout(() => setFlash(undefined), flashDisplayTime(flash.message));
    return () => clearTimeout(timer);
  }, [flash]);

  return (
    <div className="flash-region" role="status" aria-live="polite" aria-label={flashRegion}>
      {flash ? (
        // A flash the page did not bring with its HTML (a cookie read after hydration, `showFlash`) floats
        // over the page: appearing and leaving, it moves nothing, so a press under way lands where it was
        // aimed (a login's "Je bent ingelogd" pushed a link away from a click in the CI's journeys).
        <div className={`flash flash--${flash.variant}${flash === routeFlash ? "" : " flash--floating"}`}>
          <span>{flash.message}</span>
          <button
            type="button"
            className="flash__close"
            onClick={() => setFlash(undefined)}
            aria-label={navigation.close}
          >
            ×
          </button>
        </div>
      ) : null}
    </div>
  );
}
