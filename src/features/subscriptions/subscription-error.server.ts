/**
 * Why a subscription call is refused, by the contract's codes (spec section 8). The subscription feature
 * throws it and the API handler answers it as problem details; it knows nothing of HTTP (DESIGN section 3a).
 * - `NotFound`: no subscription form block has this page id, or the draw or order asked for does not exist;
 * - `InvalidChoice`: the choice breaks a business rule; `errors` holds the Dutch message per field;
 * - `TransactionAlreadyProcessedError`: the transaction id belongs to a sign-up that was (or may have been)
 *   paid, or to another player;
 * - `TransactionRolledbackError`: the sign-up behind the transaction id failed or differs; try again.
 */
export type SubscriptionErrorCode =
  | "NotFound"
  | "InvalidChoice"
  | "TransactionAlreadyProcessedError"
  | "TransactionRolledbackError";

export class SubscriptionError extends Error {
  constructor(
    readonly code: SubscriptionErrorCode,
    readonly errors?: Record<string, string[]>,
  ) {
    super(code);
    this.name = "SubscriptionError";
  }
}
