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
  iban: "Vul een geldig Nederlands IBAN in, bijvoorbeeld NL91 ABNA 0417 1643 00",
  ibanCountry: "Een abonnement betaal je met een Nederlandse bankrekening (IBAN begint met NL)",
  accountHolder: "Vul de naam van de rekeninghouder in",
  mandate: "Geef toestemming voor de automatische incasso om je abonnement af te sluiten",
  noDraw: "Er is op dit moment geen maandtrekking waarvoor je een abonnement kunt afsluiten",
  unknownPage: "Dit abonnement is niet (meer) te koop",
  issuer: "Kies je bank",
} as const;
