import { pages } from "./pages";

/** Draw results, the ticket checker and retail tickets. Part of the one message catalogue (`src/lib/messages.ts`). */

/** Results, retail tickets and the boulevard game (API messages shown next to fields). */
export const resultsMessages = {
  drawNotPublished: "De uitslag van deze trekking is (nog) niet bekend.",
  barcodeUnknown: "We kennen deze barcode niet. Controleer de cijfers onder de streepjescode.",
  barcodeAlreadyLinked: "Dit winkellot is al aan een account gekoppeld.",
  boulevardIdInvalid: "Een boulevard bestaat uit 2 letters en 3 cijfers, bijvoorbeeld AB123.",
  boulevardUnknown: "Deze boulevard bestaat niet: lotnummers hebben nooit de letters I, O of Q.",
  sharesInvalid: "Vul een aantal delen van 1 tot en met 100 in.",
  ticketNumbersMissing: "Vul minstens één lotnummer in",
  tooManyTicketNumbers: (max: number) => `Je kunt maximaal ${max} lotnummers tegelijk controleren`,
  barcodeMissing: "Vul de barcode van je lot in",
  barcodeInvalid: "Een barcode bestaat uit 8 tot 20 cijfers",
} as const;

/**
 * What a player reads for the spec's English texts below (issue 43). Plain strings, so that the client's
 * mapping (`playerText`, in every page's first load) carries these texts and not the areas using them.
 */
export const TICKET_NUMBER_INVALID = "Dit is geen geldig lotnummer.";
export const BOULEVARD_ID_MISSING = "Vul het nummer van je boulevard in.";
export const BOULEVARD_ID_OR_SHARES_MISSING = "Vul het nummer van je boulevard en het aantal delen in.";

/**
 * Spec section 5: the boulevard game's own messages, verbatim. The API answers with them (its problem's
 * `detail` and field errors); a player reads `playerText()` of them.
 */
export const boulevardMessages = {
  idOrShareMissing: "Boulevardid or share not filled",
  idMissing: "Boulevardid is not filled",
} as const;

export const ticketNumber = {
  /** Spec section 5, verbatim: what the API answers (a problem's field error, a game's refused ticket). */
  invalid: "Not a valid ticket number",
  /** What a player reads for it (issue 43): the form shows the hint below it. */
  invalidForPlayers: TICKET_NUMBER_INVALID,
  hint: "Begint je lotnummer met 2 letters, gevolgd door 5 cijfers? Bijvoorbeeld CS45657.",
} as const;

/**
 * The boulevard game: its block and its result page (`/boulevardspel/uitslag`), whose title and
 * description are here rather than with the other pages' (`pages`, `pageDescriptions`): those are in every
 * page's first load.
 */
export const boulevardGame = {
  pageTitle: "Boulevardspel",
  resultPageTitle: (boulevardId: string) => `Uitslag boulevard ${boulevardId}`,
  description:
    "Het boulevardspel van Kroonloterij: zie wat de 100 lotnummers van je boulevard wonnen in de laatste trekking, en wat jouw deel is.",
  otherBoulevard: "Bekijk een andere boulevard",
  defaultTitle: "Bekijk de uitslag van je boulevard",
  intro:
    "Een boulevard is 100 lotnummers op een rij. Vul het nummer van je boulevard in en zie wat elk lotnummer won in de laatste trekking, en wat jouw deel is.",
  idLabel: "Boulevardnummer",
  idHint:
    "2 letters en 3 cijfers: het begin van je 100 lotnummers. Bijvoorbeeld AB123 voor AB12300 tot en met AB12399.",
  idMissing: BOULEVARD_ID_MISSING,
  idOrSharesMissing: BOULEVARD_ID_OR_SHARES_MISSING,
  sharesLabel: "Aantal delen",
  sharesHint:
    "In hoeveel gelijke delen de prijs van de boulevard wordt verdeeld: 1 voor een hele boulevard, 2 voor een half lot, 5 voor een vijfde lot, of het aantal mensen met wie je de boulevard deelt (tot en met 100).",
  sharesMissing: "Vul het aantal delen in: 1 voor een hele boulevard.",
  submit: "Bekijk de uitslag",
  noResult: "Er is nog geen uitslag van een trekking bekend. Kijk na de volgende trekking weer.",
  drawnOn: (date: string) => `Getrokken op ${date}.`,
  total: (amount: string) => `Je boulevard won samen ${amount}.`,
  nothingWon: "Je boulevard won deze keer niets.",
  perShare: (shares: number, amount: string) => `Verdeeld over ${shares} delen is jouw deel ${amount}.`,
  prizesCaption: "Lotnummers met een prijs",
  columnNumber: "Lotnummer",
  columnPrize: "Prijs",
  numbersTitle: (boulevardId: string) => `De 100 lotnummers van boulevard ${boulevardId}`,
  numbersIntro: "Een lotnummer met een prijs staat vetgedrukt, met het bedrag erbij.",
  prizeOfNumber: (amount: string) => `wint ${amount}`,
  wholeResult: "Bekijk de hele uitslag van deze trekking",
  /** /mijn/loten: a boulevard of the player in the latest draw. */
  myBoulevard: (boulevardId: string) => `Bekijk de uitslag van je boulevard ${boulevardId} per lotnummer`,
} as const;

/** A draw's result: the CMS block and `/trekkingsuitslag/{draw}` (shared/domain.md "Prizes and results"). */
export const drawResults = {
  defaultTitle: "Uitslag van de laatste trekking",
  noResult: "Er is nog geen uitslag bekend. Kijk na de volgende trekking weer.",
  drawnOn: (date: string) => `Trekking van ${date}`,
  jackpotFell: (amount: string, number: string) => `De jackpot van ${amount} is gevallen op ${number}`,
  jackpotNotFell: (next: string, chance: string) =>
    `De jackpot is niet gevallen. Volgende keer: ${next} met een kans van ${chance}`,
  nextJackpot: (next: string, chance: string) => `Volgende keer: ${next} met een kans van ${chance}`,
  highPrizesTitle: "Hoofdprijzen en hoge prijzen",
  fullNumberCaption: "Prijzen op het hele lotnummer",
  sameDigitsCaption: "Dezelfde 5 cijfers, andere letters",
  consolationCaption: "Troostprijzen naast de hoofdprijzen",
  endDigitsTitle: "Prijzen op eindcijfers",
  endDigitsIntro: "Eindigt je lotnummer op deze cijfers? Dan win je de prijs. Prijzen op één lot tellen op.",
  endDigitCaption: (digit: number) => `Eindcijfer ${digit}`,
  xlTitle: "XL-prijzen op begincijfers",
  xlIntro: "Alleen voor loten met XL: beginnen de cijfers van je lotnummer zo, dan win je de prijs.",
  beginDigitCaption: (digit: number) => `Begincijfer ${digit}`,
  columnNumber: "Lotnummer",
  columnDigits: "Cijfers",
  columnEndDigits: "Eindcijfers",
  columnBeginDigits: "Begincijfers",
  columnPrize: "Prijs",
  noPrizes: "Geen prijzen",
  colour: "Winnende kleur",
  colours: {
    rood: "Rood",
    oranje: "Oranje",
    geel: "Geel",
    groen: "Groen",
    blauw: "Blauw",
    paars: "Paars",
  },
  millionJackpotFell: (amount: string, winners: number) =>
    winners === 1
      ? `De jackpot van ${amount} is gevallen bij 1 winnaar`
      : `De jackpot van ${amount} is gevallen en verdeeld over ${winners} winnaars`,
  millionJackpotNotFell: (next: string) => `De jackpot is niet gevallen. Volgende keer: ${next}`,
  winningNumbersCaption: "Winnende lotnummers",
  pastTitle: "Eerdere trekkingen",
  pastJackpotFell: "jackpot gevallen",
} as const;

/** The ticket checker (CMS block and `/trekkingsuitslag/{draw}`), with the retail-ticket barcode entry. */
export const ticketChecker = {
  defaultTitle: pages.ticketCheck.title,
  intro:
    "Controleer tot 10 lotnummers tegelijk. Kies per lotnummer of het een heel lot of een deel is, en of je met XL meespeelt.",
  drawLabel: "Trekking",
  /** The draw list's groups: each draw is listed by its date under its game. */
  games: { KROON: "Kroonloterij", MILJOENENSPEL: "Miljoenenspel" },
  noDraws: "Er zijn nog geen trekkingen waarvan je lotnummers kunt controleren.",
  ticketNumberLabel: (row: number) => `Lotnummer ${row}`,
  fractionLabel: "Heel of deel",
  /** Read out after the visible label, so each row's inputs have their own name. */
  ofRow: (row: number) => `van lotnummer ${row}`,
  fractionOptions: { WHOLE: "Heel", HALF: "Half", ONE_FIFTH: "Vijfde" },
  xlLabel: "XL",
  addRow: "Lotnummer toevoegen",
  removeRow: (row: number) => `Lotnummer ${row} verwijderen`,
  rowsFull: (max: number) => `Je kunt maximaal ${max} lotnummers tegelijk controleren.`,
  emptyRows: "Vul minstens één lotnummer in",
  submit: "Controleren",
  pending: "Bezig met controleren…",
  resultsTitle: (drawName: string) => `Uitslag ${drawName}`,
  ticketFraction: { WHOLE: "heel lot", HALF: "half lot", ONE_FIFTH: "vijfde lot" },
  withXl: "met XL",
  noPrize: "Helaas, geen prijs",
  prizeCategories: {
    jackpot: "Jackpot",
    fullNumber: "Prijs op het hele lotnummer",
    sameDigits: "Dezelfde 5 cijfers",
    endDigits4: "4 eindcijfers",
    endDigits3: "3 eindcijfers",
    endDigits2: "2 eindcijfers",
    endDigits1: "1 eindcijfer",
    xl: "XL-prijs",
    consolation: "Troostprijs",
    millionGame: "Miljoenenspel",
  },
  wholeAmount: (amount: string) => `heel lot: ${amount}`,
  ticketTotal: (amount: string) => `Samen op dit lot: ${amount}`,
  total: (amount: string) => `Totaal gewonnen: ${amount}`,
  barcodeTitle: "Winkellot toevoegen met barcode",
  barcodeIntro: "Kocht je een lot in de winkel? Voeg het toe aan Mijn loten, dan zie je daar ook je prijzen.",
  barcodeLabel: "Barcode",
  barcodeHint: "De cijfers onder de streepjescode op je lot",
  barcodeMissing: "Vul de barcode van je lot in",
  barcodeInvalid: "Een barcode bestaat uit 8 tot 20 cijfers",
  barcodeSubmit: "Winkellot toevoegen",
  barcodePending: "Bezig met toevoegen…",
  barcodeAdded: "Je winkellot is toegevoegd aan Mijn loten",
  toMyTickets: "Bekijk Mijn loten",
} as const;
