import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "@/src/backend/db/database.server";
import { enqueueJob } from "@/src/backend/db/job-queue/enqueue.server";
import { claimJobs, completeJob } from "@/src/backend/db/job-queue/queue.server";
import { jobs } from "@/src/backend/db/schema";
import { capturedLogger } from "@/tests/support/captured-logs";
import { scratchDatabase } from "@/tests/support/scratch-database";
import { createJobWorker, type JobHandler } from "./worker.server";

/**
 * The job queue (decision 13) on PGlite, and on PostgreSQL with TEST_DATABASE_URL; what only PostgreSQL
 * can show (two connection pools claiming at once) runs there alone.
 */

const serverUrl = process.env.TEST_DATABASE_URL;
let database: Database;
let second: Database | undefined;
let drop: () => Promise<void> = async () => undefined;
const { logger } = capturedLogger();

beforeAll(async () => {
  if (!serverUrl) {
    database = await openDatabase({ dataDir: "memory://" });
    return;
  }
  const scratch = await scratchDatabase(serverUrl, "kl_jobs");
  drop = scratch.drop;
  database = await openDatabase({ databaseUrl: scratch.url, dataDir: "memory://", poolSize: 4 });
  // Another process's connections: a pool of its own on the same database.
  second = await openDatabase({ databaseUrl: scratch.url, dataDir: "memory://", poolSize: 4 });
});
afterAll(async () => {
  await second?.close();
  await database.close();
  await drop();
});

let names = 0;
/** A job name of this test's own, so workers of other tests never see its jobs. */
const uniqueName = () => `test-job-${++names}-${Math.random().toString(36).slice(2, 8)}`;

const jobRow = async (name: string) => (await database.db.select().from(jobs).where(eq(jobs.name, name)))[0];

function worker(handlers: Record<string, JobHandler>, db = database.db) {
  return createJobWorker({ db, logger, handlers, retryDelayMs: () => 0, pollIntervalMs: 20 });
}

describe("the job queue", () => {
  it("queues a job with a key once", async () => {
    const name = uniqueName();
    expect(await enqueueJob(database.db, { name, key: `${name}:once`, payload: { n: 1 } })).toBe(true);
    expect(await enqueueJob(database.db, { name, key: `${name}:once`, payload: { n: 2 } })).toBe(false);
    const run: unknown[] = [];
    expect(
      await worker({ [name]: async (payload) => void run.push(payload) }).runDue(),
    ).toBeGreaterThanOrEqual(1);
    expect(run).toEqual([{ n: 1 }]);
    expect(await jobRow(name)).toMatchObject({ state: "done", attempts: 1 });
  });

  it("tries a failed job again, and gives up after its last attempt", async () => {
    const flaky = uniqueName();
    const broken = uniqueName();
    await enqueueJob(database.db, { name: flaky, payload: {} });
    await enqueueJob(database.db, { name: broken, payload: {}, maxAttempts: 3 });
    let flakyRuns = 0;
    let brokenRuns = 0;
    await worker({
      [flaky]: async () => {
        if (++flakyRuns === 1) throw new Error("the bank did not answer");
      },
      [broken]: async () => {
        brokenRuns++;
        throw new Error("always broken");
      },
    }).runDue();
    expect(flakyRuns).toBe(2);
    expect(await jobRow(flaky)).toMatchObject({ state: "done", attempts: 2 });
    expect(brokenRuns).toBe(3);
    expect(await jobRow(broken)).toMatchObject({ state: "failed", attempts: 3, lastError: "always broken" });
  });

  it("waits before the next attempt", async () => {
    const name = uniqueName();
    await enqueueJob(database.db, { name, payload: {} });
    let runs = 0;
    const slowRetry = createJobWorker({
      db: database.db,
      logger,
      handlers: {
        [name]: async () => {
          runs++;
          throw new Error("not yet");
        },
      },
      retryDelayMs: () => 60_000,
    });
    await slowRetry.runDue();
    expect(runs).toBe(1);
    const row = await jobRow(name);
    expect(row?.state).toBe("queued");
    expect(row!.runAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
  });

  it("takes a job again once the lease of a process that died with it has expired", async () => {
    const name = uniqueName();
    await enqueueJob(database.db, { name, payload: {} });
    // A process claims it and dies: its claim is never completed.
    const [crashed] = await claimJobs(database.db, { limit: 1, leaseMs: 60_000, names: [name] });
    expect(crashed?.attempt).toBe(1);
    let runs = 0;
    const other = worker({ [name]: async () => void runs++ });
    await other.runDue();
    expect(runs).toBe(0);
    // Its lease runs out.
    await database.db.execute(
      sql`update jobs set locked_until = now() - interval '1 second' where name = ${name}`,
    );
    await other.runDue();
    expect(runs).toBe(1);
    expect(await jobRow(name)).toMatchObject({ state: "done", attempts: 2 });
    // The dead process's late word changes nothing.
    expect(await completeJob(database.db, crashed!)).toBe(false);
  });

  it("keeps the lease of a job that runs longer than it, so no other worker takes the job meanwhile", async () => {
    const name = uniqueName();
    await enqueueJob(database.db, { name, payload: {} });
    let claimedMeanwhile: unknown[] = ["not asked"];
    const slow = createJobWorker({
      db: database.db,
      logger,
      leaseMs: 1_200,
      handlers: {
        [name]: async () => {
          // Past the first lease's end: only the heartbeat's renewals keep the job this worker's.
          await new Promise((resolve) => setTimeout(resolve, 2_000));
          claimedMeanwhile = await claimJobs(database.db, { limit: 1, leaseMs: 60_000, names: [name] });
          await new Promise((resolve) => setTimeout(resolve, 300));
        },
      },
    });
    await slow.runDue();
    expect(claimedMeanwhile).toEqual([]);
    expect(await jobRow(name)).toMatchObject({ state: "done", attempts: 1 });
  });

  it("runs a job queued while the worker waits at once, not at its next poll", async () => {
    const name = uniqueName();
    const done: string[] = [];
    const running = createJobWorker({
      db: database.db,
      logger,
      handlers: { [name]: async () => void done.push("ran") },
      pollIntervalMs: 60_000,
    });
    running.start();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await enqueueJob(database.db, { name, payload: {} });
    for (let waited = 0; done.length === 0 && waited < 5_000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await running.stop();
    expect(done).toEqual(["ran"]);
  });

  it("gives a running job back to the queue when its process stops", async () => {
    const name = uniqueName();
    await enqueueJob(database.db, { name, payload: {} });
    let started!: () => void;
    const isRunning = new Promise<void>((resolve) => {
      started = resolve;
    });
    const stopping = worker({
      [name]: (_payload, { signal }) =>
        new Promise<void>((_resolve, reject) => {
          started();
          signal.addEventListener("abort", () => reject(signal.reason));
        }),
    });
    stopping.start();
    await isRunning;
    await stopping.stop();
    expect(await jobRow(name)).toMatchObject({ state: "queued", attempts: 0, lockedUntil: null });
  });

  describe.skipIf(!serverUrl)("on PostgreSQL, with two processes' connections", () => {
    it("never runs a job claimed by one worker in another", async () => {
      const name = uniqueName();
      await enqueueJob(database.db, { name, payload: {} });
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const runs: string[] = [];
      const first = worker({
        [name]: async () => {
          runs.push("first");
          await held;
        },
      });
      const firstRun = first.runDue();
      while (runs.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      const secondRan = await worker({ [name]: async () => void runs.push("second") }, second!.db).runDue();
      release();
      await firstRun;
      expect(secondRan).toBe(0);
      expect(runs).toEqual(["first"]);
    });

    it("runs each of many jobs exactly once when two workers claim at the same time", async () => {
      const name = uniqueName();
      for (let index = 0; index < 60; index++) await enqueueJob(database.db, { name, payload: { index } });
      const runs: number[] = [];
      const handler: JobHandler = async (payload) => {
        runs.push(payload.index as number);
        await new Promise((resolve) => setTimeout(resolve, 2));
      };
      const [a, b] = await Promise.all([
        worker({ [name]: handler }).runDue(),
        worker({ [name]: handler }, second!.db).runDue(),
      ]);
      expect(a + b).toBeGreaterThanOrEqual(60);
      expect(a).toBeGreaterThan(0);
      expect(b).toBeGreaterThan(0);
      expect(runs.sort((x, y) => x - y)).toEqual(Array.from({ length: 60 }, (_, index) => index));
    });
  });
});
