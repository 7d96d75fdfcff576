import type { Logger } from "pino";
import { z } from "zod";
import type { Db } from "@/src/backend/db/database.server";
import { enqueueJob } from "@/src/backend/db/job-queue/enqueue.server";
import { pruneJobs } from "@/src/backend/db/job-queue/queue.server";
import {
  ISSUE_SUBSCRIPTION_JOB,
  reconcileCollections,
  SUBMIT_COLLECTIONS_JOB,
  submitCollections,
} from "@/src/backend/slices/subscriptions/collections.server";
import {
  issueDraw,
  issueDueForSubscription,
  nextRegularDrawOnSale,
} from "@/src/backend/slices/subscriptions/issuance.server";
import type { DirectDebitProvider } from "@/src/domain/payments/direct-debit-provider";
import type { JobHandlers } from "./worker.server";

/**
 * The jobs that run subscriptions (issue 14, item 6; decision 13):
 * - `issue-draw` {drawId}: issues a regular draw for every subscription that plays it;
 * - `issue-subscription` {subscriptionId}: issues the draws due for one subscription (after sign-up, or
 *   once a locked subscription is paid up);
 * - `submit-collections`: hands the pending direct-debit collections to the direct-debit service;
 * - `reconcile-collections`: asks the service about collections submitted over an hour ago, in case its
 *   notification was lost.
 * The scheduler queues them: every minute, `issue-draw` for the next regular draw on sale (keyed per draw
 * and day, so every process may queue it and it runs once a day), `submit-collections` and
 * `reconcile-collections` (keyed per hour) and, once a day, `prune-jobs` (finished jobs of a month ago go).
 */

export const JOB_NAMES = {
  issueDraw: "issue-draw",
  issueSubscription: ISSUE_SUBSCRIPTION_JOB,
  submitCollections: SUBMIT_COLLECTIONS_JOB,
  reconcileCollections: "reconcile-collections",
  pruneJobs: "prune-jobs",
} as const;

export type SubscriptionJobServices = {
  db: Db;
  logger: Logger;
  directDebit: DirectDebitProvider;
  now: () => Date;
};

const DrawPayload = z.object({ drawId: z.number().int().positive() });
const SubscriptionPayload = z.object({ subscriptionId: z.number().int().positive() });

/** Finished jobs are kept this long, for an operator's questions. */
const KEEP_FINISHED_MS = 30 * 24 * 3_600_000;

export function subscriptionJobHandlers(services: SubscriptionJobServices): JobHandlers {
  const { db } = services;
  /** Collections of the draws just issued go to the bank at once, not at the next hourly sweep. */
  const submitSoon = () => enqueueJob(db, { name: JOB_NAMES.submitCollections, payload: {} });
  return {
    [JOB_NAMES.issueDraw]: async (payload, { signal, logger }) => {
      const { drawId } = DrawPayload.parse(payload);
      const outcome = await issueDraw({ ...services, logger }, drawId, { signal });
      if (outcome.subscriptions > 0) await submitSoon();
    },
    [JOB_NAMES.issueSubscription]: async (payload, { logger }) => {
      const { subscriptionId } = SubscriptionPayload.parse(payload);
      const outcome = await issueDueForSubscription({ ...services, logger }, subscriptionId);
      if (outcome.subscriptions > 0) await submitSoon();
    },
    [JOB_NAMES.submitCollections]: async (_payload, { logger }) => {
      await submitCollections({ ...services, logger });
    },
    [JOB_NAMES.reconcileCollections]: async (_payload, { logger }) => {
      await reconcileCollections({ ...services, logger });
    },
    [JOB_NAMES.pruneJobs]: async (_payload, { logger }) => {
      const removed = await pruneJobs(db, KEEP_FINISHED_MS);
      if (removed > 0) logger.info({ removed }, "finished jobs removed");
    },
  };
}

/**
 * One scheduler round: queues the jobs that are due now. `manual` (the simulator's button) queues them
 * afresh, without the per-day and per-hour keys, so they run even when today's round has run.
 */
export async function scheduleSubscriptionJobs(
  db: Db,
  now: Date,
  options: { manual?: boolean } = {},
): Promise<void> {
  const day = now.toISOString().slice(0, 10);
  const hour = now.toISOString().slice(0, 13);
  /** The round's key of a job; none for a manual round, which queues it afresh. */
  const key = (name: string, ...parts: Array<string | number>) =>
    options.manual ? undefined : [name, ...parts].join(":");
  const next = await nextRegularDrawOnSale(db, now);
  if (next) {
    await enqueueJob(db, {
      name: JOB_NAMES.issueDraw,
      key: key(JOB_NAMES.issueDraw, next.id, day),
      payload: { drawId: next.id },
    });
  }
  for (const name of [JOB_NAMES.submitCollections, JOB_NAMES.reconcileCollections]) {
    await enqueueJob(db, { name, key: key(name, hour), payload: {} });
  }
  if (!options.manual) {
    await enqueueJob(db, { name: JOB_NAMES.pruneJobs, key: key(JOB_NAMES.pruneJobs, day), payload: {} });
  }
}
