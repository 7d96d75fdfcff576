/**
 * Changing the password and the e-mail address under /mijn/profiel (issue 43): the API's refusals and the
 * texts of the forms and the confirmation page. Part of the one message catalogue (`src/lib/messages.ts`);
 * the e-mails' texts are `emailPasswordChanged`, `emailEmailChangeConfirmation` and `emailEmailChangeNotice`.
 */

/** Why a change is refused, shown at its field (and above the form). */
export const accountChangeMessages = {
  currentPassword: "Vul je huidige wachtwoord in",
  currentPasswordWrong: "Het wachtwoord is niet juist.",
  tooManyAttempts: "Je hebt te vaak een verkeerd wachtwoord ingevuld. Probeer het over een kwartier opnieuw.",
  samePassword: "Je nieuwe wachtwoord is hetzelfde als je huidige. Kies een ander wachtwoord.",
  email: "Vul een geldig e-mailadres in",
  sameEmail: "Dit is al het e-mailadres van je account.",
  emailTaken: "Er bestaat al een account met dit e-mailadres.",
  tooManyEmailChanges:
    "Je hebt in het afgelopen uur al een paar keer een nieuw e-mailadres opgegeven. Probeer het later opnieuw.",
  tokenUnknown:
    "Deze link werkt niet. Gebruik de link uit de e-mail, of geef je nieuwe e-mailadres opnieuw op.",
  tokenUsed: "Deze link is al gebruikt.",
  tokenExpired: "Deze link is verlopen: hij is 24 uur geldig. Geef je nieuwe e-mailadres opnieuw op.",
  tokenReplaced: "Je hebt daarna een ander e-mailadres opgegeven. Gebruik de link uit de laatste e-mail.",
} as const;

export const accountChangePages = {
  passwordTitle: "Wachtwoord wijzigen",
  currentPassword: "Huidig wachtwoord",
  newPassword: "Nieuw wachtwoord",
  savePassword: "Wachtwoord wijzigen",
  passwordChanged:
    "Je wachtwoord is gewijzigd. Op andere apparaten en browsers ben je uitgelogd; hier blijf je ingelogd.",
  emailTitle: "E-mailadres wijzigen",
  emailIntro:
    "We sturen een e-mail met een bevestigingslink naar je nieuwe e-mailadres. Je e-mailadres verandert pas als je op die link klikt.",
  newEmail: "Nieuw e-mailadres",
  saveEmail: "Bevestigingslink sturen",
  saving: "Bezig met opslaan…",
  emailSent: (email: string) =>
    `We hebben een e-mail gestuurd naar ${email}. Klik op de link in die e-mail om je nieuwe e-mailadres te bevestigen. De link is 24 uur geldig.`,
  confirmTitle: "Nieuw e-mailadres bevestigen",
  confirmIntro: "Klik op de knop om dit e-mailadres voortaan voor je Kroonloterij-account te gebruiken.",
  confirmButton: "Ja, bevestig mijn nieuwe e-mailadres",
  confirmed: (email: string) => `Je e-mailadres is gewijzigd. Voortaan log je in met ${email}.`,
  toProfile: "Naar Mijn gegevens",
} as const;
