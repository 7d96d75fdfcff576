import type { Logger } from "pino";
import type { Db } from "@/src/db/database.server";

/**
 * Issuing subscriptions' tickets for a draw (issue 14, item 6). PLACEHOLDER SIGNATURES: the job-queue work
 * replaces the bodies; the sign-up code calls `issueDueForSubscription` right after a first payment.
 */

export type IssueServices = { db: Db; logger: Logger; now: () => Date };

export type IssueOutcome = {
  /** Subscriptions whose draw was issued by this call (not those issued before). */
  subscriptions: number;
  tickets: number;
};

/**
 * Issues a draw for every subscription that plays in it (or only `subscriptionIds`), once per
 * subscription and draw however often and on however many processes it runs: the draw's collection row
 * is written in the same transaction as its tickets.
 */
export async function issueDraw(
  _services: IssueServices,
  _drawId: number,
  _options: { subscriptionIds?: readonly number[] } = {},
): Promise<IssueOutcome> {
  throw new Error("not implemented yet");
}

/** Issues the draws on sale that a subscription plays in and that are due (its first draw after sign-up). */
export async function issueDueForSubscription(
  _services: IssueServices,
  _subscriptionId: number,
): Promise<IssueOutcome> {
  throw new Error("not implemented yet");
}
