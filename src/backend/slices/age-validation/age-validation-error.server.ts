import { DomainError } from "@/src/domain/domain-error";

/**
 * Why an age-validation call is refused. The feature throws it and the API handler answers it as problem
 * details; it knows nothing of HTTP (DESIGN section 3a).
 * - `NotFound`: no attempt of this player has this transaction id;
 * - `InvalidChoice`: the start is not allowed (refused, under review) or names a bank without iDIN;
 *   `detail` and `errors` hold the Dutch text;
 * - `Unavailable`: no iDIN provider is configured.
 */
export type AgeValidationErrorCode = "NotFound" | "InvalidChoice" | "Unavailable";

export class AgeValidationError extends DomainError<AgeValidationErrorCode> {
  constructor(code: AgeValidationErrorCode, detail?: string, errors?: Record<string, string[]>) {
    super(code, errors, detail);
    this.name = "AgeValidationError";
  }
}
