import { pages } from "./pages";
import { ticketNumber } from "./results";

/** Promotional games of chance (issue 19). Part of the one message catalogue (`src/lib/messages.ts`). */

/** Why a game or a ticket is refused (per ticket in a partial result). */
export const gameMessages = {
  notFound: "Deze winactie bestaat niet (meer).",
  notStarted: "Deze winactie is nog niet begonnen.",
  ended: "Deze winactie is afgelopen.",
  notEnded: "Deze winactie loopt nog: de trekking is na afloop.",
  optInRequired: "Vink de verplichte toestemming aan om mee te doen.",
  optInChanged:
    "De tekst van een toestemming is veranderd sinds je de pagina opende. Lees de toestemmingen opnieuw en kies opnieuw.",
  /** Spec section 5's text, the API's reason for a typed number; a player reads `playerText()` of it. */
  invalidNumber: ticketNumber.invalid,
  notYours: "Dit lot hoort niet bij jouw account.",
  notEligible: "Dit lot doet niet mee aan deze winactie.",
  unknownBarcode: "We kennen deze barcode niet. Controleer de cijfers onder de streepjescode.",
  linkInvalid:
    "Deze link is niet geldig. Gebruik de link uit je e-mail, of doe mee op de pagina van de winactie.",
  linkExpired: "Deze link is verlopen. Doe mee op de pagina van de winactie.",
} as const;

/** The block and `/winactie/meedoen`. */
export const gamePage = {
  title: pages.gameEntry.title,
  prize: (prize: string) => `Te winnen: ${prize}`,
  period: (from: string, until: string, max: number) =>
    `Meedoen kan van ${from} tot ${until}, met maximaal ${max} ${max === 1 ? "lot" : "loten"}.`,
  enterLink: "Doe mee",
  loginToEnter: "Log in om mee te doen met je loten",
  onlineTitle: "Doe mee met je online loten",
  noOnlineTickets: "Je hebt geen online loten of abonnementsloten die meedoen met deze winactie.",
  chooseTickets: (taken: number, max: number) => `Kies je loten (je doet nu ${taken} van de ${max} keer mee)`,
  ticketLine: (number: string, draw: string, entered: boolean) =>
    `${number} · ${draw}${entered ? " · doet al mee" : ""}`,
  enterChosen: "Doe mee met deze loten",
  ticketsMissing: "Kies minstens één lot om mee te doen.",
  typedTitle: "Lotnummer of winkellot invullen",
  numbersLegend: "Lotnummers (2 letters en 5 cijfers, bijvoorbeeld AB12345)",
  numbersLabel: "Je lotnummers",
  numbersHint: (max: number) => `Eén lotnummer per regel, maximaal ${max}.`,
  numbersMissing: "Vul minstens één lotnummer in.",
  tooManyNumbers: (max: number) => `Vul maximaal ${max} lotnummers tegelijk in.`,
  enterNumbers: "Doe mee met deze lotnummers",
  retailLegend: "Een lot uit de winkel",
  barcodeLabel: "Barcode (de cijfers onder de streepjescode)",
  enterBarcode: "Doe mee met dit winkellot",
  barcodeMissing: "Vul de barcode van je winkellot in.",
  subscribeTitle: "Meedoen met één klik",
  subscribe: "Ik doe mee",
  optInsLegend: "Toestemmingen",
  readActionTerms: "Lees de actievoorwaarden",
  required: "(verplicht)",
  resultTitle: "Je doet mee!",
  noneEnteredTitle: "Meedoen is niet gelukt",
  noneEntered: "Geen van je loten doet mee. Hieronder staat waarom.",
  enteredIntro: "Deze loten doen mee:",
  enteredList: "Loten die meedoen",
  enteredOnce: "Je deelname",
  failedIntro: "Deze loten doen niet mee:",
  failedList: "Loten die niet meedoen",
  participations: (taken: number, max: number) => `Je doet nu ${taken} van de maximaal ${max} keer mee.`,
  winnersTitle: "De winnaars",
  winner: (name: string, number: string | null) => (number ? `${name} met lot ${number}` : name),
  linkTitle: "Meedoen met je loten uit de e-mail",
  linkIntro: (firstName: string) => `Hallo ${firstName}, met één klik doen deze loten mee:`,
  linkTicket: (number: string, entered: boolean) => `${number}${entered ? " (doet al mee)" : ""}`,
  linkEnter: "Ja, ik doe mee",
} as const;
