import { changePassword, confirmEmailChange, requestEmailChange } from "@/src/contract/portal";
import { accountChangePages as text } from "@/src/lib/messages";
import type { ApiCaller } from "@/src/shop/client/api-caller";
import type { ApiError } from "@/src/shop/client/api-error";
import type { ProfileFormName, ProfileFormOutcome } from "./account-change-outcome";

/** The fields of /mijn/profiel's forms as the API is sent them; the API's contract checks them. */
type FormFields = { get(name: string): string | null };

const value = (form: FormFields, name: string) => form.get(name) ?? "";

/** The field each form is shown with again after a refusal (never a password). */
const KEPT_FIELDS: Record<ProfileFormName, readonly string[]> = { password: [], email: ["newEmail"] };

function keptValues(name: ProfileFormName, form: FormFields): Record<string, string> {
  return Object.fromEntries(KEPT_FIELDS[name].map((field) => [field, value(form, field)]));
}

/** A refusal as the form shows it: the first field's reason above it, each at its field. */
export function profileFormRefusal(
  name: ProfileFormName,
  form: FormFields,
  error: ApiError | { message: string; fieldErrors: Record<string, string[]> },
): ProfileFormOutcome {
  const firstFieldError = Object.values(error.fieldErrors)[0]?.[0];
  return {
    form: name,
    message: firstFieldError ?? error.message,
    fieldErrors: error.fieldErrors,
    values: keptValues(name, form),
  };
}

/**
 * Sends the form `name` to the portal API as the logged-in player; answers what the page says on success.
 * Fails with the API's `ApiError`.
 */
export async function submitProfileForm(
  portal: ApiCaller,
  name: ProfileFormName,
  form: FormFields,
): Promise<ProfileFormOutcome> {
  if (name === "password") {
    await portal.call(changePassword, {
      body: { currentPassword: value(form, "currentPassword"), newPassword: value(form, "newPassword") },
    });
    return { form: name, notice: text.passwordChanged, fieldErrors: {}, values: {} };
  }
  const { newEmail } = await portal.call(requestEmailChange, {
    body: { newEmail: value(form, "newEmail"), currentPassword: value(form, "currentPassword") },
  });
  return { form: name, notice: text.emailSent(newEmail), fieldErrors: {}, values: {} };
}

/** The confirmation link's POST: the account's new address, or the API's refusal (`ApiError`). */
export async function submitEmailConfirmation(portal: ApiCaller, token: string): Promise<string> {
  return (await portal.call(confirmEmailChange, { body: { token } })).email;
}
