/**
 * The spec section 8 codes the features refuse with (`src/lib/messages/codes.ts` holds the Dutch texts of
 * those the shop shows; the others get the generic message).
 */
export type SpecErrorCode =
  | "TransactionAlreadyProcessedError"
  | "TransactionRolledbackError"
  | "BasketItemInvalidError"
  | "InsufficientBalanceError"
  | "MaximumNumberOfParticipationsReachedError"
  | "VoucherCodeAlreadyClaimedError"
  | "VoucherCodeNotFoundError"
  | "ActionNotFoundError"
  | "ActionExpiredError"
  | "ActionNotActiveError"
  | "NoActivatedActionFoundError"
  | "EmailValidationError"
  | "InvalidEmailAddressError"
  | "OfferNotAvailableError"
  | "NoOfferAvailableError"
  | "DuplicateTicketError"
  | "UserAlreadyParticipatedError"
  | "DepositLimitExceededError"
  | "IbanRequiredError"
  | "IbanAlreadyInUseError"
  | "UserHasNoSubscriptionError"
  | "SubscriptionAlreadyCanceledError"
  | "SubscriptionNotCancelableError"
  | "SubscriptionLockedError"
  | "UnknownVerticalError"
  | "UnknownChannelError"
  | "LoyaltyAlreadySubscribedError"
  | "PasswordInvalidError"
  | "AccountNameAlreadyTakenError";

/** A feature's own kinds of refusal, outside the spec's codes: they set the status, never the `code`. */
export type RefusalKind = "NotFound" | "Invalid" | "InvalidChoice" | "Unavailable" | "PartnerMismatch";

export type DomainErrorCode = SpecErrorCode | RefusalKind;

/**
 * Why a feature refuses a call, thrown below HTTP (DESIGN section 3a): a spec code or refusal kind, the
 * Dutch reason per field, and a Dutch `detail` where the feature gives one. The API answers every one as
 * problem details in one place, with its status from one table (`src/backend/http/domain-error-status.ts`).
 */
export class DomainError<C extends DomainErrorCode = DomainErrorCode> extends Error {
  constructor(
    readonly code: C,
    readonly errors?: Record<string, string[]>,
    readonly detail?: string,
  ) {
    super(detail ?? code);
    this.name = "DomainError";
  }
}
