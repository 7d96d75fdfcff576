/**
 * Double opt-in of a promotion's sign-up (issue 42): the lead counts once the link in its e-mail is
 * followed and the page there confirmed. The link carries a random token; only its hash is stored.
 */
export const LEAD_CONFIRMATION_PATH = "/actie/bevestigen";

/** The path of a sign-up's confirmation link, as the e-mail carries it. */
export function leadConfirmationPath(token: string): string {
  return `${LEAD_CONFIRMATION_PATH}?${new URLSearchParams({ token })}`;
}
