import { DomainError } from "@/src/domain/domain-error";

/**
 * Why a subscription call is refused, by the contract's codes (spec section 8). The subscription feature
 * throws it and the API handler answers it as problem details; it knows nothing of HTTP (DESIGN section 3a).
 * - `NotFound`: no subscription form block has this page id, or the draw or order asked for does not exist;
 * - `InvalidChoice`: the choice breaks a business rule; `errors` holds the Dutch message per field;
 * - `TransactionAlreadyProcessedError`: the transaction id belongs to a sign-up or change that was (or may
 *   have been) processed, with other content or for another player;
 * - `TransactionRolledbackError`: what the transaction id stood for failed or was undone; try again;
 * - `UserHasNoSubscriptionError`: the player has no subscription (or item) with this id;
 * - `SubscriptionAlreadyCanceledError`: it was cancelled; nothing about it changes any more;
 * - `SubscriptionNotCancelableError`: taken out by phone or in a shop: cancelled through customer service;
 * - `SubscriptionLockedError`: a collection failed and is unpaid: no changes until it is paid;
 * - `NoOfferAvailableError`: no retention offer is (any longer) available to this subscription;
 * - `OfferNotAvailableError`: the offer id is not one offered to this subscription;
 * - `VoucherCodeAlreadyClaimedError`: the campaign's trial subscription was taken by another sign-up.
 */
export type SubscriptionErrorCode =
  | "NotFound"
  | "InvalidChoice"
  | "TransactionAlreadyProcessedError"
  | "TransactionRolledbackError"
  | "UserHasNoSubscriptionError"
  | "SubscriptionAlreadyCanceledError"
  | "SubscriptionNotCancelableError"
  | "SubscriptionLockedError"
  | "NoOfferAvailableError"
  | "OfferNotAvailableError"
  | "VoucherCodeAlreadyClaimedError";

/** Its `detail` is the first field's message, for a caller that shows one line. */
export class SubscriptionError extends DomainError<SubscriptionErrorCode> {
  constructor(code: SubscriptionErrorCode, errors?: Record<string, string[]>) {
    super(code, errors, errors ? Object.values(errors)[0]?.[0] : undefined);
    this.name = "SubscriptionError";
  }
}
