/** The portal (login, registration) and the account pages. Part of the one message catalogue (`src/lib/messages.ts`). */

export const portal = {
  loginTitle: "Inloggen",
  loginIntro: "Log in met je e-mailadres en wachtwoord.",
  email: "E-mailadres",
  password: "Wachtwoord",
  loginButton: "Inloggen",
  loggingIn: "Bezig met inloggen…",
  cancel: "Annuleren",
  noAccount: "Nog geen account?",
  registerLink: "Maak een account aan",
  registerTitle: "Account aanmaken",
  registerIntro: "Meedoen kan vanaf 18 jaar. We vragen alleen wat een loterij nodig heeft.",
  firstName: "Voornaam",
  middleName: "Tussenvoegsel",
  lastName: "Achternaam",
  dateOfBirth: "Geboortedatum",
  dateOfBirthHint: "Als dd-mm-jjjj, bijvoorbeeld 15-03-1990",
  postalCode: "Postcode",
  houseNumber: "Huisnummer",
  houseNumberExtension: "Toevoeging",
  street: "Straat",
  city: "Plaats",
  addressFound: (street: string, city: string) => `${street}, ${city}`,
  addressLookingUp: "Adres wordt opgezocht…",
  iban: "IBAN (optioneel)",
  ibanHelp: "Voor het uitbetalen van prijzen. Je kunt dit later ook invullen.",
  acceptTerms: "Ik ga akkoord met de spelvoorwaarden en ben 18 jaar of ouder.",
  readGameRules: "Lees de spelvoorwaarden",
  passwordRulesTitle: "Je wachtwoord heeft:",
  registerButton: "Account aanmaken",
  registering: "Bezig met aanmaken…",
  haveAccount: "Heb je al een account?",
  completeTitle: "Je account is klaar",
  completeIntro: "Welkom bij Kroonloterij. Je bent ingelogd en kunt meteen meespelen.",
  continue: "Verder",
  flashLoggedIn: "Je bent ingelogd.",
  flashLoggedOut: "Je bent uitgelogd.",
  flashRegistered: (firstName: string) => `Welkom bij Kroonloterij, ${firstName}! Je account is aangemaakt.`,
  flashLogoutFailed: "Uitloggen is niet gelukt. Probeer het opnieuw.",
  /** A form posted without this browser's anti-forgery token (an old page, or another site's form). */
  formExpired: "Dit formulier is verlopen. Probeer het opnieuw.",
  /** The reCAPTCHA widget needs JavaScript; said where the widget would be when it cannot run. */
  recaptchaNeedsJavaScript: "Zet JavaScript aan om de reCaptcha in te vullen.",
} as const;

export const recaptchaWidget = {
  label: "Ik ben geen robot",
  note: "Testversie van reCAPTCHA",
} as const;

export const account = {
  overviewTitle: "Mijn Kroonloterij",
  customerNumber: "Klantnummer",
  address: "Adres",
  name: "Naam",
  email: "E-mailadres",
  dateOfBirth: "Geboortedatum",
  iban: "IBAN",
  profileLink: "Mijn gegevens",
  /** The same as `profilePageTitle` (page-titles.ts), which the route module uses alone. */
  profileTitle: "Mijn gegevens",
  sectionsTitle: "Je account",
  tickets: "Mijn loten",
  subscriptions: "Mijn abonnementen",
  wallet: "Mijn saldo",
  /** The latest refund into the wallet (issue 40: a replaced sign-up's payment approved late). */
  latestRefund: (amount: string, date: string, description: string) =>
    `Teruggestort op ${date}: ${amount} (${description})`,
  preferences: "Mijn voorkeuren",
} as const;

/** The login API's validation messages. */
export const loginMessages = {
  email: "Vul een geldig e-mailadres in",
  password: "Vul je wachtwoord in",
} as const;

/**
 * The registration and address-lookup API's validation messages, shown next to the form's fields. The
 * password rules name themselves (`src/domain/portal/password-rules.ts`).
 */
export const registrationFieldMessages = {
  email: "Vul een geldig e-mailadres in",
  passwordTooLong: (max: number) => `Je wachtwoord mag maximaal ${max} tekens lang zijn`,
  firstName: "Vul je voornaam in",
  lastName: "Vul je achternaam in",
  middleName: "Vul een geldig tussenvoegsel in",
  nameTooLong: "Deze naam is te lang",
  dateOfBirth: "Vul je geboortedatum in",
  // The shop's field is typed as day-month-year (issue 43); said when what was typed cannot be read so.
  dateOfBirthFormat: "Vul je geboortedatum in als dd-mm-jjjj, bijvoorbeeld 15-03-1990",
  dateNotReal: "Deze datum bestaat niet",
  dateInFuture: "Je geboortedatum kan niet in de toekomst liggen",
  tooYoung: "Je moet 18 jaar of ouder zijn om mee te spelen",
  postalCode: "Vul een geldige postcode in, bijvoorbeeld 1234 AB",
  houseNumber: "Vul een geldig huisnummer in",
  houseNumberExtension: "Vul een geldige toevoeging in",
  iban: "Vul een geldig IBAN-nummer in",
  acceptTerms: "Ga akkoord met de spelvoorwaarden en bevestig dat je 18 jaar of ouder bent",
} as const;
