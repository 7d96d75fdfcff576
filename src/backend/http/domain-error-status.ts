import type { ProblemDetails } from "@/src/contract/problem";
import type { DomainError, DomainErrorCode, RefusalKind } from "@/src/domain/domain-error";

/** The HTTP status of every refusal a feature throws (spec section 8), for all features alike. */
const STATUS: Record<DomainErrorCode, number> = {
  NotFound: 404,
  Invalid: 422,
  InvalidChoice: 422,
  Unavailable: 503,
  PartnerMismatch: 403,
  TransactionAlreadyProcessedError: 409,
  TransactionRolledbackError: 409,
  BasketItemInvalidError: 422,
  InsufficientBalanceError: 422,
  MaximumNumberOfParticipationsReachedError: 409,
  VoucherCodeAlreadyClaimedError: 409,
  VoucherCodeNotFoundError: 422,
  ActionNotFoundError: 404,
  ActionExpiredError: 422,
  ActionNotActiveError: 422,
  NoActivatedActionFoundError: 404,
  EmailValidationError: 422,
  InvalidEmailAddressError: 422,
  OfferNotAvailableError: 409,
  NoOfferAvailableError: 409,
  DuplicateTicketError: 422,
  UserAlreadyParticipatedError: 409,
  DepositLimitExceededError: 422,
  IbanRequiredError: 422,
  IbanAlreadyInUseError: 409,
  UserHasNoSubscriptionError: 404,
  SubscriptionAlreadyCanceledError: 409,
  SubscriptionNotCancelableError: 409,
  SubscriptionLockedError: 409,
  UnknownVerticalError: 422,
  UnknownChannelError: 422,
  LoyaltyAlreadySubscribedError: 409,
  PasswordInvalidError: 400,
  AccountNameAlreadyTakenError: 409,
};

/**
 * The two codes a feature answers otherwise, by the error's name: an affiliate offer that ended is
 * unprocessable (a subscription's retention offer not offered conflicts); a game's entry limit refuses the
 * tickets sent (an order over a partner's limit conflicts with the earlier order).
 */
const FEATURE_STATUS: Record<string, Partial<Record<DomainErrorCode, number>>> = {
  AffiliateError: { OfferNotAvailableError: 422 },
  GameError: { MaximumNumberOfParticipationsReachedError: 422 },
};

const REFUSAL_KINDS: ReadonlySet<DomainErrorCode> = new Set<RefusalKind>([
  "NotFound",
  "Invalid",
  "InvalidChoice",
  "Unavailable",
  "PartnerMismatch",
]);

export function domainErrorStatus(error: DomainError): number {
  return FEATURE_STATUS[error.name]?.[error.code] ?? STATUS[error.code];
}

/** What a refusal tells the caller: its spec code (never a feature's own kind), detail and fields. */
export function refusalFields(error: DomainError): Partial<Omit<ProblemDetails, "status">> {
  const { code, detail, errors } = error;
  return {
    ...(REFUSAL_KINDS.has(code) ? {} : { code }),
    ...(detail ? { detail } : {}),
    ...(errors ? { errors } : {}),
  };
}
