import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  outboxEmails,
  players,
  subscriptionChanges,
  subscriptionCollections,
  subscriptionItems,
  subscriptions,
} from "@/src/backend/db/schema";
import { DEMO_PLAYER } from "@/src/backend/db/seed";
import { issueDraw } from "@/src/backend/slices/subscriptions/issuance.server";
import type {
  CancelApplied,
  CancelQuote,
  RetentionOfferInfo,
  SubscriptionChangeApplied,
} from "@/src/contract/subscription-changes";
import { CANCELLATION_PAGE_ID } from "@/src/domain/subscriptions/changes";
import { amsterdamIsoDate } from "@/src/lib/amsterdam-time";
import { ContentUnavailableError } from "@/src/lib/content-unavailable";
import { type ApiHarness, cookieClient, startApiHarness } from "@/tests/support/api-harness";
import { logInThroughApi } from "@/tests/support/shop-steps";
import {
  createSubscription,
  type ItemFixture,
  regularDrawsOnSale,
} from "@/tests/support/subscription-fixtures";

/**
 * Cancelling online and retention offers (issue 15, item 4) against a real database: verify stores nothing;
 * a cancellation stops the subscription after its last issued draw and queues one e-mail, however often
 * or concurrently it is sent; an accepted offer changes what the next draws cost or whether they play.
 */
let api: ApiHarness;
let demoPlayerId: string;
let session: { client: ReturnType<typeof cookieClient>; token: string };

const WHOLE_TICKET: ItemFixture = { productType: "SingleTicket", fraction: "WHOLE" };
const FIFTH_STREET: ItemFixture = { productType: "Street", fraction: "ONE_FIFTH" };

beforeAll(async () => {
  api = await startApiHarness();
  const [player] = await api.database.db
    .select({ id: players.id })
    .from(players)
    .where(eq(players.email, DEMO_PLAYER.email));
  demoPlayerId = (player as { id: string }).id;
  const client = cookieClient(api.url);
  session = { client, token: await logInThroughApi(client, DEMO_PLAYER) };
});
afterAll(() => api?.close());

function issueServices() {
  const silent = { info() {}, warn() {}, error() {}, debug() {} };
  return { db: api.database.db, logger: silent as never, now: () => new Date() };
}

/** A subscription of the demo player starting in the first draw on sale; `issued` draws issued already. */
async function subscriptionOf(items: ItemFixture[], options: { issued?: number; playerId?: string } = {}) {
  const onSale = await regularDrawsOnSale(api.database.db);
  const first = onSale[0];
  if (!first) throw new Error("The seed has no regular draw on sale");
  const created = await createSubscription(api.database.db, {
    playerId: options.playerId ?? demoPlayerId,
    startDrawId: first.id,
    items,
  });
  for (const draw of onSale.slice(0, options.issued ?? 0)) {
    await issueDraw(issueServices(), draw.id, { subscriptionIds: [created.id] });
  }
  return { ...created, onSale };
}

function post(path: string, body: unknown) {
  return session.client.postJson(path, body, session.token);
}

async function json<T>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

async function expectCode(response: Response, status: number, code: string) {
  const problem = await json<{ code?: string }>(response, status);
  expect(problem.code).toBe(code);
}

async function subscriptionRow(id: number) {
  const [row] = await api.database.db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row as typeof subscriptions.$inferSelect;
}

async function cancellationMails(subscriptionId: number) {
  return api.database.db
    .select({ mail: outboxEmails })
    .from(outboxEmails)
    .innerJoin(subscriptionChanges, eq(subscriptionChanges.id, outboxEmails.subscriptionChangeId))
    .where(
      and(
        eq(subscriptionChanges.subscriptionId, subscriptionId),
        eq(outboxEmails.kind, "subscription-cancellation"),
      ),
    );
}

const offersPath = (subscriptionId: number, pageId = CANCELLATION_PAGE_ID) =>
  `/api/subscriptions/retention-offers/${pageId}?subscriptionId=${subscriptionId}`;

function accept(subscriptionId: number, offerId: string, transactionId = randomUUID()) {
  return post(`/api/subscriptions/retention-offers/${CANCELLATION_PAGE_ID}`, {
    transactionId,
    subscriptionId,
    offerId,
  });
}

describe("cancelling", () => {
  it("verify answers what would stop and the last draw, and stores nothing", async () => {
    const { id, onSale } = await subscriptionOf([WHOLE_TICKET, FIFTH_STREET], { issued: 1 });
    const response = await post("/api/subscriptions/verify/cancel", { subscriptionId: id });
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const quote = await json<CancelQuote>(response);
    expect(quote).toMatchObject({
      subscriptionId: id,
      kind: "cancel",
      whole: true,
      monthlyAmountBeforeInCents: 1_750 + 3_500,
      monthlyAmountAfterInCents: 0,
      lastDraw: { drawId: onSale[0]?.id },
      effectiveDraw: { drawId: onSale[1]?.id },
      retentionOffers: true,
      payment: { method: "none", amountInCents: 0 },
    });
    expect(quote.items.map((item) => item.change)).toEqual(["removed", "removed"]);
    expect((await subscriptionRow(id)).status).toBe("active");
    const changes = await api.database.db
      .select()
      .from(subscriptionChanges)
      .where(eq(subscriptionChanges.subscriptionId, id));
    expect(changes).toHaveLength(0);
  });

  it("cancels after the last issued draw, issues nothing more and e-mails a confirmation", async () => {
    const { id, onSale } = await subscriptionOf([WHOLE_TICKET], { issued: 1 });
    const applied = await json<CancelApplied>(
      await post("/api/subscriptions/cancel", { transactionId: randomUUID(), subscriptionId: id }),
    );
    expect(applied).toMatchObject({
      whole: true,
      confirmationEmailQueued: true,
      lastDraw: { drawId: onSale[0]?.id },
      subscription: { status: "cancelled", nextDraw: null, lastDraw: { drawId: onSale[0]?.id } },
    });
    const row = await subscriptionRow(id);
    expect(row).toMatchObject({ status: "cancelled", lastDrawId: onSale[0]?.id });
    expect(row.cancelledAt).not.toBeNull();

    const next = onSale[1];
    if (!next) throw new Error("The seed has one regular draw on sale only");
    expect(await issueDraw(issueServices(), next.id, { subscriptionIds: [id] })).toEqual({
      subscriptions: 0,
      tickets: 0,
    });
    const collections = await api.database.db
      .select()
      .from(subscriptionCollections)
      .where(eq(subscriptionCollections.subscriptionId, id));
    expect(collections.map((collection) => collection.drawId)).toEqual([onSale[0]?.id]);

    const mails = await cancellationMails(id);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.mail).toMatchObject({ recipient: DEMO_PLAYER.email, playerId: row.playerId });
    const last = onSale[0] as NonNullable<(typeof onSale)[0]>;
    // The whole subscription, and the draw it plays in for the last time (its Amsterdam date).
    expect(mails[0]?.mail.data).toEqual({
      firstName: "Anna",
      subscriptionId: id,
      whole: true,
      items: [expect.any(String)],
      lastDraw: { name: last.name, date: amsterdamIsoDate(last.drawAt) },
    });
  });

  it("stops only the chosen items from the next draw; the others play on", async () => {
    const { id, itemIds, onSale } = await subscriptionOf([WHOLE_TICKET, FIFTH_STREET], { issued: 1 });
    const [ticketId, streetId] = itemIds;
    const applied = await json<CancelApplied>(
      await post("/api/subscriptions/cancel", {
        transactionId: randomUUID(),
        subscriptionId: id,
        subscriptionItems: [streetId],
      }),
    );
    expect(applied).toMatchObject({ whole: false, monthlyAmountAfterInCents: 1_750 });
    expect(applied.subscription.status).toBe("active");
    expect(applied.subscription.items.map((item) => item.id)).toEqual([ticketId]);
    const next = onSale[1];
    if (!next) throw new Error("The seed has one regular draw on sale only");
    const outcome = await issueDraw(issueServices(), next.id, { subscriptionIds: [id] });
    expect(outcome).toEqual({ subscriptions: 1, tickets: 1 });
    const [mail] = await cancellationMails(id);
    // Only the stopped street is named.
    expect(mail?.mail.data).toMatchObject({
      subscriptionId: id,
      whole: false,
      items: [expect.stringContaining("Straat")],
    });
  });

  it("names no last draw for items that never played; the e-mail says nothing more is played", async () => {
    const { id } = await subscriptionOf([WHOLE_TICKET], { issued: 1 });
    const added = await json<SubscriptionChangeApplied>(
      await post("/api/subscriptions/items/add", {
        transactionId: randomUUID(),
        subscriptionId: id,
        quantity: 1,
        withXl: false,
      }),
    );
    const newItemId = added.subscription.items.at(-1)?.id;
    const body = { subscriptionId: id, subscriptionItems: [newItemId] };
    const quote = await json<CancelQuote>(await post("/api/subscriptions/verify/cancel", body));
    expect(quote).toMatchObject({ whole: false, lastDraw: null });
    const applied = await json<CancelApplied>(
      await post("/api/subscriptions/cancel", { ...body, transactionId: randomUUID() }),
    );
    expect(applied.lastDraw).toBeNull();
    const [mail] = await cancellationMails(id);
    expect(mail?.mail.data).toMatchObject({ whole: false, lastDraw: null });
  });

  it("cancels once when two tabs cancel at once: the other is told it was cancelled already", async () => {
    const { id } = await subscriptionOf([WHOLE_TICKET], { issued: 1 });
    const responses = await Promise.all(
      [randomUUID(), randomUUID()].map((transactionId) =>
        post("/api/subscriptions/cancel", { transactionId, subscriptionId: id }),
      ),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([200, 409]);
    const refused = responses.find((response) => response.status === 409) as Response;
    await expectCode(refused, 409, "SubscriptionAlreadyCanceledError");
    expect(await cancellationMails(id)).toHaveLength(1);
  });

  it("answers a replayed cancellation as the first time, without a second e-mail", async () => {
    const { id } = await subscriptionOf([WHOLE_TICKET], { issued: 1 });
    const body = { transactionId: randomUUID(), subscriptionId: id };
    const first = await json<CancelApplied>(await post("/api/subscriptions/cancel", body));
    const again = await json<CancelApplied>(await post("/api/subscriptions/cancel", body));
    expect(again).toEqual(first);
    expect(await cancellationMails(id)).toHaveLength(1);
    // The same id for anything else is refused.
    await expectCode(
      await accept(id, "drie-maanden-pauze", body.transactionId),
      409,
      "TransactionAlreadyProcessedError",
    );
  });

  it("refuses a subscription taken out by phone: customer service cancels it", async () => {
    const { id } = await subscriptionOf([WHOLE_TICKET]);
    await api.database.db.update(subscriptions).set({ channel: "phone" }).where(eq(subscriptions.id, id));
    await expectCode(
      await post("/api/subscriptions/verify/cancel", { subscriptionId: id }),
      409,
      "SubscriptionNotCancelableError",
    );
    await expectCode(
      await post("/api/subscriptions/cancel", { transactionId: randomUUID(), subscriptionId: id }),
      409,
      "SubscriptionNotCancelableError",
    );
    // Nor is it offered anything to stay: the offers are part of cancelling online.
    const offers = await json<{ offers: unknown[] }>(await session.client.request(offersPath(id)));
    expect(offers.offers).toEqual([]);
    await expectCode(await accept(id, "drie-maanden-halve-prijs"), 409, "NoOfferAvailableError");
    expect((await subscriptionRow(id)).status).toBe("active");
  });

  it("tells a second tab stopping the same item that it was stopped already", async () => {
    const { id, itemIds } = await subscriptionOf([WHOLE_TICKET, FIFTH_STREET], { issued: 1 });
    const body = { subscriptionId: id, subscriptionItems: [itemIds[1]] };
    await json<CancelApplied>(
      await post("/api/subscriptions/cancel", { ...body, transactionId: randomUUID() }),
    );
    const again = await post("/api/subscriptions/cancel", { ...body, transactionId: randomUUID() });
    expect(again.status).toBe(422);
    expect(await again.json()).toMatchObject({ errors: { subscriptionItems: ["Dit lot is al opgezegd"] } });
    expect(await cancellationMails(id)).toHaveLength(1);
  });

  it("cancels while the CMS cannot be read: only the first step needs the offers", async () => {
    const { id } = await subscriptionOf([WHOLE_TICKET], { issued: 1 });
    const lookup = api.services.pageContent;
    api.services.pageContent = async (blockType, pageId) => {
      if (blockType === "subscriptionCancellation") throw new ContentUnavailableError("the CMS is down");
      return lookup?.(blockType, pageId);
    };
    try {
      expect((await post("/api/subscriptions/verify/cancel", { subscriptionId: id })).status).toBe(503);
      const applied = await json<CancelApplied>(
        await post("/api/subscriptions/cancel", { transactionId: randomUUID(), subscriptionId: id }),
      );
      expect(applied.subscription.status).toBe("cancelled");
    } finally {
      api.services.pageContent = lookup;
    }
  });

  it("answers another player's subscription as none", async () => {
    const [first] = await regularDrawsOnSale(api.database.db);
    // Made without a player: the fixture makes one of its own.
    const { id } = await createSubscription(api.database.db, {
      startDrawId: first?.id as number,
      items: [WHOLE_TICKET],
    });
    await expectCode(
      await post("/api/subscriptions/cancel", { transactionId: randomUUID(), subscriptionId: id }),
      404,
      "UserHasNoSubscriptionError",
    );
    await expectCode(await session.client.request(offersPath(id)), 404, "UserHasNoSubscriptionError");
    expect((await subscriptionRow(id)).status).toBe("active");
  });

  it("cancels a locked subscription; its failed collection stays owed", async () => {
    const { id, onSale } = await subscriptionOf([WHOLE_TICKET], { issued: 1 });
    await api.database.db
      .update(subscriptions)
      .set({ status: "locked", lockedDrawId: onSale[0]?.id })
      .where(eq(subscriptions.id, id));
    await expectCode(await accept(id, "drie-maanden-pauze"), 409, "SubscriptionLockedError");
    const applied = await json<CancelApplied>(
      await post("/api/subscriptions/cancel", { transactionId: randomUUID(), subscriptionId: id }),
    );
    expect(applied.subscription.status).toBe("cancelled");
    expect(applied.subscription.collections).toHaveLength(1);
    await expectCode(
      await post("/api/subscriptions/verify/cancel", { subscriptionId: id }),
      409,
      "SubscriptionAlreadyCanceledError",
    );
  });
});

describe("retention offers", () => {
  it("lists the page's offers that apply; switching to a fifth only with a whole ticket", async () => {
    const withWhole = await subscriptionOf([WHOLE_TICKET, FIFTH_STREET], { issued: 1 });
    const response = await session.client.request(offersPath(withWhole.id));
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const { offers } = await json<{ offers: RetentionOfferInfo[] }>(response);
    expect(offers.map((offer) => offer.id)).toEqual([
      "drie-maanden-halve-prijs",
      "overstappen-op-vijfde-lot",
      "drie-maanden-pauze",
    ]);
    const next = withWhole.onSale[1]?.id;
    expect(offers.find((offer) => offer.kind === "discount")).toMatchObject({
      nextAmountInCents: Math.floor((1_750 + 3_500) / 2),
      monthlyAmountAfterInCents: 1_750 + 3_500,
      effectiveDraw: { drawId: next },
    });
    expect(offers.find((offer) => offer.kind === "switchToFifth")).toMatchObject({
      nextAmountInCents: 350 + 3_500,
      monthlyAmountAfterInCents: 350 + 3_500,
    });
    expect(offers.find((offer) => offer.kind === "pause")).toMatchObject({ nextAmountInCents: 0 });

    const fifthsOnly = await subscriptionOf([FIFTH_STREET]);
    const other = await json<{ offers: RetentionOfferInfo[] }>(
      await session.client.request(offersPath(fifthsOnly.id)),
    );
    expect(other.offers.map((offer) => offer.kind)).toEqual(["discount", "pause"]);
    await json(await session.client.request(offersPath(fifthsOnly.id, "geen-opzegpagina")), 404);
  });

  it("a discount halves the next draws: the summary shows it and issuing collects it", async () => {
    const { id, onSale } = await subscriptionOf([WHOLE_TICKET], { issued: 1 });
    const applied = await json<SubscriptionChangeApplied>(await accept(id, "drie-maanden-halve-prijs"));
    expect(applied).toMatchObject({
      kind: "retentionOffer",
      payment: { method: "none", amountInCents: 0 },
      effectiveDraw: { drawId: onSale[1]?.id },
    });
    expect(applied.subscription.nextDraw).toMatchObject({ drawId: onSale[1]?.id, amountInCents: 875 });
    // Issue 43: the card says until when: the third draw from the effective one.
    expect(applied.subscription.discounts).toEqual([
      {
        label: "3 maanden halve prijs",
        discountPercent: 50,
        draws: 3,
        drawsLeft: 3,
        lastDraw: expect.objectContaining({ drawId: onSale[3]?.id }),
      },
    ]);
    expect(onSale[3]).toBeDefined();
    const next = onSale[1];
    if (!next) throw new Error("The seed has one regular draw on sale only");
    await issueDraw(issueServices(), next.id, { subscriptionIds: [id] });
    const [collection] = await api.database.db
      .select()
      .from(subscriptionCollections)
      .where(
        and(eq(subscriptionCollections.subscriptionId, id), eq(subscriptionCollections.drawId, next.id)),
      );
    expect(collection?.amountCents).toBe(875);

    // One retention offer per subscription.
    const after = await json<{ offers: unknown[] }>(await session.client.request(offersPath(id)));
    expect(after.offers).toEqual([]);
    await expectCode(await accept(id, "drie-maanden-pauze"), 409, "NoOfferAvailableError");
    const quote = await json<CancelQuote>(
      await post("/api/subscriptions/verify/cancel", { subscriptionId: id }),
    );
    expect(quote.retentionOffers).toBe(false);
  });

  it("a pause skips its draws: issuing a paused draw issues nothing", async () => {
    const { id, onSale } = await subscriptionOf([WHOLE_TICKET]);
    const applied = await json<SubscriptionChangeApplied>(await accept(id, "drie-maanden-pauze"));
    expect(applied.subscription.pause).toEqual({
      from: onSale[0]?.drawAt.toISOString(),
      until: onSale[2]?.drawAt.toISOString(),
    });
    expect(applied.subscription.nextDraw?.drawId).toBe(onSale[3]?.id);
    for (const draw of onSale.slice(0, 3)) {
      expect(await issueDraw(issueServices(), draw.id, { subscriptionIds: [id] })).toEqual({
        subscriptions: 0,
        tickets: 0,
      });
    }
  });

  it("switching to a fifth makes every whole ticket a fifth", async () => {
    const { id, itemIds } = await subscriptionOf([WHOLE_TICKET, FIFTH_STREET]);
    const applied = await json<SubscriptionChangeApplied>(await accept(id, "overstappen-op-vijfde-lot"));
    expect(applied.items.map((item) => item.change)).toEqual(["changed", "unchanged"]);
    expect(applied.monthlyAmountAfterInCents).toBe(350 + 3_500);
    const items = await api.database.db
      .select({ id: subscriptionItems.id, fraction: subscriptionItems.fraction })
      .from(subscriptionItems)
      .where(eq(subscriptionItems.subscriptionId, id));
    expect(items).toEqual(
      expect.arrayContaining(itemIds.map((itemId) => ({ id: itemId, fraction: "ONE_FIFTH" }))),
    );
  });

  it("refuses an offer that was not offered", async () => {
    const { id } = await subscriptionOf([FIFTH_STREET]);
    await expectCode(await accept(id, "bestaat-niet"), 409, "OfferNotAvailableError");
    // Not offered to a subscription without a whole ticket.
    await expectCode(await accept(id, "overstappen-op-vijfde-lot"), 409, "OfferNotAvailableError");
    const row = await subscriptionRow(id);
    expect(row.discounts).toEqual([]);
    expect(row.pausedFrom).toBeNull();
  });
});
