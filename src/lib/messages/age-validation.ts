/** Age validation through iDIN (issue 16). Part of the one message catalogue (`src/lib/messages.ts`). */

/** The age-validation API's validation messages. */
export const ageValidationMessages = {
  issuer: "Kies je bank",
  unknownIssuer: "Deze bank biedt geen iDIN aan. Kies een andere bank.",
  returnPath: "Dit is geen pagina van deze webwinkel",
} as const;

/** The pages: `/mijn/leeftijdscontrole` (start) and `/leeftijdscontrole/terug` (the bank's return). */
export const ageValidationPage = {} as const;
