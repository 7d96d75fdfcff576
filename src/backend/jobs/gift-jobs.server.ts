import type { Logger } from "pino";
import type { Db } from "@/src/backend/db/database.server";
import { enqueueJob } from "@/src/backend/db/job-queue/enqueue.server";
import { pruneGiftStores, SEND_GIFTS_JOB, sendDueGifts } from "@/src/backend/orders/gift-tickets.server";
import { pruneAffiliateStores } from "@/src/backend/slices/affiliate-tickets/affiliates.server";
import type { JobHandlers } from "./worker.server";

/**
 * The gift tickets' job (issue 17; decision 13): `send-gift-tickets` e-mails every paid gift whose send date
 * has come, once each, and drops gift (and affiliate) stores abandoned for 30 days. Queued when a gift is paid (so one for
 * today goes at once) and swept every hour, which sends the gifts of a day soon after its midnight.
 */
export function giftJobHandlers(services: { db: Db; logger: Logger; now: () => Date }): JobHandlers {
  return {
    [SEND_GIFTS_JOB]: async (_payload, { logger }) => {
      await sendDueGifts({ ...services, logger });
      const pruned = await pruneGiftStores(services.db, services.now());
      if (pruned > 0) logger.info({ pruned }, "abandoned gift stores dropped");
      const prunedAffiliate = await pruneAffiliateStores(services.db, services.now());
      if (prunedAffiliate > 0) logger.info({ pruned: prunedAffiliate }, "abandoned affiliate stores dropped");
    },
  };
}

export async function scheduleGiftJobs(db: Db, now: Date, options: { manual?: boolean } = {}): Promise<void> {
  await enqueueJob(db, {
    name: SEND_GIFTS_JOB,
    key: options.manual ? undefined : `${SEND_GIFTS_JOB}:${now.toISOString().slice(0, 13)}`,
    payload: {},
  });
}
