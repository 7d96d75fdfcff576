/**
 * Changing the account's e-mail address under /mijn/profiel (issue 43): a one-time link to the NEW address
 * confirms it, a notice goes to the old one. The link carries a random token; only its hash is stored, and
 * it works once, for a day, until a newer change is asked for.
 */
export const EMAIL_CHANGE_CONFIRM_PATH = "/e-mailadres-bevestigen";

/** How long a confirmation link works: a day, as a new mailbox is not always read within the hour. */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60_000;

/** The path of a confirmation link, as the e-mail carries it. */
export function emailChangePath(token: string): string {
  return `${EMAIL_CHANGE_CONFIRM_PATH}?${new URLSearchParams({ token })}`;
}

/**
 * An address as the notice to the old address names the new one: enough to recognise it, not to read it
 * whole (`s***@example.nl`), in case the old mailbox is no longer the player's own.
 */
export function maskEmailAddress(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "***";
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}
