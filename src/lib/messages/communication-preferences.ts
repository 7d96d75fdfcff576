/** Communication preferences (issue 20, item 5). Part of the one message catalogue (`src/lib/messages.ts`). */

export const communicationPreferenceMessages = {
  title: "Mijn voorkeuren",
  intro:
    "Kies per loterij hoe we je mogen benaderen over acties, uitslagen en nieuws. Je kunt dit altijd weer veranderen.",
  verticals: { kroonloterij: "Kroonloterij", miljoenenspel: "Miljoenenspel" },
  channels: { email: "E-mail", post: "Post", telephone: "Telefoon", sms: "SMS" },
  lastChanged: (when: string) => `Laatst gewijzigd op ${when}`,
  neverChanged: "Nog niet gekozen",
  save: "Voorkeuren opslaan",
  saving: "Bezig met opslaan…",
  saved: "Je voorkeuren zijn opgeslagen.",
  // The API's refusals (problem details, per field).
  unknownVertical: "Deze loterij kennen we niet. Kies Kroonloterij of Miljoenenspel.",
  unknownChannel: "Dit kanaal kennen we niet. Kies e-mail, post, telefoon of SMS.",
  location: "Onbekende plek van het formulier.",
  channelValue: "Kies aan of uit.",
  noChannels: "Kies ten minste één kanaal.",
  // The block on a campaign page.
  loginText: "Log in om je voorkeuren te bekijken en te wijzigen.",
  loginLink: "Inloggen",
  loading: "Je voorkeuren worden geladen…",
  noScript: "Je kunt je voorkeuren ook wijzigen op",
  myPreferences: "Mijn voorkeuren",
} as const;

/** `/afmelden` (issue 42): the unsubscribe link of a marketing e-mail, without logging in. */
export const unsubscribePage = {
  title: "Afmelden voor e-mails",
  intro: (vertical: string) =>
    `Met de knop hieronder zet je e-mails over de ${vertical} uit: acties, winacties en nieuws.`,
  keeps: "E-mails over je bestellingen, abonnementen, saldo en prijzen blijf je gewoon ontvangen.",
  button: "Afmelden",
  done: (vertical: string) => `Je ontvangt geen e-mails meer over de ${vertical}.`,
  alreadyOff: (vertical: string) => `Je was al afgemeld: je ontvangt geen e-mails over de ${vertical}.`,
  changeLater: "Je kunt dit altijd weer aanzetten bij",
  preferencesLink: "Mijn voorkeuren",
  // The API's refusal of a token that is missing, changed or not the shop's.
  invalidLink:
    "Deze afmeldlink werkt niet. Gebruik de link uit de e-mail, of log in en kies je voorkeuren bij Mijn voorkeuren.",
  notOneClick: "Afmelden gaat met de knop op deze pagina.",
} as const;
