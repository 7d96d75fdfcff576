import { createHash, randomUUID } from "node:crypto";
import { and, asc, eq, gt, notExists, sql } from "drizzle-orm";
import type { Db, Tx } from "@/src/backend/db/database.server";
import { draws, subscriptionChanges, subscriptionCollections, subscriptions } from "@/src/backend/db/schema";
import type { ChangeKind } from "@/src/domain/subscriptions/changes";
import { causeChain } from "@/src/lib/error-causes";
import { SubscriptionError } from "./subscription-error.server";

/**
 * The frame every change of a subscription runs in (issue 15): the player's subscription, locked for the
 * change; the refusals every change shares; the draw a change takes effect from; and the transaction id
 * as idempotency key. A change is one database transaction: the subscription row is locked first, so two
 * tabs (or two processes) changing one subscription take turns, and the second sees what the first did.
 */

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type DrawRow = typeof draws.$inferSelect;

export type ChangeRequest = {
  transactionId: string;
  playerId: string;
  subscriptionId: number;
  kind: ChangeKind;
  /** What the call asked for (its body without the transaction id): a replay must ask the same. */
  content: unknown;
};

/** What a change's work gives back: the answer, the draw it takes effect from, and work after it is recorded. */
export type ChangeOutcome<A> = {
  answer: A;
  effectiveDrawId: number | null;
  /** Runs in the same transaction once the change row exists (an e-mail about the change refers to it). */
  afterRecord?: (tx: Tx, changeId: string) => Promise<void>;
};

/** A stable hash of a request's content: the same content, in whatever key order, hashes the same. */
export function changeHash(kind: ChangeKind, content: unknown): string {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (value && typeof value === "object") {
      return Object.fromEntries(
        Object.entries(value as Record<string, unknown>)
          .filter(([, entry]) => entry !== undefined)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([key, entry]) => [key, canonical(entry)]),
      );
    }
    return value;
  };
  return createHash("sha256")
    .update(JSON.stringify([kind, canonical(content)]))
    .digest("hex");
}

/**
 * The player's subscription with this id; `lock` takes its row for the rest of the transaction. Another
 * player's id answers as none (`UserHasNoSubscriptionError`): whether it exists is not told.
 */
export async function playerSubscription(
  db: Db | Tx,
  playerId: string,
  subscriptionId: number,
  options: { lock?: boolean } = {},
): Promise<SubscriptionRow> {
  const query = db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.playerId, playerId)));
  const [row] = options.lock ? await query.for("update") : await query;
  if (!row) throw new SubscriptionError("UserHasNoSubscriptionError");
  return row;
}

/** The refusals every change of items or upsell shares: a cancelled or a locked subscription is not changed. */
export function assertChangeable(subscription: SubscriptionRow): void {
  if (subscription.status === "cancelled") throw new SubscriptionError("SubscriptionAlreadyCanceledError");
  if (subscription.status === "locked") throw new SubscriptionError("SubscriptionLockedError");
}

/**
 * The draw a change takes effect from: the first regular draw of the classic lottery whose sales are
 * open, that was not issued to this subscription yet (its tickets stay as they are) and that is not in
 * an accepted pause. Undefined when none is on sale.
 */
export async function effectiveDraw(
  db: Db | Tx,
  subscription: Pick<SubscriptionRow, "id" | "pausedFrom" | "pausedUntil">,
  now: Date,
): Promise<DrawRow | undefined> {
  const { pausedFrom, pausedUntil } = subscription;
  const [draw] = await db
    .select()
    .from(draws)
    .where(
      and(
        eq(draws.gameType, "KROON"),
        eq(draws.kind, "regular"),
        gt(draws.salesCloseAt, now),
        notExists(
          db
            .select({ one: sql`1` })
            .from(subscriptionCollections)
            .where(
              and(
                eq(subscriptionCollections.subscriptionId, subscription.id),
                eq(subscriptionCollections.drawId, draws.id),
              ),
            ),
        ),
        pausedFrom && pausedUntil
          ? sql`not (${draws.drawAt} between ${pausedFrom.toISOString()}::timestamptz and ${pausedUntil.toISOString()}::timestamptz)`
          : undefined,
      ),
    )
    .orderBy(asc(draws.salesCloseAt))
    .limit(1);
  return draw;
}

/** Serialization failures, deadlocks and a unique value taken meanwhile: the change did not happen. */
function isTransient(error: unknown): boolean {
  return causeChain(error).some((cause) => {
    const code = (cause as { code?: unknown }).code;
    return code === "40001" || code === "40P01" || code === "23505";
  });
}

/**
 * Runs a change under its transaction id, once:
 * - a replay (same player, kind and content) answers what the change answered, without doing it again;
 * - the id used for anything else (another change, another player) is `TransactionAlreadyProcessedError`;
 * - otherwise `work` runs in one transaction with the subscription locked, and its answer is recorded with
 *   the id. Should the database undo it (a conflict with a concurrent writer), nothing is changed and the
 *   caller is told to try again (`TransactionRolledbackError`).
 * The subscription's own refusals (`assertChangeable`, per kind) are `work`'s.
 */
export async function runChange<A extends Record<string, unknown>>(
  db: Db,
  request: ChangeRequest,
  work: (tx: Tx, subscription: SubscriptionRow) => Promise<ChangeOutcome<A>>,
): Promise<A> {
  const hash = changeHash(request.kind, request.content);
  try {
    return await db.transaction(async (tx) => {
      const subscription = await playerSubscription(tx, request.playerId, request.subscriptionId, {
        lock: true,
      });
      // Read after the lock: a change that held it committed before this one reads.
      const [earlier] = await tx
        .select()
        .from(subscriptionChanges)
        .where(eq(subscriptionChanges.transactionId, request.transactionId));
      if (earlier) {
        const same =
          earlier.playerId === request.playerId &&
          earlier.subscriptionId === request.subscriptionId &&
          earlier.kind === request.kind &&
          earlier.contentHash === hash;
        if (!same) throw new SubscriptionError("TransactionAlreadyProcessedError");
        return earlier.answer as A;
      }
      const outcome = await work(tx, subscription);
      const id = randomUUID();
      const inserted = await tx
        .insert(subscriptionChanges)
        .values({
          id,
          transactionId: request.transactionId,
          playerId: request.playerId,
          subscriptionId: request.subscriptionId,
          kind: request.kind,
          contentHash: hash,
          effectiveDrawId: outcome.effectiveDrawId,
          answer: outcome.answer,
        })
        .onConflictDoNothing({ target: subscriptionChanges.transactionId })
        .returning({ id: subscriptionChanges.id });
      // The id was taken meanwhile by a change of another subscription: this one did not happen.
      if (inserted.length === 0) throw new SubscriptionError("TransactionAlreadyProcessedError");
      await outcome.afterRecord?.(tx, id);
      return outcome.answer;
    });
  } catch (error) {
    if (error instanceof SubscriptionError) throw error;
    if (isTransient(error)) throw new SubscriptionError("TransactionRolledbackError");
    throw error;
  }
}
