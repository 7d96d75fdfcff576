import { login, requestPasswordReset, resetPassword } from "@/src/contract/authentication";
import { register } from "@/src/contract/portal";
import { parseDutchDate } from "@/src/lib/dutch-date";
import { passwordResetMessages, registrationFieldMessages } from "@/src/lib/messages";
import type { ApiCaller } from "@/src/shop/client/api-caller";
import { ApiError } from "@/src/shop/client/api-error";
import { REGISTRATION_FIELDS } from "./register-form";

/** A posted form's fields as the API is sent them; the API's contract checks them. */
type FormFields = { get(name: string): string | null };

const text = (form: FormFields, name: string) => form.get(name) ?? "";
const optional = (form: FormFields, name: string) => text(form, name) || undefined;

/** The login form's fields (besides the password) it is shown with again after a failure. */
export const LOGIN_KEPT_FIELDS = ["email"] as const;

/** The registration form's fields it is shown with again after a failure: all but the password. */
export const REGISTRATION_KEPT_FIELDS = REGISTRATION_FIELDS.filter((field) => field !== "password");

/** Logs in with the login form's fields; the API's `Set-Cookie` (the new session) reaches the browser. */
export async function submitLogin(portal: ApiCaller, form: FormFields): Promise<void> {
  await portal.call(login, {
    body: {
      email: text(form, "email"),
      password: text(form, "password"),
      gRecaptchaResponse: optional(form, "gRecaptchaResponse"),
    },
  });
}

/**
 * Registers (and logs in) with the registration form's fields. The date of birth is typed as dd-mm-jjjj and
 * sent as the API's `YYYY-MM-DD`; what cannot be read as a date is sent as typed, and the API's refusal of
 * it then says which form to type.
 */
export async function submitRegistration(portal: ApiCaller, form: FormFields): Promise<void> {
  const typedBirthDate = text(form, "dateOfBirth");
  const dateOfBirth = parseDutchDate(typedBirthDate);
  try {
    await callRegister(portal, form, dateOfBirth ?? typedBirthDate);
  } catch (error) {
    if (!(error instanceof ApiError) || dateOfBirth || !typedBirthDate || !error.fieldErrors.dateOfBirth)
      throw error;
    throw new ApiError({
      status: error.status,
      code: error.code,
      message: error.message,
      specMessage: error.specMessage,
      fieldErrors: { ...error.fieldErrors, dateOfBirth: [registrationFieldMessages.dateOfBirthFormat] },
    });
  }
}

async function callRegister(portal: ApiCaller, form: FormFields, dateOfBirth: string): Promise<void> {
  await portal.call(register, {
    body: {
      email: text(form, "email"),
      password: text(form, "password"),
      firstName: text(form, "firstName"),
      middleName: optional(form, "middleName"),
      lastName: text(form, "lastName"),
      dateOfBirth,
      postalCode: text(form, "postalCode"),
      houseNumber: Number(text(form, "houseNumber")),
      houseNumberExtension: optional(form, "houseNumberExtension"),
      iban: optional(form, "iban"),
      // The server refuses an unticked box with its own Dutch message; the type only allows `true`.
      acceptTerms: (form.get("acceptTerms") === "on") as true,
      gRecaptchaResponse: optional(form, "gRecaptchaResponse"),
    },
  });
}

/** The "Wachtwoord vergeten?" form's field it is shown with again after a failure. */
export const FORGOT_PASSWORD_KEPT_FIELDS = ["email"] as const;

/** Asks for a reset link for the form's address; the API answers alike for every address. */
export async function submitPasswordResetRequest(portal: ApiCaller, form: FormFields): Promise<void> {
  await portal.call(requestPasswordReset, {
    body: { email: text(form, "email"), gRecaptchaResponse: optional(form, "gRecaptchaResponse") },
  });
}

/**
 * Sets the new password with the reset link's token. The password typed twice must match, which only the
 * form asks for: the API receives one.
 */
export async function submitNewPassword(portal: ApiCaller, token: string, form: FormFields): Promise<void> {
  const password = text(form, "password");
  if (password !== text(form, "passwordRepeat")) {
    const message = passwordResetMessages.passwordsDiffer;
    throw new ApiError({ status: 400, message, fieldErrors: { passwordRepeat: [message] } });
  }
  await portal.call(resetPassword, { body: { token, password } });
}
