/**
 * Subscriptions as players see them: the form block, taking one out (`/abonnement/afsluiten`), the
 * confirmation (`/abonnement/resultaat`) and `/mijn/abonnementen`. Kept apart from the API's messages in
 * `subscriptions.ts` so a page's JavaScript carries only these. Part of the one message catalogue
 * (`src/lib/messages.ts`).
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
  xlHint: "Een extra trekking op de begincijfers van je lotnummer, met een topprijs van € 1 miljoen.",
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
  sweepstakeText: (prizes: number, endDate: string) =>
    `Sluit je voor ${endDate} een abonnement af, dan doe je mee met de winactie. Er ${prizes === 1 ? "is 1 prijs" : `zijn ${prizes} prijzen`} te winnen.`,
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

/** `/abonnement/afsluiten`: the quote, the account, the mandate and the first payment. */
export const subscriptionSignUp = {
  title: "Abonnement afsluiten",
  intro: "Controleer je abonnement, geef je rekening op en betaal de eerste trekking met iDEAL.",
  fixTitle: "Pas je keuze aan",
  fixIntro: "Niet alles in je keuze klopt. Pas het aan en ga verder.",
  chooseTitle: "Stel je abonnement samen",
  chooseIntro: "Kies je loten en de maanden waarin je meespeelt. Je actie staat al aangevinkt.",
  unknownPage: "Dit abonnement is niet (meer) te koop.",
  toSubscriptions: "Bekijk onze abonnementen",
  quoteTitle: "Je abonnement",
  changeChoice: "Keuze wijzigen",
  items: "Je loten",
  withXl: "met XL",
  endDigits: (digits: string) => `eindcijfers ${digits}`,
  fixedNumber: "elke maand hetzelfde lotnummer",
  fixedNumberOf: (number: string) => `vast lotnummer ${number}`,
  allMonths: "elke maand",
  someMonths: (months: string) => `in ${months}`,
  multiplier: (times: number) => `${times}× ingezet`,
  perDraw: (amount: string) => `${amount} per trekking`,
  monthly: "Per maand",
  firstDraw: "Eerste trekking",
  firstPayment: "Eerste betaling (iDEAL)",
  promotion: "Aanbieding",
  promotionText: (label: string, draws: number, percent: number) =>
    `${label}: de eerste ${draws === 1 ? "trekking" : `${draws} trekkingen`} ${percent}% korting`,
  scheduleTitle: "Wat we de komende trekkingen afschrijven",
  scheduleDraw: "Trekking",
  scheduleDate: "Datum",
  scheduleAmount: "Bedrag",
  accountLegend: "Je bankrekening",
  ibanLabel: "IBAN",
  ibanHint: "Een Nederlandse rekening, bijvoorbeeld NL91 ABNA 0417 1643 00.",
  ibanFromProfile: (masked: string) => `De rekening op je profiel (eindigt op ${masked}) staat al ingevuld.`,
  accountHolderLabel: "Naam rekeninghouder",
  mandateTitle: "Machtiging automatische incasso",
  mandateText: (amount: string) =>
    `Door deze machtiging te ondertekenen geef je Kroonloterij toestemming om elke maand waarin je meespeelt het bedrag van je abonnement (nu ${amount}) van je rekening af te schrijven, en je bank om dat bedrag af te schrijven. Je kunt een afschrijving binnen 8 weken via je bank laten terugboeken.`,
  mandateCreditor: "Incassant: Kroonloterij B.V., Den Haag",
  mandateDate: (date: string) => `Datum machtiging: ${date}`,
  mandateId: (id: string) => `Kenmerk machtiging: ${id}`,
  mandateConsent: "Ik geef toestemming voor deze doorlopende machtiging tot automatische incasso",
  bankLabel: "Je bank voor de eerste betaling (iDEAL)",
  bankLater: "Kies je bank op de betaalpagina",
  submit: (amount: string) => `Afsluiten en ${amount} betalen met iDEAL`,
  formError: "Niet alles is goed ingevuld. Bekijk de meldingen bij de velden.",
  alreadyProcessed: "Bekijk je abonnementen",
  /** 409 answers, in the words of a subscription rather than an order. */
  alreadyProcessedMessage:
    "Dit abonnement is mogelijk al afgesloten. Kijk bij Mijn abonnementen voordat je het opnieuw probeert.",
  rolledBackMessage: "Het afsluiten is niet gelukt. Er is niets afgeschreven; probeer het opnieuw.",
} as const;

/** `/abonnement/resultaat`: back from the payment page. */
export const subscriptionResult = {
  title: "Je abonnement",
  paidTitle: "Je abonnement is afgesloten",
  paidIntro: (email: string) =>
    `Bedankt! Je eerste betaling is gelukt. We hebben een bevestiging gestuurd naar ${email}.`,
  pendingTitle: "We wachten op je betaling",
  pendingIntro: "Je betaling is nog niet afgerond. Deze pagina ververst vanzelf.",
  checking: "We controleren je betaling…",
  refresh: "Opnieuw controleren",
  failedTitle: "Je abonnement is niet afgesloten",
  failed: "Je betaling is mislukt. Er is geen abonnement afgesloten en er is niets afgeschreven.",
  cancelled: "Je hebt de betaling geannuleerd. Er is geen abonnement afgesloten.",
  expired: "Je betaling is verlopen. Er is geen abonnement afgesloten.",
  tryAgain: "Probeer het opnieuw met je keuze",
  notFound: "We kunnen dit abonnement niet vinden.",
  monthly: "Per maand",
  firstDraw: "Je speelt mee vanaf",
  collected: (amount: string) =>
    `In elke maand waarin je meespeelt, schrijven we ${amount} af met automatische incasso, rond de trekking.`,
  firstPaid: (amount: string) => `Je eerste betaling van ${amount} is met iDEAL betaald.`,
  mandateId: "Kenmerk machtiging",
  iban: "Rekening",
  promotion: "Aanbieding",
  sweepstakeTitle: "De winactie",
  sweepstakeWon: (prize: string) => `Gefeliciteerd! Je hebt ${prize} gewonnen. We nemen contact met je op.`,
  sweepstakeLost: "Helaas, je hebt deze keer niet gewonnen in de winactie.",
  sweepstakePending: "De uitslag van de winactie zie je zodra je betaling binnen is.",
  toMySubscriptions: "Naar Mijn abonnementen",
} as const;

/** `/mijn/abonnementen`. */
export const mySubscriptions = {
  title: "Mijn abonnementen",
  intro: "Je abonnementen, wat je elke maand betaalt en de laatste afschrijvingen.",
  empty: "Je hebt nog geen abonnement.",
  takeOne: "Neem een abonnement",
  subscription: (id: number) => `Abonnement ${id}`,
  status: "Status",
  statusLabels: {
    active: "Actief",
    locked: "Geblokkeerd: openstaande betaling",
    cancelled: "Opgezegd",
  },
  lockedHint: "Een afschrijving is mislukt. Zolang die openstaat, kun je je abonnement niet wijzigen.",
  since: "Loopt sinds",
  monthly: "Per maand",
  account: "Rekening",
  mandateId: "Kenmerk machtiging",
  promotion: "Aanbieding",
  promotionLeft: (label: string, left: number) =>
    left === 0
      ? `${label}: afgelopen`
      : `${label}: nog ${left === 1 ? "1 trekking" : `${left} trekkingen`} met korting`,
  nextDraw: "Volgende trekking",
  nextDrawText: (draw: string, amount: string) => `${draw}: ${amount}`,
  noNextDraw: "Geen",
  items: "Loten",
  collections: "Laatste afschrijvingen",
  noCollections: "Nog geen afschrijvingen.",
  collectionDraw: "Trekking",
  collectionAmount: "Bedrag",
  collectionMethod: "Betaald met",
  collectionState: "Status",
  methodLabels: { ideal: "iDEAL", directDebit: "Incasso" },
  stateLabels: {
    pending: "Wordt klaargezet",
    submitted: "Bij je bank aangeboden",
    paid: "Betaald",
    failed: "Mislukt",
  },
  activeCount: (count: number) =>
    count === 0
      ? "geen actieve abonnementen"
      : count === 1
        ? "1 actief abonnement"
        : `${count} actieve abonnementen`,
} as const;
