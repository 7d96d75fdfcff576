/**
 * Why an age-validation call is refused. The feature throws it and the API handler answers it as problem
 * details; it knows nothing of HTTP (DESIGN section 3a).
 * - `NotFound`: no attempt of this player has this transaction id;
 * - `InvalidChoice`: the start is not allowed (refused, under review) or names a bank without iDIN;
 *   `detail` and `errors` hold the Dutch text;
 * - `Unavailable`: no iDIN provider is configured.
 */
export type AgeValidationErrorCode = "NotFound" | "InvalidChoice" | "Unavailable";

export class AgeValidationError extends Error {
  constructor(
    readonly code: AgeValidationErrorCode,
    readonly detail?: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(detail ?? code);
    this.name = "AgeValidationError";
  }
}
