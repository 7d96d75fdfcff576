import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/src/backend/db/database.server";
import {
  type draws,
  subscriptionCollections,
  subscriptionItems,
  subscriptions,
  tickets,
} from "@/src/backend/db/schema";
import { ALL_MONTHS, drawMonth, itemDrawPrice } from "@/src/domain/subscriptions/plan";
import { TICKET_NUMBER } from "@/src/domain/tickets/ticket-letters";
import { capturedLogger } from "@/tests/support/captured-logs";
import {
  createPlayer,
  createSubscription,
  openTestDatabase,
  regularDrawsOnSale,
} from "@/tests/support/subscription-fixtures";
import { issueDraw, issueDueForSubscription, numbersFrom } from "./issuance.server";

/**
 * Issuing subscriptions' tickets (issue 14, item 6) on PGlite, and on PostgreSQL with TEST_DATABASE_URL:
 * what the player finds among the draw's tickets, and what is collected.
 */

let database: Database;
let close: () => Promise<void>;
const { logger, logs } = capturedLogger();
const services = () => ({ db: database.db, logger, now: () => new Date() });
/** The next three regular draws on sale, in date order. */
let d1: typeof draws.$inferSelect;
let d2: typeof draws.$inferSelect;
let d3: typeof draws.$inferSelect;

beforeAll(async () => {
  ({ database, close } = await openTestDatabase());
  const open = await regularDrawsOnSale(database.db);
  [d1, d2, d3] = open as [typeof d1, typeof d2, typeof d3];
  expect(open.length).toBeGreaterThanOrEqual(3);
});
afterAll(() => close());

const ticketsOf = (subscriptionId: number, drawId: number) =>
  database.db
    .select({ ticket: tickets })
    .from(tickets)
    .innerJoin(subscriptionItems, eq(subscriptionItems.id, tickets.subscriptionItemId))
    .where(and(eq(subscriptionItems.subscriptionId, subscriptionId), eq(tickets.drawId, drawId)))
    .orderBy(asc(tickets.groupIndex), asc(tickets.number))
    .then((rows) => rows.map((row) => row.ticket));

const collectionOf = async (subscriptionId: number, drawId: number) => {
  const [row] = await database.db
    .select()
    .from(subscriptionCollections)
    .where(
      and(
        eq(subscriptionCollections.subscriptionId, subscriptionId),
        eq(subscriptionCollections.drawId, drawId),
      ),
    );
  return row;
};

describe("issueDraw", () => {
  it("issues each item's tickets: a single ticket with its end digits, a street, a boulevard", async () => {
    const subscription = await createSubscription(database.db, {
      startDrawId: d1.id,
      items: [
        { productType: "SingleTicket", endDigits: [4, 2], withXl: true },
        { productType: "Street", fraction: "ONE_FIFTH", multiplier: 2 },
        { productType: "Boulevard" },
      ],
    });
    const outcome = await issueDraw(services(), d1.id, { subscriptionIds: [subscription.id] });
    expect(outcome).toEqual({ subscriptions: 1, tickets: 111 });

    const issued = await ticketsOf(subscription.id, d1.id);
    expect(issued).toHaveLength(111);
    for (const ticket of issued) {
      expect(ticket.number).toMatch(TICKET_NUMBER);
      expect(ticket).toMatchObject({ playerId: subscription.playerId, purchaseType: "Subscription" });
    }
    const [single, ...rest] = issued;
    expect(single).toMatchObject({
      productType: "SingleTicket",
      fraction: "WHOLE",
      withXl: true,
      multiplier: 1,
      groupIndex: 0,
      subscriptionItemId: subscription.itemIds[0],
    });
    expect(single?.number.endsWith("42")).toBe(true);
    const street = rest.filter((ticket) => ticket.productType === "Street");
    expect(street.map((ticket) => ticket.number)).toEqual(numbersFrom("Street", street[0]?.number as string));
    expect(street.every((ticket) => ticket.fraction === "ONE_FIFTH" && ticket.multiplier === 2)).toBe(true);
    const boulevard = rest.filter((ticket) => ticket.productType === "Boulevard");
    expect(boulevard.map((ticket) => ticket.number)).toEqual(
      numbersFrom("Boulevard", boulevard[0]?.number as string),
    );
    expect(new Set(issued.map((ticket) => ticket.groupIndex))).toEqual(new Set([0, 1, 2]));

    // The first draw was paid by the sign-up's iDEAL payment.
    const collection = await collectionOf(subscription.id, d1.id);
    expect(collection).toMatchObject({
      method: "ideal",
      state: "paid",
      purchaseType: "Subscription",
      amountCents:
        itemDrawPrice({ productType: "SingleTicket", fractionType: "WHOLE", withXl: true, multiplier: 1 }) +
        itemDrawPrice({ productType: "Street", fractionType: "ONE_FIFTH", withXl: false, multiplier: 2 }) +
        itemDrawPrice({ productType: "Boulevard", fractionType: "WHOLE", withXl: false, multiplier: 1 }),
    });
  });

  it("issues a draw once, however often it runs", async () => {
    const subscription = await createSubscription(database.db, { startDrawId: d1.id, items: [{}] });
    const first = await issueDraw(services(), d1.id, { subscriptionIds: [subscription.id] });
    const again = await issueDraw(services(), d1.id, { subscriptionIds: [subscription.id] });
    const everyone = await issueDraw(services(), d1.id);
    expect(first).toEqual({ subscriptions: 1, tickets: 1 });
    expect(again).toEqual({ subscriptions: 0, tickets: 0 });
    expect(everyone.subscriptions).toBeGreaterThanOrEqual(0);
    expect(await ticketsOf(subscription.id, d1.id)).toHaveLength(1);
  });

  it("plays a fixed number every draw, collected by direct debit after the first", async () => {
    const subscription = await createSubscription(database.db, {
      startDrawId: d1.id,
      items: [{ productType: "Street", withFixedTicketNumber: true }, { productType: "SingleTicket" }],
    });
    const only = { subscriptionIds: [subscription.id] };
    await issueDraw(services(), d1.id, only);
    await issueDraw(services(), d2.id, only);
    const first = (await ticketsOf(subscription.id, d1.id)).filter((ticket) => ticket.groupIndex === 0);
    const second = (await ticketsOf(subscription.id, d2.id)).filter((ticket) => ticket.groupIndex === 0);
    expect(first).toHaveLength(10);
    expect(second.map((ticket) => ticket.number)).toEqual(first.map((ticket) => ticket.number));
    const [item] = await database.db
      .select()
      .from(subscriptionItems)
      .where(eq(subscriptionItems.id, subscription.itemIds[0] as number));
    expect(item?.fixedNumber).toBe(first[0]?.number);
    expect(await collectionOf(subscription.id, d2.id)).toMatchObject({
      method: "directDebit",
      state: "pending",
      debitId: null,
    });
  });

  it("plays a random number in a draw where the fixed number is taken by someone else, and the fixed one again after", async () => {
    const subscription = await createSubscription(database.db, {
      startDrawId: d1.id,
      items: [{ withFixedTicketNumber: true }],
    });
    const only = { subscriptionIds: [subscription.id] };
    await issueDraw(services(), d1.id, only);
    const [fixed] = await ticketsOf(subscription.id, d1.id);
    // Someone bought that number in the second draw before the subscription's turn.
    await database.db.insert(tickets).values({
      drawId: d2.id,
      number: fixed?.number as string,
      productType: "SingleTicket",
      fraction: "WHOLE",
      withXl: false,
      multiplier: 1,
      purchaseType: "Online",
      groupIndex: 0,
    });
    await issueDraw(services(), d2.id, only);
    await issueDraw(services(), d3.id, only);
    const [second] = await ticketsOf(subscription.id, d2.id);
    const [third] = await ticketsOf(subscription.id, d3.id);
    expect(second?.number).toMatch(TICKET_NUMBER);
    expect(second?.number).not.toBe(fixed?.number);
    expect(third?.number).toBe(fixed?.number);
    expect(
      logs.some(
        (line) =>
          line.subscriptionItemId === subscription.itemIds[0] && line.drawId === d2.id && line.level === 40,
      ),
    ).toBe(true);
  });

  it("labels a trial's first draws Proefabonnement at its price, then plays on at the normal price", async () => {
    const subscription = await createSubscription(database.db, {
      startDrawId: d1.id,
      items: [{}],
      promotion: { id: "proef", label: "Proefabonnement", draws: 2, discountPercent: 50, trial: true },
    });
    const full = itemDrawPrice({
      productType: "SingleTicket",
      fractionType: "WHOLE",
      withXl: false,
      multiplier: 1,
    });
    const seen = [];
    for (const draw of [d1, d2, d3]) {
      await issueDraw(services(), draw.id, { subscriptionIds: [subscription.id] });
      const [ticket] = await ticketsOf(subscription.id, draw.id);
      const collection = await collectionOf(subscription.id, draw.id);
      seen.push([ticket?.purchaseType, collection?.purchaseType, collection?.amountCents]);
    }
    expect(seen).toEqual([
      ["TrialSubscription", "TrialSubscription", Math.floor(full / 2)],
      ["TrialSubscription", "TrialSubscription", Math.floor(full / 2)],
      ["Subscription", "Subscription", full],
    ]);
  });

  it("goes on issuing a locked subscription for one draw after the failed one, then pauses", async () => {
    const subscription = await createSubscription(database.db, { startDrawId: d1.id, items: [{}] });
    const only = { subscriptionIds: [subscription.id] };
    await issueDraw(services(), d1.id, only);
    await database.db
      .update(subscriptions)
      .set({ status: "locked", lockedDrawId: d1.id })
      .where(eq(subscriptions.id, subscription.id));
    expect(await issueDraw(services(), d2.id, only)).toEqual({ subscriptions: 1, tickets: 1 });
    expect(await issueDraw(services(), d3.id, only)).toEqual({ subscriptions: 0, tickets: 0 });
    expect(await collectionOf(subscription.id, d3.id)).toBeUndefined();
  });

  it("issues only the items that play in the draw's month, and nothing when none does", async () => {
    const month = drawMonth(d1.drawAt);
    const otherMonths = ALL_MONTHS.filter((candidate) => candidate !== month);
    const some = await createSubscription(database.db, {
      startDrawId: d1.id,
      items: [{ participatingMonths: otherMonths }, { productType: "Street", participatingMonths: [month] }],
    });
    const none = await createSubscription(database.db, {
      startDrawId: d1.id,
      items: [{ participatingMonths: otherMonths }],
    });
    await issueDraw(services(), d1.id, { subscriptionIds: [some.id, none.id] });
    const issued = await ticketsOf(some.id, d1.id);
    expect(issued.map((ticket) => ticket.productType)).toEqual(Array(10).fill("Street"));
    expect(issued.every((ticket) => ticket.subscriptionItemId === some.itemIds[1])).toBe(true);
    expect((await collectionOf(some.id, d1.id))?.amountCents).toBe(
      itemDrawPrice({ productType: "Street", fractionType: "WHOLE", withXl: false, multiplier: 1 }),
    );
    expect(await ticketsOf(none.id, d1.id)).toEqual([]);
    expect(await collectionOf(none.id, d1.id)).toBeUndefined();
  });

  it("issues nothing before a subscription's start draw, for a cancelled one, or in a closed draw", async () => {
    const later = await createSubscription(database.db, { startDrawId: d2.id, items: [{}] });
    const cancelled = await createSubscription(database.db, {
      startDrawId: d1.id,
      items: [{}],
      status: "cancelled",
    });
    expect(await issueDraw(services(), d1.id, { subscriptionIds: [later.id, cancelled.id] })).toEqual({
      subscriptions: 0,
      tickets: 0,
    });
    const afterClose = { ...services(), now: () => new Date(d1.salesCloseAt.getTime() + 1) };
    const playing = await createSubscription(database.db, { startDrawId: d1.id, items: [{}] });
    expect(await issueDraw(afterClose, d1.id, { subscriptionIds: [playing.id] })).toEqual({
      subscriptions: 0,
      tickets: 0,
    });
  });

  it("gives every subscription of a draw its tickets in batches, no number twice", async () => {
    const playerId = await createPlayer(database.db);
    const made = [];
    for (let index = 0; index < 25; index++) {
      made.push(
        await createSubscription(database.db, {
          playerId,
          startDrawId: d1.id,
          items: [{ withFixedTicketNumber: index % 3 === 0 }, { productType: "Street" }],
        }),
      );
    }
    const outcome = await issueDraw(services(), d1.id, {
      subscriptionIds: made.map((subscription) => subscription.id),
      batchSize: 4,
    });
    expect(outcome).toEqual({ subscriptions: 25, tickets: 25 * 11 });
    const numbers = (
      await database.db.select({ number: tickets.number }).from(tickets).where(eq(tickets.drawId, d1.id))
    ).map((row) => row.number);
    expect(new Set(numbers).size).toBe(numbers.length);
  });
});

describe("issueDueForSubscription", () => {
  it("issues a new subscription's first draw at once, paid by its iDEAL payment", async () => {
    const subscription = await createSubscription(database.db, { startDrawId: d2.id, items: [{}] });
    expect(await issueDueForSubscription(services(), subscription.id)).toEqual({
      subscriptions: 1,
      tickets: 1,
    });
    expect(await collectionOf(subscription.id, d2.id)).toMatchObject({ method: "ideal", state: "paid" });
    // The next draw on sale comes before its start: not played.
    expect(await collectionOf(subscription.id, d1.id)).toBeUndefined();
    expect(await issueDueForSubscription(services(), subscription.id)).toEqual({
      subscriptions: 0,
      tickets: 0,
    });
  });
});
