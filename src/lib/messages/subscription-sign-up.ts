/**
 * Taking out a subscription (`/abonnement/afsluiten`): the quote, the account and the mandate.
 * Part of the one message catalogue (`src/lib/messages.ts`).
 */

/** `/abonnement/afsluiten`: the quote, the account, the mandate and the first payment. */
export const subscriptionSignUp = {
  /** The same as `subscriptionSignUpTitle` (page-titles.ts), which the route module uses alone. */
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
  lastDigit: (digit: number) => `eindcijfer ${digit}`,
  secondLastDigit: (digit: number) => `voorlaatste cijfer ${digit}`,
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
