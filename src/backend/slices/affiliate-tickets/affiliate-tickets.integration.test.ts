import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { affiliateTicketStores, orders, players, tickets } from "@/src/backend/db/schema";
import {
  affiliateReport,
  monthRange,
  reportCsv,
} from "@/src/backend/slices/affiliate-tickets/affiliate-report.server";
import { pruneAffiliateStores } from "@/src/backend/slices/affiliate-tickets/affiliates.server";
import type { AffiliateQuote, StoredAffiliate } from "@/src/contract/affiliate-tickets";
import { affiliateMessages } from "@/src/lib/messages";
import { hashPassword } from "@/src/lib/password.server";
import { type ApiHarness, cookieClient, startApiHarness } from "@/tests/support/api-harness";
import { halfStreetWithXl, logInThroughApi, simulatorDecision } from "@/tests/support/shop-steps";
import { createPlayer } from "../portal/handlers";

/**
 * Affiliate tickets (issue 17) over HTTP against a real database and the payment simulator: a partner's
 * offer checked against the page and partner headers, kept in the visitor's own store across the login,
 * ordered free or at the partner price with the partner on the order, at most so many per player, and
 * counted in the monthly partner report.
 */

let api: ApiHarness;
const PASSWORD = "Partner-Test-2026!";

beforeAll(async () => {
  api = await startApiHarness();
});
afterAll(() => api?.close());

type Client = ReturnType<typeof cookieClient>;
type Player = { client: Client; token: string; playerId: string };

const BLADWIJZER = { "Cms-Page-Id": "bladwijzer-welkom", "Cms-Affiliate-Host": "bladwijzer.localhost:5173" };
const DAGBLAD = { "Cms-Page-Id": "dagblad-lezers", "Cms-Affiliate-Host": "dagblad" };

async function newPlayer(validated = true): Promise<Player> {
  const email = `partner-${randomBytes(6).toString("hex")}@example.test`;
  const { id } = await createPlayer(api.database.db, {
    email,
    passwordHash: await hashPassword(PASSWORD),
    firstName: "Daan",
    lastName: "Visser",
    birthDate: "1985-09-21",
    street: "Kerkstraat",
    houseNumber: 3,
    postalCode: "1234AB",
    city: "Kroondorp",
  });
  if (validated) {
    await api.database.db.update(players).set({ validationState: "Validated" }).where(eq(players.id, id));
  }
  const client = cookieClient(api.url);
  return { client, token: await logInThroughApi(client, { email, password: PASSWORD }), playerId: id };
}

async function verify(client: Client, pageId: string, headers: Record<string, string>) {
  return client.postJson(
    `/api/affiliate-tickets/verify/${pageId}`,
    {},
    await client.token(),
    "POST",
    headers,
  );
}

async function store(client: Client, pageId: string, headers: Record<string, string>, id = randomUUID()) {
  const response = await client.postJson(
    `/api/affiliate-tickets/store/${id}`,
    { pageId },
    await client.token(),
    "PUT",
    headers,
  );
  return { id, response };
}

async function order(
  player: Player,
  pageId: string,
  storeId: string,
  headers: Record<string, string>,
  transactionId = randomUUID(),
) {
  const response = await player.client.postJson(
    `/api/affiliate-tickets/${pageId}`,
    { storeId, transactionId, paymentMethod: "ideal" },
    player.token,
    "POST",
    headers,
  );
  return { transactionId, response };
}

describe("checking a partner's offer (POST /api/affiliate-tickets/verify/{pageId})", () => {
  it("prices the offer for its partner's host, and for its code in any case", async () => {
    const visitor = cookieClient(api.url);
    const response = await verify(visitor, "bladwijzer-welkom", BLADWIJZER);
    expect(response.status, await response.clone().text()).toBe(200);
    const quote = (await response.json()) as AffiliateQuote;
    expect(quote).toMatchObject({
      partnerName: "De Bladwijzer",
      product: "MILLION_GAME",
      priceInCents: 0,
      normalPriceInCents: 100,
      maxPerPlayer: 1,
      taken: null,
    });
    expect(quote.draw.name).toMatch(/Miljoenenspel/i);

    const byCode = (await (await verify(visitor, "dagblad-lezers", DAGBLAD)).json()) as AffiliateQuote;
    expect(byCode).toMatchObject({ product: "WHOLE", priceInCents: 995, normalPriceInCents: 1_750 });
  });

  it("refuses another partner, a missing or tampered page header, a page without the block, an ended offer", async () => {
    const visitor = cookieClient(api.url);
    const otherPartner = await verify(visitor, "bladwijzer-welkom", {
      ...BLADWIJZER,
      "Cms-Affiliate-Host": "buurtsuper.localhost",
    });
    expect(otherPartner.status).toBe(403);
    expect(await otherPartner.json()).toMatchObject({
      errors: { partner: [affiliateMessages.wrongPartner] },
    });
    const noPartner = await verify(visitor, "bladwijzer-welkom", { "Cms-Page-Id": "bladwijzer-welkom" });
    expect(noPartner.status).toBe(403);
    expect(
      (await verify(visitor, "bladwijzer-welkom", { "Cms-Affiliate-Host": "bladwijzer.localhost" })).status,
    ).toBe(400);
    expect(
      (await verify(visitor, "bladwijzer-welkom", { ...BLADWIJZER, "Cms-Page-Id": "dagblad-lezers" })).status,
    ).toBe(400);
    expect((await verify(visitor, "cadeau", { ...BLADWIJZER, "Cms-Page-Id": "cadeau" })).status).toBe(404);
    const ended = await verify(visitor, "dagblad-zomer", { ...DAGBLAD, "Cms-Page-Id": "dagblad-zomer" });
    expect(ended.status).toBe(422);
    expect(await ended.json()).toMatchObject({
      code: "OfferNotAvailableError",
      errors: { offer: [affiliateMessages.ended] },
    });
  });
});

describe("keeping the flow (GET and PUT /api/affiliate-tickets/store/{id})", () => {
  it("keeps the page and partner for this visitor only, and drops it after 30 days", async () => {
    const visitor = cookieClient(api.url);
    const { id, response } = await store(visitor, "bladwijzer-welkom", BLADWIJZER);
    expect(response.status, await response.clone().text()).toBe(200);
    const read = await visitor.request(`/api/affiliate-tickets/store/${id}`);
    expect(read.status).toBe(200);
    expect((await read.json()) as StoredAffiliate).toMatchObject({ id, pageId: "bladwijzer-welkom" });

    const stranger = cookieClient(api.url);
    expect((await stranger.request(`/api/affiliate-tickets/store/${id}`)).status).toBe(404);
    // Another visitor cannot take the id over either.
    expect((await store(stranger, "dagblad-lezers", DAGBLAD, id)).response.status).toBe(404);
    const [row] = await api.database.db
      .select()
      .from(affiliateTicketStores)
      .where(eq(affiliateTicketStores.id, id));
    expect(row).toMatchObject({ pageId: "bladwijzer-welkom", partner: "bladwijzer.localhost" });

    await api.database.db
      .update(affiliateTicketStores)
      .set({ updatedAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(affiliateTicketStores.id, id));
    expect(await pruneAffiliateStores(api.database.db, new Date())).toBeGreaterThanOrEqual(1);
    expect((await visitor.request(`/api/affiliate-tickets/store/${id}`)).status).toBe(404);
  });
});

describe("getting the ticket (POST /api/affiliate-tickets/{pageId})", () => {
  it("issues a free ticket at once, records the partner, and refuses a second one", async () => {
    const player = await newPlayer();
    const { id } = await store(player.client, "bladwijzer-welkom", BLADWIJZER);
    const first = await order(player, "bladwijzer-welkom", id, BLADWIJZER);
    expect(first.response.status, await first.response.clone().text()).toBe(200);
    const started = await first.response.json();
    expect(started).toMatchObject({ status: "paid", totalInCents: 0 });
    expect(started.redirectUrl).toBe(`/partnerlot?lot=${id}&bestelling=${first.transactionId}`);

    const [row] = await api.database.db
      .select()
      .from(orders)
      .where(eq(orders.transactionId, first.transactionId));
    expect(row).toMatchObject({
      affiliatePartner: "bladwijzer.localhost",
      pageId: "bladwijzer-welkom",
      status: "paid",
      paymentMethod: "free",
      totalCents: 0,
    });
    const issued = await api.database.db
      .select()
      .from(tickets)
      .where(eq(tickets.orderId, row?.id as string));
    expect(issued).toMatchObject([{ playerId: player.playerId, productType: "MillionGame" }]);

    // Its confirmation (issue 43) carries the order number and no payment method: nobody paid.
    const result = await player.client.postJson(
      "/api/tickets/bladwijzer-welkom/continue",
      { transactionId: first.transactionId },
      player.token,
      "POST",
      { "Cms-Affiliate-Host": "bladwijzer.localhost" },
    );
    expect(result.status, await result.clone().text()).toBe(200);
    const confirmation = await result.json();
    expect(confirmation).toMatchObject({ status: "paid", orderNumber: String(row?.orderNumber) });
    expect(confirmation.paymentMethod).toBeUndefined();

    // The same transaction again (a double click) answers the same; a new one is over the limit.
    expect(
      await (await order(player, "bladwijzer-welkom", id, BLADWIJZER, first.transactionId)).response.json(),
    ).toEqual(started);
    const second = await order(player, "bladwijzer-welkom", id, BLADWIJZER);
    expect(second.response.status).toBe(409);
    expect(await second.response.json()).toMatchObject({
      code: "MaximumNumberOfParticipationsReachedError",
      errors: { offer: [affiliateMessages.limitReached(1)] },
    });
    const quote = (await (
      await verify(player.client, "bladwijzer-welkom", BLADWIJZER)
    ).json()) as AffiliateQuote;
    expect(quote.taken).toBe(1);
  });

  it("lets one of two tabs at once take a once-per-player offer", async () => {
    const player = await newPlayer();
    const { id } = await store(player.client, "bladwijzer-welkom", BLADWIJZER);
    const answers = await Promise.all([
      order(player, "bladwijzer-welkom", id, BLADWIJZER),
      order(player, "bladwijzer-welkom", id, BLADWIJZER),
    ]);
    expect(answers.map((answer) => answer.response.status).sort()).toEqual([200, 409]);
    const taken = await api.database.db.select().from(orders).where(eq(orders.playerId, player.playerId));
    expect(taken).toHaveLength(1);
  });

  it("sells at the partner price through the payment, and the month's report counts it", async () => {
    const player = await newPlayer();
    const { id } = await store(player.client, "dagblad-lezers", DAGBLAD);
    const { transactionId, response } = await order(player, "dagblad-lezers", id, DAGBLAD);
    expect(response.status, await response.clone().text()).toBe(200);
    const { redirectUrl, totalInCents, status } = await response.json();
    expect({ totalInCents, status }).toEqual({ totalInCents: 995, status: "pending" });
    const decided = await fetch(`${api.url}${redirectUrl}`, {
      ...simulatorDecision("approve"),
      redirect: "manual",
    });
    expect(decided.status).toBe(303);
    expect(decided.headers.get("location")).toContain(`/partnerlot?lot=${id}&bestelling=${transactionId}`);
    const result = await player.client.postJson(
      "/api/tickets/dagblad-lezers/continue",
      { transactionId },
      player.token,
    );
    expect(await result.json()).toMatchObject({ status: "paid", tickets: [{ purchaseType: "Online" }] });

    const month = new Date().toISOString().slice(0, 7);
    const rows = await affiliateReport(api.database.db, month);
    const dagblad = rows.find((row) => row.partner === "dagblad" && row.pageId === "dagblad-lezers");
    expect(dagblad).toBeDefined();
    expect(dagblad?.amountCents).toBe(995 * (dagblad?.orders ?? 0));
    expect(dagblad?.tickets).toBe(dagblad?.orders);
    expect(reportCsv(month, rows)).toContain(`${month};dagblad;dagblad-lezers;${dagblad?.orders};`);
  });

  it("counts only the offer's own orders against its limit, not other tickets bought on the partner's page", async () => {
    const player = await newPlayer();
    // A ticket of our own bought on the partner's page and host (issue 40: the partner's sale, for the report).
    const details = await fetch(`${api.url}/api/tickets/loten/configurator/price-details`);
    const { draws } = (await details.json()) as { draws: Array<{ drawId: number; kind: string }> };
    const drawId = draws.find((draw) => draw.kind === "yearEnd")?.drawId;
    const bought = await player.client.postJson(
      "/api/tickets/bladwijzer-welkom",
      { transactionId: randomUUID(), ticket: halfStreetWithXl(drawId), paymentMethod: "ideal" },
      player.token,
      "POST",
      BLADWIJZER,
    );
    expect(bought.status, await bought.clone().text()).toBe(200);
    const paid = await fetch(`${api.url}${((await bought.json()) as { redirectUrl: string }).redirectUrl}`, {
      ...simulatorDecision("approve"),
      redirect: "manual",
    });
    expect(paid.status).toBe(303);
    const [sale] = await api.database.db.select().from(orders).where(eq(orders.playerId, player.playerId));
    expect(sale).toMatchObject({
      affiliatePartner: "bladwijzer.localhost",
      pageId: "bladwijzer-welkom",
      status: "paid",
    });

    // The once-per-player free ticket is still there to take, once.
    const before = (await (
      await verify(player.client, "bladwijzer-welkom", BLADWIJZER)
    ).json()) as AffiliateQuote;
    expect(before.taken).toBe(0);
    const { id } = await store(player.client, "bladwijzer-welkom", BLADWIJZER);
    const first = await order(player, "bladwijzer-welkom", id, BLADWIJZER);
    expect(first.response.status, await first.response.clone().text()).toBe(200);
    expect(await first.response.json()).toMatchObject({ status: "paid", totalInCents: 0 });
    const second = await order(player, "bladwijzer-welkom", id, BLADWIJZER);
    expect(second.response.status).toBe(409);
    const after = (await (
      await verify(player.client, "bladwijzer-welkom", BLADWIJZER)
    ).json()) as AffiliateQuote;
    expect(after.taken).toBe(1);
  });

  it("asks for a confirmed age, a store of this visitor and the flow's own partner", async () => {
    const young = await newPlayer(false);
    const { id } = await store(young.client, "bladwijzer-welkom", BLADWIJZER);
    const refused = await order(young, "bladwijzer-welkom", id, BLADWIJZER);
    expect(refused.response.status).toBe(403);
    expect(await refused.response.json()).toMatchObject({ code: "AgeValidationRequiredError" });

    const player = await newPlayer();
    expect((await order(player, "bladwijzer-welkom", id, BLADWIJZER)).response.status).toBe(404);
    const own = await store(player.client, "dagblad-lezers", DAGBLAD);
    const otherPage = await order(player, "bladwijzer-welkom", own.id, BLADWIJZER);
    expect(otherPage.response.status).toBe(404);
    const otherPartner = await order(player, "dagblad-lezers", own.id, {
      ...DAGBLAD,
      "Cms-Affiliate-Host": "bladwijzer.localhost",
    });
    expect(otherPartner.response.status).toBe(403);
    expect(await api.database.db.select().from(orders).where(eq(orders.playerId, player.playerId))).toEqual(
      [],
    );
  });
});

describe("the partner report", () => {
  it("takes a month on Amsterdam's clocks, and writes amounts with a decimal comma", () => {
    expect(monthRange("2026-12")).toEqual({
      from: new Date("2026-11-30T23:00:00Z"),
      to: new Date("2026-12-31T23:00:00Z"),
    });
    expect(monthRange("2026-07").from).toEqual(new Date("2026-06-30T22:00:00Z"));
    expect(() => monthRange("2026-13")).toThrow(/--month YYYY-MM/);
    expect(
      reportCsv("2026-12", [{ partner: "=evil", pageId: "a;b", orders: 3, tickets: 3, amountCents: 2_985 }]),
    ).toBe('maand;partner;pagina;bestellingen;loten;bedrag_eur\n2026-12;\'=evil;"a;b";3;3;29,85\n');
  });
});
