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
 * status text of a validation problem says nothing to a player), otherwise the error's own Dutch text.
 */
export function formFailure(
  error: ApiError,
  values: Record<string, string>,
  token: string,
): PortalFormResult {
  const firstFieldError = Object.values(error.fieldErrors)[0]?.[0];
  return {
    message: firstFieldError ?? error.message,
    fieldErrors: error.fieldErrors,
    recaptchaRequired: error.recaptchaRequired,
    values,
    token,
  };
}
