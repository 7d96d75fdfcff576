import { DomainError } from "@/src/domain/domain-error";

/**
 * Why an order cannot be stored, by the error codes of the contract's store endpoints (spec section 8).
 * The ticket feature throws it and the API handler answers it as problem details; it knows nothing of
 * HTTP (DESIGN section 3a).
 * - `TransactionAlreadyProcessedError`: the transaction id belongs to an order that was (or may have
 *   been) paid, or to another player;
 * - `TransactionRolledbackError`: the order behind the transaction id failed or differs; try again;
 * - `BasketItemInvalidError`: the basket did not verify; `errors` holds the Dutch message per field;
 * - `InsufficientBalanceError`: paid from the balance, which does not cover the order; nothing is stored;
 * - `MaximumNumberOfParticipationsReachedError`: a partner's offer (issue 17) the player has taken as often
 *   as it allows; nothing is stored;
 * - `VoucherCodeAlreadyClaimedError`: a campaign offer in the basket (issue 18) that another order took
 *   meanwhile (a second tab); nothing is stored.
 */
export type OrderErrorCode =
  | "TransactionAlreadyProcessedError"
  | "TransactionRolledbackError"
  | "BasketItemInvalidError"
  | "InsufficientBalanceError"
  | "MaximumNumberOfParticipationsReachedError"
  | "VoucherCodeAlreadyClaimedError";

export class OrderError extends DomainError<OrderErrorCode> {
  constructor(code: OrderErrorCode, errors?: Record<string, string[]>) {
    super(code, errors);
    this.name = "OrderError";
  }
}
