/** Action codes and campaigns (issue 18). Part of the one message catalogue (`src/lib/messages.ts`). */
import { formatEuroCents } from "../format";

/** The activation's refusals at the code field, and why an activated offer does not apply (yet). */
export const actionMessages = {
  code: "Vul je actiecode in",
  codeLookAlike:
    "Een actiecode bevat geen 0, O, 1, I of L. Controleer de code: misschien staat er een ander teken.",
  codeMalformed: "Een actiecode heeft 8 letters en cijfers, bijvoorbeeld KERS-T234.",
  otherCampaign: "Deze code hoort bij een andere actie. Gebruik hem op de pagina van die actie.",
  alreadyActivated: "Je hebt al een code van deze actie geactiveerd. Het aanbod staat hieronder.",
  usedUp: (maxPerPlayer: number) =>
    maxPerPlayer === 1
      ? "Je hebt deze code al gebruikt. Hij geldt één keer per speler."
      : `Je hebt deze code al ${maxPerPlayer} keer gebruikt, vaker kan niet.`,
  needsTickets: "Dit aanbod geldt bij een bestelling: doe eerst een lot in je winkelmandje.",
  firstOrderOnly: "Dit aanbod geldt alleen bij je eerste bestelling.",
  minimumOrder: (cents: number) => `Dit aanbod geldt bij een bestelling vanaf ${formatEuroCents(cents)}.`,
  noMillionGameDraw: "Er is op dit moment geen trekking van het Miljoenenspel in de verkoop.",
  notInBasket: "Dit aanbod zit niet in je winkelmandje.",
  taken: "Dit aanbod is al gebruikt bij een bestelling.",
  subscriptionOnly:
    "Dit aanbod is een abonnement: je neemt het af met het abonnementsformulier, niet in je winkelmandje.",
  otherSubscriptionForm: "Dit aanbod geldt niet voor dit abonnementsformulier.",
} as const;

/** What an offer gives, as the block, the basket and the order show it. */
export const offerTexts = {
  orderDiscount: (amountCents: number, minimumCents: number, firstOrderOnly: boolean) =>
    [
      `${formatEuroCents(amountCents)} korting op je ${firstOrderOnly ? "eerste " : ""}bestelling`,
      minimumCents > 0 ? ` vanaf ${formatEuroCents(minimumCents)}` : "",
    ].join(""),
  millionGameTickets: (quantity: number, priceCents: number, normalCents: number) => {
    const what = quantity === 1 ? "Een Miljoenenspel-lot" : `${quantity} Miljoenenspel-loten`;
    if (priceCents === 0) return `${what} gratis bij je bestelling`;
    return `${what} voor ${formatEuroCents(priceCents)} in plaats van ${formatEuroCents(normalCents)} per lot bij je bestelling`;
  },
  trialSubscription: (draws: number, discountPercent: number) =>
    `Proefabonnement: de eerste ${draws === 1 ? "trekking" : `${draws} trekkingen`} ${discountPercent}% korting`,
} as const;

/** The action code block, `/actie/aanbod`, the basket and the order. */
export const actionPage = {
  title: "Je actiecode",
  codeLabel: "Actiecode",
  formLabel: "Code van de actie invullen",
  codeHint: "Je vindt de code in de brief of e-mail van de actie, bijvoorbeeld KERS-T234.",
  activate: "Code activeren",
  // The block outside the campaign's period (issue 43)
  ended: (date: string) => `Deze actie is afgelopen op ${date}. Je kunt hier geen code meer invullen.`,
  startsOn: (date: string) => `Deze actie begint op ${date}. Vanaf dan kun je hier je code invullen.`,
  paused: "Deze actie is nu niet actief. Je kunt hier even geen code invullen.",
  loginToActivate: "Log in om je code te activeren",
  activated: "Je code is geactiveerd.",
  offerTitle: "Jouw aanbod",
  campaign: (name: string) => `Actie: ${name}`,
  inBasket: "Dit aanbod zit in je winkelmandje en wordt bij het afrekenen verrekend.",
  notInBasketYet: "Dit aanbod zit nog niet in je winkelmandje.",
  reserved: "Dit aanbod hoort bij een bestelling die nog wordt betaald.",
  addToBasket: "In winkelmandje",
  takeOut: "Uit winkelmandje",
  trialIntro:
    "Je neemt dit aanbod af als abonnement. Stel het samen en betaal de eerste trekking met iDEAL; daarna gaat het door tegen de normale prijs, tenzij je opzegt.",
  takeTrial: "Proefabonnement afsluiten",
  toBasket: "Naar je winkelmandje",
  toTickets: "Kies je loten",
  toActionPage: "Naar de actiepagina",
  validUntil: (date: string) => `Geldig tot en met ${date}.`,
  basketTitle: "Je actie",
  totalWithAction: "Totaal met actie",
  discount: "Korting",
  orderDiscountTitle: "Actie",
  orderOffersTitle: "Je actie",
  paidWithDiscount: (discount: string) => `Je hebt ${discount} voordeel met je actiecode.`,
  totalPaid: "Betaald",
} as const;
