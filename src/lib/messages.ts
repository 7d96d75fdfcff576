/**
 * The one Dutch message catalogue (spec section 8). Every text a player reads comes from here.
 * Texts the spec gives verbatim are kept verbatim; the rest are written for this shop.
 */

export const general = {
  generic: "Er is iets mis gegaan, probeer het later opnieuw",
  noNetwork: "Geen internetverbinding, bekijk je instellingen",
  aborted: "Actie geannuleerd, probeer het opnieuw",
  notLoggedIn: "Je bent niet ingelogd",
  recaptchaMissing: "Je moet de reCaptcha nog invullen.",
} as const;

/** Fallbacks by HTTP status when an error carries no known code (spec section 8). */
export const statusFallback: Record<number, string> = {
  400: "Bad request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not found",
};

export const basket = {
  overLimit: "Je kunt maximaal 100 loten tegelijk bestellen",
  itemNotFound: "Er was iets mis met het lot in je winkelwagen.",
  ticketNotFound: "Ticket not found in basket",
  notAValidTicket: "Not a valid ticket",
} as const;

/** The basket page, the basket link in the header and the basket notification (spec sections 2, 4, 8). */
export const basketPage = {
  title: "Winkelmandje",
  loading: "Je winkelmandje wordt geladen…",
  empty: "Je winkelmandje is nog leeg. Kies een lot en speel mee!",
  emptyLink: "Bekijk de loten",
  itemsLabel: "Loten in je winkelmandje",
  millionGame: "Miljoenenspel",
  draw: (drawId: number) => `Trekking ${drawId}`,
  drawOn: (name: string, date: string) => `${name} op ${date}`,
  salesClose: (dateTime: string) => `Verkoop sluit op ${dateTime}`,
  multiplier: (multiplier: number) => `${multiplier}× vermenigvuldigd`,
  withXl: "Met XL",
  endDigits: "Eindcijfers",
  endDigitsRandom: "willekeurig",
  endDigitsRest: (count: number) => `${count} × willekeurig`,
  /** Stands for one digit left to chance in a partly chosen pair, as in `*5`. */
  endDigitAny: "*",
  quantity: "Aantal",
  decrease: "Eén minder",
  increase: "Eén meer",
  remove: "Verwijderen",
  lineTotal: "Subtotaal",
  total: "Totaal",
  units: (units: number) => (units === 1 ? "1 lot" : `${units} loten`),
  verifying: "We controleren je loten…",
  expired: "De verkoop voor deze trekking is gesloten",
  priceChanged: "De prijs van dit lot is aangepast",
  checkout: "Afrekenen",
  checkoutBlocked: "Pas eerst de loten hierboven aan, dan kun je afrekenen.",
  headerCount: (units: number) => `(${units})`,
  headerLabel: (units: number) => `Winkelmandje, ${units === 1 ? "1 lot" : `${units} loten`}`,
  notificationAdded: "Lot toegevoegd aan je winkelmandje",
  notificationRemoved: "Lot verwijderd uit je winkelmandje",
  notificationLink: "Bekijk je winkelmandje",
  notificationRegion: "Winkelmandje",
} as const;

/** `/winkelmandje/lot-toevoegen`: links that put a ticket in the basket. */
/** The region where flash messages appear (named, as the basket has a status region too). */
export const flashRegion = "Meldingen";

export const basketLink = {
  added: "Het lot is toegevoegd aan je winkelmandje.",
} as const;

/** Results, retail tickets and the boulevard game (API messages shown next to fields). */
export const resultsMessages = {
  drawNotPublished: "De uitslag van deze trekking is (nog) niet bekend.",
  barcodeUnknown: "We kennen deze barcode niet. Controleer de cijfers onder de streepjescode.",
  barcodeAlreadyLinked: "Dit winkellot is al aan een account gekoppeld.",
  boulevardIdInvalid: "Een boulevard bestaat uit 2 letters en 3 cijfers, bijvoorbeeld AB123.",
  sharesInvalid: "Vul een aantal delen van 1 tot en met 100 in.",
} as const;

export const ticketNumber = {
  invalid: "Not a valid ticket number",
  hint: "Begint je lotnummer met 2 letters, gevolgd door 5 cijfers? Bijvoorbeeld CS45657.",
} as const;

/** Portal error codes (spec section 8). Codes not listed give the generic message. */
export const portalCodes = {
  RateLimitError: "Je hebt te vaak een verzoek gedaan. Vink de reCaptcha aan en probeer het opnieuw.",
  RecaptchaNotValidError: "Je hebt te vaak een verzoek gedaan. Vink de reCaptcha aan en probeer het opnieuw.",
  LookupAddressNotFoundError:
    "De combinatie van postcode en huisnummer is niet bekend. Neem contact op met de klantenservice.",
  PasswordInvalidError: "Het wachtwoord is niet juist.",
  AccountNameAlreadyTakenError: "Er bestaat al een account met dit e-mailadres.",
  IbanAlreadyInUseError: "Dit IBAN-nummer wordt al gebruikt. Neem contact op met de klantenservice.",
} as const;

/** Shop error codes (spec section 8). Codes not listed give the generic message. */
export const shopCodes = {
  UserHasNoSubscriptionError: "Je hebt geen abonnement dat je kunt opzeggen.",
  SubscriptionAlreadyCanceledError: "Je abonnement is al opgezegd.",
  NoOfferAvailableError: "Dit aanbod is niet meer beschikbaar.",
  OfferNotAvailableError: "Dit aanbod is niet meer beschikbaar.",
  VoucherCodeAlreadyClaimedError: "Deze code is ongeldig of al gebruikt.",
  VoucherCodeNotFoundError: "Deze code is ongeldig of al gebruikt.",
  RecaptchaNotValidError: "De reCaptcha is ongeldig, probeer het opnieuw.",
  RateLimitError: "Je hebt te vaak een verzoek gedaan. Vul de reCaptcha in en probeer het opnieuw.",
  ActionExpiredError: "Deze actie is verlopen.",
  ActionNotActiveError: "Deze actie is nog niet actief.",
  ActionNotFoundError: "Deze actie bestaat niet.",
  SubscriptionNotCancelableError:
    "Je abonnement kan niet online worden opgezegd. Neem contact op met de klantenservice.",
  EmailValidationError: "Naar dit e-mailadres kunnen we geen lot sturen.",
  InvalidEmailAddressError: "Naar dit e-mailadres kunnen we geen lot sturen.",
  UserAlreadyParticipatedError: "Je hebt het maximale aantal keer meegedaan.",
  MaximumNumberOfParticipationsReachedError: "Je hebt het maximale aantal keer meegedaan.",
  SubscriptionLockedError: "Je abonnement is geblokkeerd vanwege een openstaande betaling.",
  TransactionAlreadyProcessedError: "Deze bestelling is mogelijk al verwerkt. Controleer je bestellingen.",
  TransactionRolledbackError: "Je bestelling is niet gelukt, probeer het opnieuw.",
  NoActivatedActionFoundError:
    "Deze code is ongeldig. Ga naar de actiepagina om je persoonlijke code in te voeren.",
  DuplicateTicketError: "Je hebt een lotnummer dubbel ingevoerd.",
  BasketItemInvalidError: "Er was iets mis met het lot in je winkelwagen.",
  RetailTicketNotFoundError: "We kennen deze barcode niet. Controleer de cijfers onder de streepjescode.",
  RetailTicketAlreadyLinkedError: "Dit winkellot is al aan een account gekoppeld.",
} as const;

export type PortalErrorCode = keyof typeof portalCodes;
export type ShopErrorCode = keyof typeof shopCodes;
export type ErrorCode = PortalErrorCode | ShopErrorCode;

/** Codes after which the form must ask for the reCAPTCHA (spec section 8). */
export const recaptchaCodes: ReadonlySet<string> = new Set(["RateLimitError", "RecaptchaNotValidError"]);

export const errorPage = {
  notFoundTitle: "Deze pagina is niet bereikbaar",
  notFoundText:
    "De pagina die je zoekt bestaat niet (meer). Controleer het adres of ga terug naar de homepage.",
  errorTitle: "Oeps, er is iets fout gegaan",
  errorText: "Er is iets fout gegaan. Ga naar de homepage en probeer het opnieuw.",
  homeButton: "Naar de homepage",
  linksHeading: "Misschien zoek je",
  pageNotFound: (path: string) => `Page Not Found: ${path}`,
  imageAlt: "Een geschrokken vrouw met haar hand voor haar mond",
} as const;

export const navigation = {
  tickets: "Loten",
  results: "Trekkingsuitslag",
  account: "Mijn",
  basket: "Winkelmandje",
  login: "Inloggen",
  mainMenu: "Hoofdmenu",
  skipToContent: "Naar de inhoud",
  home: "Naar de homepage van Kroonloterij",
} as const;

export const footer = {
  playResponsibly: "Speel bewust 18+",
  responsibleGaming: "Wat kost gokken jou? Stop op tijd. 18+",
  rights: "Kroonloterij is een fictief merk van deze demo-webwinkel.",
  partnerNotice: (partner: string) => `Loten van Kroonloterij, verkocht via ${partner}.`,
} as const;

export const pages = {
  tickets: { title: "Loten kopen", intro: "Kies je lot, je aantal en of je met XL meespeelt." },
  results: {
    title: "Trekkingsuitslag",
    intro: "Bekijk de uitslag van de laatste trekking.",
    recentDraws: "Recente trekkingen",
    columnDraw: "Trekking",
    columnDate: "Datum",
    columnJackpot: "Jackpot",
    loading: "Trekkingen worden geladen…",
  },
  account: { title: "Mijn Kroonloterij", intro: "Je loten, abonnementen en gegevens op één plek." },
  addTicket: { title: "Lot toevoegen", intro: "Dit lot wordt aan je winkelmandje toegevoegd." },
  addTicketForDraw: { title: "Lot toevoegen aan trekking" },
  editSubscription: { title: "Abonnement aanpassen" },
  home: {
    title: "Kroonloterij",
    intro: "Speel mee met de loterij van Nederland. Elke maand op de 10e een trekking.",
  },
  appUpdated: "Er is een nieuwe versie van de site. Bij je volgende klik laden we die.",
} as const;

export const cms = {
  blockFailed: "Dit onderdeel kan nu niet worden getoond.",
  readMore: "Lees meer",
  previewBanner: "Voorbeeldweergave",
  previewExit: "Voorbeeld sluiten",
  previewNoticesTitle: "Overgeslagen blokken en problemen (alleen zichtbaar in de voorbeeldweergave)",
  countdownDays: (days: number) => (days === 1 ? "1 dag" : `${days} dagen`),
  countdownHours: (hours: number) => `${hours} uur`,
  countdownMinutes: (minutes: number) => (minutes === 1 ? "1 minuut" : `${minutes} minuten`),
  countdownClosed: "De verkoop voor deze trekking is gesloten.",
  countdownSalesClose: "Verkoop sluit",
  emergencyBannerLabel: "Belangrijke mededeling",
} as const;

/** The ticket configurator (CMS block and /mijn/loten/{drawid}/lot-toevoegen). */
export const ticketConfigurator = {
  formLabel: "Loten samenstellen",
  drawLegend: "Trekking",
  drawDate: (date: string) => `Trekking op ${date}`,
  salesClose: (dateTime: string) => `verkoop sluit ${dateTime}`,
  productLegend: "Soort lot",
  fractionLegend: "Heel lot of een deel",
  optionPrice: (label: string, price: string) => `${label} (${price})`,
  /** What one basket ticket of a product is called: "Prijs per straat", "+ € 25,00 per straat". */
  productNoun: { SingleTicket: "lot", Street: "straat", Boulevard: "boulevard" },
  xlLabel: (extra: string, noun: string) => `Speel mee met XL (+ ${extra} per ${noun})`,
  xlHint: "Een extra trekking op de begincijfers van je lotnummer, met een topprijs van € 1 miljoen.",
  quantityLabel: "Aantal",
  quantityError: (max: number) => `Kies een aantal van 1 tot en met ${max}`,
  multiplierLabel: "Vermenigvuldiger",
  multiplierOption: (multiplier: number) => `${multiplier}×`,
  multiplierHint: "Elk lot speelt zo vaak mee: je betaalt en wint ook zo vaak.",
  endDigitsLegend: "Eindcijfers kiezen (niet verplicht)",
  endDigitsHint: "Laat een vak leeg, dan krijg je willekeurige eindcijfers.",
  endDigitLabel: (ticket: number) => `Eindcijfer lot ${ticket}`,
  endDigitsLabel: (ticket: number) => `Eindcijfers lot ${ticket}`,
  endDigitStreetError: "Kies een eindcijfer van 0 tot en met 9",
  endDigitsError: "Kies eindcijfers van 00 tot en met 99",
  summaryTitle: "Je keuze",
  pricePer: (noun: string) => `Prijs per ${noun}`,
  units: "Aantal loten",
  total: "Totaal",
  submit: "In winkelmandje",
  pending: "Bezig met toevoegen…",
  added: "Je loten liggen in je winkelmandje.",
  toBasket: "Bekijk je winkelmandje",
  noDraws: "Er zijn op dit moment geen trekkingen waarvoor je loten kunt kopen.",
  drawNotOnSale: "Voor deze trekking kun je geen loten meer kopen",
  toTicketsPage: "Kies een andere trekking",
} as const;

/** The weekly million game block (spec section 1; shared/domain.md). */
export const millionGame = {
  defaultTitle: "Miljoenenspel",
  drawDate: "Trekking",
  salesClose: "Verkoop sluit",
  jackpot: "Jackpot",
  quantityLabel: "Aantal loten",
  quantityHint: (price: string) => `${price} per lot`,
  quantityError: (max: number) => `Kies een aantal van 1 tot en met ${max}`,
  total: "Totaal",
  submit: "In winkelmandje",
  added: "Je Miljoenenspel-loten liggen in je winkelmandje.",
  toBasket: "Bekijk je winkelmandje",
  noDraw: "Er is op dit moment geen trekking van het Miljoenenspel waarvoor je loten kunt kopen.",
} as const;

/** A draw's result: the CMS block and `/trekkingsuitslag/{draw}` (shared/domain.md "Prizes and results"). */
export const drawResults = {
  defaultTitle: "Uitslag van de laatste trekking",
  noResult: "Er is nog geen uitslag bekend. Kijk na de volgende trekking weer.",
  drawnOn: (date: string) => `Trekking van ${date}`,
  pageTitle: (drawName: string) => `Uitslag ${drawName}`,
  pageDescription: (drawName: string, date: string) =>
    `De uitslag van de ${drawName} van ${date}: de jackpot, de hoofdprijzen, de eindcijfers en de XL-prijzen. Controleer direct je lotnummers.`,
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
  defaultTitle: "Controleer je lotnummers",
  intro:
    "Controleer tot 10 lotnummers tegelijk. Kies per lotnummer of het een heel lot of een deel is, en of je met XL meespeelt.",
  drawLabel: "Trekking",
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
  passwordRulesTitle: "Je wachtwoord heeft:",
  registerButton: "Account aanmaken",
  registering: "Bezig met aanmaken…",
  haveAccount: "Heb je al een account?",
  completeTitle: "Je account is klaar",
  completeIntro: "Welkom bij Kroonloterij. Je bent ingelogd en kunt meteen meespelen.",
  continue: "Verder",
  logout: "Uitloggen",
  loggingOut: "Bezig met uitloggen…",
  flashLoggedIn: "Je bent ingelogd.",
  flashLoggedOut: "Je bent uitgelogd.",
  flashRegistered: (firstName: string) => `Welkom bij Kroonloterij, ${firstName}! Je account is aangemaakt.`,
  flashLogoutFailed: "Uitloggen is niet gelukt. Probeer het opnieuw.",
  close: "Sluiten",
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
  profileTitle: "Mijn gegevens",
  sectionsTitle: "Je account",
  tickets: "Mijn loten",
  subscriptions: "Mijn abonnementen",
  wallet: "Mijn saldo",
  preferences: "Mijn voorkeuren",
  comingSoon: "binnenkort beschikbaar",
} as const;

/** Purchase-type labels (spec section 3). */
export const purchaseTypeLabels = {
  Online: "Online lot",
  Retail: "Winkel",
  Subscription: "Abonnement",
  OneTimePlay: "Extra deelname",
  TrialSubscription: "Proef abonnement",
} as const;

export const checkout = {
  title: "Afrekenen",
  intro: "Controleer je bestelling en kies hoe je betaalt.",
  summary: "Je bestelling",
  total: "Totaal",
  paymentMethod: "Betaalmethode",
  ideal: "iDEAL",
  creditcard: "Creditcard",
  bank: "Kies je bank",
  bankLater: "Kies je bank bij de betaling",
  pay: (amount: string) => `Betaal ${amount}`,
  paying: "Je gaat naar de betaalpagina…",
  emptyBasket: "Je winkelmandje is leeg. Kies eerst je loten.",
  toTickets: "Naar loten kopen",
  backToBasket: "Terug naar je winkelmandje",
  checking: "We controleren je winkelmandje…",
  basketProblem: "Er was iets mis met het lot in je winkelwagen.",
  resultTitle: "Je bestelling",
  paidTitle: "Bedankt voor je bestelling!",
  paidIntro: (email: string) => `Je loten staan hieronder. We hebben een bevestiging gestuurd naar ${email}.`,
  paidIntroNoEmail: "Je loten staan hieronder. Je ontvangt ook een bevestiging per e-mail.",
  pendingTitle: "We wachten op je betaling",
  pendingIntro:
    "Zodra je betaling binnen is, zie je hier je lotnummers. Dit duurt meestal een paar seconden.",
  cancelled: "Je hebt de betaling geannuleerd. Je winkelmandje staat nog klaar.",
  failed: "Je betaling is niet gelukt. Je winkelmandje staat nog klaar, probeer het opnieuw.",
  expired: "Je betaling is verlopen. Je winkelmandje staat nog klaar, probeer het opnieuw.",
  notFound: "We kunnen deze bestelling niet vinden.",
  ticketNumbers: "Je lotnummers",
  toMyTickets: "Bekijk al je loten",
  drawOn: (date: string) => `Trekking van ${date}`,
} as const;

export const checkoutMail = {
  subject: "Je loten voor de Kroonloterij",
  drawSection: (drawName: string, date: string, numbers: readonly string[]) =>
    `${drawName} (${date}):\n${numbers.join(", ")}`,
  body: (firstName: string, total: string, sections: readonly string[]) =>
    [
      `Beste ${firstName},`,
      "",
      `Bedankt voor je bestelling van ${total}. Dit zijn je lotnummers:`,
      "",
      sections.join("\n\n"),
      "",
      "Je vindt je loten ook altijd op Mijn Kroonloterij, onder Mijn loten. Prijzen op online loten betalen we automatisch uit.",
      "",
      "Speel bewust 18+",
    ].join("\n"),
} as const;

export const myTickets = {
  title: "Mijn loten",
  intro: "Al je loten per trekking: online gekocht, in de winkel, met je abonnement of als extra deelname.",
  empty: "Je hebt nog geen loten. Koop je eerste lot voor de volgende trekking.",
  toTickets: "Loten kopen",
  number: "Lotnummer",
  product: "Soort",
  fraction: "Deel",
  xl: "XL",
  purchaseType: "Gekocht als",
  yes: "Ja",
  no: "Nee",
  millionGame: "Miljoenenspel",
  multiplier: (times: number) => `${times}x`,
  ticketCount: (count: number) => (count === 1 ? "1 lot" : `${count} loten`),
  prize: "Prijs",
  noPrize: "Geen prijs",
  totalWon: (amount: string) => `Gewonnen in deze trekking: ${amount}`,
  nothingWon: "Helaas, in deze trekking heb je niets gewonnen.",
} as const;

/** Resolves the Dutch text for an error code, falling back to the generic message (spec section 8). */
export function messageForCode(code: string | undefined): string | undefined {
  if (!code) return undefined;
  if (Object.hasOwn(shopCodes, code)) return shopCodes[code as ShopErrorCode];
  if (Object.hasOwn(portalCodes, code)) return portalCodes[code as PortalErrorCode];
  return undefined;
}
