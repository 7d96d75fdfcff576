import { and, desc, eq, inArray, isNotNull, ne } from "drizzle-orm";
import type { Db, Tx } from "@/src/backend/db/database.server";
import { queueEmail } from "@/src/backend/db/outbox/outbox.server";
import { draws, players, subscriptionItems, subscriptions, tickets } from "@/src/backend/db/schema";
import type { CancelApplied, CancelQuote, ChangedItem } from "@/src/contract/subscription-changes";
import { CANCELLATION_PAGE_ID } from "@/src/domain/subscriptions/changes";
import { describeItem } from "@/src/domain/subscriptions/item-description";
import { monthlyAmount } from "@/src/domain/subscriptions/plan";
import { amsterdamIsoDate } from "@/src/lib/amsterdam-time";
import { subscriptionChangeMessages } from "@/src/lib/messages";
import {
  type DrawRow,
  effectiveDraw,
  playerSubscription,
  runChange,
  type SubscriptionRow,
} from "./change-transaction.server";
import { activeItems, type ItemRow, quotedItem } from "./item-changes.server";
import { itemPlan, subscriptionSummaries } from "./overview.server";
import { availableOffers, latestIssuedDraw, type RetentionServices } from "./retention.server";
import { drawRef } from "./sales.server";
import { SubscriptionError } from "./subscription-error.server";

/**
 * Cancelling a subscription online (issue 15, item 4; spec sections 7 and 8): the whole subscription or
 * some of its items. It plays on in the draws already issued to it and stops from its effective draw:
 * nothing more is issued or collected after its last draw (collections already written stay, so a locked
 * subscription's unpaid amount is still owed). Only one taken out online is cancelled online.
 */

export type CancelServices = RetentionServices;

export type CancelRequest = {
  playerId: string;
  subscriptionId: number;
  /** The items to stop; absent, or all of them, stops the whole subscription. */
  subscriptionItems?: readonly number[];
};

type CancelPlan = {
  quote: CancelQuote;
  items: ItemRow[];
  /** The items that stop (all of them when `whole`). */
  stopping: ItemRow[];
  lastDrawId: number | null;
};

/**
 * The latest regular draw these items played in (a draw upsell's extra participation is not one); undefined
 * when they played none, e.g. items added since the subscription's latest issued draw.
 */
async function latestDrawOfItems(db: Db | Tx, itemIds: readonly number[]): Promise<DrawRow | undefined> {
  const [row] = await db
    .select({ draw: draws })
    .from(tickets)
    .innerJoin(draws, eq(draws.id, tickets.drawId))
    .where(and(inArray(tickets.subscriptionItemId, [...itemIds]), ne(tickets.purchaseType, "OneTimePlay")))
    .orderBy(desc(draws.drawAt))
    .limit(1);
  return row?.draw;
}

/** What cancelling would do, checked against the subscription as it is (read in `db`, maybe locked). */
async function planCancel(
  db: Db | Tx,
  services: CancelServices,
  subscription: SubscriptionRow,
  chosen: readonly number[] | undefined,
  now: Date,
  options: { lookupOffers: boolean },
): Promise<CancelPlan> {
  if (subscription.status === "cancelled") throw new SubscriptionError("SubscriptionAlreadyCanceledError");
  if (subscription.channel !== "online") throw new SubscriptionError("SubscriptionNotCancelableError");
  const items = await activeItems(db, subscription.id);
  const ids = new Set(chosen ?? items.map((item) => item.id));
  const unknown = [...ids].filter((id) => !items.some((item) => item.id === id));
  if (unknown.length > 0) {
    // An item this subscription had: stopped before (another tab, say), which the player should hear as such.
    const stopped = await db
      .select({ id: subscriptionItems.id })
      .from(subscriptionItems)
      .where(
        and(
          eq(subscriptionItems.subscriptionId, subscription.id),
          inArray(subscriptionItems.id, unknown),
          isNotNull(subscriptionItems.removedAt),
        ),
      );
    throw new SubscriptionError("InvalidChoice", {
      subscriptionItems: [
        stopped.length === unknown.length
          ? subscriptionChangeMessages.itemAlreadyStopped
          : subscriptionChangeMessages.unknownItem,
      ],
    });
  }
  const stopping = items.filter((item) => ids.has(item.id));
  const whole = stopping.length === items.length;
  const remaining = items.filter((item) => !ids.has(item.id));
  const [effective, lastDraw] = await Promise.all([
    effectiveDraw(db, subscription, now),
    // The whole subscription stops after its latest issued draw; some items after the latest they played in.
    whole
      ? latestIssuedDraw(db, subscription.id)
      : latestDrawOfItems(
          db,
          stopping.map((item) => item.id),
        ),
  ]);
  // Only the verify call (step 1) needs the offers; cancelling itself never waits for the CMS.
  const page = options.lookupOffers ? await services.retentionOffers?.(CANCELLATION_PAGE_ID) : undefined;
  const retention = page ? (await availableOffers(db, subscription, page, now)).offers.length > 0 : false;
  const changed: ChangedItem[] = items.map((row) => {
    const before = quotedItem(itemPlan(row));
    return ids.has(row.id)
      ? { id: row.id, change: "removed", before, after: null }
      : { id: row.id, change: "unchanged", before, after: before };
  });
  const quote: CancelQuote = {
    subscriptionId: subscription.id,
    kind: "cancel",
    items: changed,
    monthlyAmountBeforeInCents: monthlyAmount(items.map(itemPlan)),
    monthlyAmountAfterInCents: whole ? 0 : monthlyAmount(remaining.map(itemPlan)),
    effectiveDraw: effective ? drawRef(effective) : null,
    payment: { method: "none", amountInCents: 0, draw: null },
    whole,
    lastDraw: lastDraw ? drawRef(lastDraw) : null,
    retentionOffers: retention,
  };
  return { quote, items, stopping, lastDrawId: lastDraw?.id ?? null };
}

/** POST /api/subscriptions/verify/cancel: what cancelling would stop and its last draw; stores nothing. */
export async function verifyCancel(services: CancelServices, request: CancelRequest): Promise<CancelQuote> {
  const subscription = await playerSubscription(services.db, request.playerId, request.subscriptionId);
  const plan = await planCancel(
    services.db,
    services,
    subscription,
    request.subscriptionItems,
    services.now(),
    { lookupOffers: true },
  );
  return plan.quote;
}

/**
 * POST /api/subscriptions/cancel: cancels under the transaction id (runChange, which locks the
 * subscription: of two tabs cancelling at once, the second finds it cancelled) and queues the
 * confirmation e-mail with the change.
 */
export async function cancelSubscription(
  services: CancelServices,
  request: CancelRequest & { transactionId: string },
): Promise<CancelApplied> {
  const { db } = services;
  const now = services.now();
  return runChange(
    db,
    {
      transactionId: request.transactionId,
      playerId: request.playerId,
      subscriptionId: request.subscriptionId,
      kind: "cancel",
      content: {
        subscriptionId: request.subscriptionId,
        subscriptionItems: request.subscriptionItems
          ? [...request.subscriptionItems].sort((a, b) => a - b)
          : undefined,
      },
    },
    async (tx, subscription) => {
      const plan = await planCancel(tx, services, subscription, request.subscriptionItems, now, {
        lookupOffers: false,
      });
      const { quote } = plan;
      await applyCancel(tx, subscription, plan, now);
      const [summary] = await subscriptionSummaries(tx, now, request.playerId, [subscription.id]);
      if (!summary) throw new Error("The subscription disappeared during the cancellation");
      const answer: CancelApplied = {
        ...quote,
        transactionId: request.transactionId,
        appliedAt: now.toISOString(),
        subscription: summary,
        confirmationEmailQueued: true,
      };
      return {
        answer,
        effectiveDrawId: quote.effectiveDraw?.drawId ?? null,
        afterRecord: (recordTx, changeId) =>
          queueCancellationMail(recordTx, request.playerId, subscription, plan, changeId),
      };
    },
  );
}

/** Stops the whole subscription after its last draw, or only the stopping items, in the change's transaction. */
async function applyCancel(
  tx: Tx,
  subscription: SubscriptionRow,
  plan: CancelPlan,
  now: Date,
): Promise<void> {
  if (plan.quote.whole) {
    await tx
      .update(subscriptions)
      .set({ status: "cancelled", cancelledAt: now, lastDrawId: plan.lastDrawId })
      .where(eq(subscriptions.id, subscription.id));
  } else {
    await tx
      .update(subscriptionItems)
      .set({ removedAt: now })
      .where(
        and(
          eq(subscriptionItems.subscriptionId, subscription.id),
          inArray(
            subscriptionItems.id,
            plan.stopping.map((item) => item.id),
          ),
        ),
      );
  }
}

/** The confirmation e-mail, queued in the change's transaction once its row exists. */
async function queueCancellationMail(
  recordTx: Tx,
  playerId: string,
  subscription: SubscriptionRow,
  { quote, stopping }: CancelPlan,
  changeId: string,
): Promise<void> {
  const [player] = await recordTx
    .select({ email: players.email, firstName: players.firstName })
    .from(players)
    .where(eq(players.id, playerId));
  if (!player) throw new Error("The player disappeared during the cancellation");
  await queueEmail(recordTx, {
    kind: "subscription-cancellation",
    recipient: player.email,
    playerId,
    data: {
      firstName: player.firstName,
      subscriptionId: subscription.id,
      whole: quote.whole,
      items: stopping.map((item) =>
        describeItem({ ...quotedItem(itemPlan(item)), fixedNumber: item.fixedNumber }),
      ),
      lastDraw: quote.lastDraw
        ? { name: quote.lastDraw.name, date: amsterdamIsoDate(new Date(quote.lastDraw.drawDate)) }
        : null,
    },
    subscriptionChangeId: changeId,
  });
}
