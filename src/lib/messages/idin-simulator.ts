/**
 * The iDIN simulator's pages (issue 16): the local stand-in for the banks' identity service.
 * Part of the one message catalogue (`src/lib/messages.ts`).
 */

export const idinSimulator = {
  testBanner: "Testomgeving — er worden geen echte gegevens gedeeld",
  siteName: "iDIN-simulator",
  merchantName: "Kroonloterij",
  loginTitle: "Inloggen bij je bank",
  loginHint: (bank: string) => `${bank} vraagt je in te loggen om je identiteit te bevestigen met iDIN.`,
  username: "Gebruikersnaam",
  password: "Wachtwoord",
  loginHelp: "Dit is een simulator: elke gebruikersnaam en elk wachtwoord is goed.",
  login: "Inloggen",
  shareTitle: "Deel je gegevens met Kroonloterij",
  shareHint:
    "Kroonloterij vraagt je naam en geboortedatum om te controleren dat je 18 jaar of ouder bent. Pas ze hier aan om een andere uitkomst te testen.",
  name: "Naam",
  birthDate: "Geboortedatum",
  share: "Gegevens delen",
  cancel: "Annuleren",
  fail: "Foutmelding geven",
  bank: "Bank",
  errorSummary: "Niet alle gegevens zijn goed ingevuld. Controleer de gemarkeerde velden.",
  nameMissing: "Vul een naam in",
  birthDateInvalid: "Vul een geldige geboortedatum in",
  finished: {
    approved: "Je gegevens zijn gedeeld",
    cancelled: "Je hebt het delen geannuleerd",
    failed: "Het delen van je gegevens is mislukt",
  },
  finishedHint: "Met deze aanvraag kun je niets meer doen.",
  backToShop: "Terug naar Kroonloterij",
  notFoundTitle: "Aanvraag niet gevonden",
  notFoundHint: "Deze iDIN-aanvraag bestaat niet. Begin opnieuw bij Kroonloterij.",
  badRequestTitle: "Dit verzoek kunnen we niet verwerken",
  badRequestHint: "Open de pagina opnieuw via Kroonloterij en probeer het nog eens.",
} as const;
