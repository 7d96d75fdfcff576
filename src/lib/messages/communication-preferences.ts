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
