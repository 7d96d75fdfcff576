import type { Logger } from "pino";
import { z } from "zod";
import type { Db } from "@/src/db/database.server";
import { enqueueJob } from "@/src/db/job-queue/enqueue.server";
import type { DirectDebitProvider } from "@/src/domain/payments/direct-debit-provider";
import { payDrawPrizes, recentlyPublishedDraws } from "@/src/features/wallet/prizes.server";
import { SUBMIT_WITHDRAWALS_JOB, submitWithdrawals } from "@/src/features/wallet/wallet.server";
import type { JobHandlers } from "./worker.server";

/**
 * The wallet's jobs (issue 16; decision 13):
 * - `pay-prizes` {drawId} pays the winning online tickets of a published draw (into wallets, or marked to
 *   claim). The scheduler queues it for every draw published in the last 30 days, keyed per draw, so every
 *   process may queue it and it runs once; the job itself pays each ticket once, so a second run (a manual
 *   one, a retry) pays nothing twice.
 * - `submit-withdrawals` hands requested withdrawals to the bank as transfers; queued with each withdrawal
 *   and, as a sweep, once an hour.
 */

export const PAY_PRIZES_JOB = "pay-prizes";

/** How far back a publication is still paid by the scheduler (older draws were paid when published). */
const PAY_WITHIN_MS = 30 * 24 * 3_600_000;

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
    },
  };
}

/** One scheduler round: `pay-prizes` for each draw published lately; `manual` queues them afresh. */
export async function scheduleWalletJobs(
  db: Db,
  now: Date,
  options: { manual?: boolean } = {},
): Promise<void> {
  for (const drawId of await recentlyPublishedDraws(db, now, PAY_WITHIN_MS)) {
    await enqueueJob(db, {
      name: PAY_PRIZES_JOB,
      key: options.manual ? undefined : `${PAY_PRIZES_JOB}:${drawId}`,
      payload: { drawId },
    });
  }
}
