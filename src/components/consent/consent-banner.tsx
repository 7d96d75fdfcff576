import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { CONSENT_LEVELS, type ConsentLevel } from "@/src/domain/consent/consent";
import { consentTexts as text } from "@/src/lib/messages/consent";
import { createFlash } from "../flash/flash";
import { showFlash } from "../flash/flash-messages";
import { chooseConsent, currentConsent, useConsent } from "./consent-store";

/** The page of the choices without JavaScript, and the form posts of the banner and the dialog. */
export const CONSENT_PATH = "/toestemming";
/** The field of the level chosen, and of the page to go back to. */
export const CONSENT_FIELDS = { level: "niveau", back: "terug" } as const;

const OPEN_EVENT = "kl:consent-settings";

/** Opens the settings dialog (the footer's link, the banner's button). */
export function openConsentSettings(): void {
  window.dispatchEvent(new Event(OPEN_EVENT));
}

function isLevel(value: unknown): value is ConsentLevel {
  return (CONSENT_LEVELS as readonly unknown[]).includes(value);
}

function choose(level: ConsentLevel) {
  chooseConsent(level);
  showFlash(createFlash(text.saved, "success"));
}

/** Focus after a choice: back to what opened the dialog, else (the banner is gone) the page's content. */
function focusAfterChoice(opener: Element | null) {
  if (opener instanceof HTMLElement && opener.isConnected) {
    opener.focus();
    return;
  }
  const main = document.getElementById("inhoud");
  if (!main) return;
  if (!main.hasAttribute("tabindex")) main.setAttribute("tabindex", "-1");
  main.focus();
}

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

/**
 * The three levels as radio buttons, none chosen for a visitor who has not chosen (nothing pre-ticked),
 * each with what it allows. Shared by the dialog and `/toestemming`.
 */
export function ConsentChoices({ current, error }: { current: ConsentLevel | undefined; error?: string }) {
  const errorId = useId();
  return (
    <fieldset className="consent-choices" aria-describedby={error ? errorId : undefined}>
      <legend>{text.levelLegend}</legend>
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      {CONSENT_LEVELS.map((level) => (
        <label key={level} className="consent-choices__option">
          <input type="radio" name={CONSENT_FIELDS.level} value={level} defaultChecked={current === level} />
          <span>
            <strong>{text.levels[level].label}</strong>
            <span className="consent-choices__text">{text.levels[level].text}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/**
 * The settings dialog (a native modal `<dialog>`: focus moves into it and is kept there, Escape closes it,
 * focus goes back to what opened it). Saving changes the level at once: what depends on it starts or
 * stops without a reload.
 */
export function ConsentSettingsDialog() {
  const dialog = useRef<HTMLDialogElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const opener = useRef<Element | null>(null);
  const consent = useConsent();
  const [error, setError] = useState<string>();
  const titleId = useId();

  useEffect(() => {
    const open = () => {
      opener.current = document.activeElement;
      setError(undefined);
      // The radios start from the current choice each time (none before a first choice).
      const current = currentConsent();
      for (const radio of form.current?.querySelectorAll<HTMLInputElement>('input[type="radio"]') ?? []) {
        radio.checked = radio.value === current;
      }
      dialog.current?.showModal();
    };
    window.addEventListener(OPEN_EVENT, open);
    return () => window.removeEventListener(OPEN_EVENT, open);
  }, []);

  const close = () => {
    dialog.current?.close();
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const level = new FormData(event.currentTarget).get(CONSENT_FIELDS.level);
    if (!isLevel(level)) {
      setError(text.chooseOne);
      return;
    }
    choose(level);
    close();
  };

  return (
    <dialog
      ref={dialog}
      className="consent-dialog"
      aria-labelledby={titleId}
      onClose={() => focusAfterChoice(opener.current)}
    >
      <form ref={form} method="post" action={CONSENT_PATH} onSubmit={submit}>
        <h2 id={titleId}>{text.dialogTitle}</h2>
        <p>{text.dialogIntro}</p>
        <ConsentChoices current={consent} error={error} />
        <div className="consent-dialog__actions">
          <button type="submit" className="button">
            {text.save}
          </button>
          <button type="button" className="button button--secondary" onClick={close}>
            {text.close}
          </button>
        </div>
      </form>
    </dialog>
  );
}
