/**
 * The forms of /mijn/profiel (issue 43): which one was sent (`intent`), and what it came to. The page
 * shows each outcome at its own form, with JavaScript or without.
 */
export const PROFILE_FORM_INTENT = "intent";
export type ProfileFormName = "password" | "email";

export type ProfileFormOutcome = {
  form: ProfileFormName;
  /** What the change did (role=status). */
  notice?: string;
  /** Why it was refused (role=alert above the form): the first field's Dutch reason or the API's text. */
  message?: string;
  /** Dutch messages per field, from the API's problem details. */
  fieldErrors: Record<string, string[]>;
  /** What the player typed, to fill the form in again after a refusal; never a password. */
  values: Record<string, string>;
};

export function profileFormName(value: string | null): ProfileFormName | undefined {
  return value === "password" || value === "email" ? value : undefined;
}
