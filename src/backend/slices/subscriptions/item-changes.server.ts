import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "@/src/backend/db/database.server";
import { subscriptionItems, subscriptions } from "@/src/backend/db/schema";
import type { EndpointOutput } from "@/src/contract/define";
import type {
  ChangedItem,
  ChangePaymentSchema,
  getSubscriptionChangeDetails,
  SubscriptionChangeApplied,
  SubscriptionChangeQuote,
  SubscriptionItemsAdd,
  SubscriptionItemUpdate,
} from "@/src/contract/subscription-changes";
import type { QuotedItemSchema, SubscriptionStatus } from "@/src/contract/subscriptions";
import { type ChangeKind, MAX_SUBSCRIPTION_ITEMS } from "@/src/domain/subscriptions/changes";
import {
  ALL_MONTHS,
  choosesEndDigits,
  itemDrawPrice,
  MAX_SUBSCRIPTION_QUANTITY,
  MIN_PARTICIPATING_MONTHS,
  monthlyAmount,
  type SubscriptionItemPlan,
} from "@/src/domain/subscriptions/plan";
import { MULTIPLIERS } from "@/src/domain/tickets/catalogue";
import { subscriptionChangeMessages, subscriptionMessages } from "@/src/lib/messages";
import {
  assertChangeable,
  type DrawRow,
  effectiveDraw,
  playerSubscription,
  runChange,
  type SubscriptionRow,
} from "./change-transaction.server";
import { itemPlan, subscriptionSummaries } from "./overview.server";
import { choiceErrors, itemsOfChoice, subscriptionCatalogue } from "./quote";
import { drawRef } from "./sales.server";
import { SubscriptionError } from "./subscription-error.server";

/**
 * Changing a subscription's items (issue 15; spec sections 3 and 7): adding, changing and removing items,
 * and what the edit page offers. Every change comes as a verify (the quote: what would change, stores
 * nothing) and an apply under a transaction id (runChange: once, with the subscription locked). A change
 * writes the item rows in place: the issuance reads them when it issues a draw, so it takes effect from
 * the first draw not yet issued to the subscription, and tickets already issued stay as they are.
 */

export type ItemRow = typeof subscriptionItems.$inferSelect;
export type QuotedItem = z.infer<typeof QuotedItemSchema>;
export type ChangePayment = z.infer<typeof ChangePaymentSchema>;
type Executor = Db | Tx;

/** Who asks, and when: every change is the logged-in player's, at one moment. */
export type ChangeActor = { db: Db; now: Date; playerId: string };

/** A refusal of the choice: 422 with the Dutch message on the field; nothing changes. */
export function refuse(field: string, message: string): never {
  throw new SubscriptionError("InvalidChoice", { [field]: [message] });
}

/** An item as a quote shows it, priced for one regular draw (or at `price`, for a special draw). */
export function quotedItem(plan: SubscriptionItemPlan, price = itemDrawPrice(plan)): QuotedItem {
  return { ...plan, participatingMonths: [...plan.participatingMonths], pricePerDrawInCents: price };
}

function unchangedItem(row: ItemRow): ChangedItem {
  const quoted = quotedItem(itemPlan(row));
  return { id: row.id, change: "unchanged", before: quoted, after: quoted };
}

/** The subscription's items that play (not removed), oldest first. */
export async function activeItems(db: Executor, subscriptionId: number): Promise<ItemRow[]> {
  return db
    .select()
    .from(subscriptionItems)
    .where(and(eq(subscriptionItems.subscriptionId, subscriptionId), isNull(subscriptionItems.removedAt)))
    .orderBy(asc(subscriptionItems.id));
}

/**
 * The subscription the chosen items belong to. Items that are none of the player's answer as no
 * subscription (404, `UserHasNoSubscriptionError`); items of two of her subscriptions, or some of hers
 * and some not, are refused on `field` (422). Removed items count as hers here, so a replayed removal
 * finds its subscription; whether they still play is checked under the lock (`chosenItems`).
 */
export async function subscriptionOfItems(
  db: Executor,
  playerId: string,
  itemIds: readonly number[],
  field: string,
): Promise<number> {
  const rows = await db
    .select({ id: subscriptionItems.id, subscriptionId: subscriptionItems.subscriptionId })
    .from(subscriptionItems)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionItems.subscriptionId))
    .where(and(inArray(subscriptionItems.id, [...itemIds]), eq(subscriptions.playerId, playerId)));
  const [first] = rows;
  if (!first) throw new SubscriptionError("UserHasNoSubscriptionError");
  const owners = new Set(rows.map((row) => row.subscriptionId));
  if (owners.size > 1 || rows.length < new Set(itemIds).size) {
    refuse(field, subscriptionChangeMessages.unknownItem);
  }
  return first.subscriptionId;
}

/** The chosen items among the subscription's playing items, in the order chosen; any other is refused. */
export function chosenItems(
  active: readonly ItemRow[],
  itemIds: readonly number[],
  field: string,
): ItemRow[] {
  return itemIds.map((id) => {
    const row = active.find((item) => item.id === id);
    if (!row) refuse(field, subscriptionChangeMessages.unknownItem);
    return row;
  });
}

/** The draw a change takes effect from; a change with none on sale is refused (nothing would play it). */
export async function requireEffectiveDraw(
  db: Executor,
  subscription: SubscriptionRow,
  now: Date,
): Promise<DrawRow> {
  const draw = await effectiveDraw(db, subscription, now);
  if (!draw) refuse("draw", subscriptionChangeMessages.noDrawOnSale);
  return draw;
}

/**
 * How a change of the monthly amount is paid: more is collected with the next direct debits (from the
 * effective draw: `amountInCents` more per draw), less or the same needs nothing.
 */
export function paymentForDifference(
  beforeCents: number,
  afterCents: number,
  draw: DrawRow | undefined,
): ChangePayment {
  const more = afterCents - beforeCents;
  if (more <= 0 || !draw) return { method: "none", amountInCents: 0, draw: null };
  return { method: "nextCollection", amountInCents: more, draw: drawRef(draw) };
}

/** The quote of a change of items: every item before and after, the monthly amounts, and how it is paid. */
export function itemsQuote(
  subscriptionId: number,
  kind: ChangeKind,
  items: ChangedItem[],
  draw: DrawRow,
): SubscriptionChangeQuote {
  const sum = (side: "before" | "after") =>
    items.reduce((total, item) => total + (item[side]?.pricePerDrawInCents ?? 0), 0);
  const before = sum("before");
  const after = sum("after");
  return {
    subscriptionId,
    kind,
    items,
    monthlyAmountBeforeInCents: before,
    monthlyAmountAfterInCents: after,
    effectiveDraw: drawRef(draw),
    payment: paymentForDifference(before, after, draw),
  };
}

/** A change checked against the subscription as it is: its quote, and how to store it. */
export type PreparedChange<Extra extends Record<string, unknown> = Record<string, never>> = {
  quote: SubscriptionChangeQuote;
  effectiveDrawId: number;
  /** Writes the change in the apply's transaction; what it answers joins the apply's answer. */
  write: (tx: Tx) => Promise<Extra>;
};

type Prepare<Extra extends Record<string, unknown>> = (
  db: Executor,
  subscription: SubscriptionRow,
) => Promise<PreparedChange<Extra>>;

/** The quote of a change, nothing stored: the player's subscription, if it may change, checked as it is. */
export async function verifyChange<Extra extends Record<string, unknown>>(
  actor: ChangeActor,
  subscriptionId: number,
  prepare: Prepare<Extra>,
): Promise<SubscriptionChangeQuote> {
  const subscription = await playerSubscription(actor.db, actor.playerId, subscriptionId);
  assertChangeable(subscription);
  return (await prepare(actor.db, subscription)).quote;
}

/**
 * Applies a change once under its transaction id (runChange): checked again with the subscription locked,
 * written, and answered with the subscription as it is after the change (read once it committed; a replay
 * answers what the change answered, with the subscription as it is now).
 */
export async function applyChange<Extra extends Record<string, unknown>>(
  actor: ChangeActor,
  request: { transactionId: string; subscriptionId: number; kind: ChangeKind; content: unknown },
  prepare: Prepare<Extra>,
): Promise<SubscriptionChangeApplied & Extra> {
  const answer = await runChange(
    actor.db,
    { ...request, playerId: actor.playerId },
    async (tx, subscription) => {
      assertChangeable(subscription);
      const prepared = await prepare(tx, subscription);
      const extra = await prepared.write(tx);
      return {
        answer: {
          ...prepared.quote,
          ...extra,
          transactionId: request.transactionId,
          appliedAt: actor.now.toISOString(),
        },
        effectiveDrawId: prepared.effectiveDrawId,
      };
    },
  );
  const [subscription] = await subscriptionSummaries(actor.db, actor.now, actor.playerId, [
    request.subscriptionId,
  ]);
  if (!subscription) throw new SubscriptionError("UserHasNoSubscriptionError");
  return { ...(answer as Omit<SubscriptionChangeApplied, "subscription"> & Extra), subscription };
}

// --- What the edit page offers -----------------------------------------------------------------------

export type SubscriptionChangeDetails = EndpointOutput<typeof getSubscriptionChangeDetails>;

/** The edit page of one of the player's subscriptions (GET /api/subscriptions/configurator/price-details). */
export async function subscriptionChangeDetails(
  actor: ChangeActor,
  subscriptionId: number,
): Promise<SubscriptionChangeDetails> {
  const subscription = await playerSubscription(actor.db, actor.playerId, subscriptionId);
  const rows = await activeItems(actor.db, subscriptionId);
  const draw =
    subscription.status === "cancelled" ? undefined : await effectiveDraw(actor.db, subscription, actor.now);
  const plans = rows.map(itemPlan);
  return {
    subscriptionId,
    status: subscription.status as SubscriptionStatus,
    cancelableOnline: subscription.channel === "online",
    items: rows.map((row, index) => {
      const plan = plans[index] as SubscriptionItemPlan;
      return {
        ...quotedItem(plan),
        id: row.id,
        subscriptionId: row.subscriptionId,
        fixedNumber: row.fixedNumber,
      };
    }),
    monthlyAmountInCents: monthlyAmount(plans),
    products: subscriptionCatalogue(),
    multipliers: [...MULTIPLIERS],
    maxItems: MAX_SUBSCRIPTION_ITEMS,
    maxQuantity: MAX_SUBSCRIPTION_QUANTITY,
    months: [...ALL_MONTHS],
    minParticipatingMonths: MIN_PARTICIPATING_MONTHS,
    effectiveDraw: draw ? drawRef(draw) : null,
  };
}

// --- Adding items ------------------------------------------------------------------------------------

/** The items an add call makes (a quantity of N is N items), or its refusals by field. */
export function addedItems(
  input: Omit<SubscriptionItemsAdd, "subscriptionId">,
  playing: number,
): { items: SubscriptionItemPlan[]; errors: Record<string, string[]> } {
  const choice = { ...input, chosenPromotionId: undefined };
  const errors = choiceErrors(choice, {});
  if (playing + input.quantity > MAX_SUBSCRIPTION_ITEMS) {
    errors.quantity = [subscriptionChangeMessages.tooManyItems(MAX_SUBSCRIPTION_ITEMS)];
  }
  return { items: itemsOfChoice(choice), errors };
}

function prepareAdd(input: SubscriptionItemsAdd, now: Date): Prepare<Record<string, never>> {
  return async (db, subscription) => {
    const active = await activeItems(db, subscription.id);
    const { subscriptionId: _id, ...choice } = input;
    const { items, errors } = addedItems(choice, active.length);
    if (Object.keys(errors).length > 0) throw new SubscriptionError("InvalidChoice", errors);
    const draw = await requireEffectiveDraw(db, subscription, now);
    const changed: ChangedItem[] = [
      ...active.map(unchangedItem),
      ...items.map(
        (plan): ChangedItem => ({ id: null, change: "added", before: null, after: quotedItem(plan) }),
      ),
    ];
    return {
      quote: itemsQuote(subscription.id, "addItems", changed, draw),
      effectiveDrawId: draw.id,
      write: async (tx) => {
        await tx.insert(subscriptionItems).values(
          items.map((plan) => ({
            subscriptionId: subscription.id,
            productType: plan.productType,
            fraction: plan.fractionType,
            withXl: plan.withXl,
            endDigits: plan.endDigits,
            withFixedTicketNumber: plan.withFixedTicketNumber,
            participatingMonths: plan.participatingMonths,
            multiplier: plan.multiplier,
            createdAt: now,
          })),
        );
        return {};
      },
    };
  };
}

/** What adding items would cost, from which draw (POST /api/subscriptions/items/verify/add). */
export function verifyAddItems(actor: ChangeActor, input: SubscriptionItemsAdd) {
  return verifyChange(actor, input.subscriptionId, prepareAdd(input, actor.now));
}

/** Adds items from the effective draw (POST /api/subscriptions/items/add). */
export function addItems(actor: ChangeActor, input: SubscriptionItemsAdd & { transactionId: string }) {
  const { transactionId, ...content } = input;
  return applyChange(
    actor,
    { transactionId, subscriptionId: input.subscriptionId, kind: "addItems", content },
    prepareAdd(content, actor.now),
  );
}

// --- Changing an item --------------------------------------------------------------------------------

/** The item as the update fields would have it, or the refusals of those fields. */
export function updatedPlan(update: Omit<SubscriptionItemUpdate, "id">): {
  plan: SubscriptionItemPlan;
  errors: Record<string, string[]>;
} {
  const errors: Record<string, string[]> = {};
  const digits = choosesEndDigits(update.endDigits);
  if (digits && update.productType !== "SingleTicket") {
    errors.endDigits = [subscriptionMessages.endDigitsOnlySingle];
  }
  return {
    plan: {
      productType: update.productType,
      fractionType: update.fractionType,
      withXl: update.withXl,
      endDigits: digits && update.productType === "SingleTicket" ? update.endDigits : null,
      withFixedTicketNumber: update.withFixedTicketNumber,
      participatingMonths: [...new Set(update.participatingMonths)].sort((a, b) => a - b),
      multiplier: update.multiplier,
    },
    errors,
  };
}

function sameDigits(a: SubscriptionItemPlan["endDigits"], b: SubscriptionItemPlan["endDigits"]): boolean {
  return (a?.[0] ?? null) === (b?.[0] ?? null) && (a?.[1] ?? null) === (b?.[1] ?? null);
}

/** True when the two plans play the same. */
export function samePlan(a: SubscriptionItemPlan, b: SubscriptionItemPlan): boolean {
  const months = (plan: SubscriptionItemPlan) =>
    [...plan.participatingMonths].sort((x, y) => x - y).join(",");
  return (
    a.productType === b.productType &&
    a.fractionType === b.fractionType &&
    a.withXl === b.withXl &&
    sameDigits(a.endDigits, b.endDigits) &&
    a.withFixedTicketNumber === b.withFixedTicketNumber &&
    months(a) === months(b) &&
    a.multiplier === b.multiplier
  );
}

/**
 * Whether an item keeps its fixed number through a change: not when it becomes another product (a street's
 * number is no single ticket's), stops playing a fixed number, or chooses other end digits. A cleared
 * number is drawn again when the next draw is issued (and kept from then on, if still fixed).
 */
export function keepsFixedNumber(before: SubscriptionItemPlan, after: SubscriptionItemPlan): boolean {
  return (
    after.withFixedTicketNumber &&
    before.productType === after.productType &&
    sameDigits(before.endDigits, after.endDigits)
  );
}

function prepareUpdate(update: SubscriptionItemUpdate, now: Date): Prepare<Record<string, never>> {
  return async (db, subscription) => {
    const active = await activeItems(db, subscription.id);
    const row = active.find((item) => item.id === update.id);
    if (!row) throw new SubscriptionError("UserHasNoSubscriptionError");
    const { id: _id, ...fields } = update;
    const { plan, errors } = updatedPlan(fields);
    if (Object.keys(errors).length > 0) throw new SubscriptionError("InvalidChoice", errors);
    const before = itemPlan(row);
    if (samePlan(before, plan)) refuse("id", subscriptionChangeMessages.nothingChanged);
    const draw = await requireEffectiveDraw(db, subscription, now);
    const changed = active.map(
      (item): ChangedItem =>
        item.id === row.id
          ? { id: row.id, change: "changed", before: quotedItem(before), after: quotedItem(plan) }
          : unchangedItem(item),
    );
    return {
      quote: itemsQuote(subscription.id, "updateItem", changed, draw),
      effectiveDrawId: draw.id,
      write: async (tx) => {
        await tx
          .update(subscriptionItems)
          .set({
            productType: plan.productType,
            fraction: plan.fractionType,
            withXl: plan.withXl,
            endDigits: plan.endDigits,
            withFixedTicketNumber: plan.withFixedTicketNumber,
            participatingMonths: plan.participatingMonths,
            multiplier: plan.multiplier,
            ...(keepsFixedNumber(before, plan) ? {} : { fixedNumber: null }),
          })
          .where(eq(subscriptionItems.id, row.id));
        return {};
      },
    };
  };
}

/** The subscription of an item of the player's (removed ones too, for a replay); 404 when not hers. */
async function subscriptionOfItem(actor: ChangeActor, itemId: number): Promise<number> {
  return subscriptionOfItems(actor.db, actor.playerId, [itemId], "id");
}

/** What changing an item would cost, from which draw (PATCH /api/subscriptions/items/verify/update). */
export async function verifyUpdateItem(actor: ChangeActor, update: SubscriptionItemUpdate) {
  const subscriptionId = await subscriptionOfItem(actor, update.id);
  return verifyChange(actor, subscriptionId, prepareUpdate(update, actor.now));
}

/** Changes an item from the effective draw (PATCH /api/subscriptions/items/update). */
export async function updateItem(
  actor: ChangeActor,
  input: SubscriptionItemUpdate & { transactionId: string },
) {
  const { transactionId, ...content } = input;
  const subscriptionId = await subscriptionOfItem(actor, input.id);
  return applyChange(
    actor,
    { transactionId, subscriptionId, kind: "updateItem", content },
    prepareUpdate(content, actor.now),
  );
}

// --- Removing items ----------------------------------------------------------------------------------

function prepareRemove(itemIds: readonly number[], now: Date): Prepare<Record<string, never>> {
  return async (db, subscription) => {
    const active = await activeItems(db, subscription.id);
    const chosen = chosenItems(active, itemIds, "subscriptionItems");
    // Removing every item stops the subscription: that is a cancellation, with its own steps.
    if (chosen.length >= active.length) refuse("subscriptionItems", subscriptionChangeMessages.lastItem);
    const draw = await requireEffectiveDraw(db, subscription, now);
    const removed = new Set(chosen.map((row) => row.id));
    const changed = active.map(
      (item): ChangedItem =>
        removed.has(item.id)
          ? { id: item.id, change: "removed", before: quotedItem(itemPlan(item)), after: null }
          : unchangedItem(item),
    );
    return {
      quote: itemsQuote(subscription.id, "removeItems", changed, draw),
      effectiveDrawId: draw.id,
      write: async (tx) => {
        await tx
          .update(subscriptionItems)
          .set({ removedAt: now })
          .where(and(inArray(subscriptionItems.id, [...removed]), isNull(subscriptionItems.removedAt)));
        return {};
      },
    };
  };
}

/** What removing items would save, from which draw (DELETE /api/subscriptions/items/verify/remove). */
export async function verifyRemoveItems(actor: ChangeActor, input: { subscriptionItems: number[] }) {
  const subscriptionId = await subscriptionOfItems(
    actor.db,
    actor.playerId,
    input.subscriptionItems,
    "subscriptionItems",
  );
  return verifyChange(actor, subscriptionId, prepareRemove(input.subscriptionItems, actor.now));
}

/** Removes items from the effective draw (DELETE /api/subscriptions/items/remove). */
export async function removeItems(
  actor: ChangeActor,
  input: { subscriptionItems: number[]; transactionId: string },
) {
  const { transactionId, ...content } = input;
  const subscriptionId = await subscriptionOfItems(
    actor.db,
    actor.playerId,
    input.subscriptionItems,
    "subscriptionItems",
  );
  return applyChange(
    actor,
    { transactionId, subscriptionId, kind: "removeItems", content },
    prepareRemove(input.subscriptionItems, actor.now),
  );
}
