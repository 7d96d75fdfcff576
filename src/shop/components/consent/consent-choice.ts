// What the consent banner, the settings dialog and `/toestemming` share.
import { CONSENT_LEVELS, type ConsentLevel } from "@/src/domain/consent/consent";
import { createFlash } from "@/src/lib/flash/flash";
import { consentSaved } from "@/src/lib/messages/core";
import { showFlash } from "../flash/flash-messages";
import { chooseConsent } from "./consent-store";

/** The page of the choices without JavaScript, and the form posts of the banner and the dialog. */
export const CONSENT_PATH = "/toestemming";
/** The field of the level chosen, and of the page to go back to. */
export const CONSENT_FIELDS = { level: "niveau", back: "terug" } as const;

/** The event that opens the settings dialog. */
export const OPEN_EVENT = "kl:consent-settings";

/** Opens the settings dialog (the footer's link, the banner's button). */
export function openConsentSettings(): void {
  window.dispatchEvent(new Event(OPEN_EVENT));
}

export function isLevel(value: unknown): value is ConsentLevel {
  return (CONSENT_LEVELS as readonly unknown[]).includes(value);
}

export function choose(level: ConsentLevel) {
  chooseConsent(level);
  showFlash(createFlash(consentSaved, "success"));
}

/** Focus after a choice: back to what opened the dialog, else (the banner is gone) the page's content. */
export function focusAfterChoice(opener: Element | null) {
  if (opener instanceof HTMLElement && opener.isConnected) {
    opener.focus();
    return;
  }
  const main = document.getElementById("inhoud");
  if (!main) return;
  if (!main.hasAttribute("tabindex")) main.setAttribute("tabindex", "-1");
  main.focus();
}
