import { type FormEvent, useEffect, useId } from "react";
import { useLocation } from "react-router";
import { consentTexts as text } from "@/src/lib/messages/consent";
import {
  CONSENT_FIELDS,
  CONSENT_PATH,
  choose,
  focusAfterChoice,
  isLevel,
  openConsentSettings,
} from "./consent-choice";
import { useConsent } from "./consent-store";

/**
 * The banner of a first visit (issue 20 item 1): three choices of equal weight, "alleen noodzakelijk" as
 * prominent as "alles accepteren", and the settings. Every page carries it in its HTML (cached pages are
 * the same for everyone); the document's `data-consent` mark, set before the first paint, hides it for a
 * visitor who chose, and the store removes it once hydrated. Without JavaScript its buttons post the
 * choice to `/toestemming`, which stores it and comes back here. The layout loads it after the page
 * (decision 16): until then its buttons post as they do without JavaScript.
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
