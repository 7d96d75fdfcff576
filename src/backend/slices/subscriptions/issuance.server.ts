import { randomBytes } from "node:crypto";
import { and, asc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { z } from "zod";
import type { Db, Tx } from "@/src/backend/db/database.server";
import { rowsOf } from "@/src/backend/db/rows";
import { draws, subscriptionCollections, subscriptionItems, subscriptions } from "@/src/backend/db/schema";
import { drawAmount, drawCharge, drawMonth } from "@/src/domain/subscriptions/plan";
import type { EndDigitsPair } from "@/src/domain/tickets/basket-ticket";
import type { ProductType } from "@/src/domain/tickets/catalogue";
import { TICKET_NUMBER } from "@/src/domain/tickets/ticket-letters";
import { type RandomInt, ticketNumbers } from "@/src/domain/tickets/ticket-numbers";
import { itemPlan } from "./overview.server";

/**
 * Issuing subscriptions' tickets for a regular draw (issue 14, item 6; decision 13). Set-based, so a draw
 * of 100,000 subscriptions takes seconds: the subscriptions that play the draw are taken in keyset batches,
 * each batch one transaction that
 * 1. inserts the batch's collections for the draw with `ON CONFLICT DO NOTHING RETURNING`: only the
 *    subscriptions whose row this transaction wrote are issued, so a draw is issued once per subscription
 *    however often and on however many processes it runs (a second writer waits for the first's commit
 *    and then finds the rows there);
 * 2. gives every item that plays in the draw's month its numbers (a fixed number the same every draw),
 *    checks them against the draw's tickets in bulk and draws colliding ones again;
 * 3. inserts the tickets in one statement. Should a concurrent writer (an online order) have taken a number
 *    between the check and the insert, the count differs: the batch is rolled back and tried again.
 */

export type IssueServices = { db: Db; logger: Logger; now: () => Date };

export type IssueOutcome = {
  /** Subscriptions whose draw was issued by this call (not those issued before). */
  subscriptions: number;
  tickets: number;
};

export type IssueOptions = {
  /** Only these subscriptions (a sign-up's first draw); all that play the draw when absent. */
  subscriptionIds?: readonly number[];
  /** Stops between batches (the process is shutting down); what was issued stays issued. */
  signal?: AbortSignal;
  /** Subscriptions per transaction. */
  batchSize?: number;
};

type DrawRow = typeof draws.$inferSelect;
type ItemRow = typeof subscriptionItems.$inferSelect;

const BATCH_SIZE = 1_000;
/** A batch rolled back by a concurrent writer (or a deadlock) is tried this many times. */
const BATCH_ATTEMPTS = 6;
/** Rounds of drawing colliding numbers again before a batch gives up (a nearly full draw). */
const NUMBER_ROUNDS = 40;

/** The promotion a subscription was taken out with, as stored on it. */
const StoredPromotionSchema = z
  .object({
    id: z.string(),
    label: z.string(),
    draws: z.number().int().nonnegative(),
    discountPercent: z.number().int().min(0).max(100),
    trial: z.boolean().default(false),
  })
  .nullable()
  .catch(null);

/** Rolls a batch back so it is tried again: another writer changed what the batch counted on. */
class BatchConflict extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "BatchConflict";
  }
}

/** Deadlocks, serialization failures and a unique number taken meanwhile: the batch is worth trying again. */
function isRetryable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (current instanceof BatchConflict) return true;
    const code = (current as { code?: unknown }).code;
    if (code === "40P01" || code === "40001" || code === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Random digits and letters from the system's secure generator, a buffer at a time: issuing a draw needs
 * millions of them, and one `randomInt` call each would take seconds.
 */
export function bufferedRandom(): RandomInt {
  let pool = randomBytes(8192);
  let at = 0;
  return (below) => {
    if (below < 1 || below > 256) throw new RangeError(`bufferedRandom draws below 1..256, not ${below}`);
    const limit = 256 - (256 % below);
    for (;;) {
      if (at >= pool.length) {
        pool = randomBytes(8192);
        at = 0;
      }
      const byte = pool[at++] as number;
      if (byte < limit) return byte % below;
    }
  };
}

/** The numbers of a product whose first number is known: a fixed number as stored on its item. */
export function numbersFrom(productType: ProductType, first: string): string[] | undefined {
  if (!TICKET_NUMBER.test(first)) return undefined;
  if (productType === "Street") {
    const prefix = first.slice(0, -1);
    return first.endsWith("0") ? Array.from({ length: 10 }, (_, last) => `${prefix}${last}`) : undefined;
  }
  if (productType === "Boulevard") {
    const prefix = first.slice(0, -2);
    return first.endsWith("00")
      ? Array.from({ length: 100 }, (_, last) => `${prefix}${String(last).padStart(2, "0")}`)
      : undefined;
  }
  return [first];
}

/** Retention discounts the player accepted, as stored on the subscription (issue 15). */
const StoredDiscountsSchema = z
  .array(
    z.object({
      offerId: z.string(),
      label: z.string(),
      fromIndex: z.number().int().nonnegative(),
      draws: z.number().int().nonnegative(),
      discountPercent: z.number().int().min(0).max(100),
    }),
  )
  .catch([]);

type Candidate = {
  id: number;
  playerId: string;
  promotion: z.infer<typeof StoredPromotionSchema>;
  discounts: z.infer<typeof StoredDiscountsSchema>;
  /**
   * Regular collections of draws before this one: the draw's index in the subscription (0 is its first).
   * A draw upsell's collection (`OneTimePlay`) is not one of its regular draws.
   */
  earlier: number;
};

const parseJson = (value: unknown) => (typeof value === "string" ? JSON.parse(value) : value);

/**
 * The next batch of subscriptions that play the draw and have not been issued it: active ones, and locked
 * ones with no regular collection yet after the draw whose collection failed ("issuing continues for one
 * draw, then pauses"); started at or before the draw; not in a pause the player accepted; with an item
 * (not removed) that plays in its month. A cancelled subscription is never issued again.
 *
 * The batch's subscription rows are taken `for share`: a change of a subscription (runChange holds its
 * row `for update`) and issuing it take turns, so a change never lands half before and half after an
 * issue. Waiting for a change, the row is checked again as the change left it (a cancelled one drops out).
 */
async function selectCandidates(
  tx: Tx,
  draw: DrawRow,
  month: number,
  after: number,
  limit: number,
  only: readonly number[] | undefined,
): Promise<Candidate[]> {
  const restrict = only ? sql`and s.id = any(${sql.param(only.map(String))}::bigint[])` : sql``;
  const result = await tx.execute(sql`
    select s.id, s.player_id, s.promotion, s.discounts,
      (select count(*) from subscription_collections c join draws cd on cd.id = c.draw_id
        where c.subscription_id = s.id and cd.draw_at < d.draw_at
          and c.purchase_type <> 'OneTimePlay')::int as earlier
    from subscriptions s
    join draws sd on sd.id = s.start_draw_id
    cross join (select draw_at from draws where id = ${draw.id}) d
    where s.id > ${after} ${restrict}
      and sd.draw_at <= d.draw_at
      and (s.status = 'active' or (s.status = 'locked' and s.locked_draw_id is not null and not exists (
        select 1 from subscription_collections c
        join draws cd on cd.id = c.draw_id
        join draws ld on ld.id = s.locked_draw_id
        where c.subscription_id = s.id and cd.draw_at > ld.draw_at and c.purchase_type <> 'OneTimePlay')))
      and not (s.paused_from is not null and s.paused_until is not null
        and d.draw_at between s.paused_from and s.paused_until)
      and not exists (
        select 1 from subscription_collections c where c.subscription_id = s.id and c.draw_id = ${draw.id})
      and exists (
        select 1 from subscription_items i
        where i.subscription_id = s.id and i.removed_at is null
          and i.participating_months @> jsonb_build_array(${month}::int))
    order by s.id
    limit ${limit}
    for share of s`);
  return rowsOf(result).map((row) => ({
    id: Number(row.id),
    playerId: String(row.player_id),
    promotion: StoredPromotionSchema.parse(parseJson(row.promotion)),
    discounts: StoredDiscountsSchema.parse(parseJson(row.discounts)),
    earlier: Number(row.earlier),
  }));
}

/** One item's tickets in the draw: 1, 10 or 100 numbers sharing a group. */
type Group = {
  item: ItemRow;
  playerId: string;
  purchaseType: "Subscription" | "TrialSubscription";
  groupIndex: number;
  numbers: string[];
  /** The numbers are the item's stored fixed number: never drawn again, unless taken (then random). */
  fixed: boolean;
  /** The item's first issue with a fixed number: its first number is stored on the item. */
  storeFixed: boolean;
};

/**
 * Gives every group numbers that no other group of the batch, no ticket of the draw and (for numbers
 * drawn now) no item's fixed number has. A stored fixed number already taken in the draw by someone else
 * is logged and replaced by a random number for this draw only.
 */
async function chooseNumbers(
  tx: Tx,
  drawId: number,
  groups: Group[],
  random: RandomInt,
  logger: Logger,
): Promise<void> {
  const claimed = new Map<string, Group>();
  const release = (group: Group) => {
    for (const number of group.numbers) if (claimed.get(number) === group) claimed.delete(number);
  };
  const draw = (group: Group) => {
    for (let tries = 0; ; tries++) {
      const pair =
        group.item.productType === "SingleTicket" ? (group.item.endDigits ?? undefined) : undefined;
      const numbers = ticketNumbers(group.item.productType as ProductType, pair as EndDigitsPair, random);
      if (!numbers.some((number) => claimed.has(number))) {
        group.numbers = numbers;
        for (const number of numbers) claimed.set(number, group);
        return;
      }
      if (tries >= 1_000) throw new Error(`No free ticket numbers in draw ${drawId}`);
    }
  };
  const unfix = (group: Group, reason: string) => {
    logger.warn(
      { drawId, subscriptionItemId: group.item.id, subscriptionId: group.item.subscriptionId, reason },
      "fixed ticket number not available in this draw; a random number plays instead",
    );
    group.fixed = false;
  };

  // Stored fixed numbers first: they keep their numbers unless another fixed run overlaps them.
  for (const group of groups.filter((candidate) => candidate.fixed)) {
    if (group.numbers.some((number) => claimed.has(number))) {
      unfix(group, "overlaps another fixed number");
      continue;
    }
    for (const number of group.numbers) claimed.set(number, group);
  }
  for (const group of groups.filter((candidate) => !candidate.fixed)) draw(group);

  let check = groups;
  for (let round = 0; check.length > 0; round++) {
    if (round >= NUMBER_ROUNDS) throw new Error(`No free ticket numbers in draw ${drawId}`);
    const all = check.flatMap((group) => group.numbers);
    const fresh = check.filter((group) => !group.fixed).flatMap((group) => group.numbers);
    const result = await tx.execute(sql`
      select number from tickets where draw_id = ${drawId} and number = any(${sql.param(all)}::text[])
      union all
      select fixed_number from subscription_items where fixed_number = any(${sql.param(fresh)}::text[])`);
    const taken = new Set(rowsOf(result).map((row) => String(row.number)));
    const collided = check.filter((group) => group.numbers.some((number) => taken.has(number)));
    for (const group of collided) {
      if (group.fixed) unfix(group, "taken in this draw");
      release(group);
      draw(group);
    }
    check = collided;
  }
}

/** Inserts the groups' tickets in one statement; answers how many rows went in. */
async function insertTickets(tx: Tx, drawId: number, groups: readonly Group[]): Promise<number> {
  const rows = groups.flatMap((group) => group.numbers.map((number) => ({ group, number })));
  const column = <T>(pick: (row: (typeof rows)[number]) => T) => sql.param(rows.map(pick));
  const result = await tx.execute(sql`
    with inserted as (
      insert into tickets (draw_id, number, player_id, product_type, fraction, with_xl, multiplier,
        purchase_type, group_index, subscription_item_id)
      select ${drawId}, * from unnest(
        ${column((row) => row.number)}::text[],
        ${column((row) => row.group.playerId)}::uuid[],
        ${column((row) => row.group.item.productType)}::text[],
        ${column((row) => row.group.item.fraction)}::text[],
        ${column((row) => row.group.item.withXl)}::boolean[],
        ${column((row) => row.group.item.multiplier)}::int[],
        ${column((row) => row.group.purchaseType)}::text[],
        ${column((row) => row.group.groupIndex)}::int[],
        ${column((row) => String(row.group.item.id))}::bigint[])
      on conflict (draw_id, number) do nothing
      returning 1)
    select count(*)::int as inserted from inserted`);
  return Number(rowsOf(result)[0]?.inserted ?? 0);
}

/** Stores the first number of items issued with a fixed number for the first time. */
async function storeFixedNumbers(tx: Tx, groups: readonly Group[]): Promise<void> {
  const first = groups.filter((group) => group.storeFixed && !group.fixed);
  if (first.length === 0) return;
  const result = await tx.execute(sql`
    with stored as (
      update subscription_items si set fixed_number = v.number
      from unnest(${sql.param(first.map((group) => String(group.item.id)))}::bigint[],
        ${sql.param(first.map((group) => group.numbers[0] as string))}::text[]) as v(id, number)
      where si.id = v.id and si.fixed_number is null
      returning 1)
    select count(*)::int as stored from stored`);
  const stored = Number(rowsOf(result)[0]?.stored ?? 0);
  if (stored !== first.length) throw new BatchConflict("an item's fixed number was stored meanwhile");
}

type BatchOutcome = IssueOutcome & { lastId: number | undefined };

/** A candidate's charge for the draw, with its items that play in the draw's month. */
type CandidateCharge = {
  candidate: Candidate;
  items: ItemRow[];
  charge: ReturnType<typeof drawCharge>;
  first: boolean;
};

async function issueBatch(
  tx: Tx,
  draw: DrawRow,
  after: number,
  options: { only?: readonly number[]; batchSize: number; now: Date; random: RandomInt; logger: Logger },
): Promise<BatchOutcome> {
  const month = drawMonth(draw.drawAt);
  // Every lookup of a batch goes by key. The collections table fills during the run, faster than its
  // statistics follow: planned from an empty table, its lookups would become scans of a growing table.
  await tx.execute(sql`set local enable_seqscan = off`);
  const candidates = await selectCandidates(tx, draw, month, after, options.batchSize, options.only);
  const lastId = candidates.at(-1)?.id;
  if (lastId === undefined) return { lastId, subscriptions: 0, tickets: 0 };

  const itemsOf = await itemsPlayingIn(tx, candidates, month);
  const charges = candidates.map((candidate): CandidateCharge => {
    const items = itemsOf.get(candidate.id) ?? [];
    const charge = drawCharge(
      drawAmount(items.map(itemPlan), month),
      candidate.earlier,
      candidate.promotion,
      candidate.discounts,
    );
    return { candidate, items, charge, first: candidate.earlier === 0 };
  });
  const winners = await insertCollections(tx, draw.id, charges, options.now);

  const groups = groupsOf(charges, winners);
  if (groups.length === 0) return { lastId, subscriptions: winners.size, tickets: 0 };
  await chooseNumbers(tx, draw.id, groups, options.random, options.logger);
  const expected = groups.reduce((sum, group) => sum + group.numbers.length, 0);
  const inserted = await insertTickets(tx, draw.id, groups);
  if (inserted !== expected) throw new BatchConflict(`${expected - inserted} numbers were taken meanwhile`);
  await storeFixedNumbers(tx, groups);
  return { lastId, subscriptions: winners.size, tickets: inserted };
}

/** The candidates' items (not removed) that play in the month, per subscription id. */
async function itemsPlayingIn(
  tx: Tx,
  candidates: readonly Candidate[],
  month: number,
): Promise<Map<number, ItemRow[]>> {
  const itemRows = await tx
    .select()
    .from(subscriptionItems)
    .where(
      and(
        inArray(
          subscriptionItems.subscriptionId,
          candidates.map((candidate) => candidate.id),
        ),
        isNull(subscriptionItems.removedAt),
      ),
    )
    .orderBy(asc(subscriptionItems.subscriptionId), asc(subscriptionItems.id));
  const itemsOf = new Map<number, ItemRow[]>();
  for (const item of itemRows) {
    if (!item.participatingMonths.includes(month)) continue;
    const list = itemsOf.get(item.subscriptionId) ?? [];
    list.push(item);
    itemsOf.set(item.subscriptionId, list);
  }
  return itemsOf;
}

/** Inserts the batch's collections for the draw; answers the subscriptions whose row this call wrote. */
async function insertCollections(
  tx: Tx,
  drawId: number,
  charges: readonly CandidateCharge[],
  now: Date,
): Promise<Set<number>> {
  const won = await tx
    .insert(subscriptionCollections)
    .values(
      charges.map(({ candidate, charge, first }) => ({
        subscriptionId: candidate.id,
        drawId,
        amountCents: charge.amountCents,
        // The first draw was paid by the iDEAL payment that took the subscription out.
        method: first ? "ideal" : "directDebit",
        state: first ? "paid" : "pending",
        purchaseType: charge.purchaseType,
        settledAt: first ? now : null,
      })),
    )
    .onConflictDoNothing({ target: [subscriptionCollections.subscriptionId, subscriptionCollections.drawId] })
    .returning({ subscriptionId: subscriptionCollections.subscriptionId });
  return new Set(won.map((row) => row.subscriptionId));
}

/** One group per item of the subscriptions this batch issues, with its fixed number when it has one. */
function groupsOf(charges: readonly CandidateCharge[], winners: ReadonlySet<number>): Group[] {
  const groups: Group[] = [];
  for (const { candidate, items, charge } of charges) {
    if (!winners.has(candidate.id)) continue;
    for (const [groupIndex, item] of items.entries()) {
      const fixedNumbers = item.fixedNumber
        ? numbersFrom(item.productType as ProductType, item.fixedNumber)
        : undefined;
      groups.push({
        item,
        playerId: candidate.playerId,
        purchaseType: charge.purchaseType,
        groupIndex,
        numbers: fixedNumbers ?? [],
        fixed: Boolean(item.withFixedTicketNumber && fixedNumbers),
        storeFixed: item.withFixedTicketNumber && !item.fixedNumber,
      });
    }
  }
  return groups;
}

/**
 * Issues a draw for every subscription that plays in it (or only `subscriptionIds`), once per
 * subscription and draw however often and on however many processes it runs: the draw's collection row
 * is written in the same transaction as its tickets. Only a regular draw of the classic lottery whose sales
 * are open is issued; any other answers nothing issued.
 */
export async function issueDraw(
  services: IssueServices,
  drawId: number,
  options: IssueOptions = {},
): Promise<IssueOutcome> {
  const { db, logger } = services;
  const now = services.now();
  const [draw] = await db.select().from(draws).where(eq(draws.id, drawId));
  if (draw?.gameType !== "KROON" || draw.kind !== "regular") {
    logger.warn({ drawId }, "not a regular draw: no subscription tickets issued");
    return { subscriptions: 0, tickets: 0 };
  }
  if (draw.salesCloseAt.getTime() <= now.getTime()) {
    logger.warn({ drawId }, "the draw's sales have closed: no subscription tickets issued");
    return { subscriptions: 0, tickets: 0 };
  }
  if (options.subscriptionIds && options.subscriptionIds.length === 0)
    return { subscriptions: 0, tickets: 0 };

  const random = bufferedRandom();
  const batchSize = options.batchSize ?? BATCH_SIZE;
  const total: IssueOutcome = { subscriptions: 0, tickets: 0 };
  const started = performance.now();
  for (let after = 0; ; ) {
    options.signal?.throwIfAborted();
    let batch: BatchOutcome | undefined;
    for (let attempt = 1; !batch; attempt++) {
      try {
        batch = await db.transaction((tx) =>
          issueBatch(tx, draw, after, { only: options.subscriptionIds, batchSize, now, random, logger }),
        );
      } catch (error) {
        if (attempt >= BATCH_ATTEMPTS || !isRetryable(error)) throw error;
        logger.warn({ drawId, after, attempt, reason: (error as Error).message }, "issuing batch retried");
      }
    }
    total.subscriptions += batch.subscriptions;
    total.tickets += batch.tickets;
    if (batch.lastId === undefined) break;
    after = batch.lastId;
  }
  if (total.subscriptions > 0 || !options.subscriptionIds) {
    logger.info(
      { drawId, ...total, ms: Math.round(performance.now() - started) },
      "subscription tickets issued",
    );
  }
  return total;
}

/**
 * Issues the draws on sale that a subscription plays in and that are due: its start draw (right after
 * sign-up, so the player sees the first tickets at once) and the next regular draw on sale, the one the
 * scheduler issues, when the subscription has started by then.
 */
export async function issueDueForSubscription(
  services: IssueServices,
  subscriptionId: number,
): Promise<IssueOutcome> {
  const { db } = services;
  const now = services.now();
  const [subscription] = await db
    .select({ startDrawId: subscriptions.startDrawId })
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId));
  if (!subscription) return { subscriptions: 0, tickets: 0 };
  const next = await nextRegularDrawOnSale(db, now);
  const due = new Set<number>([subscription.startDrawId]);
  if (next) due.add(next.id);
  const dueDraws = await db
    .select()
    .from(draws)
    .where(inArray(draws.id, [...due]));
  const total: IssueOutcome = { subscriptions: 0, tickets: 0 };
  for (const draw of dueDraws.sort((a, b) => a.drawAt.getTime() - b.drawAt.getTime())) {
    if (draw.salesCloseAt.getTime() <= now.getTime()) continue;
    const outcome = await issueDraw(services, draw.id, { subscriptionIds: [subscriptionId] });
    total.subscriptions += outcome.subscriptions;
    total.tickets += outcome.tickets;
  }
  return total;
}

/** The next regular draw of the classic lottery whose sales are open: the one the scheduler issues. */
export async function nextRegularDrawOnSale(db: Db, now: Date): Promise<DrawRow | undefined> {
  const [draw] = await db
    .select()
    .from(draws)
    .where(and(eq(draws.gameType, "KROON"), eq(draws.kind, "regular"), gt(draws.salesCloseAt, now)))
    .orderBy(asc(draws.salesCloseAt))
    .limit(1);
  return draw;
}
