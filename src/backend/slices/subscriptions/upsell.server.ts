import { randomInt } from "node:crypto";
import { and, asc, desc, eq, gt, inArray, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "@/src/backend/db/database.server";
import { enqueueJob } from "@/src/backend/db/job-queue/enqueue.server";
import { rowsOf } from "@/src/backend/db/rows";
import { draws, subscriptionCollections, subscriptionItems, tickets } from "@/src/backend/db/schema";
import type { ChangedItem, SubscriptionChangeQuote } from "@/src/contract/subscription-changes";
import type { IssuedTicket } from "@/src/contract/tickets";
import type { SubscriptionUpsell, UpsellDrawKind } from "@/src/domain/subscriptions/changes";
import { monthlyAmount, type SubscriptionItemPlan } from "@/src/domain/subscriptions/plan";
import { FRACTION_LABELS, type ProductType, ticketPrice } from "@/src/domain/tickets/catalogue";
import { type RandomInt, ticketNumbers } from "@/src/domain/tickets/ticket-numbers";
import { subscriptionChangeMessages } from "@/src/lib/messages";
import type { DrawRow } from "./change-transaction.server";
import { SUBMIT_COLLECTIONS_JOB } from "./collections.server";
import { numbersFrom } from "./issuance.server";
import {
  activeItems,
  applyChange,
  type ChangeActor,
  chosenItems,
  type ItemRow,
  itemsQuote,
  type PreparedChange,
  quotedItem,
  refuse,
  requireEffectiveDraw,
  subscriptionOfItems,
  verifyChange,
} from "./item-changes.server";
import { issuedTicket, itemPlan } from "./overview.server";
import { drawRef } from "./sales.server";
import { SubscriptionError } from "./subscription-error.server";

/**
 * The upsells editors place as CMS blocks (issue 15, item 3), by the block's page id:
 * - XL: the chosen items play with XL from the effective draw on, paid with the next collections;
 * - an extra draw: the chosen items' numbers play once more in the next special draw of the block's kind
 *   (the year-end draw), as tickets labelled `Extra deelname` (OneTimePlay), paid by one direct debit of
 *   their own, submitted at once. The subscription plays each special draw at most once this way.
 */

export type UpsellLookup = (pageId: string) => Promise<SubscriptionUpsell | undefined>;

const ITEMS_FIELD = "subscriptionItems";

/** The page's upsell block of this kind; no block with the id, or one of another kind, is `NotFound`. */
export async function requireUpsell<K extends SubscriptionUpsell["kind"]>(
  lookup: UpsellLookup | undefined,
  pageId: string,
  kind: K,
): Promise<Extract<SubscriptionUpsell, { kind: K }>> {
  const upsell = await lookup?.(pageId);
  if (upsell?.kind !== kind) {
    throw new SubscriptionError("NotFound", { pageId: [subscriptionChangeMessages.upsellWrongKind] });
  }
  return upsell as Extract<SubscriptionUpsell, { kind: K }>;
}

type UpsellBody = { subscriptionItems: number[] };

// --- XL ------------------------------------------------------------------------------------------------

function prepareXl(itemIds: readonly number[], now: Date) {
  return async (db: Db | Tx, subscription: Parameters<typeof requireEffectiveDraw>[1]) => {
    const active = await activeItems(db, subscription.id);
    const chosen = chosenItems(active, itemIds, ITEMS_FIELD);
    if (chosen.some((row) => row.withXl)) refuse(ITEMS_FIELD, subscriptionChangeMessages.alreadyXl);
    const draw = await requireEffectiveDraw(db, subscription, now);
    const ids = new Set(chosen.map((row) => row.id));
    const changed = active.map((row): ChangedItem => {
      const before = quotedItem(itemPlan(row));
      if (!ids.has(row.id)) return { id: row.id, change: "unchanged", before, after: before };
      return { id: row.id, change: "changed", before, after: quotedItem({ ...itemPlan(row), withXl: true }) };
    });
    return {
      quote: itemsQuote(subscription.id, "upsellXl", changed, draw),
      effectiveDrawId: draw.id,
      write: async (tx: Tx) => {
        await tx
          .update(subscriptionItems)
          .set({ withXl: true })
          .where(inArray(subscriptionItems.id, [...ids]));
        return {};
      },
    } satisfies PreparedChange;
  };
}

/** What XL on the chosen items would cost a draw, from which draw (PATCH /api/subscriptions/upsell/xl/verify/{pageId}). */
export async function verifyXlUpsell(
  actor: ChangeActor,
  lookup: UpsellLookup | undefined,
  pageId: string,
  body: UpsellBody,
): Promise<SubscriptionChangeQuote> {
  await requireUpsell(lookup, pageId, "xl");
  const subscriptionId = await subscriptionOfItems(
    actor.db,
    actor.playerId,
    body.subscriptionItems,
    ITEMS_FIELD,
  );
  return verifyChange(actor, subscriptionId, prepareXl(body.subscriptionItems, actor.now));
}

/** Adds XL to the chosen items from the effective draw (PATCH /api/subscriptions/upsell/xl/{pageId}). */
export async function applyXlUpsell(
  actor: ChangeActor,
  lookup: UpsellLookup | undefined,
  pageId: string,
  body: UpsellBody & { transactionId: string },
) {
  await requireUpsell(lookup, pageId, "xl");
  const { transactionId, ...rest } = body;
  const subscriptionId = await subscriptionOfItems(
    actor.db,
    actor.playerId,
    rest.subscriptionItems,
    ITEMS_FIELD,
  );
  return applyChange(
    actor,
    { transactionId, subscriptionId, kind: "upsellXl", content: { pageId, ...rest } },
    prepareXl(rest.subscriptionItems, actor.now),
  );
}

// --- An extra draw ---------------------------------------------------------------------------------------

/** The next draw of this kind of the classic lottery whose sales are open; none is refused (422). */
async function upsellDraw(db: Db | Tx, drawKind: UpsellDrawKind, now: Date): Promise<DrawRow> {
  const [draw] = await db
    .select()
    .from(draws)
    .where(and(eq(draws.gameType, "KROON"), eq(draws.kind, drawKind), gt(draws.salesCloseAt, now)))
    .orderBy(asc(draws.salesCloseAt))
    .limit(1);
  if (!draw) refuse("draw", subscriptionChangeMessages.upsellDrawClosed);
  return draw;
}

/**
 * An item's price in a special draw: that draw's price of its product and fraction (the year-end draw's
 * differ from the regular ones), with XL and multiplier; undefined when the draw does not sell its fraction.
 */
export function specialDrawPrice(
  drawKind: UpsellDrawKind,
  plan: Pick<SubscriptionItemPlan, "productType" | "fractionType" | "withXl" | "multiplier">,
): number | undefined {
  const price = ticketPrice(drawKind, plan.productType, plan.fractionType);
  if (!price) return undefined;
  return (plan.withXl ? price.pricePerTicketWithAddOnInCents : price.pricePerTicketInCents) * plan.multiplier;
}

/** The quote of a draw upsell: the chosen items as they play in the draw, priced for it, paid at once. */
export function drawUpsellQuote(
  subscriptionId: number,
  draw: DrawRow,
  drawKind: UpsellDrawKind,
  chosen: readonly ItemRow[],
  monthlyCents: number,
): SubscriptionChangeQuote {
  const items = chosen.map((row): ChangedItem => {
    const plan = itemPlan(row);
    const price = specialDrawPrice(drawKind, plan);
    if (price === undefined) {
      refuse(
        ITEMS_FIELD,
        subscriptionChangeMessages.upsellFractionNotSold(FRACTION_LABELS[plan.fractionType]),
      );
    }
    const quoted = quotedItem(plan, price);
    return { id: row.id, change: "unchanged", before: quoted, after: quoted };
  });
  const amount = items.reduce((sum, item) => sum + (item.after?.pricePerDrawInCents ?? 0), 0);
  return {
    subscriptionId,
    kind: "upsellDraw",
    items,
    monthlyAmountBeforeInCents: monthlyCents,
    monthlyAmountAfterInCents: monthlyCents,
    effectiveDraw: drawRef(draw),
    payment: { method: "directDebitOnce", amountInCents: amount, draw: drawRef(draw) },
  };
}

/** The numbers an item played last (its latest draw with tickets of it), in order; empty when none. */
async function latestNumbers(tx: Tx, itemId: number): Promise<string[]> {
  const [latest] = await tx
    .select({ drawId: tickets.drawId })
    .from(tickets)
    .innerJoin(draws, eq(draws.id, tickets.drawId))
    .where(and(eq(tickets.subscriptionItemId, itemId), ne(tickets.purchaseType, "OneTimePlay")))
    .orderBy(desc(draws.drawAt))
    .limit(1);
  if (!latest) return [];
  const rows = await tx
    .select({ number: tickets.number })
    .from(tickets)
    .where(and(eq(tickets.subscriptionItemId, itemId), eq(tickets.drawId, latest.drawId)))
    .orderBy(asc(tickets.number));
  return rows.map((row) => row.number);
}

/**
 * The subscription's numbers for each chosen item in the draw: its fixed number, else the numbers it
 * played last, else random ones. Numbers someone already has in the draw (or another chosen item) make
 * that item play random numbers instead.
 */
async function upsellNumbers(tx: Tx, drawId: number, chosen: readonly ItemRow[], random: RandomInt) {
  const wanted = await Promise.all(
    chosen.map(async (row) => {
      const fixed =
        row.withFixedTicketNumber && row.fixedNumber
          ? numbersFrom(row.productType as ProductType, row.fixedNumber)
          : undefined;
      return fixed ?? (await latestNumbers(tx, row.id));
    }),
  );
  const candidates = wanted.flat();
  const taken = new Set(
    candidates.length === 0
      ? []
      : rowsOf(
          await tx.execute(
            sql`select number from tickets where draw_id = ${drawId} and number = any(${sql.param(candidates)}::text[])`,
          ),
        ).map((row) => String(row.number)),
  );
  const claimed = new Set<string>();
  const free = (numbers: readonly string[]) =>
    numbers.length > 0 && numbers.every((number) => !taken.has(number) && !claimed.has(number));
  const result: string[][] = [];
  for (const [index, row] of chosen.entries()) {
    let numbers = wanted[index] ?? [];
    for (let tries = 0; !free(numbers); tries++) {
      if (tries >= 100) throw new Error(`No free ticket numbers in draw ${drawId}`);
      const pair = row.productType === "SingleTicket" ? (row.endDigits ?? undefined) : undefined;
      numbers = ticketNumbers(row.productType as ProductType, pair, random);
      const found = rowsOf(
        await tx.execute(
          sql`select number from tickets where draw_id = ${drawId} and number = any(${sql.param(numbers)}::text[])`,
        ),
      );
      for (const hit of found) taken.add(String(hit.number));
    }
    for (const number of numbers) claimed.add(number);
    result.push(numbers);
  }
  return result;
}

function prepareDraw(itemIds: readonly number[], drawKind: UpsellDrawKind, now: Date, random: RandomInt) {
  return async (db: Db | Tx, subscription: Parameters<typeof requireEffectiveDraw>[1]) => {
    const active = await activeItems(db, subscription.id);
    const chosen = chosenItems(active, itemIds, ITEMS_FIELD);
    const draw = await upsellDraw(db, drawKind, now);
    const [played] = await db
      .select({ id: subscriptionCollections.id })
      .from(subscriptionCollections)
      .where(
        and(
          eq(subscriptionCollections.subscriptionId, subscription.id),
          eq(subscriptionCollections.drawId, draw.id),
        ),
      );
    if (played) refuse("draw", subscriptionChangeMessages.upsellDrawAlreadyPlayed);
    const monthly = monthlyAmount(active.map(itemPlan));
    const quote = drawUpsellQuote(subscription.id, draw, drawKind, chosen, monthly);
    return {
      quote,
      effectiveDrawId: draw.id,
      write: async (tx: Tx): Promise<{ tickets: IssuedTicket[] }> => {
        const inserted = await tx
          .insert(subscriptionCollections)
          .values({
            subscriptionId: subscription.id,
            drawId: draw.id,
            amountCents: quote.payment.amountInCents,
            method: "directDebit",
            state: "pending",
            purchaseType: "OneTimePlay",
            createdAt: now,
          })
          .onConflictDoNothing({
            target: [subscriptionCollections.subscriptionId, subscriptionCollections.drawId],
          })
          .returning({ id: subscriptionCollections.id });
        if (inserted.length === 0) refuse("draw", subscriptionChangeMessages.upsellDrawAlreadyPlayed);
        const numbers = await upsellNumbers(tx, draw.id, chosen, random);
        const rows = chosen.flatMap((row, groupIndex) =>
          (numbers[groupIndex] ?? []).map((number) => ({
            drawId: draw.id,
            number,
            playerId: subscription.playerId,
            productType: row.productType,
            fraction: row.fraction,
            withXl: row.withXl,
            multiplier: row.multiplier,
            purchaseType: "OneTimePlay",
            groupIndex,
            subscriptionItemId: row.id,
            createdAt: now,
          })),
        );
        const issued = await tx.insert(tickets).values(rows).returning();
        return { tickets: issued.map(issuedTicket) };
      },
    };
  };
}

/** What playing the chosen items once in the page's special draw would cost (PATCH .../upsell/draw/verify/{pageId}). */
export async function verifyDrawUpsell(
  actor: ChangeActor,
  lookup: UpsellLookup | undefined,
  pageId: string,
  body: UpsellBody,
): Promise<SubscriptionChangeQuote> {
  const upsell = await requireUpsell(lookup, pageId, "draw");
  const subscriptionId = await subscriptionOfItems(
    actor.db,
    actor.playerId,
    body.subscriptionItems,
    ITEMS_FIELD,
  );
  return verifyChange(
    actor,
    subscriptionId,
    prepareDraw(body.subscriptionItems, upsell.drawKind, actor.now, randomInt),
  );
}

/**
 * Plays the chosen items once in the page's special draw (PATCH /api/subscriptions/upsell/draw/{pageId}):
 * its collection (pending, by direct debit, `OneTimePlay`) and its tickets in one transaction; then the
 * pending collections are queued for submission.
 */
export async function applyDrawUpsell(
  actor: ChangeActor,
  lookup: UpsellLookup | undefined,
  pageId: string,
  body: UpsellBody & { transactionId: string },
  random: RandomInt = randomInt,
) {
  const upsell = await requireUpsell(lookup, pageId, "draw");
  const { transactionId, ...rest } = body;
  const subscriptionId = await subscriptionOfItems(
    actor.db,
    actor.playerId,
    rest.subscriptionItems,
    ITEMS_FIELD,
  );
  const applied = await applyChange(
    actor,
    { transactionId, subscriptionId, kind: "upsellDraw", content: { pageId, ...rest } },
    prepareDraw(rest.subscriptionItems, upsell.drawKind, actor.now, random),
  );
  // The draw's own direct debit goes to the bank at once, not at the hourly sweep (the jobs' `submit-collections`).
  await enqueueJob(actor.db, { name: SUBMIT_COLLECTIONS_JOB, payload: {} });
  return applied;
}
