import { and, asc, eq, like, lt } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Database } from "@/src/backend/db/database.server";
import { draws, jobs, subscriptionCollections } from "@/src/backend/db/schema";
import { createDirectDebit } from "@/src/backend/simulators/direct-debit/direct-debit.server";
import { capturedLogger } from "@/tests/support/captured-logs";
import {
  createSubscription,
  openTestDatabase,
  regularDrawsOnSale,
} from "@/tests/support/subscription-fixtures";
import { createJobs } from "./runtime.server";
import { scheduleSubscriptionJobs } from "./subscription-jobs.server";

/** The scheduler and the subscription jobs together (decision 13): what `npm run jobs -- --once` does. */

let database: Database;
let close: () => Promise<void>;
const { logger } = capturedLogger();

beforeAll(async () => {
  ({ database, close } = await openTestDatabase());
});
afterAll(() => close());

it("issues the next draw on sale for a running subscription and submits its collection, once a day", async () => {
  const [next] = await regularDrawsOnSale(database.db);
  const [past] = await database.db
    .select()
    .from(draws)
    .where(and(eq(draws.gameType, "KROON"), eq(draws.kind, "regular"), lt(draws.salesCloseAt, new Date())))
    .orderBy(asc(draws.drawAt))
    .limit(1);
  // A subscription that started in an earlier draw, paid by iDEAL then.
  const subscription = await createSubscription(database.db, { startDrawId: past!.id, items: [{}] });
  await database.db.insert(subscriptionCollections).values({
    subscriptionId: subscription.id,
    drawId: past!.id,
    amountCents: 1500,
    method: "ideal",
    state: "paid",
    purchaseType: "Subscription",
  });

  const { provider } = createDirectDebit({ db: database.db, logger });
  const runtime = createJobs({ db: database.db, logger, directDebit: provider });
  expect(await runtime.runNow({ manual: false })).toBeGreaterThanOrEqual(2);
  await runtime.stop();

  const [collection] = await database.db
    .select()
    .from(subscriptionCollections)
    .where(
      and(
        eq(subscriptionCollections.subscriptionId, subscription.id),
        eq(subscriptionCollections.drawId, next!.id),
      ),
    );
  expect(collection).toMatchObject({
    method: "directDebit",
    state: "submitted",
    purchaseType: "Subscription",
  });
  expect(collection?.debitId).toMatch(/^dd_/);
  expect((await provider.getCollection(collection!.debitId as string))?.status).toBe("submitted");

  // Every process's scheduler queues the day's issue; it is queued and run once.
  await scheduleSubscriptionJobs(database.db, new Date());
  await scheduleSubscriptionJobs(database.db, new Date());
  const issues = await database.db
    .select()
    .from(jobs)
    .where(like(jobs.key, `issue-draw:${next!.id}:%`));
  expect(issues).toHaveLength(1);
  expect(issues[0]?.state).toBe("done");
});
