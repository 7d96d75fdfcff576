import type { Logger } from "pino";
import { z } from "zod";
import type { Db } from "@/src/backend/db/database.server";
import { enqueueJob } from "@/src/backend/db/job-queue/enqueue.server";
import { PAY_PRIZES_JOB } from "@/src/backend/db/job-queue/job-names";
import { payDrawPrizes, recentlyPublishedDraws } from "@/src/backend/slices/wallet/prizes.server";
import {
  reconcileWithdrawals,
  SUBMIT_WITHDRAWALS_JOB,
  submitWithdrawals,
} from "@/src/backend/slices/wallet/wallet.server";
import type { DirectDebitProvider } from "@/src/domain/payments/direct-debit-provider";
import type { JobHandlers } from "./worker.server";

/**
 * The wallet's jobs (issue 16; decision 13):
 * - `pay-prizes` {drawId} pays the winning online tickets of a published draw (into wallets, or marked to
 *   claim). The scheduler queues it for every draw published in the last 30 days, keyed per draw, so every
 *   process may queue it and it runs once; the job itself pays each ticket once, so a second run (a manual
 *   one, a retry) pays nothing twice.
 * - `submit-withdrawals` hands requested withdrawals to the bank as transfers and asks the bank again about
 *   transfers submitted over an hour ago (a notification may be lost); queued with each withdrawal and, as
 *   a sweep, once an hour.
 */

export { PAY_PRIZES_JOB };

/** How far back a publication is still paid by the scheduler (older draws were paid when published). */
const PAY_WITHIN_MS = 30 * 24 * 3_600_000;

/** With the worker's backoff (at most 15 minutes between tries) 20 attempts span about four hours. */
const PAY_PRIZES_ATTEMPTS = 20;

const DrawPayload = z.object({ drawId: z.number().int().positive() });

export function walletJobHandlers(services: {
  db: Db;
  logger: Logger;
  directDebit: DirectDebitProvider;
  now: () => Date;
}): JobHandlers {
  return {
    [PAY_PRIZES_JOB]: async (payload, { logger }) => {
      const { drawId } = DrawPayload.parse(payload);
      await payDrawPrizes({ ...services, logger }, drawId);
    },
    [SUBMIT_WITHDRAWALS_JOB]: async (_payload, { logger }) => {
      await submitWithdrawals({ ...services, logger });
      await reconcileWithdrawals({ ...services, logger });
    },
  };
}

/**
 * One scheduler round: `pay-prizes` for each draw published lately (keyed per draw; it tries for about four
 * hours before it gives up, and paying is safe to repeat), and the hourly `submit-withdrawals` sweep, which
 * also asks the bank again about transfers whose answer did not arrive. `manual` queues them afresh.
 */
export async function scheduleWalletJobs(
  db: Db,
  now: Date,
  options: { manual?: boolean } = {},
): Promise<void> {
  const key = (...parts: Array<string | number>) => (options.manual ? undefined : parts.join(":"));
  for (const drawId of await recentlyPublishedDraws(db, now, PAY_WITHIN_MS)) {
    await enqueueJob(db, {
      name: PAY_PRIZES_JOB,
      key: key(PAY_PRIZES_JOB, drawId),
      payload: { drawId },
      maxAttempts: PAY_PRIZES_ATTEMPTS,
    });
  }
  await enqueueJob(db, {
    name: SUBMIT_WITHDRAWALS_JOB,
    key: key(SUBMIT_WITHDRAWALS_JOB, now.toISOString().slice(0, 13)),
    payload: {},
  });
}
