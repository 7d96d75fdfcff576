import { HttpProblem } from "@/src/backend/http/problem-error";
import type { ActionError, ActionErrorCode } from "@/src/backend/orders/action-codes.server";

const ACTION_STATUS: Record<ActionErrorCode, number> = {
  Invalid: 422,
  ActionNotFoundError: 404,
  ActionExpiredError: 422,
  ActionNotActiveError: 422,
  VoucherCodeNotFoundError: 422,
  VoucherCodeAlreadyClaimedError: 409,
  NoActivatedActionFoundError: 404,
};

/** A campaign's refusal as problem details, with its code and Dutch reason (and the action page's path). */
export function actionProblem(error: ActionError): HttpProblem {
  const { code, errors, actionPagePath } = error;
  const withPage = actionPagePath ? { ...errors, actionPagePath: [actionPagePath] } : errors;
  return new HttpProblem(ACTION_STATUS[code], {
    ...(code === "Invalid" ? {} : { code }),
    ...(withPage ? { errors: withPage } : {}),
  });
}
