import { HttpProblem } from "@/src/backend/http/problem-error";
import {
  SubscriptionError,
  type SubscriptionErrorCode,
} from "@/src/backend/slices/subscriptions/subscription-error.server";
import { ContentUnavailableError } from "@/src/lib/content-unavailable";

const ERROR_STATUS: Record<SubscriptionErrorCode, number> = {
  NotFound: 404,
  InvalidChoice: 422,
  TransactionAlreadyProcessedError: 409,
  TransactionRolledbackError: 409,
  UserHasNoSubscriptionError: 404,
  SubscriptionAlreadyCanceledError: 409,
  SubscriptionNotCancelableError: 409,
  SubscriptionLockedError: 409,
  NoOfferAvailableError: 409,
  OfferNotAvailableError: 409,
  VoucherCodeAlreadyClaimedError: 409,
};

/** The feature's own kinds only set the status; every other code is a spec code and travels as `code`. */
const OWN_KINDS = new Set<SubscriptionErrorCode>(["NotFound", "InvalidChoice"]);

/**
 * Runs a subscription feature call; its refusals are answered as problem details with their code and
 * fields (the Dutch text per code comes from the catalogue on the client's side).
 */
export async function answering<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    // The CMS holds the pages' promotions, upsells and retention offers; without them nothing is priced yet.
    if (error instanceof ContentUnavailableError) throw new HttpProblem(503);
    if (!(error instanceof SubscriptionError)) throw error;
    const { code, errors } = error;
    const detail = errors ? Object.values(errors)[0]?.[0] : undefined;
    throw new HttpProblem(ERROR_STATUS[code], {
      ...(OWN_KINDS.has(code) ? {} : { code }),
      ...(detail ? { detail } : {}),
      ...(errors ? { errors } : {}),
    });
  }
}
