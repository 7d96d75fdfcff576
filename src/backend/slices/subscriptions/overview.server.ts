import { and, asc, desc, eq, inArray, isNull } from "drizzle-orm";
import type { Db, Tx } from "@/src/backend/db/database.server";
import {
  draws,
  subscriptionCollections,
  subscriptionItems,
  subscriptions,
  tickets,
} from "@/src/backend/db/schema";
import type { SubscriptionItem, SubscriptionSummary } from "@/src/contract/subscriptions";
import type { IssuedTicket } from "@/src/contract/tickets";
import { maskIban } from "@/src/domain/portal/iban";
import { itemDrawPrice, monthlyAmount, type SubscriptionItemPlan } from "@/src/domain/subscriptions/plan";
import type { EndDigitsPair } from "@/src/domain/tickets/basket-ticket";
import { outstandingOf } from "./collection-payments.server";
import { chargeSchedule } from "./quote";
import { regularDrawsOnSale } from "./sales.server";

/**
 * The player's subscriptions as /mijn/abonnementen shows them (GET /api/subscriptions and
 * /api/subscriptions/items/{id}): items, monthly amount, mandate (IBAN masked), status, the next draw with
 * what is collected for it, and the last collections.
 */

type SubscriptionRow = typeof subscriptions.$inferSelect;
type ItemRow = typeof subscriptionItems.$inferSelect;
type DrawRow = typeof draws.$inferSelect;
type CollectionRow = { collection: typeof subscriptionCollections.$inferSelect; draw: DrawRow };

/** How many collections a summary lists, newest first. */
export const LAST_COLLECTIONS = 6;

export function itemPlan(row: ItemRow): SubscriptionItemPlan {
  return {
    productType: row.productType as SubscriptionItemPlan["productType"],
    fractionType: row.fraction as SubscriptionItemPlan["fractionType"],
    withXl: row.withXl,
    endDigits: (row.endDigits as EndDigitsPair | null) ?? null,
    withFixedTicketNumber: row.withFixedTicketNumber,
    participatingMonths: row.participatingMonths,
    multiplier: row.multiplier,
  };
}

function toItem(row: ItemRow): SubscriptionItem {
  const plan = itemPlan(row);
  return {
    ...plan,
    id: row.id,
    subscriptionId: row.subscriptionId,
    fixedNumber: row.fixedNumber,
    pricePerDrawInCents: itemDrawPrice(plan),
  };
}

function promotionOf(row: SubscriptionRow) {
  const promotion = row.promotion;
  if (!promotion) return null;
  return { ...promotion, trial: promotion.trial ?? false };
}

/**
 * A locked subscription (a collection failed) goes on for one draw after the failed one, then pauses: it
 * is paused once it has a regular collection (`played`) for a draw after the locked draw, as issuing
 * decides. The failed collection may be a draw upsell's (`OneTimePlay`): it is looked up among `all`.
 */
function isPaused(
  row: SubscriptionRow,
  played: readonly CollectionRow[],
  all: readonly CollectionRow[],
): boolean {
  if (row.status !== "locked" || row.lockedDrawId === null) return false;
  const locked = all.find(({ draw }) => draw.id === row.lockedDrawId)?.draw;
  const lockedAt = locked?.drawAt.getTime();
  return played.some(({ draw }) =>
    lockedAt === undefined ? draw.id > (row.lockedDrawId ?? 0) : draw.drawAt.getTime() > lockedAt,
  );
}

/** The player's subscriptions (all, or those with the given ids), newest first. */
export async function subscriptionSummaries(
  /** The database, or a change's open transaction (its answer shows the subscription as changed). */
  db: Db | Tx,
  now: Date,
  playerId: string,
  ids?: readonly number[],
): Promise<SubscriptionSummary[]> {
  const rows = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.playerId, playerId), ids ? inArray(subscriptions.id, [...ids]) : undefined))
    .orderBy(desc(subscriptions.id));
  if (rows.length === 0) return [];
  const sources = await summarySources(db, now, rows);
  return rows.map((row) => toSummary(row, sources));
}

/** What the summaries of `rows` are built from besides the rows themselves. */
type SummarySources = {
  items: ItemRow[];
  collections: CollectionRow[];
  drawById: Map<number, DrawRow>;
  onSale: DrawRow[];
  owed: Awaited<ReturnType<typeof outstandingOf>>;
};

/** The items, collections, start and last draws, draws on sale and outstanding amounts of `rows`. */
async function summarySources(
  db: Db | Tx,
  now: Date,
  rows: readonly SubscriptionRow[],
): Promise<SummarySources> {
  const subscriptionIds = rows.map((row) => row.id);
  const [items, collections, startDraws, onSale] = await Promise.all([
    db
      .select()
      .from(subscriptionItems)
      .where(
        and(inArray(subscriptionItems.subscriptionId, subscriptionIds), isNull(subscriptionItems.removedAt)),
      )
      .orderBy(asc(subscriptionItems.id)),
    db
      .select({ collection: subscriptionCollections, draw: draws })
      .from(subscriptionCollections)
      .innerJoin(draws, eq(draws.id, subscriptionCollections.drawId))
      .where(inArray(subscriptionCollections.subscriptionId, subscriptionIds))
      .orderBy(desc(draws.drawAt)),
    db
      .select()
      .from(draws)
      .where(
        inArray(draws.id, [
          ...rows.map((row) => row.startDrawId),
          ...rows.flatMap((row) => (row.lastDrawId === null ? [] : [row.lastDrawId])),
        ]),
      ),
    regularDrawsOnSale(db as Db, now),
  ]);
  const drawById = new Map(startDraws.map((draw) => [draw.id, draw]));
  const owed = await outstandingOf(db, subscriptionIds);
  return { items, collections, drawById, onSale, owed };
}

type Discount = NonNullable<SubscriptionRow["discounts"]>[number];

/**
 * The next draws and what is collected for each (`limit` of them, the first is the next one); none while
 * cancelled, paused or without items.
 */
function nextCharges(
  row: SubscriptionRow,
  plans: readonly SubscriptionItemPlan[],
  played: readonly CollectionRow[],
  ownCollections: readonly CollectionRow[],
  {
    onSale,
    promotion,
    discounts,
    limit,
  }: { onSale: DrawRow[]; promotion: ReturnType<typeof promotionOf>; discounts: Discount[]; limit: number },
) {
  const issued = new Set(played.map(({ draw }) => draw.id));
  const inPause = (draw: DrawRow) =>
    row.pausedFrom !== null &&
    row.pausedUntil !== null &&
    draw.drawAt.getTime() >= row.pausedFrom.getTime() &&
    draw.drawAt.getTime() <= row.pausedUntil.getTime();
  return row.status === "cancelled" || isPaused(row, played, ownCollections) || plans.length === 0
    ? []
    : chargeSchedule(
        onSale.filter((draw) => !issued.has(draw.id) && !inPause(draw)),
        plans,
        promotion,
        { firstIndex: played.length, limit, discounts },
      );
}

/** What the card shows of an accepted retention discount: the draws it still applies to, up to which one. */
function discountSummary(
  discount: Discount,
  playedCount: number,
  upcoming: readonly { draw: DrawRow }[],
): SubscriptionSummary["discounts"][number] {
  const drawsLeft = Math.max(0, Math.min(discount.draws, discount.fromIndex + discount.draws - playedCount));
  const last = drawsLeft > 0 ? upcoming[drawsLeft - 1]?.draw : undefined;
  return {
    label: discount.label,
    discountPercent: discount.discountPercent,
    draws: discount.draws,
    drawsLeft,
    lastDraw: last ? { drawId: last.id, name: last.name, drawDate: last.drawAt.toISOString() } : null,
  };
}

function toCollection({ collection, draw }: CollectionRow): SubscriptionSummary["collections"][number] {
  return {
    drawId: draw.id,
    drawName: draw.name,
    drawDate: draw.drawAt.toISOString(),
    amountInCents: collection.amountCents,
    method: collection.method as "ideal" | "directDebit",
    state: collection.state as "pending" | "submitted" | "paid" | "failed",
    purchaseType: collection.purchaseType as SubscriptionSummary["collections"][number]["purchaseType"],
  };
}

function toSummary(
  row: SubscriptionRow,
  { items, collections, drawById, onSale, owed }: SummarySources,
): SubscriptionSummary {
  const own = items.filter((item) => item.subscriptionId === row.id);
  const plans = own.map(itemPlan);
  const ownCollections = collections.filter(({ collection }) => collection.subscriptionId === row.id);
  // A draw upsell's collection (`OneTimePlay`) is not one of the subscription's regular draws.
  const played = ownCollections.filter(({ collection }) => collection.purchaseType !== "OneTimePlay");
  const promotion = promotionOf(row);
  const discounts = row.discounts ?? [];
  // Enough draws ahead for the next one and the last each accepted discount still applies to.
  const limit = Math.max(
    1,
    ...discounts.map((discount) => discount.fromIndex + discount.draws - played.length),
  );
  const upcoming = nextCharges(row, plans, played, ownCollections, { onSale, promotion, discounts, limit });
  const next = upcoming[0];
  const lastDraw = row.lastDrawId === null ? undefined : drawById.get(row.lastDrawId);
  const startDraw = drawById.get(row.startDrawId);
  return {
    id: row.id,
    status: row.status as SubscriptionSummary["status"],
    pageId: row.pageId,
    startedAt: row.startedAt.toISOString(),
    startDraw: {
      drawId: row.startDrawId,
      name: startDraw?.name ?? "",
      drawDate: (startDraw?.drawAt ?? row.startedAt).toISOString(),
    },
    monthlyAmountInCents: monthlyAmount(plans),
    mandate: {
      ibanMasked: maskIban(row.iban),
      accountHolder: row.accountHolder,
      mandateId: row.mandateId,
      signedAt: row.mandateSignedAt.toISOString(),
    },
    promotion: promotion ? { ...promotion, drawsLeft: Math.max(0, promotion.draws - played.length) } : null,
    nextDraw: next
      ? {
          drawId: next.draw.id,
          name: next.draw.name,
          drawDate: next.draw.drawAt.toISOString(),
          amountInCents: next.amountCents,
          purchaseType: next.purchaseType,
        }
      : null,
    items: own.map(toItem),
    collections: ownCollections.slice(0, LAST_COLLECTIONS).map(toCollection),
    outstandingInCents: owed.get(row.id)?.amountCents ?? 0,
    cancelableOnline: row.channel === "online",
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    lastDraw: lastDraw
      ? { drawId: lastDraw.id, name: lastDraw.name, drawDate: lastDraw.drawAt.toISOString() }
      : null,
    pause:
      row.pausedFrom && row.pausedUntil
        ? { from: row.pausedFrom.toISOString(), until: row.pausedUntil.toISOString() }
        : null,
    discounts: discounts.map((discount) => discountSummary(discount, played.length, upcoming)),
  };
}

export type SubscriptionItemDetails = SubscriptionItem & {
  subscriptionStatus: SubscriptionSummary["status"];
  lastTickets: IssuedTicket[];
};

/** A ticket row as the API shows an issued ticket. */
export function issuedTicket(ticket: typeof tickets.$inferSelect): IssuedTicket {
  return {
    drawId: ticket.drawId,
    number: ticket.number,
    productType: ticket.productType as IssuedTicket["productType"],
    fraction: ticket.fraction as IssuedTicket["fraction"],
    withXl: ticket.withXl,
    multiplier: ticket.multiplier,
    purchaseType: ticket.purchaseType as IssuedTicket["purchaseType"],
    group: ticket.groupIndex,
  };
}

/** One of the player's items with the tickets it played in its latest draw; undefined when not theirs. */
export async function subscriptionItemDetails(
  db: Db,
  playerId: string,
  itemId: number,
): Promise<SubscriptionItemDetails | undefined> {
  const [found] = await db
    .select({ item: subscriptionItems, status: subscriptions.status })
    .from(subscriptionItems)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionItems.subscriptionId))
    .where(and(eq(subscriptionItems.id, itemId), eq(subscriptions.playerId, playerId)))
    .limit(1);
  if (!found) return undefined;
  const [latest] = await db
    .select({ drawId: tickets.drawId })
    .from(tickets)
    .innerJoin(draws, eq(draws.id, tickets.drawId))
    .where(eq(tickets.subscriptionItemId, itemId))
    .orderBy(desc(draws.drawAt))
    .limit(1);
  const issued = latest
    ? await db
        .select()
        .from(tickets)
        .where(and(eq(tickets.subscriptionItemId, itemId), eq(tickets.drawId, latest.drawId)))
        .orderBy(asc(tickets.groupIndex), asc(tickets.number))
    : [];
  return {
    ...toItem(found.item),
    subscriptionStatus: found.status as SubscriptionSummary["status"],
    lastTickets: issued.map(issuedTicket),
  };
}
