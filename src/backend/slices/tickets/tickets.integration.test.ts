import { randomUUID } from "node:crypto";
import { and, asc, count, eq, gt, lte } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { draws, orders, outboxEmails, players, tickets } from "@/src/backend/db/schema";
import { DEMO_PLAYER } from "@/src/backend/db/seed";
import { affiliateReport } from "@/src/backend/slices/affiliate-tickets/affiliate-report.server";
import type { PriceDetails } from "@/src/contract/tickets";
import { amsterdamIsoDate } from "@/src/lib/amsterdam-time";
import { hashPassword } from "@/src/lib/password.server";
import { type ApiHarness, cookieClient, startApiHarness } from "@/tests/support/api-harness";
import { halfStreetWithXl, logInThroughApi, simulatorDecision } from "@/tests/support/shop-steps";
import { createPlayer } from "../portal/handlers";

/**
 * Tickets, basket and checkout against a real database and the payment simulator: prices only from the
 * server, closed draws refused, one order per transaction id, tickets only for a paid order.
 */
let api: ApiHarness;

beforeAll(async () => {
  api = await startApiHarness();
});
afterAll(() => api?.close());

async function loggedIn(account: { email: string; password: string } = DEMO_PLAYER) {
  const client = cookieClient(api.url);
  return { client, token: await logInThroughApi(client, account) };
}

async function priceDetails(): Promise<PriceDetails> {
  const response = await fetch(`${api.url}/api/tickets/loten/configurator/price-details`);
  expect(response.status).toBe(200);
  return (await response.json()) as PriceDetails;
}

async function yearEndDrawId(): Promise<number> {
  const details = await priceDetails();
  const draw = details.draws.find((candidate) => candidate.kind === "yearEnd");
  if (!draw) throw new Error("The seed has no year-end draw on sale");
  return draw.drawId;
}

async function closedDrawId(): Promise<number> {
  const [draw] = await api.database.db
    .select()
    .from(draws)
    .where(and(eq(draws.gameType, "KROON"), lte(draws.salesCloseAt, new Date())))
    .orderBy(asc(draws.salesCloseAt))
    .limit(1);
  if (!draw) throw new Error("The seed has no closed draw");
  return draw.id;
}

async function basketTicket(drawId: number): Promise<Record<string, unknown> & { drawId: number }> {
  const client = cookieClient(api.url);
  const response = await client.postJson(
    "/api/tickets/verify/loten",
    halfStreetWithXl(drawId),
    await client.token(),
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as { ticket: Record<string, unknown> & { drawId: number } }).ticket;
}

/** Plays the player's part on the simulator's payment page. */
async function decide(paymentUrl: string, action: "approve" | "cancel" | "fail") {
  const response = await fetch(`${api.url}${paymentUrl}`, {
    ...simulatorDecision(action),
    redirect: "manual",
  });
  expect(response.status).toBe(303);
  return response.headers.get("location");
}

describe("price details", () => {
  it("lists the draws on sale with the fractions each sells and server prices", async () => {
    const details = await priceDetails();
    expect(details.maxQuantity).toBe(20);
    expect(details.basketUnitLimit).toBe(100);
    const yearEnd = details.draws.find((draw) => draw.kind === "yearEnd");
    expect(yearEnd?.fractions).toEqual(["WHOLE", "HALF"]);
    const regular = details.draws.find((draw) => draw.kind === "regular");
    expect(regular?.fractions).toEqual(["WHOLE", "ONE_FIFTH"]);
    expect(regular?.prices).toContainEqual(
      expect.objectContaining({
        productType: "SingleTicket",
        fraction: "WHOLE",
        pricePerTicketInCents: 1750,
        pricePerTicketWithAddOnInCents: 2000,
      }),
    );
    expect(yearEnd?.prices).toContainEqual(
      expect.objectContaining({ productType: "Street", fraction: "HALF", pricePerTicketInCents: 15_000 }),
    );
    expect(details.millionGame?.pricePerTicketInCents).toBe(100);
    for (const draw of details.draws)
      expect(new Date(draw.salesCloseDateTime).getTime()).toBeGreaterThan(Date.now());
  });
});

describe("verifying tickets", () => {
  it("answers a configured street as a basket ticket with the server's price", async () => {
    const ticket = await basketTicket(await yearEndDrawId());
    expect(ticket).toMatchObject({
      _type: "StlBasketTicket",
      productType: "Street",
      fraction: "HALF",
      isFractional: true,
      withXl: true,
      endDigits: [[-1, 7]],
      pricePerTicketInCents: 15_000,
      pricePerTicketWithAddOnInCents: 16_250,
    });
  });

  it("ignores a price changed in the request and reports it", async () => {
    const ticket = {
      ...(await basketTicket(await yearEndDrawId())),
      basketItemId: "a1",
      pricePerTicketInCents: 1,
    };
    const client = cookieClient(api.url);
    const response = await client.postJson("/api/basket/verify", { tickets: [ticket] }, await client.token());
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.valid).toBe(false);
    expect(body.items[0]).toMatchObject({ status: "priceChanged", lineTotalInCents: 16_250 });
    expect(body.items[0].ticket.pricePerTicketInCents).toBe(15_000);
    expect(body.totalInCents).toBe(16_250);
  });

  it("refuses a ticket for a closed draw with a Dutch message", async () => {
    const client = cookieClient(api.url);
    const response = await client.postJson(
      "/api/tickets/verify/loten",
      { ...halfStreetWithXl(await closedDrawId()), fraction: "WHOLE" },
      await client.token(),
    );
    expect(response.status).toBe(422);
    const problem = await response.json();
    expect(problem.errors.drawId).toEqual([
      "De verkoop voor deze trekking is gesloten. Kies een andere trekking.",
    ]);
  });

  it("refuses end digits out of range, negative and huge quantities and unknown products", async () => {
    const client = cookieClient(api.url);
    const token = await client.token();
    const drawId = await yearEndDrawId();
    // Each bad input is refused for its own reason, on its own field.
    const cases: Array<[Record<string, unknown>, number, string, string | RegExp]> = [
      [{ endDigits: [[-1, 10]] }, 400, "endDigits.0.1", /<=9/],
      [{ endDigits: [[1, 2, 3]] }, 400, "endDigits.0", /<=2 items/],
      [{ quantity: -1 }, 400, "quantity", "Kies een aantal van 1 tot en met 20"],
      [{ quantity: 1_000_000 }, 400, "quantity", "Kies een aantal van 1 tot en met 20"],
      [{ productType: "Paleis" }, 400, "productType", "Kies een soort lot"],
      [{ fraction: "ONE_FIFTH" }, 422, "fraction", "Deze trekking verkoopt dit deel van een lot niet"],
      [{ endDigits: [[3, 7]] }, 422, "endDigits", "Kies een eindcijfer van 0 tot en met 9"],
      [
        {
          endDigits: [
            [-1, 7],
            [-1, 8],
          ],
        },
        422,
        "endDigits",
        "Je hebt meer eindcijfers gekozen dan loten",
      ],
    ];
    for (const [bad, status, field, message] of cases) {
      const response = await client.postJson(
        "/api/tickets/verify/loten",
        { ...halfStreetWithXl(drawId), ...bad },
        token,
      );
      expect(response.status, JSON.stringify(bad)).toBe(status);
      const errors = (await response.json()).errors as Record<string, string[]>;
      expect(Object.keys(errors), JSON.stringify(bad)).toEqual([field]);
      expect(errors[field]?.[0]).toMatch(message);
    }
  });
});

describe("checkout", () => {
  it("needs a login", async () => {
    const client = cookieClient(api.url);
    const response = await client.postJson(
      "/api/tickets/store",
      {
        transactionId: randomUUID(),
        tickets: [await basketTicket(await yearEndDrawId())],
        paymentMethod: "ideal",
      },
      await client.token(),
    );
    expect(response.status).toBe(401);
  });

  it("refuses a basket with a closed draw and stores nothing", async () => {
    const { client, token } = await loggedIn();
    const ticket = {
      ...(await basketTicket(await yearEndDrawId())),
      basketItemId: "b1",
      drawId: await closedDrawId(),
    };
    const transactionId = randomUUID();
    const response = await client.postJson(
      "/api/tickets/store",
      { transactionId, tickets: [ticket], paymentMethod: "ideal" },
      token,
    );
    const problem = await response.json();
    expect(problem.status).toBe(422);
    expect(problem.code).toBe("BasketItemInvalidError");
    expect(problem.errors["tickets.b1"]).toBeDefined();
    const stored = await api.database.db.select().from(orders).where(eq(orders.transactionId, transactionId));
    expect(stored).toHaveLength(0);
  });

  it("pays a street and issues 10 consecutive numbers with the chosen digit, once", async () => {
    const { client, token } = await loggedIn();
    const transactionId = randomUUID();
    const ticket = { ...(await basketTicket(await yearEndDrawId())), basketItemId: "s1" };
    const store = () =>
      client.postJson(
        "/api/tickets/store",
        { transactionId, tickets: [ticket], paymentMethod: "ideal" },
        token,
      );

    // A double click: two requests with one transaction id make one order and one payment.
    const [first, second] = await Promise.all([store(), store()]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    const started = await first.json();
    expect((await second.json()).redirectUrl).toBe(started.redirectUrl);
    expect(started).toMatchObject({ status: "pending", totalInCents: 16_250 });
    expect(started.redirectUrl).toMatch(/^\/betaalsimulator\//);

    const location = await decide(started.redirectUrl, "approve");
    expect(location).toBe(`/afrekenen/resultaat?transactionId=${transactionId}`);

    const result = await client.postJson("/api/tickets/loten/continue", { transactionId }, token);
    expect(result.status).toBe(200);
    const order = await result.json();
    expect(order.status).toBe("paid");
    expect(order.tickets).toHaveLength(10);
    const numbers: string[] = order.tickets.map((issued: { number: string }) => issued.number);
    const prefix = numbers[0]!.slice(0, 6);
    expect(prefix).toMatch(/^[A-Z]{2}\d{3}7$/);
    expect(numbers).toEqual(Array.from({ length: 10 }, (_, digit) => `${prefix}${digit}`));
    expect(order.tickets[0]).toMatchObject({
      productType: "Street",
      fraction: "HALF",
      withXl: true,
      purchaseType: "Online",
    });

    // Replays: the same transaction again, the payment page again, a notification again.
    const again = await store();
    expect(again.status).toBe(409);
    expect((await again.json()).code).toBe("TransactionAlreadyProcessedError");
    await decide(started.redirectUrl, "approve");
    const paymentId = started.redirectUrl.split("/").pop();
    const notify = await fetch(`${api.url}/api/payments/notify`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `id=${paymentId}`,
    });
    expect(notify.status).toBe(200);

    const [row] = await api.database.db.select().from(orders).where(eq(orders.transactionId, transactionId));
    const [issued] = await api.database.db
      .select({ total: count() })
      .from(tickets)
      .where(eq(tickets.orderId, row!.id));
    expect(issued?.total).toBe(10);
    const mails = await api.database.db.select().from(outboxEmails).where(eq(outboxEmails.orderId, row!.id));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      kind: "order-confirmation",
      recipient: DEMO_PLAYER.email,
      playerId: row!.playerId,
    });
    // The draw with its Amsterdam date, and every number issued, in the e-mail's data.
    const mailed = mails[0]?.data as { draws: { name: string; date: string; numbers: string[] }[] };
    expect(mails[0]?.data).toMatchObject({ firstName: "Anna", totalCents: 16_250 });
    expect(mailed.draws).toHaveLength(1);
    expect(mailed.draws[0]).toMatchObject({
      name: order.draws[0].name,
      date: amsterdamIsoDate(new Date(order.draws[0].drawDate)),
    });
    expect([...(mailed.draws[0]?.numbers ?? [])].sort()).toEqual(numbers);

    const participations = await client.request("/api/participations");
    const mine = await participations.json();
    const draw = mine.draws.find((entry: { drawId: number }) => entry.drawId === ticket.drawId);
    expect(draw.tickets.map((entry: { number: string }) => entry.number)).toEqual(
      expect.arrayContaining(numbers),
    );
  });

  it("issues nothing for a cancelled payment, and a retry of that transaction says to try again", async () => {
    const { client, token } = await loggedIn();
    const transactionId = randomUUID();
    const ticket = { ...(await basketTicket(await yearEndDrawId())), basketItemId: "c1" };
    const body = { transactionId, tickets: [ticket], paymentMethod: "ideal" };
    const started = await (await client.postJson("/api/tickets/store", body, token)).json();
    await decide(started.redirectUrl, "cancel");
    const result = await (
      await client.postJson("/api/tickets/loten/continue", { transactionId }, token)
    ).json();
    expect(result).toMatchObject({ status: "cancelled", tickets: [] });
    const retry = await client.postJson("/api/tickets/store", body, token);
    expect(retry.status).toBe(409);
    expect((await retry.json()).code).toBe("TransactionRolledbackError");
  });

  it("does not let a forged notification mark an open order paid", async () => {
    const { client, token } = await loggedIn();
    const transactionId = randomUUID();
    const ticket = { ...(await basketTicket(await yearEndDrawId())), basketItemId: "f1" };
    const started = await (
      await client.postJson(
        "/api/tickets/store",
        { transactionId, tickets: [ticket], paymentMethod: "ideal" },
        token,
      )
    ).json();
    const paymentId = started.redirectUrl.split("/").pop();
    // Its own payment's id with a claimed status (the status is asked of the provider), and an id no order has.
    for (const [id, status] of [
      [paymentId, 200],
      ["tr_forged", 404],
    ]) {
      const notify = await fetch(`${api.url}/api/payments/notify`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: `id=${id}&status=paid`,
      });
      expect(notify.status).toBe(status);
    }
    const result = await (
      await client.postJson("/api/tickets/loten/continue", { transactionId }, token)
    ).json();
    expect(result).toMatchObject({ status: "pending", tickets: [] });
  });

  it("does not show one player's order to another, nor let them take over its transaction", async () => {
    const { client, token } = await loggedIn();
    const transactionId = randomUUID();
    const ticket = { ...(await basketTicket(await yearEndDrawId())), basketItemId: "o1" };
    const body = { transactionId, tickets: [ticket], paymentMethod: "ideal" };
    expect((await client.postJson("/api/tickets/store", body, token)).status).toBe(200);

    const other = { email: "andere.speler@example.nl", password: "Andere-Speler-2026!" };
    await createPlayer(api.database.db, {
      email: other.email,
      passwordHash: await hashPassword(other.password),
      firstName: "Bram",
      lastName: "de Vries",
      birthDate: "1985-02-01",
      street: "Dorpsstraat",
      houseNumber: 3,
      postalCode: "1234AB",
      city: "Kroondorp",
    });
    // An adult whose age iDIN confirmed: what refuses her is the transaction, not her age.
    await api.database.db
      .update(players)
      .set({ validationState: "Validated" })
      .where(eq(players.email, other.email));
    const intruder = await loggedIn(other);
    const seen = await intruder.client.postJson(
      "/api/tickets/loten/continue",
      { transactionId },
      intruder.token,
    );
    expect(seen.status).toBe(404);
    const taken = await intruder.client.postJson("/api/tickets/store", body, intruder.token);
    expect(taken.status).toBe(409);
    expect((await taken.json()).code).toBe("TransactionAlreadyProcessedError");
    // The owner still sees the order.
    const own = await client.postJson("/api/tickets/loten/continue", { transactionId }, token);
    expect((await own.json()).status).toBe("pending");

    const anonymous = cookieClient(api.url);
    const response = await anonymous.postJson(
      "/api/tickets/loten/continue",
      { transactionId },
      await anonymous.token(),
    );
    expect(response.status).toBe(401);
    const unknown = await client.postJson(
      "/api/tickets/loten/continue",
      { transactionId: randomUUID() },
      token,
    );
    expect(unknown.status).toBe(404);
  });

  it("credits an order started on a partner's host to the partner, and the partner report counts it", async () => {
    const { client, token } = await loggedIn();
    const ticket = { ...(await basketTicket(await yearEndDrawId())), basketItemId: "p1" };
    const store = async (host?: string) => {
      const transactionId = randomUUID();
      const response = await client.postJson(
        "/api/tickets/store",
        { transactionId, tickets: [ticket], paymentMethod: "ideal" },
        token,
        "POST",
        host ? { "Cms-Affiliate-Host": host } : {},
      );
      expect(response.status).toBe(200);
      await decide(((await response.json()) as { redirectUrl: string }).redirectUrl, "approve");
      const [order] = await api.database.db
        .select({ partner: orders.affiliatePartner, status: orders.status })
        .from(orders)
        .where(eq(orders.transactionId, transactionId));
      return order;
    };
    // Sold on the partner's white-label host (as its pages send it, with the port): the partner's sale.
    expect(await store("Tankstation.localhost:5173")).toEqual({
      partner: "tankstation.localhost",
      status: "paid",
    });
    // On the shop's own host, or naming a host that is no partner's: nobody's.
    expect(await store()).toEqual({ partner: null, status: "paid" });
    expect(await store("evil.example")).toEqual({ partner: null, status: "paid" });

    const month = amsterdamIsoDate(new Date()).slice(0, 7);
    const row = (await affiliateReport(api.database.db, month)).find(
      (candidate) => candidate.partner === "tankstation.localhost" && candidate.pageId === "winkelmandje",
    );
    expect(row).toMatchObject({ orders: 1, tickets: 10, amountCents: 16_250 });
  });
});

describe("external tickets", () => {
  it("refuses a million-game ticket once its sales closed, even while the draws on sale are cached", async () => {
    let clock = new Date();
    const timed = await startApiHarness({ now: () => clock });
    try {
      const client = cookieClient(timed.url);
      const before = await (await client.request("/api/tickets/loten/configurator/price-details")).json();
      expect(before.millionGame).not.toBeNull();
      clock = new Date(new Date(before.millionGame.salesCloseDateTime).getTime() + 1_000);
      const stillOpen = (before as PriceDetails).draws.find(
        (draw) => new Date(draw.salesCloseDateTime) > clock && draw.fractions.includes("HALF"),
      );
      expect(stillOpen).toBeDefined();
      const response = await client.postJson(
        "/api/basket/external/verify",
        {
          tickets: [{ ...halfStreetWithXl(stillOpen?.drawId ?? 0), endDigits: [] }],
          millionGame: { quantity: 1 },
        },
        await client.token(),
      );
      expect(response.status).toBe(422);
      expect((await response.json()).errors.millionGame).toBeDefined();
    } finally {
      await timed.close();
    }
  });

  it("turns a partner's ticket description into basket tickets with a million-game ticket", async () => {
    const client = cookieClient(api.url);
    const response = await client.postJson(
      "/api/basket/external/verify",
      {
        tickets: [{ ...halfStreetWithXl(await yearEndDrawId()), endDigits: [] }],
        millionGame: { quantity: 2 },
      },
      await client.token(),
    );
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.tickets).toHaveLength(2);
    expect(body.tickets[1]).toMatchObject({ _type: "MjsBasketTicket", quantity: 2 });
    const [open] = await api.database.db
      .select()
      .from(draws)
      .where(and(eq(draws.gameType, "MILJOENENSPEL"), gt(draws.salesCloseAt, new Date())))
      .orderBy(asc(draws.salesCloseAt))
      .limit(1);
    expect(body.tickets[1].drawId).toBe(open?.id);
  });
});
