import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deposits, giftTickets, orders, outboxEmails } from "@/src/backend/db/schema";
import { sendDueGifts } from "@/src/backend/orders/gift-tickets.server";
import type { OrderHistory } from "@/src/contract/order-history";
import type { PriceDetails } from "@/src/contract/tickets";
import { amsterdamIsoDate } from "@/src/lib/amsterdam-time";
import { type ApiHarness, startApiHarness } from "@/tests/support/api-harness";
import { halfStreetWithXl, simulatorDecision } from "@/tests/support/shop-steps";
import { decidePayment, signUpBody, submitSignUp } from "@/tests/support/subscription-sign-up-steps";
import { type ValidatedPlayer, validatedPlayer } from "@/tests/support/validated-player";

/**
 * `/api/my/orders` (issue 43) over HTTP on a real database: what a player bought and paid, each with its
 * state, narrowed by group and outcome, page by page, and never another player's.
 */

let api: ApiHarness;
beforeAll(async () => {
  api = await startApiHarness();
});
afterAll(() => api?.close());

async function history(player: ValidatedPlayer, query = ""): Promise<OrderHistory> {
  const response = await player.client.request(`/api/my/orders${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  expect(response.headers.get("cache-control")).toContain("private");
  return (await response.json()) as OrderHistory;
}

/** Plays the player's part on the simulator's payment page. */
async function decide(paymentUrl: string, action: "approve" | "cancel") {
  const response = await fetch(`${api.url}${paymentUrl}`, {
    ...simulatorDecision(action),
    redirect: "manual",
  });
  expect(response.status).toBe(303);
}

async function deposit(player: ValidatedPlayer, amountInCents: number, action: "approve" | "cancel") {
  const transactionId = randomUUID();
  const started = await player.client.postJson(
    "/api/my/common/deposit/ideal",
    { transactionId, amountInCents },
    player.token,
  );
  expect(started.status, await started.clone().text()).toBe(200);
  await decide(((await started.json()) as { redirectUrl: string }).redirectUrl, action);
  // Reading the deposit settles it with the provider.
  expect((await player.client.request(`/api/my/common/deposit/${transactionId}`)).status).toBe(200);
}

async function drawOnSale(pageId: string, kind: string): Promise<number> {
  const response = await fetch(`${api.url}/api/tickets/${pageId}/configurator/price-details`);
  const draw = ((await response.json()) as PriceDetails).draws.find((candidate) => candidate.kind === kind);
  if (!draw) throw new Error(`no ${kind} draw on sale`);
  return draw.drawId;
}

/** A half street with XL, paid from the balance at once. */
async function orderFromBalance(player: ValidatedPlayer): Promise<number> {
  const verified = await player.client.postJson(
    "/api/tickets/verify/loten",
    halfStreetWithXl(await drawOnSale("loten", "yearEnd")),
    player.token,
  );
  const { ticket, totalInCents } = (await verified.json()) as { ticket: unknown; totalInCents: number };
  const body = { transactionId: randomUUID(), tickets: [ticket], paymentMethod: "balance" };
  const paid = await player.client.postJson("/api/tickets/store", body, player.token);
  expect(paid.status, await paid.clone().text()).toBe(200);
  return totalInCents;
}

/** A gift for Sanne, paid by iDEAL; her e-mail goes out in three days unless `sendOn` says otherwise. */
async function giftForSanne(
  player: ValidatedPlayer,
  sendOn = amsterdamIsoDate(new Date(Date.now() + 3 * 86_400_000)),
) {
  const storeId = randomUUID();
  const choice = {
    drawId: await drawOnSale("cadeau", "regular"),
    fraction: "WHOLE",
    recipientName: "Sanne",
    recipientEmail: "sanne@example.nl",
    sendOn,
  };
  const stored = await player.client.postJson(
    `/api/gift-tickets/store/${storeId}`,
    { pageId: "cadeau", choice },
    player.token,
    "PUT",
  );
  expect(stored.status, await stored.clone().text()).toBe(200);
  const transactionId = randomUUID();
  const ordered = await player.client.postJson(
    "/api/gift-tickets/order/cadeau",
    { storeId, transactionId, paymentMethod: "ideal" },
    player.token,
  );
  expect(ordered.status, await ordered.clone().text()).toBe(200);
  await decide(((await ordered.json()) as { redirectUrl: string }).redirectUrl, "approve");
  await player.client.postJson("/api/tickets/cadeau/continue", { transactionId }, player.token);
  const [order] = await api.database.db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.transactionId, transactionId));
  return { ...choice, orderId: order?.id ?? "" };
}

describe("the player's orders and payments", () => {
  let player: ValidatedPlayer;
  let ticketsTotal: number;
  let gift: Awaited<ReturnType<typeof giftForSanne>>;

  beforeAll(async () => {
    player = await validatedPlayer(api, { emailPrefix: "bestellingen" });
    await deposit(player, 20_000, "approve");
    await deposit(player, 2_500, "cancel");
    ticketsTotal = await orderFromBalance(player);
    gift = await giftForSanne(player);
  });

  it("lists each order and payment newest first, with its state, method and reference", async () => {
    const { entries, total, page, pageCount } = await history(player);
    expect({ total, page, pageCount }).toEqual({ total: 4, page: 1, pageCount: 1 });
    expect(entries.map(({ kind, status, outcome, method }) => ({ kind, status, outcome, method }))).toEqual([
      { kind: "gift", status: "paid", outcome: "completed", method: "ideal" },
      { kind: "tickets", status: "paid", outcome: "completed", method: "balance" },
      { kind: "deposit", status: "cancelled", outcome: "unsuccessful", method: "ideal" },
      { kind: "deposit", status: "paid", outcome: "completed", method: "ideal" },
    ]);
    expect(entries.map((entry) => entry.amountInCents)).toEqual([
      entries[0]?.amountInCents,
      ticketsTotal,
      2_500,
      20_000,
    ]);
    // An order carries its number; the two orders' numbers follow each other.
    const [giftOrder, ticketOrder] = entries;
    expect(Number(giftOrder?.reference)).toBe(Number(ticketOrder?.reference) + 1);
    expect(entries[2]?.reference).toMatch(/^[0-9A-F]{8}$/);
  });

  it("shows the tickets an order issued and whom a gift is for", async () => {
    const { entries } = await history(player);
    const ticketOrder = entries.find((entry) => entry.kind === "tickets");
    expect(ticketOrder?.tickets?.tickets).toHaveLength(10);
    expect(ticketOrder?.tickets?.draws).toHaveLength(1);
    const giftOrder = entries.find((entry) => entry.kind === "gift");
    expect(giftOrder?.gift).toMatchObject({ recipientName: "Sanne", sendOn: gift.sendOn, state: "paid" });
    expect(giftOrder?.tickets).toBeUndefined();
  });

  it("narrows to a group and to an outcome", async () => {
    expect((await history(player, "?group=saldo")).entries.map((entry) => entry.kind)).toEqual([
      "deposit",
      "deposit",
    ]);
    expect((await history(player, "?group=loten")).entries.map((entry) => entry.kind)).toEqual([
      "gift",
      "tickets",
    ]);
    const failed = await history(player, "?outcome=unsuccessful");
    expect(failed.entries.map((entry) => [entry.kind, entry.status])).toEqual([["deposit", "cancelled"]]);
    expect((await history(player, "?group=abonnementen")).total).toBe(0);
  });

  it("never lists another player's", async () => {
    const other = await validatedPlayer(api, { emailPrefix: "ander" });
    expect(await history(other)).toEqual({ entries: [], page: 1, pageCount: 0, total: 0 });
  });
});

describe("paging and bad input", () => {
  it("pages by twenty, newest first, and answers the count beyond the last page", async () => {
    const player = await validatedPlayer(api, { emailPrefix: "pagina" });
    const start = Date.now() - 86_400_000;
    await api.database.db.insert(deposits).values(
      Array.from({ length: 23 }, (_, index) => ({
        transactionId: randomUUID(),
        playerId: player.playerId,
        method: "ideal",
        amountCents: 1_000 + index,
        status: "paid",
        createdAt: new Date(start + index * 60_000),
      })),
    );
    const first = await history(player);
    expect({ total: first.total, pageCount: first.pageCount, size: first.entries.length }).toEqual({
      total: 23,
      pageCount: 2,
      size: 20,
    });
    expect(first.entries[0]?.amountInCents).toBe(1_022);
    const second = await history(player, "?page=2");
    expect(second.entries.map((entry) => entry.amountInCents)).toEqual([1_002, 1_001, 1_000]);
    expect(await history(player, "?page=3")).toMatchObject({ entries: [], total: 23, pageCount: 2 });
  });

  it("refuses a query it does not know with problem details, and a visitor with 401", async () => {
    const player = await validatedPlayer(api, { emailPrefix: "fout" });
    for (const query of ["?page=0", "?page=abc", "?group=alles", "?outcome=paid", "?page=101"]) {
      const response = await player.client.request(`/api/my/orders${query}`);
      expect(response.status, query).toBe(400);
      expect(response.headers.get("content-type")).toContain("application/problem+json");
    }
    expect((await fetch(`${api.url}/api/my/orders`)).status).toBe(401);
  });
});

describe("subscriptions and withdrawals", () => {
  it("lists a sign-up once (its first collection is the sign-up's payment) and a withdrawal's masked IBAN", async () => {
    const player = await validatedPlayer(api, { emailPrefix: "abonnee" });
    const signUp = await submitSignUp(player, signUpBody());
    expect(signUp.status, JSON.stringify(signUp.json)).toBe(200);
    await decidePayment(api, signUp.json.redirectUrl, "approve");
    await deposit(player, 3_000, "approve");
    const withdrawn = await player.client.postJson(
      "/api/my/common/withdrawal",
      { transactionId: randomUUID(), amountInCents: 1_500, iban: "NL91 ABNA 0417 1643 00" },
      player.token,
    );
    expect(withdrawn.status, await withdrawn.clone().text()).toBe(200);

    const { entries } = await history(player);
    expect(entries.map(({ kind, method }) => [kind, method])).toEqual([
      ["withdrawal", "bankTransfer"],
      ["deposit", "ideal"],
      ["subscription", "ideal"],
    ]);
    expect(entries[0]).toMatchObject({ amountInCents: 1_500, status: "requested", outcome: "open" });
    expect(entries[0]?.description).not.toContain("0417164300");
    expect(entries[2]?.amountInCents).toBe(signUp.json.firstAmountInCents);
    expect((await history(player, "?group=abonnementen")).entries.map((entry) => entry.kind)).toEqual([
      "subscription",
    ]);
  });
});

describe("sending a gift's e-mail again (the giver's overview)", () => {
  const resend = (player: ValidatedPlayer, orderId: string) =>
    player.client.postJson(`/api/gift-tickets/resend/${orderId}`, {}, player.token);
  const giftMails = (recipient: string) =>
    api.database.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.recipient, recipient), eq(outboxEmails.kind, "gift-ticket")));

  it("goes once the gift is sent, once per ten minutes, only for its giver, never after it was redeemed", async () => {
    const giver = await validatedPlayer(api, { emailPrefix: "gever" });
    const gift = await giftForSanne(giver, amsterdamIsoDate(new Date()));

    // Not sent yet: it goes out by itself on its day.
    const early = await resend(giver, gift.orderId);
    expect(early.status).toBe(422);
    expect(JSON.stringify(await early.json())).toContain("nog niet verstuurd");

    await sendDueGifts({ db: api.database.db, logger: pino({ level: "silent" }), now: () => new Date() });
    const again = await resend(giver, gift.orderId);
    expect(again.status, await again.clone().text()).toBe(200);
    expect(await again.json()).toEqual({ sentTo: "s***@example.nl" });
    expect((await resend(giver, gift.orderId)).status).toBe(200);
    const mails = await giftMails("sanne@example.nl");
    const [row] = await api.database.db
      .select()
      .from(giftTickets)
      .where(eq(giftTickets.orderId, gift.orderId));
    const own = mails.filter((mail) => mail.key?.startsWith(`gift:${row?.id}`));
    const kinds = own.map((mail) => (mail.key?.includes(":again:") ? "again" : "first"));
    expect(kinds.sort()).toEqual(["again", "first"]);

    // Another player's gift is not found; a redeemed one is not sent again.
    const other = await validatedPlayer(api, { emailPrefix: "ander-gever" });
    expect((await resend(other, gift.orderId)).status).toBe(404);
    await api.database.db
      .update(giftTickets)
      .set({ state: "redeemed" })
      .where(eq(giftTickets.orderId, gift.orderId));
    const late = await resend(giver, gift.orderId);
    expect(late.status).toBe(422);
    expect(JSON.stringify(await late.json())).toContain("al verzilverd");

    // The giver's list shows the gift's state.
    const { entries } = await history(giver, "?group=loten");
    expect(entries[0]?.gift?.state).toBe("redeemed");
  });
});
