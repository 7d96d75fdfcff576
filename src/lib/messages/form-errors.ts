/**
 * The error summary at the top of a refused form (issue 43). Its own area, so only the forms' chunks carry
 * these texts (never the shell's). Part of the one message catalogue (`src/lib/messages.ts`).
 */
export const formErrors = {
  /** The summary's title above the list of errors. */
  summaryTitle: "Er ging iets mis met je gegevens",
  /** Before the links to the fields with an error. */
  checkFields: "Controleer deze velden:",
  /** A form without a reCAPTCHA that was refused for too many attempts (429, RateLimitError). */
  tooManyAttempts: "Te veel pogingen. Probeer het over een paar minuten opnieuw.",
} as const;
