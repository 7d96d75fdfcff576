import { sql } from "drizzle-orm";
import type { Db } from "@/src/backend/db/database.server";
import type { Executor } from "@/src/backend/db/job-queue/enqueue.server";
import { rowsOf } from "@/src/backend/db/rows";
import { outboxEmails } from "@/src/backend/db/schema";
import { EMAIL_KINDS, type EmailMessage } from "@/src/domain/emails/kinds";

/**
 * The e-mail outbox (issue 42, decision 21): a slice queues an e-mail in the transaction that decides it
 * (so a rolled-back order sends nothing), and senders in any process claim due rows with `FOR UPDATE SKIP
 * LOCKED` and a lease, send them and record the answer at once, before their next claim. Times are the
 * database's `now()`.
 */

export type QueuedEmail = EmailMessage & {
  recipient: string;
  playerId?: string | null;
  orderId?: string | null;
  subscriptionOrderId?: string | null;
  subscriptionChangeId?: string | null;
  /** Goes at most once: a second e-mail with this key is not queued. */
  key?: string | null;
};

const queuedListeners = new Set<() => void>();

/** Calls `listener` when this process queued an e-mail, so its sender looks soon instead of at its next poll. */
export function onEmailQueued(listener: () => void): () => void {
  queuedListeners.add(listener);
  return () => queuedListeners.delete(listener);
}

/**
 * Queues an e-mail. Its data is checked against its kind's schema, but an e-mail never rolls back what it
 * confirms (a paid order stays paid): data that does not fit is stored as a dead row with the reason, which
 * the outbox's depth and the sender's log show, instead of failing the transaction. Answers false when the
 * row existed already (its order, sign-up, change or key had this kind of e-mail).
 */
export async function queueEmail(db: Executor, email: QueuedEmail): Promise<boolean> {
  const checked = EMAIL_KINDS[email.kind].data.safeParse(email.data);
  const inserted = await db
    .insert(outboxEmails)
    .values({
      kind: email.kind,
      recipient: email.recipient,
      data: (checked.success ? checked.data : email.data) as Record<string, unknown>,
      playerId: email.playerId ?? null,
      orderId: email.orderId ?? null,
      subscriptionOrderId: email.subscriptionOrderId ?? null,
      subscriptionChangeId: email.subscriptionChangeId ?? null,
      key: email.key ?? null,
      ...(checked.success
        ? {}
        : {
            state: "dead",
            lastError: `data does not fit the kind (${email.kind}): ${checked.error.issues
              .map((issue) => issue.path.join("."))
              .join(", ")}`.slice(0, 300),
          }),
    })
    .onConflictDoNothing()
    .returning({ id: outboxEmails.id });
  if (inserted.length === 0) return false;
  if (checked.success) for (const listener of queuedListeners) listener();
  return true;
}

export type ClaimedEmail = {
  id: string;
  kind: string;
  recipient: string;
  data: unknown;
  playerId: string | null;
  /** This send's attempt, 1 for the first. */
  attempt: number;
};

/**
 * Claims up to `limit` due e-mails: queued ones whose time has come, and ones whose sender's lease expired
 * (its process died between claiming and recording). Each claim counts an attempt.
 */
export async function claimEmails(db: Db, { limit, leaseMs }: { limit: number; leaseMs: number }) {
  const result = await db.execute(sql`
    update outbox_emails set state = 'sending', attempts = attempts + 1,
      locked_until = now() + ${leaseMs}::int * interval '1 millisecond'
    where id in (
      select id from outbox_emails
      where (state = 'queued' and next_attempt_at <= now()) or (state = 'sending' and locked_until < now())
      order by next_attempt_at, created_at
      limit ${limit}
      for update skip locked)
    returning id, kind, recipient, data, player_id, attempts`);
  return rowsOf(result).map(
    (row): ClaimedEmail => ({
      id: String(row.id),
      kind: String(row.kind),
      recipient: String(row.recipient),
      data: typeof row.data === "string" ? JSON.parse(row.data) : row.data,
      playerId: row.player_id ? String(row.player_id) : null,
      attempt: Number(row.attempts),
    }),
  );
}

/** The claim is still this send's: no other sender took the row after its lease expired. */
const stillOurs = (email: ClaimedEmail) =>
  sql`id = ${email.id} and state = 'sending' and attempts = ${email.attempt}`;

/** Records an accepted message; false when the claim was no longer this sender's. */
export async function markSent(db: Db, email: ClaimedEmail, providerMessageId: string): Promise<boolean> {
  const result = await db.execute(sql`
    update outbox_emails set state = 'sent', sent_at = now(), locked_until = null,
      provider_message_id = ${providerMessageId}, last_error = null
    where ${stillOurs(email)} returning id`);
  return rowsOf(result).length > 0;
}

/** A temporary failure: the row is due again after `retryInMs`. */
export async function retryLater(db: Db, email: ClaimedEmail, reason: string, retryInMs: number) {
  await db.execute(sql`
    update outbox_emails set state = 'queued', locked_until = null, last_error = ${reason},
      next_attempt_at = now() + ${retryInMs}::int * interval '1 millisecond'
    where ${stillOurs(email)}`);
}

/** Gives up on the row for good, with the reason (a permanent refusal, an unreadable row, the last attempt). */
export async function markDead(db: Db, email: ClaimedEmail, reason: string) {
  await db.execute(sql`
    update outbox_emails set state = 'dead', locked_until = null, last_error = ${reason}
    where ${stillOurs(email)}`);
}

/**
 * Leaves a marketing e-mail unsent for good because its player turned the e-mail preference off after it
 * was queued (an unsubscribe link, Mijn gegevens). Not a failure: the outbox's dead count leaves it out.
 */
export async function markSkipped(db: Db, email: ClaimedEmail, reason: string) {
  await db.execute(sql`
    update outbox_emails set state = 'skipped', locked_until = null, last_error = ${reason}
    where ${stillOurs(email)}`);
}

/** Whether the player may still be e-mailed about the vertical (its channel is on), as a marketing e-mail asks. */
export async function emailPreferenceOn(db: Db, playerId: string, vertical: string): Promise<boolean> {
  const result = await db.execute(sql`
    select enabled from communication_preferences
    where player_id = ${playerId} and vertical = ${vertical} and channel = 'email'`);
  return rowsOf(result)[0]?.enabled === true;
}

export type OutboxDepth = { waiting: number; oldestWaitingSeconds: number; dead: number };

/** What operations watch: e-mails not yet sent, how long the oldest has waited, and dead ones. */
export async function outboxDepth(db: Db): Promise<OutboxDepth> {
  const result = await db.execute(sql`
    select
      count(*) filter (where state in ('queued', 'sending'))::int as waiting,
      coalesce(extract(epoch from now() - min(created_at) filter (where state in ('queued', 'sending'))), 0)::int
        as oldest,
      count(*) filter (where state = 'dead')::int as dead
    from outbox_emails where state in ('queued', 'sending', 'dead')`);
  const [row] = rowsOf(result);
  return {
    waiting: Number(row?.waiting ?? 0),
    oldestWaitingSeconds: Number(row?.oldest ?? 0),
    dead: Number(row?.dead ?? 0),
  };
}
