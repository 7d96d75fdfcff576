import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/src/backend/db/database.server";
import type { draws } from "@/src/backend/db/schema";
import { drawMonth } from "@/src/domain/subscriptions/plan";
import { capturedLogger } from "@/tests/support/captured-logs";
import { startLineProcess } from "@/tests/support/line-process";
import {
  createManySubscriptions,
  issueIntegrity,
  openTestDatabase,
  regularDrawsOnSale,
} from "@/tests/support/subscription-fixtures";
import { type IssueOutcome, issueDraw } from "./issuance.server";

/**
 * Issuing a draw on two processes at once (issue 14: "exactly once per subscription and draw when run
 * twice and on two processes at once"). Needs a PostgreSQL server (TEST_DATABASE_URL): PGlite serves one
 * process.
 */

const serverUrl = process.env.TEST_DATABASE_URL;
const COUNT = 3_000;
/**
 * Small batches, so issuing takes long enough (some 300 transactions) for the second process to join: at
 * 100 a process on an idle machine issued the lot while the other was still starting.
 */
const BATCH = 10;

describe.skipIf(!serverUrl)("issueDraw on PostgreSQL, two processes at once", () => {
  let database: Database;
  let url: string;
  let close: () => Promise<void>;
  let draw: typeof draws.$inferSelect;
  let tag: string;
  const { logger } = capturedLogger();

  beforeAll(async () => {
    const opened = await openTestDatabase();
    database = opened.database;
    url = opened.url as string;
    close = opened.close;
    [draw] = (await regularDrawsOnSale(database.db)) as [typeof draw];
    tag = await createManySubscriptions(database.db, {
      count: COUNT,
      startDrawId: draw.id,
      drawMonth: drawMonth(draw.drawAt),
    });
  });
  afterAll(() => close());

  /** Starts the other process; `go` lets it issue and answers its outcome. */
  const otherProcess = () =>
    startLineProcess<IssueOutcome>("tests/support/issue-draw-process.ts", [
      url,
      String(draw.id),
      String(BATCH),
    ]);

  it("issues every subscription exactly once: no number twice, none missing", async () => {
    const other = await otherProcess();
    const services = { db: database.db, logger, now: () => new Date() };
    const month = drawMonth(draw.drawAt);
    const theirsDone = other.go();
    let theirsSettled = false;
    void theirsDone.then(
      () => (theirsSettled = true),
      () => (theirsSettled = true),
    );
    // This process joins once the other has issued its first batch: started together, a busy machine
    // sometimes let this one issue everything before the other's first query, and the race was not run.
    while (!theirsSettled && (await issueIntegrity(database.db, draw.id, month)).collections === 0) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const [theirs, ours] = await Promise.all([
      theirsDone,
      issueDraw(services, draw.id, { batchSize: BATCH }),
    ]);

    // Every subscription of the database that plays the draw: the test's and the seed's demo subscription.
    const integrity = await issueIntegrity(database.db, draw.id, month);
    expect(integrity).toMatchObject({ duplicates: 0, withoutCollection: 0, itemsWrong: 0 });
    // Both took part, and together they issued each subscription that plays the draw once.
    expect(theirs.subscriptions).toBeGreaterThan(0);
    expect(ours.subscriptions).toBeGreaterThan(0);
    expect(theirs.subscriptions + ours.subscriptions).toBe(integrity.collections);
    expect(theirs.tickets + ours.tickets).toBe(integrity.tickets);
    expect((await issueIntegrity(database.db, draw.id, month, tag)).collections).toBeGreaterThan(
      COUNT * 0.85,
    );

    // Run again, here and there: nothing more.
    const again = await otherProcess();
    const [theirsAgain, oursAgain] = await Promise.all([again.go(), issueDraw(services, draw.id)]);
    expect([theirsAgain, oursAgain]).toEqual([
      { subscriptions: 0, tickets: 0 },
      { subscriptions: 0, tickets: 0 },
    ]);
    expect(await issueIntegrity(database.db, draw.id, month)).toEqual(integrity);
  }, 120_000);
});
