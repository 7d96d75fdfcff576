import { randomUUID } from "node:crypto";
import { and, asc, eq, gt } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  draws,
  jobs,
  players,
  subscriptionCollections,
  subscriptionItems,
  subscriptions,
  tickets,
} from "@/src/backend/db/schema";
import { DEMO_PLAYER } from "@/src/backend/db/seed";
import { issueDraw } from "@/src/backend/slices/subscriptions/issuance.server";
import type {
  DrawUpsellApplied,
  SubscriptionChangeApplied,
  SubscriptionChangeQuote,
} from "@/src/contract/subscription-changes";
import { subscriptionChangeMessages, subscriptionMessages } from "@/src/lib/messages";
import { type ApiHarness, cookieClient, startApiHarness } from "@/tests/support/api-harness";
import { capturedLogger } from "@/tests/support/captured-logs";
import { logInThroughApi } from "@/tests/support/shop-steps";
import { createSubscription, type ItemFixture } from "@/tests/support/subscription-fixtures";

/**
 * Changing a subscription through the API (issue 15): verify calls change nothing, apply calls change the
 * item rows once per transaction id, every refusal is a Dutch message with nothing changed, and the
 * issuance of the next draw follows the change while tickets already issued stay as they were.
 */
let api: ApiHarness;
let session: { client: ReturnType<typeof cookieClient>; token: string };
let demoPlayerId: string;
let demoSubscriptionId: number;
let onSale: Array<typeof draws.$inferSelect>;
/** The demo subscription's items: the whole XL ticket with fixed number KB12345 and the street of fifths. */
let demoItems: { single: number; street: number };

beforeAll(async () => {
  api = await startApiHarness();
  const client = cookieClient(api.url);
  session = { client, token: await logInThroughApi(client, DEMO_PLAYER) };
  const [player] = await api.database.db
    .select({ id: players.id })
    .from(players)
    .where(eq(players.email, DEMO_PLAYER.email));
  demoPlayerId = (player as { id: string }).id;
  const [demo] = await api.database.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.playerId, demoPlayerId));
  demoSubscriptionId = (demo as { id: number }).id;
  const rows = await itemRows(demoSubscriptionId);
  demoItems = { single: rows[0]?.id as number, street: rows[1]?.id as number };
  onSale = await api.database.db
    .select()
    .from(draws)
    .where(and(eq(draws.gameType, "KROON"), eq(draws.kind, "regular"), gt(draws.salesCloseAt, new Date())))
    .orderBy(asc(draws.drawAt));
});
afterAll(() => api?.close());

const WHOLE_TICKET: ItemFixture = { productType: "SingleTicket", fraction: "WHOLE" };

/** A subscription of the demo player's own (or another player's), started at the draw on sale. */
async function subscriptionOf(items: ItemFixture[] = [WHOLE_TICKET], other = false) {
  return createSubscription(api.database.db, {
    playerId: other ? undefined : demoPlayerId,
    startDrawId: (onSale[0] as { id: number }).id,
    items,
  });
}

function call(method: string, path: string, body?: unknown) {
  return body === undefined
    ? session.client.request(path, { method })
    : session.client.postJson(path, body, session.token, method);
}

async function ok<T = Record<string, unknown>>(response: Response): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return JSON.parse(text) as T;
}

async function problemOf(response: Response, status: number) {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as { code?: string; detail?: string; errors?: Record<string, string[]> };
}

async function itemRows(subscriptionId: number) {
  return api.database.db
    .select()
    .from(subscriptionItems)
    .where(eq(subscriptionItems.subscriptionId, subscriptionId))
    .orderBy(asc(subscriptionItems.id));
}

/** The update fields of an item as it is, with changes. */
function updateOf(itemId: number, changes: Record<string, unknown> = {}) {
  return {
    id: itemId,
    productType: "SingleTicket",
    fractionType: "WHOLE",
    withXl: false,
    endDigits: null,
    withFixedTicketNumber: false,
    participatingMonths: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
    multiplier: 1,
    ...changes,
  };
}

describe("the edit page's details", () => {
  it("answers the player's subscription with its items, the catalogue and the draw a change takes effect from", async () => {
    const details = await ok<{
      items: Array<{ fixedNumber: string | null; productType: string }>;
      cancelableOnline: boolean;
      monthlyAmountInCents: number;
      maxItems: number;
      effectiveDraw: { drawId: number } | null;
      products: unknown[];
    }>(
      await call("GET", `/api/subscriptions/configurator/price-details?subscriptionId=${demoSubscriptionId}`),
    );
    expect(details.items.map((item) => [item.productType, item.fixedNumber])).toEqual([
      ["SingleTicket", "KB12345"],
      ["Street", null],
    ]);
    expect(details.cancelableOnline).toBe(true);
    expect(details.monthlyAmountInCents).toBe(2000 + 3500);
    expect(details.maxItems).toBe(10);
    expect(details.products.length).toBeGreaterThan(0);
    expect(details.effectiveDraw?.drawId).toBe(onSale[0]?.id);
  });

  it("answers another player's subscription as none", async () => {
    const theirs = await subscriptionOf([WHOLE_TICKET], true);
    const problem = await problemOf(
      await call("GET", `/api/subscriptions/configurator/price-details?subscriptionId=${theirs.id}`),
      404,
    );
    expect(problem.code).toBe("UserHasNoSubscriptionError");
  });
});

describe("verify calls", () => {
  it("answer what would change and change nothing", async () => {
    const mine = await subscriptionOf([WHOLE_TICKET, { productType: "Street", fraction: "ONE_FIFTH" }]);
    const before = await ok(await call("GET", "/api/subscriptions"));

    const add = await ok<SubscriptionChangeQuote>(
      await call("POST", "/api/subscriptions/items/verify/add", {
        subscriptionId: mine.id,
        quantity: 2,
        withXl: true,
      }),
    );
    expect(add.kind).toBe("addItems");
    expect(add.monthlyAmountBeforeInCents).toBe(1750 + 3500);
    expect(add.monthlyAmountAfterInCents).toBe(1750 + 3500 + 2 * 2000);
    expect(add.items.map((item) => item.change)).toEqual(["unchanged", "unchanged", "added", "added"]);
    expect(add.effectiveDraw?.drawId).toBe(onSale[0]?.id);
    expect(add.payment).toMatchObject({ method: "nextCollection", amountInCents: 4000 });

    const update = await ok<SubscriptionChangeQuote>(
      await call(
        "PATCH",
        "/api/subscriptions/items/verify/update",
        updateOf(mine.itemIds[0] as number, { fractionType: "ONE_FIFTH" }),
      ),
    );
    expect(update.monthlyAmountAfterInCents).toBe(350 + 3500);
    expect(update.payment).toEqual({ method: "none", amountInCents: 0, draw: null });

    const remove = await ok<SubscriptionChangeQuote>(
      await call("DELETE", "/api/subscriptions/items/verify/remove", {
        subscriptionItems: [mine.itemIds[1]],
      }),
    );
    expect(remove.items.map((item) => item.change)).toEqual(["unchanged", "removed"]);
    expect(remove.monthlyAmountAfterInCents).toBe(1750);

    expect(await ok(await call("GET", "/api/subscriptions"))).toEqual(before);
    expect(await itemRows(mine.id)).toHaveLength(2);
  });
});

describe("applying a change", () => {
  it("adds items once per transaction id and refuses the id for anything else", async () => {
    const mine = await subscriptionOf();
    const body = {
      transactionId: randomUUID(),
      subscriptionId: mine.id,
      productType: "Street",
      fractionType: "ONE_FIFTH",
      quantity: 1,
    };
    const applied = await ok<SubscriptionChangeApplied>(
      await call("POST", "/api/subscriptions/items/add", body),
    );
    expect(applied.transactionId).toBe(body.transactionId);
    expect(applied.monthlyAmountAfterInCents).toBe(1750 + 3500);
    expect(applied.subscription.monthlyAmountInCents).toBe(1750 + 3500);
    expect(applied.subscription.items).toHaveLength(2);

    const replay = await ok<SubscriptionChangeApplied>(
      await call("POST", "/api/subscriptions/items/add", body),
    );
    expect(replay).toEqual(applied);
    expect(await itemRows(mine.id)).toHaveLength(2);

    const other = await problemOf(
      await call("POST", "/api/subscriptions/items/add", { ...body, quantity: 2 }),
      409,
    );
    expect(other.code).toBe("TransactionAlreadyProcessedError");
    expect(await itemRows(mine.id)).toHaveLength(2);
  });

  it("applies a change sent twice at once (two tabs) once", async () => {
    const mine = await subscriptionOf();
    const body = { transactionId: randomUUID(), subscriptionId: mine.id, quantity: 1, withXl: true };
    const [one, two] = await Promise.all([
      call("POST", "/api/subscriptions/items/add", body),
      call("POST", "/api/subscriptions/items/add", body),
    ]);
    expect(await ok(two as Response)).toEqual(await ok(one as Response));
    expect(await itemRows(mine.id)).toHaveLength(2);
  });

  it("removes items from the next draw, and refuses to remove the last one: that is a cancellation", async () => {
    const mine = await subscriptionOf([WHOLE_TICKET, { productType: "Street", fraction: "ONE_FIFTH" }]);
    const removed = await ok<SubscriptionChangeApplied>(
      await call("DELETE", "/api/subscriptions/items/remove", {
        transactionId: randomUUID(),
        subscriptionItems: [mine.itemIds[1]],
      }),
    );
    expect(removed.subscription.monthlyAmountInCents).toBe(1750);
    expect(removed.subscription.items.map((item) => item.id)).toEqual([mine.itemIds[0]]);

    const last = await problemOf(
      await call("DELETE", "/api/subscriptions/items/remove", {
        transactionId: randomUUID(),
        subscriptionItems: [mine.itemIds[0]],
      }),
      422,
    );
    expect(last.errors?.subscriptionItems).toContain(subscriptionChangeMessages.lastItem);
    expect((await itemRows(mine.id)).filter((row) => row.removedAt === null)).toHaveLength(1);
  });

  it("refuses end digits for a street with the Dutch message and changes nothing", async () => {
    const mine = await subscriptionOf([{ productType: "Street", fraction: "ONE_FIFTH" }]);
    const refused = await problemOf(
      await call(
        "PATCH",
        "/api/subscriptions/items/update",
        updateOf(mine.itemIds[0] as number, {
          transactionId: randomUUID(),
          productType: "Street",
          fractionType: "ONE_FIFTH",
          endDigits: [-1, 7],
        }),
      ),
      422,
    );
    expect(refused.errors?.endDigits).toContain(subscriptionMessages.endDigitsOnlySingle);
    const unchanged = await problemOf(
      await call(
        "PATCH",
        "/api/subscriptions/items/verify/update",
        updateOf(mine.itemIds[0] as number, { productType: "Street", fractionType: "ONE_FIFTH" }),
      ),
      422,
    );
    expect(unchanged.errors?.id).toContain(subscriptionChangeMessages.nothingChanged);
    expect((await itemRows(mine.id))[0]?.endDigits).toBeNull();
  });

  it("answers another player's subscription and items as none, and refuses an item of another subscription", async () => {
    const theirs = await subscriptionOf([WHOLE_TICKET], true);
    const mine = await subscriptionOf([WHOLE_TICKET, WHOLE_TICKET]);
    const attempts = [
      call("POST", "/api/subscriptions/items/add", {
        transactionId: randomUUID(),
        subscriptionId: theirs.id,
        quantity: 1,
      }),
      call(
        "PATCH",
        "/api/subscriptions/items/update",
        updateOf(theirs.itemIds[0] as number, { transactionId: randomUUID(), withXl: true }),
      ),
      call("DELETE", "/api/subscriptions/items/remove", {
        transactionId: randomUUID(),
        subscriptionItems: theirs.itemIds,
      }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect((await problemOf(response, 404)).code).toBe("UserHasNoSubscriptionError");
    }
    const mixed = await problemOf(
      await call("DELETE", "/api/subscriptions/items/remove", {
        transactionId: randomUUID(),
        subscriptionItems: [mine.itemIds[0], demoItems.single],
      }),
      422,
    );
    expect(mixed.errors?.subscriptionItems).toContain(subscriptionChangeMessages.unknownItem);
    expect(await itemRows(theirs.id)).toMatchObject([{ withXl: false, removedAt: null }]);
    expect((await itemRows(mine.id)).every((row) => row.removedAt === null)).toBe(true);
  });

  it("refuses changes to a locked or a cancelled subscription", async () => {
    const locked = await subscriptionOf();
    const cancelled = await subscriptionOf();
    await api.database.db
      .update(subscriptions)
      .set({ status: "locked" })
      .where(eq(subscriptions.id, locked.id));
    await api.database.db
      .update(subscriptions)
      .set({ status: "cancelled", cancelledAt: new Date() })
      .where(eq(subscriptions.id, cancelled.id));
    for (const [mine, code] of [
      [locked, "SubscriptionLockedError"],
      [cancelled, "SubscriptionAlreadyCanceledError"],
    ] as const) {
      const verify = await problemOf(
        await call("POST", "/api/subscriptions/items/verify/add", { subscriptionId: mine.id, quantity: 1 }),
        409,
      );
      expect(verify.code).toBe(code);
      const update = await problemOf(
        await call(
          "PATCH",
          "/api/subscriptions/items/update",
          updateOf(mine.itemIds[0] as number, { transactionId: randomUUID(), withXl: true }),
        ),
        409,
      );
      expect(update.code).toBe(code);
      expect(await itemRows(mine.id)).toMatchObject([{ withXl: false }]);
    }
  });

  it("takes effect from the next draw not yet issued; tickets already issued stay as they were", async () => {
    const [first, second] = onSale;
    if (!first || !second) throw new Error("the seed has two regular draws on sale");
    const mine = await subscriptionOf();
    const itemId = mine.itemIds[0] as number;
    const { logger } = capturedLogger();
    const services = { db: api.database.db, logger, now: () => new Date() };
    await issueDraw(services, first.id, { subscriptionIds: [mine.id] });

    const applied = await ok<SubscriptionChangeApplied>(
      await call(
        "PATCH",
        "/api/subscriptions/items/update",
        updateOf(itemId, { transactionId: randomUUID(), fractionType: "ONE_FIFTH", withXl: true }),
      ),
    );
    expect(applied.effectiveDraw?.drawId).toBe(second.id);
    expect(applied.monthlyAmountAfterInCents).toBe(400);
    await issueDraw(services, second.id, { subscriptionIds: [mine.id] });

    const issued = await api.database.db
      .select({ drawId: tickets.drawId, fraction: tickets.fraction, withXl: tickets.withXl })
      .from(tickets)
      .where(eq(tickets.subscriptionItemId, itemId));
    expect(issued.filter((ticket) => ticket.drawId === first.id)).toEqual([
      { drawId: first.id, fraction: "WHOLE", withXl: false },
    ]);
    expect(issued.filter((ticket) => ticket.drawId === second.id)).toEqual([
      { drawId: second.id, fraction: "ONE_FIFTH", withXl: true },
    ]);
  });
});

describe("upsells", () => {
  it("adds XL to chosen items, paid with the next collection, and refuses items already with XL", async () => {
    const mine = await subscriptionOf([WHOLE_TICKET, { ...WHOLE_TICKET, withXl: true }]);
    const quote = await ok<SubscriptionChangeQuote>(
      await call("PATCH", "/api/subscriptions/upsell/xl/verify/xl-upsell", {
        subscriptionItems: [mine.itemIds[0]],
      }),
    );
    expect(quote.payment).toMatchObject({ method: "nextCollection", amountInCents: 250 });
    const applied = await ok<SubscriptionChangeApplied>(
      await call("PATCH", "/api/subscriptions/upsell/xl/xl-upsell", {
        transactionId: randomUUID(),
        subscriptionItems: [mine.itemIds[0]],
      }),
    );
    expect(applied.subscription.monthlyAmountInCents).toBe(2 * 2000);
    const again = await problemOf(
      await call("PATCH", "/api/subscriptions/upsell/xl/verify/xl-upsell", {
        subscriptionItems: mine.itemIds,
      }),
      422,
    );
    expect(again.errors?.subscriptionItems).toContain(subscriptionChangeMessages.alreadyXl);
    const wrongKind = await call("PATCH", "/api/subscriptions/upsell/xl/verify/oudejaars-upsell", {
      subscriptionItems: [mine.itemIds[0]],
    });
    expect(wrongKind.status).toBe(404);
    const noBlock = await call("PATCH", "/api/subscriptions/upsell/xl/verify/bestaat-niet", {
      subscriptionItems: [mine.itemIds[0]],
    });
    expect(noBlock.status).toBe(404);

    const theirs = await subscriptionOf([WHOLE_TICKET], true);
    const notHers = await problemOf(
      await call("PATCH", "/api/subscriptions/upsell/xl/xl-upsell", {
        transactionId: randomUUID(),
        subscriptionItems: theirs.itemIds,
      }),
      404,
    );
    expect(notHers.code).toBe("UserHasNoSubscriptionError");
    const other = await subscriptionOf();
    const twoOfHers = await problemOf(
      await call("PATCH", "/api/subscriptions/upsell/xl/xl-upsell", {
        transactionId: randomUUID(),
        subscriptionItems: [other.itemIds[0], demoItems.street],
      }),
      422,
    );
    expect(twoOfHers.errors?.subscriptionItems).toContain(subscriptionChangeMessages.unknownItem);
    expect(await itemRows(theirs.id)).toMatchObject([{ withXl: false }]);
    expect(await itemRows(other.id)).toMatchObject([{ withXl: false }]);
  });

  it("plays the fixed number once in the year-end draw as an extra participation, once per draw", async () => {
    const { single, street } = demoItems;
    const fifths = await problemOf(
      await call("PATCH", "/api/subscriptions/upsell/draw/verify/oudejaars-upsell", {
        subscriptionItems: [street],
      }),
      422,
    );
    expect(fifths.errors?.subscriptionItems?.[0]).toContain("vijfde lot");

    const quote = await ok<SubscriptionChangeQuote>(
      await call("PATCH", "/api/subscriptions/upsell/draw/verify/oudejaars-upsell", {
        subscriptionItems: [single],
      }),
    );
    expect(quote.payment).toMatchObject({ method: "directDebitOnce", amountInCents: 3000 + 250 });
    const yearEndId = quote.payment.draw?.drawId as number;
    const [yearEnd] = await api.database.db.select().from(draws).where(eq(draws.id, yearEndId));
    expect(yearEnd?.kind).toBe("yearEnd");

    const applied = await ok<DrawUpsellApplied>(
      await call("PATCH", "/api/subscriptions/upsell/draw/oudejaars-upsell", {
        transactionId: randomUUID(),
        subscriptionItems: [single],
      }),
    );
    expect(applied.tickets).toEqual([
      {
        drawId: yearEndId,
        number: "KB12345",
        productType: "SingleTicket",
        fraction: "WHOLE",
        withXl: true,
        multiplier: 1,
        purchaseType: "OneTimePlay",
        group: 0,
      },
    ]);
    const collections = await api.database.db
      .select()
      .from(subscriptionCollections)
      .where(
        and(
          eq(subscriptionCollections.subscriptionId, demoSubscriptionId),
          eq(subscriptionCollections.drawId, yearEndId),
        ),
      );
    expect(collections).toMatchObject([
      { amountCents: 3250, method: "directDebit", state: "pending", purchaseType: "OneTimePlay" },
    ]);
    const queued = await api.database.db.select().from(jobs).where(eq(jobs.name, "submit-collections"));
    expect(queued.length).toBeGreaterThan(0);

    const second = await problemOf(
      await call("PATCH", "/api/subscriptions/upsell/draw/oudejaars-upsell", {
        transactionId: randomUUID(),
        subscriptionItems: [single],
      }),
      422,
    );
    expect(second.errors?.draw).toContain(subscriptionChangeMessages.upsellDrawAlreadyPlayed);
    const yearEndTickets = await api.database.db
      .select()
      .from(tickets)
      .where(and(eq(tickets.drawId, yearEndId), eq(tickets.subscriptionItemId, single)));
    expect(yearEndTickets).toHaveLength(1);
  });

  it("plays each item's numbers of its latest draw, and random numbers where its own are taken", async () => {
    const [first] = onSale;
    if (!first) throw new Error("the seed has a regular draw on sale");
    const mine = await subscriptionOf([
      { productType: "Street", fraction: "WHOLE" },
      { ...WHOLE_TICKET, withFixedTicketNumber: true, fixedNumber: "ZQ00017" },
    ]);
    const [streetId, singleId] = mine.itemIds as [number, number];
    const { logger } = capturedLogger();
    await issueDraw({ db: api.database.db, logger, now: () => new Date() }, first.id, {
      subscriptionIds: [mine.id],
    });
    const streetNumbers = (
      await api.database.db
        .select({ number: tickets.number })
        .from(tickets)
        .where(and(eq(tickets.subscriptionItemId, streetId), eq(tickets.drawId, first.id)))
        .orderBy(asc(tickets.number))
    ).map((row) => row.number);
    expect(streetNumbers).toHaveLength(10);
    const quote = await ok<SubscriptionChangeQuote>(
      await call("PATCH", "/api/subscriptions/upsell/draw/verify/oudejaars-upsell", {
        subscriptionItems: [streetId, singleId],
      }),
    );
    const yearEndId = quote.payment.draw?.drawId as number;
    // Someone else already plays the single ticket's fixed number in the year-end draw.
    await api.database.db.insert(tickets).values({
      drawId: yearEndId,
      number: "ZQ00017",
      productType: "SingleTicket",
      fraction: "WHOLE",
      withXl: false,
      multiplier: 1,
      purchaseType: "Retail",
      groupIndex: 0,
    });

    const applied = await ok<DrawUpsellApplied>(
      await call("PATCH", "/api/subscriptions/upsell/draw/oudejaars-upsell", {
        transactionId: randomUUID(),
        subscriptionItems: [streetId, singleId],
      }),
    );
    const street = applied.tickets.filter((ticket) => ticket.group === 0);
    const single = applied.tickets.filter((ticket) => ticket.group === 1);
    expect(street.map((ticket) => ticket.number).sort()).toEqual(streetNumbers);
    expect(
      street.every((ticket) => ticket.purchaseType === "OneTimePlay" && ticket.drawId === yearEndId),
    ).toBe(true);
    expect(single).toHaveLength(1);
    expect(single[0]?.number).not.toBe("ZQ00017");
    expect(applied.payment.amountInCents).toBe(10 * 3000 + 3000);
    // The item keeps its fixed number for its own draws.
    expect((await itemRows(mine.id))[1]?.fixedNumber).toBe("ZQ00017");
  });
});
