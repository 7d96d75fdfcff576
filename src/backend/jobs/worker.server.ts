import type { Logger } from "pino";
import type { Db } from "@/src/backend/db/database.server";
import { safeDatabaseError } from "@/src/backend/db/database-errors";
import { onJobQueued } from "@/src/backend/db/job-queue/enqueue.server";
import {
  type ClaimedJob,
  claimJobs,
  completeJob,
  extendLease,
  failJob,
  releaseJob,
} from "@/src/backend/db/job-queue/queue.server";

/**
 * A worker of the job queue (decision 13): claims due jobs one at a time and runs each by its name's
 * handler. Every process that runs jobs has one; they share the queue safely (SKIP LOCKED claims, leases).
 */

export type JobContext = { job: ClaimedJob; logger: Logger; signal: AbortSignal };
export type JobHandler = (payload: Record<string, unknown>, context: JobContext) => Promise<void>;
export type JobHandlers = Readonly<Record<string, JobHandler>>;

export type JobWorkerOptions = {
  db: Db;
  logger: Logger;
  handlers: JobHandlers;
  /** How long an idle worker waits before it looks for due jobs again (a job queued here wakes it). */
  pollIntervalMs?: number;
  /** How long a claim holds a job; renewed while it runs, so only a dead process's job is taken again. */
  leaseMs?: number;
  /** The wait before the next attempt after failed attempt `attempt` (1 for the first). */
  retryDelayMs?: (attempt: number) => number;
};

export type JobWorker = {
  /** Runs due jobs until `stop`, looking again every poll interval or when a job is queued here. */
  start(): void;
  /** Runs every job that is due now, then answers how many ran (`npm run jobs -- --once`, tests). */
  runDue(): Promise<number>;
  /** Looks for due jobs at once. */
  wake(): void;
  /** Stops looking; a job still running is asked to stop (its signal) and given back to the queue. */
  stop(): Promise<void>;
};

export const DEFAULT_POLL_INTERVAL_MS = 5_000;
export const DEFAULT_LEASE_MS = 5 * 60_000;

/** 10 s, 20 s, 40 s ... at most 15 minutes. */
export function defaultRetryDelayMs(attempt: number): number {
  return Math.min(10_000 * 2 ** (attempt - 1), 15 * 60_000);
}

/**
 * What the job row keeps of a failure: a database error without the values of its query (they may be
 * players' data, decision 13), any other error's message.
 */
function errorText(error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined;
  const safe = safeDatabaseError(cause) ?? safeDatabaseError(error);
  if (safe) return [safe.code, safe.message].filter(Boolean).join(": ");
  return error instanceof Error ? error.message : String(error);
}

/** More than this many jobs in one `runDue` means jobs keep queueing each other: stop and say so. */
const RUN_DUE_LIMIT = 10_000;

/** What running one claimed job needs: the worker's settings and the signal that asks jobs to stop. */
type RunSettings = Required<Omit<JobWorkerOptions, "pollIntervalMs">> & { signal: AbortSignal };

/**
 * Runs a claimed job by its handler, renewing its lease meanwhile, and records how it ended: done, failed
 * (retried later, or for good on its last attempt), or given back when this process is stopping.
 */
async function runJob(
  job: ClaimedJob,
  { db, logger, handlers, leaseMs, retryDelayMs, signal }: RunSettings,
): Promise<void> {
  const log = logger.child({ job: job.name, jobId: job.id, attempt: job.attempt });
  const handler = handlers[job.name];
  if (job.attempt > job.maxAttempts || !handler) {
    const reason = handler ? "its lease expired on the last attempt" : `no handler for ${job.name}`;
    const outcome = await failJob(db, job, reason, retryDelayMs(job.attempt));
    log.error({ reason, outcome }, "job not run");
    return;
  }
  const heartbeat = setInterval(
    () =>
      void extendLease(db, job, leaseMs).catch((error: unknown) =>
        log.warn({ err: error }, "could not extend a job's lease"),
      ),
    Math.max(1_000, Math.floor(leaseMs / 3)),
  );
  heartbeat.unref();
  const started = performance.now();
  try {
    await handler(job.payload, { job, logger: log, signal });
    clearInterval(heartbeat);
    const ms = Math.round(performance.now() - started);
    if (await completeJob(db, job)) log.info({ ms }, "job done");
    else log.warn({ ms }, "job finished after its lease passed to another worker");
  } catch (error) {
    clearInterval(heartbeat);
    if (signal.aborted) {
      await releaseJob(db, job);
      log.info("job given back: this process is stopping");
      return;
    }
    const message = errorText(error);
    const retryInMs = retryDelayMs(job.attempt);
    const outcome = await failJob(db, job, message, retryInMs);
    if (outcome === "failed") log.error({ err: error }, "job failed on its last attempt");
    else log.warn({ err: error, retryInMs: outcome === "retry" ? retryInMs : undefined }, "job failed");
  }
}

/** The idle worker's wait between looks at the queue; a wake ends it, or (while awake) skips the next one. */
function createIdleWait() {
  let woken = false;
  let wakeSleeper: (() => void) | undefined;

  function idle(ms: number): Promise<void> {
    if (woken) {
      woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeSleeper = undefined;
        resolve();
      }
      wakeSleeper = done;
    });
  }

  function wake(): void {
    if (wakeSleeper) wakeSleeper();
    else woken = true;
  }

  /** Ends a wait under way, if any (the worker is stopping). */
  function interrupt(): void {
    wakeSleeper?.();
  }

  return { idle, wake, interrupt };
}

export function createJobWorker({
  db,
  logger,
  handlers,
  pollIntervalMs = DEFAULT_POLL_INTERVAL_MS,
  leaseMs = DEFAULT_LEASE_MS,
  retryDelayMs = defaultRetryDelayMs,
}: JobWorkerOptions): JobWorker {
  const names = Object.keys(handlers);
  const abort = new AbortController();
  let stopped = false;
  let loop: Promise<void> | undefined;
  let unsubscribe: (() => void) | undefined;
  const { idle, wake, interrupt } = createIdleWait();
  const running = new Set<Promise<void>>();
  const settings: RunSettings = { db, logger, handlers, leaseMs, retryDelayMs, signal: abort.signal };

  /** Claims and runs one due job; false when none was due. */
  async function runOne(): Promise<boolean> {
    if (stopped) return false;
    // Only jobs it has a handler for: another kind of worker (or a newer version) may run the rest.
    const [job] = await claimJobs(db, { limit: 1, leaseMs, names });
    if (!job) return false;
    const task = runJob(job, settings);
    running.add(task);
    try {
      await task;
    } finally {
      running.delete(task);
    }
    return true;
  }

  async function work(): Promise<void> {
    while (!stopped) {
      let ran = false;
      try {
        ran = await runOne();
      } catch (error) {
        logger.warn({ err: error }, "job queue not reachable; trying again later");
      }
      if (!ran && !stopped) await idle(pollIntervalMs);
    }
  }

  return {
    start() {
      if (loop || stopped) return;
      unsubscribe = onJobQueued(wake);
      loop = work();
    },
    async runDue() {
      let count = 0;
      while (await runOne()) {
        count++;
        if (count >= RUN_DUE_LIMIT) {
          logger.error({ count }, "jobs keep queueing jobs; stopped running due jobs");
          break;
        }
      }
      return count;
    },
    wake,
    async stop() {
      if (stopped) return;
      stopped = true;
      unsubscribe?.();
      abort.abort();
      interrupt();
      await Promise.allSettled([loop, ...running]);
    },
  };
}
