import { sql } from "drizzle-orm";
import type { Db } from "@/src/backend/db/database.server";
import { jobs } from "@/src/backend/db/schema";

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

const queuedListeners = new Set<() => void>();

/**
 * Calls `listener` whenever this process queues a job, so its worker takes the job at once instead of at
 * its next poll. (A job queued in a transaction is seen once that commits; until then the poll finds it.)
 */
export function onJobQueued(listener: () => void): () => void {
  queuedListeners.add(listener);
  return () => queuedListeners.delete(listener);
}

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
  if (inserted.length === 0) return false;
  for (const listener of queuedListeners) listener();
  return true;
}
