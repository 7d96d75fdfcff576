/** Subscriptions: the form block, taking one out, the confirmation and /mijn/abonnementen. Part of the one message catalogue (`src/lib/messages.ts`). */

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
  /** Issue 43: a trial is for a player's first subscription only. */
  trialOnce:
    "Je hebt al eens een Proefabonnement gehad. Dat krijg je één keer; zet het vinkje uit om zonder proefkorting verder te gaan.",
  iban: "Vul een geldig Nederlands IBAN in, bijvoorbeeld NL91 ABNA 0417 1643 00",
  ibanCountry: "Een abonnement betaal je met een Nederlandse bankrekening (IBAN begint met NL)",
  accountHolder: "Vul de naam van de rekeninghouder in",
  /** Issue 43: a long name got "Vul de naam ... in" and was cut. */
  accountHolderTooLong: (max: number) =>
    `De naam van de rekeninghouder mag hoogstens ${max} tekens lang zijn`,
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

/**
 * A sign-up's first payment that another sign-up replaced (the player went back and sent the form again),
 * approved late anyway: nothing is taken out, the amount goes back into the wallet (issue 40).
 */
export const signUpRefundMail = {
  /** The wallet movement's description (Mijn saldo, Mijn Kroonloterij). */
  ledger: "Terugbetaling: eerdere betaling voor een abonnement dat je opnieuw hebt afgesloten",
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
