import { OrderError, type OrderErrorCode } from "@/src/domain/tickets/order-error";
import { HttpProblem } from "./problem-error";

/** The HTTP status of each refused order (the ticket, gift and affiliate checkouts). */
const ORDER_ERROR_STATUS: Record<OrderErrorCode, number> = {
  TransactionAlreadyProcessedError: 409,
  TransactionRolledbackError: 409,
  MaximumNumberOfParticipationsReachedError: 409,
  VoucherCodeAlreadyClaimedError: 409,
  BasketItemInvalidError: 422,
  InsufficientBalanceError: 422,
};

/** A refused order as problem details (its code, and the Dutch message per field); anything else as is. */
export function orderProblem(error: unknown): unknown {
  if (!(error instanceof OrderError)) return error;
  const { code, errors } = error;
  return new HttpProblem(ORDER_ERROR_STATUS[code], errors ? { code, errors } : { code });
}
