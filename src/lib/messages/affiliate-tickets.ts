/** Affiliate tickets (issue 17). Part of the one message catalogue (`src/lib/messages.ts`). */

const PRODUCTS = {
  WHOLE: "heel lot",
  ONE_FIFTH: "vijfde lot",
  MILLION_GAME: "Miljoenenspel-lot",
} as const;

/** The API's refusal messages (shown on the partner pages). */
export const affiliateMessages = {
  limitReached: (max: number) =>
    max === 1
      ? "Je hebt dit aanbod al gebruikt. Het is één keer per speler te krijgen."
      : `Je hebt dit aanbod al ${max} keer gebruikt. Vaker kan niet.`,
  notStarted: (date: string) => `Dit aanbod begint op ${date}.`,
  ended: "Dit aanbod is afgelopen.",
  noDraw: "Er is nu geen trekking waarvoor je dit lot kunt krijgen. Probeer het later opnieuw.",
  wrongPartner: "Dit aanbod is alleen te krijgen via de partner die het aanbiedt.",
  storeNotFound: "Je aanbod is niet meer bewaard. Open de pagina van de partner opnieuw.",
} as const;

/** The block and `/partnerlot`. */
export const affiliatePage = {
  product: (product: keyof typeof PRODUCTS) => PRODUCTS[product],
  free: (product: keyof typeof PRODUCTS, partner: string) => `Gratis ${PRODUCTS[product]} van ${partner}`,
  priced: (product: keyof typeof PRODUCTS, partner: string, price: string) =>
    `Een ${PRODUCTS[product]} voor ${price} via ${partner}`,
  normalPrice: (price: string) => `In de winkel kost dit lot ${price}.`,
  /** `draw` as `drawInSentence` words it. */
  draw: (draw: string) => `Het lot speelt mee in ${draw}.`,
  until: (date: string) => `Geldig tot en met ${date}.`,
  perPlayer: (max: number) => (max === 1 ? "Eén per speler." : `Maximaal ${max} per speler.`),
  taken: (taken: number, max: number) => `Je hebt dit aanbod ${taken} van de ${max} keer gebruikt.`,
  start: "Ik wil dit lot",
  title: "Je partnerlot",
  loginIntro: "Log in of maak een gratis account aan; we bewaren je aanbod zolang je bezig bent.",
  login: "Inloggen",
  register: "Account aanmaken",
  claimFree: "Lot ophalen",
  pay: (amount: string) => `Betaal ${amount}`,
  claimedTitle: "Je lot staat klaar",
  claimed: (number: string, draw: string) =>
    `Gelukt! Lot ${number} speelt mee in ${draw}. Je vindt het in Mijn loten.`,
  pending: "We wachten nog op je betaling. Vernieuw deze pagina over een paar seconden.",
  notPaid: "Je betaling is niet gelukt. Je kunt het opnieuw proberen.",
  toMyTickets: "Naar Mijn loten",
  /** The block on a page reached without its partner (issue 43): how to get the offer instead. */
  byCodeElsewhere: (partner: string) =>
    `Deze aanbieding is er voor lezers en klanten van ${partner}. Open de link die je van ${partner} kreeg, ` +
    `in de krant, een nieuwsbrief of op de website van ${partner}: alleen via die link kun je dit lot krijgen.`,
  byHostElsewhere: (partner: string) =>
    `Deze aanbieding is er voor klanten van ${partner}. Je krijgt dit lot alleen via de eigen website van ` +
    `${partner}: open de link die je van ${partner} kreeg.`,
  toPartnerSite: (partner: string) => `Naar de aanbieding op de website van ${partner}`,
} as const;
