/**
 * Changing and stopping a subscription (issue 15): the API's validation messages for the edit page, the
 * upsells and cancelling, and the cancellation e-mail. The pages' own texts are in
 * `subscription-change-pages.ts`. Part of the one message catalogue (`src/lib/messages.ts`).
 */

/** The subscription-change API's validation messages (forms show them next to the fields). */
export const subscriptionChangeMessages = {
  chooseItems: "Kies een of meer loten van je abonnement",
  unknownItem: "Dit lot hoort niet bij dit abonnement",
  itemAlreadyStopped: "Dit lot is al opgezegd",
  tooManyItems: (max: number) => `Een abonnement heeft maximaal ${max} loten`,
  lastItem: "Dit is het laatste lot van je abonnement. Wil je helemaal stoppen? Zeg dan je abonnement op.",
  nothingChanged: "Je hebt niets gewijzigd",
  alreadyXl: "Dit lot speelt al mee met XL",
  noDrawOnSale: "Er is op dit moment geen trekking waarvoor je je abonnement kunt wijzigen",
  upsellDrawClosed: "De verkoop voor deze trekking is gesloten",
  upsellDrawAlreadyPlayed: "Je abonnement speelt al een keer extra mee in deze trekking",
  upsellWrongKind: "Dit aanbod hoort niet bij deze pagina",
  /** A draw upsell for an item whose fraction the special draw does not sell (the year-end draw: no fifths). */
  upsellFractionNotSold: (fraction: string) =>
    `In deze trekking is een ${fraction.toLowerCase()} niet te koop`,
  unknownOffer: "Dit aanbod is niet meer beschikbaar.",
} as const;
