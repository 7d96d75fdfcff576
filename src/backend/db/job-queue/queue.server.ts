import { sql } from "drizzle-orm";
import type { Db } from "@/src/backend/db/database.server";
import { rowsOf } from "@/src/backend/db/rows";

/**
 * The job queue's storage operations on the `jobs` table (decision 13). Every process on the database may
 * run them at once: a job is claimed with `FOR UPDATE SKIP LOCKED`, so two workers never take the same one,
 * and a claim carries a lease (`locked_until`), so a job whose process died is taken again after it. Times
 * are the database's (`now()`), one clock for every process.
 */

export type ClaimedJob = {
  id: number;
  name: string;
  payload: Record<string, unknown>;
  /** This run's attempt, 1 for the first. */
  attempt: number;
  maxAttempts: number;
};

/**
 * Claims up to `limit` due jobs: queued ones whose time has come, and running ones whose lease expired (a
 * crashed or stopped process). Each claim counts an attempt and holds the job for `leaseMs`.
 */
export async function claimJobs(
  db: Db,
  { limit, leaseMs, names }: { limit: number; leaseMs: number; names?: readonly string[] },
): Promise<ClaimedJob[]> {
  const onlyNames = names ? sql`and name = any(${sql.param([...names])}::text[])` : sql``;
  const result = await db.execute(sql`
    update jobs set state = 'running', attempts = attempts + 1,
      locked_until = now() + ${leaseMs}::int * interval '1 millisecond'
    where id in (
      select id from jobs
      where ((state = 'queued' and run_at <= now()) or (state = 'running' and locked_until < now()))
        ${onlyNames}
      order by run_at, id
      limit ${limit}
      for update skip locked)
    returning id, name, payload, attempts, max_attempts`);
  return rowsOf(result)
    .map((row) => ({
      id: Number(row.id),
      name: String(row.name),
      payload: (typeof row.payload === "string" ? JSON.parse(row.payload) : row.payload) as Record<
        string,
        unknown
      >,
      attempt: Number(row.attempts),
      maxAttempts: Number(row.max_attempts),
    }))
    .sort((a, b) => a.id - b.id);
}

/** The claim is still this run's: no other worker took the job after its lease expired. */
const stillOurs = (job: ClaimedJob) =>
  sql`id = ${job.id} and state = 'running' and attempts = ${job.attempt}`;

/** Marks a claimed job done; false when its lease had expired and another worker has it now. */
export async function completeJob(db: Db, job: ClaimedJob): Promise<boolean> {
  const result = await db.execute(sql`
    update jobs set state = 'done', finished_at = now(), locked_until = null, last_error = null
    where ${stillOurs(job)} returning id`);
  return rowsOf(result).length > 0;
}

/**
 * Records a failed run: the job is queued again after `retryInMs`, or failed for good after its last
 * attempt. Answers what became of it (undefined when the job is no longer this run's).
 */
export async function failJob(
  db: Db,
  job: ClaimedJob,
  error: string,
  retryInMs: number,
): Promise<"retry" | "failed" | undefined> {
  const last = job.attempt >= job.maxAttempts;
  const result = await db.execute(sql`
    update jobs set
      state = ${last ? "failed" : "queued"},
      run_at = ${last ? sql`run_at` : sql`now() + ${retryInMs}::int * interval '1 millisecond'`},
      finished_at = ${last ? sql`now()` : sql`null`},
      locked_until = null,
      last_error = ${error.slice(0, 2000)}
    where ${stillOurs(job)} returning id`);
  if (rowsOf(result).length === 0) return undefined;
  return last ? "failed" : "retry";
}

/** Gives a job back unrun (this process is stopping): queued at once, the attempt not counted. */
export async function releaseJob(db: Db, job: ClaimedJob): Promise<void> {
  await db.execute(sql`
    update jobs set state = 'queued', run_at = now(), locked_until = null, attempts = attempts - 1
    where ${stillOurs(job)}`);
}

/** Extends the lease of a job still running here, so a long run is not taken by another worker. */
export async function extendLease(db: Db, job: ClaimedJob, leaseMs: number): Promise<void> {
  await db.execute(sql`
    update jobs set locked_until = now() + ${leaseMs}::int * interval '1 millisecond' where ${stillOurs(job)}`);
}

/** Removes finished jobs older than `olderThanMs`, so the table holds what is recent. */
export async function pruneJobs(db: Db, olderThanMs: number): Promise<number> {
  const result = await db.execute(sql`
    delete from jobs where state in ('done', 'failed')
      and finished_at < now() - ${olderThanMs}::bigint * interval '1 millisecond' returning id`);
  return rowsOf(result).length;
}
