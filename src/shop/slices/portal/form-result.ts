import { formErrors } from "@/src/lib/messages/form-errors";
import type { ApiError } from "@/src/shop/client/api-error";

/**
 * What a portal form's action answers when the attempt failed (a login or registration that succeeds
 * redirects instead). The page shows it again from this, with JavaScript or without.
 */
export type PortalFormResult = {
  /** The Dutch message above the form. */
  message: string;
  /** Dutch messages per field, from the API's problem details. */
  fieldErrors: Record<string, string[]>;
  /** RateLimitError and RecaptchaNotValidError: the form asks for the reCAPTCHA (spec section 8). */
  recaptchaRequired: boolean;
  /** What the player entered, to fill the form in again; never the password. */
  values: Record<string, string>;
  /** This browser's anti-forgery token, for the next attempt. */
  token: string;
};

/**
 * The failure of a call as the form shows it: the first field's message when fields were refused (the
 * status text of a validation problem says nothing to a player), otherwise the error's own Dutch text. A
 * form without a reCAPTCHA (`recaptcha: false`, the registration) does not ask to tick one: too many
 * attempts there say to wait a few minutes.
 */
export function formFailure(
  error: ApiError,
  values: Record<string, string>,
  token: string,
  { recaptcha = true }: { recaptcha?: boolean } = {},
): PortalFormResult {
  const firstFieldError = Object.values(error.fieldErrors)[0]?.[0];
  const tooMany = error.recaptchaRequired && !recaptcha;
  return {
    message: firstFieldError ?? (tooMany ? formErrors.tooManyAttempts : error.message),
    fieldErrors: error.fieldErrors,
    recaptchaRequired: error.recaptchaRequired && recaptcha,
    values,
    token,
  };
}
