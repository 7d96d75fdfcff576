/**
 * "Wachtwoord vergeten?" (issue 43): the API's refusals of a reset link and the portal's two pages. Part of
 * the one message catalogue (`src/lib/messages.ts`); the e-mail's texts are `emailPasswordReset`.
 */

/** Why a reset link or its form is refused, shown at the field (and above the form). */
export const passwordResetMessages = {
  email: "Vul een geldig e-mailadres in",
  tokenUnknown: "Deze link werkt niet. Gebruik de link uit de e-mail, of vraag een nieuwe link aan.",
  tokenUsed:
    "Deze link is al gebruikt. Wil je je wachtwoord nog een keer wijzigen? Vraag dan een nieuwe link aan.",
  tokenExpired: "Deze link is verlopen: hij is een uur geldig. Vraag een nieuwe link aan.",
  tokenReplaced: "Je hebt daarna een nieuwere link gekregen. Gebruik de link uit de laatste e-mail.",
  passwordsDiffer: "De twee wachtwoorden zijn niet gelijk",
} as const;

export const passwordResetPages = {
  /** The link under the login form. */
  forgotLink: "Wachtwoord vergeten?",
  forgotTitle: "Wachtwoord vergeten",
  forgotIntro:
    "Vul het e-mailadres van je account in. We sturen je een e-mail met een link om een nieuw wachtwoord te kiezen.",
  send: "Stuur de link",
  sending: "Bezig met versturen…",
  /** The same answer whether or not the address has an account. */
  sent: "Als er een account met dit e-mailadres is, hebben we een e-mail gestuurd met een link om een nieuw wachtwoord te kiezen. De link is een uur geldig.",
  backToLogin: "Terug naar inloggen",
  resetTitle: "Nieuw wachtwoord kiezen",
  resetIntro: "Kies een nieuw wachtwoord voor je account.",
  newPassword: "Nieuw wachtwoord",
  repeatPassword: "Herhaal je nieuwe wachtwoord",
  save: "Wachtwoord opslaan",
  saving: "Bezig met opslaan…",
  changedTitle: "Je wachtwoord is gewijzigd",
  changed: "Je kunt nu inloggen met je nieuwe wachtwoord. Op andere apparaten en browsers ben je uitgelogd.",
  toLogin: "Inloggen",
  requestNew: "Vraag een nieuwe link aan",
} as const;
