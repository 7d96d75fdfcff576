import { type FormEvent, useState } from "react";
import { general, portal } from "@/src/lib/messages";
import type { PortalFormResult } from "./form-result";
import { RecaptchaWidget } from "./recaptcha-widget";

export type RecaptchaState = {
  /** Asked for since an answer said so (RateLimitError, RecaptchaNotValidError; spec section 8). */
  needed: boolean;
  token: string | undefined;
  setToken: (token: string | undefined) => void;
  /** Counts the answers: each one used the token up, so the widget starts over. */
  attempt: number;
};

/** The reCAPTCHA of a portal form, following the answers of its action. */
export function useRecaptcha(
  result: Pick<PortalFormResult, "recaptchaRequired"> | undefined,
): RecaptchaState {
  const [needed, setNeeded] = useState(Boolean(result?.recaptchaRequired));
  const [token, setToken] = useState<string | undefined>();
  const [attempt, setAttempt] = useState(0);
  const [answered, setAnswered] = useState(result);
  if (result !== answered) {
    setAnswered(result);
    setToken(undefined);
    setAttempt((count) => count + 1);
    if (result?.recaptchaRequired) setNeeded(true);
  }
  return { needed, token, setToken, attempt };
}

/**
 * The widget, once asked for, and its token as the form field the API reads. The widget needs
 * JavaScript; without it the form says so where the widget would be.
 */
export function RecaptchaField({ recaptcha }: { recaptcha: RecaptchaState }) {
  if (!recaptcha.needed) return null;
  return (
    <>
      <RecaptchaWidget key={recaptcha.attempt} onToken={recaptcha.setToken} />
      <input type="hidden" name="gRecaptchaResponse" value={recaptcha.token ?? ""} />
      <noscript>
        <p className="form-field__error">{portal.recaptchaNeedsJavaScript}</p>
      </noscript>
    </>
  );
}

/**
 * A portal form's reCAPTCHA with its guard: once the widget is on the page, the form is not sent without its
 * token (it would only be refused again), and says so where the widget is.
 */
export function useRecaptchaGuard(result: Pick<PortalFormResult, "recaptchaRequired"> | undefined) {
  const recaptcha = useRecaptcha(result);
  const [missing, setMissing] = useState(false);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const withoutToken = recaptcha.needed && !recaptcha.token;
    setMissing(withoutToken);
    if (withoutToken) event.preventDefault();
  };
  return { recaptcha, missing, onSubmit };
}

/** What the guard says when the form was sent without the reCAPTCHA's token. */
export function RecaptchaMissing({ missing }: { missing: boolean }) {
  return missing ? (
    <p className="form-field__error" role="alert">
      {general.recaptchaMissing}
    </p>
  ) : null;
}
