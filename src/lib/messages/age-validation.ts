/** Age validation through iDIN (issue 16). Part of the one message catalogue (`src/lib/messages.ts`). */

/** The age-validation API's validation messages. */
export const ageValidationMessages = {
  issuer: "Kies je bank",
  unknownIssuer: "Deze bank biedt geen iDIN aan. Kies een andere bank.",
  returnPath: "Dit is geen pagina van deze webwinkel",
  /** Start refused: iDIN said the player is under 18 (playerValidationState Refused). */
  refused:
    "Uit de controle bij je bank blijkt dat je jonger bent dan 18 jaar. Online meespelen is daarom niet mogelijk.",
  /** Start refused: the bank's name or date of birth differs from the account (Review). */
  review:
    "Je gegevens worden gecontroleerd door de klantenservice. Je hoort van ons zodra je online kunt meespelen.",
  /** The return names an attempt this player never started. */
  notFound: "Deze leeftijdscontrole kennen we niet. Begin opnieuw.",
} as const;

/** The pages: `/mijn/leeftijdscontrole` (start) and `/leeftijdscontrole/terug` (the bank's return). */
export const ageValidationPage = {
  title: "Leeftijdscontrole",
  intro:
    "Kroonloterij mag alleen spelers van 18 jaar en ouder online laten spelen. Daarom vragen we je één keer je leeftijd te bevestigen. Dat doet je bank met iDIN: je logt in bij je eigen bank en deelt je naam en geboortedatum met ons.",
  stateLabel: "Status",
  states: {
    NotValidated: "Leeftijd nog niet bevestigd",
    Validated: "Leeftijd bevestigd",
    Refused: "Online spelen niet toegestaan",
    Review: "Wordt gecontroleerd door de klantenservice",
  } as Record<string, string>,
  unknownState: "Onbekend",
  // `/mijn`
  accountLabel: "Leeftijd",
  accountLink: "Bevestig je leeftijd",
  validated: "Je leeftijd is bevestigd. Je hoeft dit niet opnieuw te doen.",
  continue: "Verder waar je was",
  toAccount: "Naar Mijn Kroonloterij",
  refused: "Volgens je bank ben je jonger dan 18 jaar. Online spelen bij Kroonloterij kan pas vanaf 18 jaar.",
  review:
    "De gegevens van je bank komen niet overeen met je account. We laten je gegevens controleren door de klantenservice; je hoort van ons.",
  /** Beside `review`, with the link to `/klantenservice` (issue 43). */
  reviewQuestions: "Meestal hoor je binnen twee werkdagen van ons. Vragen over de controle?",
  lastAttempt: {
    cancelled: "Je vorige poging is afgebroken. Probeer het opnieuw.",
    failed: "Je vorige poging is niet gelukt. Probeer het opnieuw.",
    pending: "Je vorige poging is nog niet afgerond.",
  } as Record<string, string>,
  bankLabel: "Je bank",
  chooseBank: "Kies je bank",
  submit: "Verder naar je bank",
  noBanks: "De banken kunnen nu niet worden opgehaald. Probeer het later opnieuw.",
  // The bank's return (`/leeftijdscontrole/terug`).
  returnTitle: "Leeftijdscontrole",
  confirmed: "Je leeftijd is bevestigd",
  cancelledTitle: "Leeftijdscontrole afgebroken",
  cancelled: "Je hebt de leeftijdscontrole bij je bank afgebroken. Je leeftijd is nog niet bevestigd.",
  failedTitle: "Leeftijdscontrole niet gelukt",
  failed: "Je bank kon je leeftijd niet bevestigen. Probeer het opnieuw.",
  pendingTitle: "Leeftijdscontrole nog niet afgerond",
  pending: "Je bank heeft je leeftijd nog niet bevestigd. Probeer het over een paar minuten opnieuw.",
  refusedTitle: "Online spelen niet toegestaan",
  reviewTitle: "Je gegevens worden gecontroleerd",
  tryAgain: "Probeer het opnieuw",
  notFoundTitle: "Leeftijdscontrole niet gevonden",
  notFound:
    "We kunnen deze leeftijdscontrole niet vinden. Misschien is de link verlopen of hoort hij bij een ander account.",
} as const;
