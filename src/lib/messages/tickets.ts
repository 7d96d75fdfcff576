/** Buying tickets: the configurator, the million game, checkout, the confirmation e-mail and Mijn loten. Part of the one message catalogue (`src/lib/messages.ts`). */

/** The tickets, basket and checkout API's validation messages (forms show them next to the fields). */
export const ticketMessages = {
  draw: "Kies een trekking",
  drawClosed: "De verkoop voor deze trekking is gesloten. Kies een andere trekking.",
  product: "Kies een soort lot",
  fraction: "Deze trekking verkoopt dit deel van een lot niet",
  quantity: (max: number) => `Kies een aantal van 1 tot en met ${max}`,
  multiplier: "Kies een geldige vermenigvuldiger",
  endDigitsStreet: "Kies een eindcijfer van 0 tot en met 9",
  endDigits: "Kies eindcijfers van 00 tot en met 99",
  tooManyEndDigits: "Je hebt meer eindcijfers gekozen dan loten",
  paymentMethod: "Kies een betaalmethode",
  issuer: "Kies je bank",
} as const;

/** `/winkelmandje/lot-toevoegen`: links that put a ticket in the basket. */
export const basketLink = {
  added: "Het lot is toegevoegd aan je winkelmandje.",
  /** A link to a kind of ticket no draw on sale sells now (issue 43). */
  notOnSale:
    "Dit lot is nu in geen enkele trekking te koop. Kies hieronder of op de pagina Loten een ander lot.",
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
  xlHint: "Een extra trekking op de begincijfers van je lotnummer, met een topprijs van €\u00a01 miljoen.",
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
  /** Two digits, so "7" is asked as "07" (issue 43: it was refused with "00 tot en met 99" alone). */
  endDigitsError: "Vul twee eindcijfers in, van 00 tot en met 99. Voor een 7 vul je 07 in.",
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
  /** The total while the quantity is not a valid one. */
  noTotal: "–",
  submit: "In winkelmandje",
  added: "Je Miljoenenspel-loten liggen in je winkelmandje.",
  toBasket: "Bekijk je winkelmandje",
  noDraw: "Er is op dit moment geen trekking van het Miljoenenspel waarvoor je loten kunt kopen.",
} as const;

/** Purchase-type labels (spec section 3). */
export const purchaseTypeLabels = {
  Online: "Online lot",
  Retail: "Winkel",
  Subscription: "Abonnement",
  OneTimePlay: "Extra deelname",
  TrialSubscription: "Proefabonnement",
} as const;

/**
 * A draw inside a sentence ("speelt mee in ..."), with its article: "de Maandtrekking december 2026 van 10
 * december 2026", and "het Miljoenenspel van 5 december 2026" (its draws are named by their date already).
 */
export function drawInSentence(name: string, date: string, millionGame: boolean): string {
  return millionGame ? `het Miljoenenspel van ${date}` : `de ${name} van ${date}`;
}

/** A redeemed gift ticket on /mijn/loten (issue 43: it read "Online lot"). */
export const giftTicketLabel = "Cadeaulot";

export const checkout = {
  title: "Afrekenen",
  intro: "Controleer je bestelling en kies hoe je betaalt.",
  summary: "Je bestelling",
  total: "Totaal",
  paymentMethod: "Betaalmethode",
  ideal: "iDEAL",
  creditcard: "Creditcard",
  /** Paying from the wallet (issue 16, item 4): offered when the balance covers the order. */
  balance: (balance: string) => `Met je saldo (${balance})`,
  balanceTooLow: (balance: string) =>
    `Je saldo (${balance}) is niet genoeg voor deze bestelling. Betalen met je saldo kan als het de hele bestelling dekt.`,
  bank: "Kies je bank",
  bankLater: "Kies je bank bij de betaling",
  pay: (amount: string) => `Betaal ${amount}`,
  paying: "Je gaat naar de betaalpagina…",
  emptyBasket: "Je winkelmandje is leeg. Kies eerst je loten.",
  toTickets: "Naar loten kopen",
  backToBasket: "Terug naar je winkelmandje",
  checking: "We controleren je winkelmandje…",
  basketProblem: "Er was iets mis met het lot in je winkelmandje.",
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
  toMyOrders: "Bekijk al je bestellingen",
  orderSummary: "Je bestelling",
  orderNumber: "Bestelnummer",
  orderTotal: "Totaalbedrag",
  paidWith: "Betaald met",
  orderedOn: "Besteld op",
  giftPaidTitle: "Je cadeaulot is besteld",
  giftPaidIntro: (name: string, sendOn: string, email: string) =>
    `${name} krijgt ${sendOn} een e-mail met de code om het lot te verzilveren. We hebben je een bevestiging gestuurd naar ${email}.`,
  giftRecipient: "Voor",
  giftDraw: "Speelt mee in",
  giftSendOn: "E-mail naar de ontvanger",
  drawOn: (date: string) => `Trekking van ${date}`,
} as const;

export const myTickets = {
  intro: "Al je loten per trekking: online gekocht, in de winkel, met je abonnement of als extra deelname.",
  empty: "Je hebt nog geen loten. Koop je eerste lot voor de volgende trekking.",
  toTickets: "Loten kopen",
  addRetailTicket: "Winkellot toevoegen met barcode",
  number: "Lotnummer",
  product: "Soort",
  fraction: "Deel",
  xl: "XL",
  purchaseType: "Gekocht als",
  yes: "Ja",
  no: "Nee",
  millionGame: "Miljoenenspel",
  multiplier: (times: number) => `vermenigvuldiger ${times}×`,
  ticketCount: (count: number) => (count === 1 ? "1 lot" : `${count} loten`),
  prize: "Prijs",
  noPrize: "Geen prijs",
  totalWon: (amount: string) => `Gewonnen in deze trekking: ${amount}`,
  nothingWon: "Helaas, in deze trekking heb je niets gewonnen.",
  /** A subscription's ticket whose collection failed (issue 40), until what the subscription owes is paid. */
  unpaid: "Nog niet betaald",
  unpaidNote: "De incasso voor de loten met 'Nog niet betaald' is niet gelukt.",
  payOutstanding: "Betaal het openstaande bedrag bij Mijn abonnementen",
} as const;
