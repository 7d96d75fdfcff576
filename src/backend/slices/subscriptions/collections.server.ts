import { and, asc, eq, gt, inArray, isNotNull, lt, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Db, Tx } from "@/src/backend/db/database.server";
import { enqueueJob } from "@/src/backend/db/job-queue/enqueue.server";
import { queueEmail } from "@/src/backend/db/outbox/outbox.server";
import { rowsOf } from "@/src/backend/db/rows";
import { draws, players, subscriptionCollections, subscriptions } from "@/src/backend/db/schema";
import type { CollectionRequest, DirectDebitProvider } from "@/src/domain/payments/direct-debit-provider";
import { subscriptionPayPath } from "@/src/domain/subscriptions/subscription-paths";
import { refundLateDebit } from "./double-collection-refunds.server";

/**
 * The monthly collections by direct debit (issue 14, item 6; shared/domain.md, Subscriptions). Issuing a
 * draw writes its collection `pending`; `submitCollections` hands pending ones to the direct-debit service
 * (`submitted`, with its debit id); the service's word on a collection settles it (`settleCollection`):
 * paid, or failed, which locks the subscription until nothing failed is left unpaid. The status always
 * comes from the provider, never from what a notification claims.
 */

export type CollectionServices = {
  db: Db;
  directDebit: DirectDebitProvider;
  logger: Logger;
  now: () => Date;
};

/** Collections handed to the service per call. */
const SUBMIT_BATCH = 500;

/** The job that issues a subscription's due draws again once it is unlocked (src/backend/jobs). */
export const ISSUE_SUBSCRIPTION_JOB = "issue-subscription";

/**
 * Unlocks a locked subscription once no failed collection of it is left unpaid (the bank collected it, or
 * "Nu betalen" paid it), and queues issuing its due draws under `cause` (one job per cause). Whether it
 * unlocked.
 */
export async function unlockWhenPaid(tx: Tx, subscriptionId: number, cause: string): Promise<boolean> {
  const [unlocked] = await tx
    .execute(sql`
      update subscriptions set status = 'active', locked_draw_id = null
      where id = ${subscriptionId} and status = 'locked'
        and not exists (select 1 from subscription_collections
          where subscription_id = ${subscriptionId} and state = 'failed')
      returning id`)
    .then(rowsOf);
  if (!unlocked) return false;
  await enqueueJob(tx, {
    name: ISSUE_SUBSCRIPTION_JOB,
    key: `${ISSUE_SUBSCRIPTION_JOB}:${subscriptionId}:${cause}`,
    payload: { subscriptionId },
  });
  return true;
}
/** The job that hands pending direct-debit collections to the bank (src/backend/jobs), queued after new collections. */
export const SUBMIT_COLLECTIONS_JOB = "submit-collections";

/** On the payer's bank statement. */
function description(drawName: string, subscriptionId: number): string {
  return `Kroonloterij abonnement ${subscriptionId} ${drawName}`.slice(0, 140);
}

/**
 * Submits every pending direct-debit collection, a batch at a time, and marks each submitted with its
 * debit id. Safe on several processes at once: the service answers a reference it knows with its existing
 * debit id, and only a still pending collection is marked. Answers how many this call marked.
 */
export async function submitCollections(services: CollectionServices): Promise<number> {
  const { db, directDebit, logger } = services;
  let marked = 0;
  let after = "00000000-0000-0000-0000-000000000000";
  for (;;) {
    const pending = await db
      .select({
        id: subscriptionCollections.id,
        subscriptionId: subscriptionCollections.subscriptionId,
        amountCents: subscriptionCollections.amountCents,
        iban: subscriptions.iban,
        mandateId: subscriptions.mandateId,
        drawName: draws.name,
      })
      .from(subscriptionCollections)
      .innerJoin(subscriptions, eq(subscriptions.id, subscriptionCollections.subscriptionId))
      .innerJoin(draws, eq(draws.id, subscriptionCollections.drawId))
      .where(
        and(
          eq(subscriptionCollections.state, "pending"),
          eq(subscriptionCollections.method, "directDebit"),
          gt(subscriptionCollections.id, after),
        ),
      )
      .orderBy(asc(subscriptionCollections.id))
      .limit(SUBMIT_BATCH);
    if (pending.length === 0) break;
    after = String(pending.at(-1)?.id);
    const requests: CollectionRequest[] = pending.map((row) => ({
      reference: row.id,
      iban: row.iban,
      mandateId: row.mandateId,
      amountCents: row.amountCents,
      description: description(row.drawName, row.subscriptionId),
    }));
    const submitted = await directDebit.submitCollections(requests);
    if (submitted.length === 0) continue;
    const result = await db.execute(sql`
      with marked as (
        update subscription_collections c set state = 'submitted', debit_id = v.debit_id
        from unnest(${sql.param(submitted.map((row) => row.reference))}::uuid[],
          ${sql.param(submitted.map((row) => row.debitId))}::text[]) as v(id, debit_id)
        where c.id = v.id and c.state = 'pending'
        returning 1)
      select count(*)::int as marked from marked`);
    marked += Number(rowsOf<{ marked: number }>(result)[0]?.marked ?? 0);
  }
  if (marked > 0) logger.info({ collections: marked }, "collections submitted for direct debit");
  return marked;
}

export type SettledCollection = {
  collectionId: string;
  subscriptionId: number;
  state: "submitted" | "paid" | "failed";
  /** The subscription's status after the settlement. */
  subscriptionStatus: string;
};

/**
 * Brings a collection in line with what the direct-debit service says of it. Paid: the collection is
 * paid, and a locked subscription with nothing failed left unpaid is unlocked (its due draws are issued
 * again by a job). Failed: the collection is failed and the subscription locked at that draw (issuing
 * continues for one draw, then pauses). Safe to call any number of times and concurrently.
 */
export async function settleCollection(
  services: CollectionServices,
  debitId: string,
): Promise<SettledCollection | undefined> {
  const { db, directDebit, logger, now } = services;
  const [collection] = await db
    .select()
    .from(subscriptionCollections)
    .where(eq(subscriptionCollections.debitId, debitId));
  if (!collection) return undefined;
  const info = await directDebit.getCollection(debitId);
  if (!info) return undefined;
  const at = now();

  const outcome = await db.transaction(async (tx) => {
    if (info.status === "paid") return markCollectionPaid(tx, collection, debitId, at);
    if (info.status === "failed") return markCollectionFailed(tx, collection, at);
    return { changed: false };
  });

  const [current] = await db
    .select({ state: subscriptionCollections.state, status: subscriptions.status })
    .from(subscriptionCollections)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionCollections.subscriptionId))
    .where(eq(subscriptionCollections.id, collection.id));
  if (outcome.changed) {
    logger.info(
      {
        collectionId: collection.id,
        subscriptionId: collection.subscriptionId,
        drawId: collection.drawId,
        state: current?.state,
        subscriptionStatus: current?.status,
        ...("refunded" in outcome && outcome.refunded ? { refundedCents: outcome.refunded } : {}),
      },
      "collection settled",
    );
  }
  return {
    collectionId: collection.id,
    subscriptionId: collection.subscriptionId,
    state: (current?.state ?? collection.state) as SettledCollection["state"],
    subscriptionStatus: current?.status ?? "active",
  };
}

type CollectionRow = typeof subscriptionCollections.$inferSelect;

/** The bank collected it: paid (or, paid already, the late money refunded) and the subscription unlocked. */
async function markCollectionPaid(
  tx: Tx,
  collection: CollectionRow,
  debitId: string,
  at: Date,
): Promise<{ changed: boolean; unlocked: boolean; refunded: number }> {
  const [paid] = await tx
    .update(subscriptionCollections)
    .set({ state: "paid", settledAt: at })
    .where(
      and(
        eq(subscriptionCollections.id, collection.id),
        inArray(subscriptionCollections.state, ["pending", "submitted", "failed"]),
      ),
    )
    .returning({ id: subscriptionCollections.id });
  // Already paid by "Nu betalen": the bank's late money goes back to the wallet (issue 40).
  const refunded = paid ? 0 : await refundLateDebit(tx, collection);
  const unlocked = await unlockWhenPaid(tx, collection.subscriptionId, `unlocked:${debitId}`);
  return { changed: Boolean(paid) || refunded > 0, unlocked: Boolean(unlocked), refunded };
}

/** The bank could not collect it: failed, the subscription locked at its draw, and the player told. */
async function markCollectionFailed(
  tx: Tx,
  collection: CollectionRow,
  at: Date,
): Promise<{ changed: boolean; locked: boolean }> {
  const [failed] = await tx
    .update(subscriptionCollections)
    .set({ state: "failed", settledAt: at })
    .where(
      and(
        eq(subscriptionCollections.id, collection.id),
        inArray(subscriptionCollections.state, ["pending", "submitted"]),
      ),
    )
    .returning({ id: subscriptionCollections.id });
  // An active subscription is locked at this draw; one locked already keeps its first failed draw.
  const [locked] = failed
    ? await tx
        .update(subscriptions)
        .set({ status: "locked", lockedDrawId: collection.drawId })
        .where(and(eq(subscriptions.id, collection.subscriptionId), eq(subscriptions.status, "active")))
        .returning({ id: subscriptions.id })
    : [];
  if (failed) await queueFailedMail(tx, collection);
  return { changed: Boolean(failed), locked: Boolean(locked) };
}

/**
 * The e-mail about a collection the bank could not collect (issue 40): the amount, the draw and the link to
 * pay it on the subscription, once per collection.
 */
async function queueFailedMail(
  tx: Tx,
  collection: { id: string; subscriptionId: number; drawId: number; amountCents: number },
): Promise<void> {
  const [row] = await tx
    .select({
      playerId: players.id,
      email: players.email,
      firstName: players.firstName,
      drawName: draws.name,
    })
    .from(subscriptions)
    .innerJoin(players, eq(players.id, subscriptions.playerId))
    .innerJoin(draws, eq(draws.id, collection.drawId))
    .where(eq(subscriptions.id, collection.subscriptionId));
  if (!row) return;
  await queueEmail(tx, {
    kind: "collection-failed",
    recipient: row.email,
    playerId: row.playerId,
    data: {
      firstName: row.firstName,
      subscriptionId: collection.subscriptionId,
      amountCents: collection.amountCents,
      drawName: row.drawName,
      payPath: subscriptionPayPath(collection.subscriptionId),
    },
    key: `collection-failed:${collection.id}`,
  });
}

/** Collections still submitted this long after their draw's collection was written are asked about again. */
const RECONCILE_AFTER_MS = 60 * 60_000;
/** Collections asked about per sweep; the oldest first, the rest at the next sweep. */
const RECONCILE_LIMIT = 500;

/**
 * The safety net under the service's notifications: a notification lost (a restart while the simulator
 * retried, a bank file that never came) would leave a collection `submitted` for ever, and its subscription
 * never locked or unlocked. This asks the service about collections submitted for more than an hour, the
 * oldest first, and settles each by what it says. Answers how many changed state.
 */
export async function reconcileCollections(
  services: CollectionServices,
  options: { olderThanMs?: number; limit?: number } = {},
): Promise<number> {
  const { db, logger, now } = services;
  const before = new Date(now().getTime() - (options.olderThanMs ?? RECONCILE_AFTER_MS));
  const stale = await db
    .select({ debitId: subscriptionCollections.debitId })
    .from(subscriptionCollections)
    .where(
      and(
        eq(subscriptionCollections.state, "submitted"),
        lt(subscriptionCollections.createdAt, before),
        isNotNull(subscriptionCollections.debitId),
      ),
    )
    .orderBy(asc(subscriptionCollections.createdAt))
    .limit(options.limit ?? RECONCILE_LIMIT);
  let changed = 0;
  for (const { debitId } of stale) {
    if (!debitId) continue;
    const settled = await settleCollection(services, debitId);
    if (settled && settled.state !== "submitted") changed++;
  }
  if (changed > 0) logger.info({ collections: changed }, "collections settled by reconciliation");
  return changed;
}
