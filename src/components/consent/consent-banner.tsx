import { type ComponentType, type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { consentTexts as text } from "@/src/lib/messages/consent";
import {
  CONSENT_FIELDS,
  CONSENT_PATH,
  choose,
  focusAfterChoice,
  isLevel,
  OPEN_EVENT,
  openConsentSettings,
} from "./consent-choice";
import { useConsent } from "./consent-store";

/**
 * The banner of a first visit (issue 20 item 1): three choices of equal weight, "alleen noodzakelijk" as
 * prominent as "alles accepteren", and the settings. Every page carries it in its HTML (cached pages are
 * the same for everyone); the document's `data-consent` mark, set before the first paint, hides it for a
 * visitor who chose, and the store removes it once hydrated. Without JavaScript its buttons post the
 * choice to `/toestemming`, which stores it and comes back here.
 */
export function ConsentBanner() {
  const consent = useConsent();
  const location = useLocation();
  const titleId = useId();
  // A mark the store does not confirm (a cookie it cannot read) is no choice: the banner asks again.
  useEffect(() => {
    if (consent === undefined) document.documentElement.removeAttribute("data-consent");
  }, [consent]);
  if (consent) return null;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (!isLevel(submitter?.value)) return;
    event.preventDefault();
    choose(submitter.value);
    focusAfterChoice(null);
  };
  return (
    <section className="consent-banner" aria-labelledby={titleId}>
      <h2 id={titleId} className="consent-banner__title">
        {text.bannerTitle}
      </h2>
      <p>{text.bannerText}</p>
      <form method="post" action={CONSENT_PATH} onSubmit={submit} className="consent-banner__choices">
        <input type="hidden" name={CONSENT_FIELDS.back} value={location.pathname} />
        <button type="submit" name={CONSENT_FIELDS.level} value="basis" className="button">
          {text.onlyNecessary}
        </button>
        <button type="submit" name={CONSENT_FIELDS.level} value="beperkt" className="button">
          {text.measurement}
        </button>
        <button type="submit" name={CONSENT_FIELDS.level} value="optimaal" className="button">
          {text.acceptAll}
        </button>
        <a
          href={CONSENT_PATH}
          className="consent-banner__settings"
          onClick={(event) => {
            event.preventDefault();
            openConsentSettings();
          }}
        >
          {text.settings}
        </a>
      </form>
    </section>
  );
}

/** The footer's way to the settings: the dialog, or `/toestemming` without JavaScript. */
export function ConsentSettingsLink() {
  return (
    <a
      href={CONSENT_PATH}
      onClick={(event) => {
        event.preventDefault();
        openConsentSettings();
      }}
    >
      {text.footerLink}
    </a>
  );
}

const loadSettings = () => import("./consent-settings");

/**
 * The settings dialog, loaded when it is first opened: most visits never open it, so its code and texts
 * are not part of a page's first load. Once loaded it listens for the next openings itself. A dialog that
 * cannot be loaded (offline) leaves the way without JavaScript: `/toestemming`.
 */
export function ConsentSettings() {
  const [settings, setSettings] = useState<{
    Dialog: ComponentType<{ openedBy: Element | null }>;
    openedBy: Element | null;
  }>();
  const loading = useRef(false);
  useEffect(() => {
    if (settings) return;
    const open = () => {
      if (loading.current) return;
      loading.current = true;
      const openedBy = document.activeElement;
      loadSettings().then(
        (module) => setSettings({ Dialog: module.ConsentSettingsDialog, openedBy }),
        () => window.location.assign(CONSENT_PATH),
      );
    };
    window.addEventListener(OPEN_EVENT, open);
    return () => window.removeEventListener(OPEN_EVENT, open);
  }, [settings]);
  return settings ? <settings.Dialog openedBy={settings.openedBy} /> : null;
}
