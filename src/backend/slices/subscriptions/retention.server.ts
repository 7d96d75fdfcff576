import { and, asc, count, desc, eq, gte, lt, ne } from "drizzle-orm";
import type { Db, Tx } from "@/src/backend/db/database.server";
import {
  draws,
  subscriptionChanges,
  subscriptionCollections,
  subscriptionItems,
  subscriptions,
} from "@/src/backend/db/schema";
import type {
  ChangedItem,
  RetentionOfferInfo,
  SubscriptionChangeApplied,
} from "@/src/contract/subscription-changes";
import type { DrawRef } from "@/src/contract/subscriptions";
import {
  offerApplies,
  type RetentionOffer,
  type RetentionOfferPage,
  switchedToFifths,
} from "@/src/domain/subscriptions/changes";
import {
  drawAmount,
  drawCharge,
  drawMonth,
  monthlyAmount,
  type RetentionDiscount,
  type SubscriptionItemPlan,
  type SubscriptionPromotion,
} from "@/src/domain/subscriptions/plan";
import {
  assertChangeable,
  type DrawRow,
  effectiveDraw,
  playerSubscription,
  runChange,
  type SubscriptionRow,
} from "./change-transaction.server";
import { activeItems, type ItemRow, quotedItem } from "./item-changes.server";
import { itemPlan, subscriptionSummaries } from "./overview.server";
import { drawRef } from "./sales.server";
import { SubscriptionError } from "./subscription-error.server";

/**
 * Retention offers (issue 15, item 4; spec section 7): what the CMS's cancellation page offers a player
 * who is about to cancel (a discount on the next draws, switching whole tickets to fifths, a pause), and
 * accepting one instead of cancelling. One retention offer per subscription: once one was accepted, none
 * is offered again.
 */

/** Where the retention offers of a cancellation page come from (the CMS); undefined when none has the id. */
export type RetentionOfferLookup = (pageId: string) => Promise<RetentionOfferPage | undefined>;

export type RetentionServices = { db: Db; now: () => Date; retentionOffers?: RetentionOfferLookup };

/**
 * How many regular draws the subscription played before `draw` (a draw upsell's `OneTimePlay` collection
 * is not one of them): the draw's index in the subscription, as issuing counts it.
 */
export async function regularDrawsPlayedBefore(db: Db | Tx, subscriptionId: number, draw?: DrawRow) {
  const [row] = await db
    .select({ played: count() })
    .from(subscriptionCollections)
    .innerJoin(draws, eq(draws.id, subscriptionCollections.drawId))
    .where(
      and(
        eq(subscriptionCollections.subscriptionId, subscriptionId),
        ne(subscriptionCollections.purchaseType, "OneTimePlay"),
        draw ? lt(draws.drawAt, draw.drawAt) : undefined,
      ),
    );
  return Number(row?.played ?? 0);
}

/** The latest regular draw the subscription was issued (has a collection for); undefined when none. */
export async function latestIssuedDraw(db: Db | Tx, subscriptionId: number): Promise<DrawRow | undefined> {
  const [row] = await db
    .select({ draw: draws })
    .from(subscriptionCollections)
    .innerJoin(draws, eq(draws.id, subscriptionCollections.drawId))
    .where(
      and(
        eq(subscriptionCollections.subscriptionId, subscriptionId),
        ne(subscriptionCollections.purchaseType, "OneTimePlay"),
      ),
    )
    .orderBy(desc(draws.drawAt))
    .limit(1);
  return row?.draw;
}

/** Whether the subscription accepted a retention offer before (then none is offered again). */
async function acceptedOfferBefore(db: Db | Tx, subscriptionId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: subscriptionChanges.id })
    .from(subscriptionChanges)
    .where(
      and(
        eq(subscriptionChanges.subscriptionId, subscriptionId),
        eq(subscriptionChanges.kind, "retentionOffer"),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** What an offer does to a subscription from its effective draw: its items, discounts and pause after it. */
type OfferEffect = {
  items: SubscriptionItemPlan[];
  discounts: RetentionDiscount[];
  pause: { from: Date; until: Date } | null;
};

/** The promotion as stored on the subscription. */
function storedPromotion(subscription: SubscriptionRow): SubscriptionPromotion | null {
  const promotion = subscription.promotion;
  return promotion ? { ...promotion, trial: promotion.trial ?? false } : null;
}

/** A calendar month later (or `months` of them), in UTC. */
function monthsLater(date: Date, months: number): Date {
  const later = new Date(date);
  later.setUTCMonth(later.getUTCMonth() + months);
  return later;
}

/**
 * The last draw of a pause of `count` regular draws from the effective draw (the effective draw is the
 * first): its draw date. When the draw calendar ends sooner, the pause runs for as many months (to the
 * day before the month after the last, so no extra draw falls in it).
 */
async function pauseUntil(db: Db | Tx, effective: DrawRow, drawCount: number): Promise<Date> {
  const covered = await db
    .select({ drawAt: draws.drawAt })
    .from(draws)
    .where(and(eq(draws.gameType, "KROON"), eq(draws.kind, "regular"), gte(draws.drawAt, effective.drawAt)))
    .orderBy(asc(draws.drawAt))
    .limit(drawCount);
  if (covered.length === drawCount) return (covered.at(-1) as { drawAt: Date }).drawAt;
  return new Date(monthsLater(effective.drawAt, drawCount).getTime() - 86_400_000);
}

async function offerEffect(
  db: Db | Tx,
  offer: RetentionOffer,
  context: {
    plans: SubscriptionItemPlan[];
    discounts: RetentionDiscount[];
    index: number;
    effective: DrawRow;
  },
): Promise<OfferEffect> {
  const { plans, discounts, index, effective } = context;
  switch (offer.kind) {
    case "discount":
      return {
        items: plans,
        discounts: [
          ...discounts,
          {
            offerId: offer.id,
            label: offer.title,
            fromIndex: index,
            draws: offer.draws,
            discountPercent: offer.discountPercent,
          },
        ],
        pause: null,
      };
    case "switchToFifth":
      return { items: switchedToFifths(plans), discounts, pause: null };
    case "pause":
      return {
        items: plans,
        discounts,
        pause: { from: effective.drawAt, until: await pauseUntil(db, effective, offer.draws) },
      };
  }
}

/** An offer that applies to the subscription, with what it would do and cost. */
type AvailableOffer = { offer: RetentionOffer; effect: OfferEffect; info: RetentionOfferInfo };

type OfferContext = {
  subscription: SubscriptionRow;
  items: ItemRow[];
  effective: DrawRow | undefined;
  offers: AvailableOffer[];
};

/**
 * The offers of the page that apply to this subscription, priced from its effective draw. None for a
 * subscription that accepted one before, one that is locked, cancelled or not cancellable online, or when no draw is on sale
 * (there is nothing an offer could change).
 */
export async function availableOffers(
  db: Db | Tx,
  subscription: SubscriptionRow,
  page: RetentionOfferPage,
  now: Date,
): Promise<OfferContext> {
  const items = await activeItems(db, subscription.id);
  const effective = await effectiveDraw(db, subscription, now);
  const none = { subscription, items, effective, offers: [] };
  // One taken out by phone or in a shop is not cancelled online, so it is not offered anything to stay.
  if (subscription.status !== "active" || subscription.channel !== "online") return none;
  if (!effective || items.length === 0) return none;
  if (await acceptedOfferBefore(db, subscription.id)) return none;
  const plans = items.map(itemPlan);
  const discounts = subscription.discounts ?? [];
  const promotion = storedPromotion(subscription);
  const index = await regularDrawsPlayedBefore(db, subscription.id, effective);
  const month = drawMonth(effective.drawAt);
  const offers: AvailableOffer[] = [];
  for (const offer of page.offers) {
    if (!offerApplies(offer, plans)) continue;
    const effect = await offerEffect(db, offer, { plans, discounts, index, effective });
    const next = effect.pause
      ? 0
      : drawCharge(drawAmount(effect.items, month), index, promotion, effect.discounts).amountCents;
    offers.push({
      offer,
      effect,
      info: {
        id: offer.id,
        kind: offer.kind,
        title: offer.title,
        description: offer.description,
        draws: offer.kind === "switchToFifth" ? null : offer.draws,
        discountPercent: offer.kind === "discount" ? offer.discountPercent : null,
        nextAmountInCents: next,
        monthlyAmountAfterInCents: monthlyAmount(effect.items),
        effectiveDraw: drawRef(effective),
      },
    });
  }
  return { subscription, items, effective, offers };
}

/** The cancellation page's offers, or `NotFound` when the CMS has no such page. */
export async function requireRetentionPage(
  lookup: RetentionOfferLookup | undefined,
  pageId: string,
): Promise<RetentionOfferPage> {
  const page = await lookup?.(pageId);
  if (!page) throw new SubscriptionError("NotFound");
  return page;
}

/** GET /api/subscriptions/retention-offers/{pageId}: the offers this page has for the player's subscription. */
export async function retentionOffersOf(
  services: RetentionServices,
  playerId: string,
  pageId: string,
  subscriptionId: number,
) {
  const page = await requireRetentionPage(services.retentionOffers, pageId);
  const subscription = await playerSubscription(services.db, playerId, subscriptionId);
  if (subscription.status === "cancelled") throw new SubscriptionError("SubscriptionAlreadyCanceledError");
  const { offers } = await availableOffers(services.db, subscription, page, services.now());
  return { pageId: page.pageId, subscriptionId, offers: offers.map(({ info }) => info) };
}

function ref(draw: DrawRow | undefined): DrawRef | null {
  return draw ? drawRef(draw) : null;
}

/**
 * POST /api/subscriptions/retention-offers/{pageId}: accepts an offer instead of cancelling, under the
 * transaction id (runChange). A discount is added to the subscription's discounts from its effective draw;
 * a switch makes every whole ticket a fifth; a pause skips the draws it covers.
 */
export async function acceptRetentionOffer(
  services: RetentionServices,
  request: {
    playerId: string;
    pageId: string;
    transactionId: string;
    subscriptionId: number;
    offerId: string;
  },
): Promise<SubscriptionChangeApplied> {
  const { db } = services;
  const page = await requireRetentionPage(services.retentionOffers, request.pageId);
  const now = services.now();
  return runChange(
    db,
    {
      transactionId: request.transactionId,
      playerId: request.playerId,
      subscriptionId: request.subscriptionId,
      kind: "retentionOffer",
      content: { pageId: request.pageId, subscriptionId: request.subscriptionId, offerId: request.offerId },
    },
    async (tx, subscription) => {
      assertChangeable(subscription);
      const { items, effective, offers } = await availableOffers(tx, subscription, page, now);
      if (offers.length === 0 || !effective) throw new SubscriptionError("NoOfferAvailableError");
      const chosen = offers.find(({ offer }) => offer.id === request.offerId);
      if (!chosen) throw new SubscriptionError("OfferNotAvailableError");
      const { effect } = chosen;

      const changed: ChangedItem[] = items.map((row, position) => {
        const before = quotedItem(itemPlan(row));
        const after = quotedItem(effect.items[position] as SubscriptionItemPlan);
        return {
          id: row.id,
          change: before.fractionType === after.fractionType ? "unchanged" : "changed",
          before,
          after,
        };
      });
      const switched = changed.filter((item) => item.change === "changed").map((item) => item.id as number);
      for (const id of switched) {
        await tx.update(subscriptionItems).set({ fraction: "ONE_FIFTH" }).where(eq(subscriptionItems.id, id));
      }
      if (chosen.offer.kind === "discount") {
        await tx
          .update(subscriptions)
          .set({ discounts: effect.discounts })
          .where(eq(subscriptions.id, subscription.id));
      }
      if (effect.pause) {
        await tx
          .update(subscriptions)
          .set({ pausedFrom: effect.pause.from, pausedUntil: effect.pause.until })
          .where(eq(subscriptions.id, subscription.id));
      }
      const [summary] = await subscriptionSummaries(tx, now, request.playerId, [subscription.id]);
      if (!summary) throw new Error("The subscription disappeared during the change");
      const answer: SubscriptionChangeApplied = {
        subscriptionId: subscription.id,
        kind: "retentionOffer",
        items: changed,
        monthlyAmountBeforeInCents: monthlyAmount(items.map(itemPlan)),
        monthlyAmountAfterInCents: monthlyAmount(effect.items),
        effectiveDraw: ref(effective),
        payment: { method: "none", amountInCents: 0, draw: null },
        transactionId: request.transactionId,
        appliedAt: now.toISOString(),
        subscription: summary,
      };
      return { answer, effectiveDrawId: effective.id };
    },
  );
}
