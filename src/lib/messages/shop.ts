/**
 * General error texts, the shop's own pages and the basket (spec sections 2, 4 and 8). Part of the one
 * message catalogue (`src/lib/messages.ts`).
 */

export const general = {
  generic: "Er is iets mis gegaan, probeer het later opnieuw",
  noNetwork: "Geen internetverbinding, bekijk je instellingen",
  aborted: "Actie geannuleerd, probeer het opnieuw",
  notLoggedIn: "Je bent niet ingelogd",
  recaptchaMissing: "Je moet de reCaptcha nog invullen.",
  /** After a link that opens beside the form (terms beside a checkbox), so what was typed stays. */
  opensInNewWindow: "(opent in een nieuw venster)",
  /** Over an endpoint's hard limit (RateLimitError with a wait): ticking the reCAPTCHA would not help. */
  rateLimitWait: (minutes: number) =>
    `Je hebt te vaak een verzoek gedaan. Probeer het over ${minutes === 1 ? "een minuut" : `${minutes} minuten`} opnieuw.`,
  /** A field holding a NUL, another control character or a broken character (the API's text rule). */
  invalidCharacters: "Dit veld bevat tekens die niet zijn toegestaan",
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
  itemNotFound: "Er was iets mis met het lot in je winkelmandje.",
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
  /** One name for the multiplier everywhere (issue 43): the configurator's "Vermenigvuldiger". */
  multiplier: (multiplier: number) => `Vermenigvuldiger ${multiplier}×`,
  withXl: "Met XL",
  /** Read after "Met XL" (visually hidden), so each item's box has its own name. */
  xlFor: (item: string) => `voor ${item}`,
  endDigits: "Eindcijfers",
  endDigitsRandom: "willekeurig",
  endDigitsRest: (count: number) => `${count} × willekeurig`,
  /** Stands for one digit left to chance in a partly chosen pair, as in `*5`. */
  endDigitAny: "*",
  quantity: "Aantal",
  decrease: "Eén minder",
  increase: "Eén meer",
  remove: "Verwijderen",
  /** Without JavaScript a changed quantity or XL choice is sent with this button. */
  update: "Bijwerken",
  quantityInvalid: (max: number) => `Kies een aantal van 0 tot en met ${max}`,
  lineTotal: "Subtotaal",
  total: "Totaal",
  /** Beside "Afrekenen" when a campaign offer applies: the amount the checkout will ask. */
  totalWithOffers: "Totaal met actie",
  /** The tickets in the basket; a multiplier plays a ticket more often, it does not add tickets. */
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

/** A basket line just removed, with the button that puts it back (issue 43). Not in the header's chunk. */
export const basketUndo = {
  removed: (item: string) => `${item} is uit je winkelmandje gehaald.`,
  undo: "Ongedaan maken",
} as const;

/** The experiments API's validation messages. */
export const experimentMessages = {
  unknownExperiment: "Onbekende experimentnaam",
  invalidGroup: "Ongeldige groep",
} as const;
