import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { CONSENT_LEVELS, type ConsentLevel } from "@/src/domain/consent/consent";
import { consentSettingsTexts as text } from "@/src/lib/messages/consent-settings";
import {
  CONSENT_FIELDS,
  CONSENT_PATH,
  choose,
  focusAfterChoice,
  isLevel,
  OPEN_EVENT,
} from "./consent-choice";
import { currentConsent, useConsent } from "./consent-store";

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
 * stops without a reload. It opens as it mounts (`ConsentSettings` loads it on the first opening, from
 * `openedBy`), then on each opening event.
 */
export function ConsentSettingsDialog({ openedBy }: { openedBy: Element | null }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const opener = useRef<Element | null>(null);
  const consent = useConsent();
  const [error, setError] = useState<string>();
  const titleId = useId();

  useEffect(() => {
    const open = (from: Element | null) => {
      opener.current = from;
      setError(undefined);
      // The radios start from the current choice each time (none before a first choice).
      const current = currentConsent();
      for (const radio of form.current?.querySelectorAll<HTMLInputElement>('input[type="radio"]') ?? []) {
        radio.checked = radio.value === current;
      }
      if (!dialog.current?.open) dialog.current?.showModal();
    };
    const openFromEvent = () => open(document.activeElement);
    window.addEventListener(OPEN_EVENT, openFromEvent);
    open(openedBy);
    return () => window.removeEventListener(OPEN_EVENT, openFromEvent);
  }, [openedBy]);

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
