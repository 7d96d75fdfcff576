/** Subscriptions: the form block, taking one out, the confirmation and /mijn/abonnementen. Part of the one message catalogue (`src/lib/messages.ts`). */

import { purchaseTypeLabels } from "./tickets";

/** The subscriptions API's validation messages (forms show them next to the fields). */
export const subscriptionMessages = {
  product: "Kies een soort lot",
  fraction: "Kies een heel lot of een vijfde",
  quantity: (max: number) => `Kies een aantal van 1 tot en met ${max}`,
  multiplier: "Kies een geldige vermenigvuldiger",
  endDigits: "Kies eindcijfers van 00 tot en met 99",
  endDigitsOnlySingle: "Eindcijfers kies je alleen bij een los lot",
  tooManyEndDigits: "Je hebt meer eindcijfers gekozen dan loten",
  months: (min: number) => `Kies minstens ${min} maanden waarin je meespeelt`,
  promotion: "Deze aanbieding hoort niet bij dit abonnement",
  iban: "Vul een geldig Nederlands IBAN in, bijvoorbeeld NL91 ABNA 0417 1643 00",
  ibanCountry: "Een abonnement betaal je met een Nederlandse bankrekening (IBAN begint met NL)",
  accountHolder: "Vul de naam van de rekeninghouder in",
  mandate: "Geef toestemming voor de automatische incasso om je abonnement af te sluiten",
  noDraw: "Er is op dit moment geen maandtrekking waarvoor je een abonnement kunt afsluiten",
  unknownPage: "Dit abonnement is niet (meer) te koop",
  issuer: "Kies je bank",
  drawClosed: "De verkoop voor deze trekking is gesloten. Kies een andere trekking.",
  notRegularDraw: "Een abonnement speelt alleen mee in de maandtrekkingen van de Kroonloterij",
  gameMismatch: "Deze trekking hoort bij een ander spel",
} as const;

/** What the payment page (and the bank statement) shows for a sign-up's first iDEAL payment. */
export const subscriptionPayment = {
  description: "Kroonloterij abonnement, eerste betaling",
} as const;

/** The confirmation e-mail of a new subscription (outbox kind `subscription-confirmation`). */
export const subscriptionMail = {
  subject: "Je abonnement op de Kroonloterij",
  /** The start draw when its row cannot be read (it is always there; never an empty sentence). */
  drawById: (drawId: number) => `trekking ${drawId}`,
  /** One item as the pages describe it, e.g. `Straat (10 loten), Vijfde lot, met XL, elke maand`, with its price per draw. */
  item: (description: string, pricePerDraw: string) => `- ${description}: ${pricePerDraw} per trekking`,
  allMonths: "Je speelt elke maand mee.",
  someMonths: (months: string) => `Je speelt mee in ${months}.`,
  /** A drawn line of the schedule: what is collected for that draw. */
  scheduleLine: (drawName: string, date: string, amount: string, trial: boolean) =>
    `- ${drawName} (${date}): ${amount}${trial ? ` (${purchaseTypeLabels.TrialSubscription})` : ""}`,
  promotion: (label: string, draws: number, discountPercent: number) =>
    `${label}: de eerste ${draws === 1 ? "trekking krijg" : `${draws} trekkingen krijg`} je ${discountPercent}% korting.`,
  body: (details: {
    firstName: string;
    startDraw: string;
    items: readonly string[];
    months: string;
    promotion: string | null;
    monthlyAmount: string;
    firstAmount: string;
    schedule: readonly string[];
    ibanMasked: string;
    accountHolder: string;
    mandateId: string;
    mandateDate: string;
  }) =>
    [
      `Beste ${details.firstName},`,
      "",
      `Bedankt voor je abonnement op de Kroonloterij. Je speelt mee vanaf de ${details.startDraw} met:`,
      ...details.items,
      "",
      details.months,
      ...(details.promotion ? [details.promotion] : []),
      `In een maand waarin je meespeelt, schrijven we ${details.monthlyAmount} af. De eerste betaling van ${details.firstAmount} heb je met iDEAL betaald.`,
      "",
      "Wat we de komende trekkingen afschrijven:",
      ...details.schedule,
      "",
      `We schrijven af van rekening ${details.ibanMasked} (${details.accountHolder}) met een doorlopende machtiging voor automatische incasso. Kenmerk machtiging: ${details.mandateId}, afgegeven op ${details.mandateDate}. Een afschrijving kun je binnen 8 weken via je bank laten terugboeken.`,
      "",
      "Je abonnement en je loten vind je altijd op Mijn Kroonloterij, onder Mijn abonnementen en Mijn loten.",
      "",
      "Speel bewust 18+",
    ].join("\n"),
} as const;

/**
 * A sign-up's first payment that another sign-up replaced (the player went back and sent the form again),
 * approved late anyway: nothing is taken out, the amount goes back into the wallet (issue 40).
 */
export const signUpRefundMail = {
  subject: "We hebben je betaling teruggezet op je saldo",
  /** The wallet movement's description (Mijn saldo, Mijn Kroonloterij). */
  ledger: "Terugbetaling: eerdere betaling voor een abonnement dat je opnieuw hebt afgesloten",
  body: (firstName: string, amount: string) =>
    [
      `Beste ${firstName},`,
      "",
      `Je hebt een betaling van ${amount} goedgekeurd voor een abonnement dat je daarna opnieuw hebt afgesloten. Daarvoor sluiten we geen tweede abonnement af: we hebben ${amount} teruggezet op je saldo bij de Kroonloterij.`,
      "",
      "Je saldo zie je op Mijn Kroonloterij, onder Mijn saldo. Je kunt het gebruiken voor loten of laten overmaken naar je rekening.",
      "",
      "Speel bewust 18+",
    ].join("\n"),
} as const;

/** Paying what a locked subscription owes (issue 40): the API's messages, the payment and the ledger. */
export const collectionPaymentMessages = {
  nothingOwed: "Er staat voor dit abonnement niets open om te betalen.",
  description: (subscriptionId: number) => `Kroonloterij abonnement ${subscriptionId}, openstaand bedrag`,
  ledger: (subscriptionId: number) => `Openstaand bedrag abonnement ${subscriptionId}`,
  /** A collection paid twice (the bank's late debit and "Nu betalen"): the second is refunded into the wallet. */
  refundLedger: (subscriptionId: number) =>
    `Terugbetaling: afschrijving abonnement ${subscriptionId} was al betaald`,
} as const;

/** The e-mail about a collection paid twice, whose second money went into the wallet (outbox `collection-refund`). */
export const collectionRefundMail = {
  subject: "We hebben een dubbele betaling teruggezet op je saldo",
  body: (details: { firstName: string; amount: string; subscriptionId: number }) =>
    [
      `Beste ${details.firstName},`,
      "",
      `Het openstaande bedrag van je abonnement ${details.subscriptionId} is twee keer betaald: door jou en daarna (of daarvoor) ook door de afschrijving van je bank. Je betaalt een trekking maar één keer, dus hebben we ${details.amount} teruggezet op je saldo bij de Kroonloterij.`,
      "",
      "Je saldo zie je op Mijn Kroonloterij, onder Mijn saldo. Je kunt het gebruiken voor loten of laten overmaken naar je rekening.",
      "",
      "Speel bewust 18+",
    ].join("\n"),
} as const;

/** The e-mail about a collection the bank could not collect, with the way to pay it (outbox `collection-failed`). */
export const collectionFailedMail = {
  subject: "Je afschrijving is niet gelukt",
  body: (details: {
    firstName: string;
    amount: string;
    drawName: string;
    subscriptionId: number;
    payLink: string;
  }) =>
    [
      `Beste ${details.firstName},`,
      "",
      `Het is niet gelukt om ${details.amount} voor de ${details.drawName} af te schrijven voor je abonnement ${details.subscriptionId}. Je abonnement is daarom geblokkeerd: zolang dit bedrag openstaat, kun je het niet wijzigen en speel je na de volgende trekking niet meer mee.`,
      "",
      `Betaal het openstaande bedrag met iDEAL of van je saldo, dan is je abonnement meteen weer actief: ${details.payLink}`,
      "",
      "Speel bewust 18+",
    ].join("\n"),
} as const;
