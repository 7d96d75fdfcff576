import { DomainError } from "@/src/domain/domain-error";

/**
 * Why a wallet call is refused. The feature throws it and the API handler answers it as problem details;
 * it knows nothing of HTTP (DESIGN section 3a). The codes are portal codes the catalogue answers with the
 * generic message (spec section 8); `errors` holds the clear Dutch reason per field.
 * - `DepositLimitExceededError`: the deposit is more than the month's limit leaves;
 * - `InsufficientBalanceError`: the withdrawal is more than the balance;
 * - `IbanRequiredError`: no IBAN on the profile and none (or no valid one) given;
 * - `IbanAlreadyInUseError`: the IBAN given is another player's;
 * - `TransactionAlreadyProcessedError`: the transaction id was used for something else;
 * - `TransactionRolledbackError`: the payment could not be started; try again under a new id;
 * - `NotFound`: no deposit of this player has this transaction id.
 */
export type WalletErrorCode =
  | "DepositLimitExceededError"
  | "InsufficientBalanceError"
  | "IbanRequiredError"
  | "IbanAlreadyInUseError"
  | "TransactionAlreadyProcessedError"
  | "TransactionRolledbackError"
  | "NotFound";

export class WalletError extends DomainError<WalletErrorCode> {
  constructor(code: WalletErrorCode, errors?: Record<string, string[]>) {
    super(code, errors);
    this.name = "WalletError";
  }
}
