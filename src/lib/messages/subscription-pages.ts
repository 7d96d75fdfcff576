/**
 * Subscriptions as players see them: the form block. Taking one out, its confirmation and
 * `/mijn/abonnementen` have a module each, so a page's JavaScript carries only its own texts; the API's
 * messages are in `subscriptions.ts`. Part of the one message catalogue (`src/lib/messages.ts`).
 */

import { DUTCH_MONTH_NAMES } from "../format";

/** The form block (`subscriptionConfigurator`) and the choice it sends to `/abonnement/afsluiten`. */
export const subscriptionForm = {
  formLabel: "Abonnement samenstellen",
  productLegend: "Soort lot",
  fractionLegend: "Heel lot of een vijfde",
  fractionOption: (label: string, price: string) => `${label} (${price} per trekking)`,
  xlLabelPlain: "Speel mee met XL",
  xlLabel: (extra: string) => `Speel mee met XL (+ ${extra} per trekking)`,
  xlHint: "Een extra trekking op de begincijfers van je lotnummer, met een topprijs van €\u00a01 miljoen.",
  quantityLabel: "Aantal",
  quantityHint: (max: number) => `Hoeveel je er elke maand speelt: 1 tot en met ${max}.`,
  fixedNumberLabel: "Elke maand hetzelfde lotnummer",
  fixedNumberHint:
    "Je krijgt bij de eerste trekking een lotnummer en speelt daarna elke maand met dat nummer.",
  endDigitsLegend: "Eindcijfers kiezen (niet verplicht)",
  endDigitsHint:
    "Kies per lot het voorlaatste en het laatste cijfer, of een van de twee. Wat je open laat, krijg je willekeurig.",
  endDigitsTicket: (ticket: number) => `Lot ${ticket}`,
  secondLastDigit: "Voorlaatste cijfer",
  lastDigit: "Laatste cijfer",
  randomDigit: "Willekeurig",
  monthsLegend: "Maanden waarin je meespeelt",
  monthsHint: (min: number) => `Standaard speel je elke maand mee. Je kiest minstens ${min} maanden.`,
  monthName: (month: number) => DUTCH_MONTH_NAMES[month - 1] ?? String(month),
  promotionLegend: "Aanbieding",
  promotionLabel: (label: string, draws: number, percent: number) =>
    `${label}: de eerste ${draws === 1 ? "trekking" : `${draws} trekkingen`} ${percent}% korting`,
  promotionHint: "Daarna speel je door voor de normale prijs, tenzij je opzegt. Opzeggen kan altijd online.",
  summaryTitle: "Wat je betaalt",
  monthly: "Per maand",
  monthlyHint: "in een maand waarin al je loten meespelen",
  firstPayment: "Eerste betaling met iDEAL",
  firstDraw: "Je speelt mee vanaf",
  drawOn: (name: string, date: string) => `${name} (${date})`,
  promotionPrice: (amount: string, draws: number) =>
    `${amount} per maand, ${draws === 1 ? "de eerste trekking" : `de eerste ${draws} trekkingen`}`,
  pricing: "De prijs wordt berekend…",
  priceUnknown: "Kies een geldige combinatie om de prijs te zien.",
  sweepstakeTitle: (prize: string) => `Maak kans op ${prize}`,
  sweepstakeText: (prizes: number, lastDay: string) =>
    `Sluit je uiterlijk ${lastDay} een abonnement af, dan doe je mee met de winactie. Er ${prizes === 1 ? "is 1 prijs" : `zijn ${prizes} prijzen`} te winnen.`,
  sweepstakeInstant: "Je ziet direct na je eerste betaling of je gewonnen hebt.",
  directDebitTitle: "Zo werkt betalen met automatische incasso",
  directDebitText: [
    "De eerste trekking betaal je met iDEAL. Daarmee bevestig je ook je bankrekening.",
    "Met een machtiging geef je ons toestemming om daarna elke maand het bedrag van je abonnement automatisch af te schrijven, rond de trekking.",
    "Ben je het niet eens met een afschrijving? Dan kun je die binnen 8 weken via je bank laten terugboeken.",
  ],
  submit: "Verder naar afsluiten",
  noDraw: "Er is op dit moment geen maandtrekking waarvoor je een abonnement kunt afsluiten.",
} as const;
