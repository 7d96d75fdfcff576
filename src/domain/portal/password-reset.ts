/**
 * "Wachtwoord vergeten?" (issue 43): a one-time link by e-mail to choose a new password. The link carries
 * a random token; only its hash is stored, and it works once, for an hour, until a newer one is asked for.
 */
export const FORGOT_PASSWORD_PATH = "/wachtwoord-vergeten";
export const PASSWORD_RESET_PATH = "/wachtwoord-herstellen";

/** How long a reset link works. */
export const PASSWORD_RESET_TTL_MS = 60 * 60_000;

/** A token as the link carries it: 32 random bytes in base64url. */
export const PASSWORD_RESET_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The path of a reset link, as the e-mail carries it. */
export function passwordResetPath(token: string): string {
  return `${PASSWORD_RESET_PATH}?${new URLSearchParams({ token })}`;
}
