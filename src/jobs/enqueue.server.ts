import { sql } from "drizzle-orm";
import type { Db } from "@/src/db/database.server";
import { jobs } from "@/src/db/schema";

/** A database or an open transaction: a job queued in a transaction exists only if it commits. */
export type Executor = Pick<Db, "insert" | "execute">;

export type NewJob = {
  name: string;
  payload: Record<string, unknown>;
  /** Idempotency key: a second job with the same key is not queued (whatever its state). */
  key?: string;
  runAt?: Date;
  maxAttempts?: number;
};

/** Queues a job (decision 13); answers false when a job with its key already exists. */
export async function enqueueJob(db: Executor, job: NewJob): Promise<boolean> {
  const inserted = await db
    .insert(jobs)
    .values({
      name: job.name,
      payload: job.payload,
      key: job.key ?? null,
      runAt: job.runAt ?? sql`now()`,
      maxAttempts: job.maxAttempts ?? 5,
    })
    .onConflictDoNothing({ target: jobs.key })
    .returning({ id: jobs.id });
  return inserted.length > 0;
}
