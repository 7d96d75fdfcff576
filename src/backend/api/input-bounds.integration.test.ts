import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PLAYER } from "@/src/backend/db/seed";
import type { PriceDetails } from "@/src/contract/tickets";
import { type ApiHarness, cookieClient, startApiHarness } from "@/tests/support/api-harness";

/**
 * Numbers beyond what a database column holds and strings PostgreSQL cannot store (NUL, lone surrogates)
 * are refused at the contract: 400 problem details naming the field, never a 5xx from the database.
 * Run on PostgreSQL too (TEST_DATABASE_URL): PGlite is more forgiving than the real server.
 */
let api: ApiHarness;
let player: ReturnType<typeof cookieClient>;
let token: string;
let saleDrawId: number;

beforeAll(async () => {
  api = await startApiHarness();
  player = cookieClient(api.url);
  const login = await player.postJson(
    "/api/authentication/login",
    { email: DEMO_PLAYER.email, password: DEMO_PLAYER.password },
    await player.token("/api/authentication/get-token"),
  );
  expect(login.status).toBe(200);
  token = await player.token();
  const details = (await (
    await fetch(`${api.url}/api/tickets/loten/configurator/price-details`)
  ).json()) as PriceDetails;
  saleDrawId = details.draws[0]!.drawId;
});
afterAll(() => api?.close());

/** Past what PostgreSQL's integer (int4) holds, past bigint, and a float no integer column takes. */
const OUT_OF_RANGE = [2 ** 31, 2 ** 63, 1e308, -1];

type Problem = { type: string; title: string; status: number; errors?: Record<string, string[]> };

async function expectFieldProblem(response: Response, field: string): Promise<Problem> {
  const text = await response.text();
  expect(response.status, text).toBe(400);
  expect(response.headers.get("content-type")).toContain("application/problem+json");
  const problem = JSON.parse(text) as Problem;
  expect(problem).toMatchObject({ type: expect.any(String), title: expect.any(String), status: 400 });
  expect(Object.keys(problem.errors ?? {}), text).toContain(field);
  return problem;
}

function configuredTicket(overrides: Record<string, unknown> = {}) {
  return {
    drawId: saleDrawId,
    productType: "SingleTicket",
    fraction: "WHOLE",
    quantity: 1,
    ...overrides,
  };
}

/** A basket ticket as the API itself prices it, for the basket calls to start from. */
async function basketTicket(): Promise<Record<string, unknown>> {
  const response = await player.postJson("/api/tickets/verify/loten", configuredTicket(), token);
  expect(response.status).toBe(200);
  return ((await response.json()) as { ticket: Record<string, unknown> }).ticket;
}

describe("numbers beyond a column's range", () => {
  for (const drawId of OUT_OF_RANGE) {
    it(`the ticket checker refuses draw ${drawId}`, async () => {
      const response = await player.postJson(
        "/api/ticket-checker/check",
        { drawId, tickets: [{ ticketNumber: "AB12345" }] },
        token,
      );
      await expectFieldProblem(response, "drawId");
    });

    it(`ticket verify refuses draw ${drawId}`, async () => {
      const response = await player.postJson(
        "/api/tickets/verify/loten",
        configuredTicket({ drawId }),
        token,
      );
      await expectFieldProblem(response, "drawId");
    });

    it(`external ticket verify refuses draw ${drawId}`, async () => {
      const response = await player.postJson(
        "/api/basket/external/verify",
        { tickets: [configuredTicket({ drawId })] },
        token,
      );
      await expectFieldProblem(response, "tickets.0.drawId");
    });

    it(`basket verify refuses draw ${drawId}`, async () => {
      const ticket = await basketTicket();
      const response = await player.postJson(
        "/api/basket/verify",
        { tickets: [{ ...ticket, drawId, firstDrawId: drawId }] },
        token,
      );
      const problem = await expectFieldProblem(response, "tickets.0.drawId");
      expect(problem.status).toBe(400);
    });

    it(`removing a retail ticket refuses draw ${drawId}`, async () => {
      const response = await player.postJson(
        "/api/retail-tickets",
        { ticketId: randomUUID(), drawId },
        token,
        "DELETE",
      );
      await expectFieldProblem(response, "drawId");
    });
  }

  it("basket verify refuses prices beyond a column's range", async () => {
    const ticket = await basketTicket();
    const response = await player.postJson(
      "/api/basket/verify",
      { tickets: [{ ...ticket, pricePerTicketInCents: 2 ** 31 }] },
      token,
    );
    await expectFieldProblem(response, "tickets.0.pricePerTicketInCents");
  });

  it("a draw's result refuses a path id beyond the range", async () => {
    const response = await player.request(`/api/draw-results/${2 ** 31}`);
    await expectFieldProblem(response, "params.drawId");
  });
});

const HOSTILE = { nul: "Jan\u0000", loneSurrogate: "Jan\uD800", loneLowSurrogate: "\uDC00Jan" };

describe("strings PostgreSQL cannot store", () => {
  const registration = (overrides: Record<string, unknown>) => ({
    email: `string.rule.${randomUUID()}@example.nl`,
    password: "Geheim!2026",
    firstName: "Jan",
    lastName: "Vries",
    dateOfBirth: "1990-03-15",
    postalCode: "1234 AB",
    houseNumber: 7,
    acceptTerms: true,
    ...overrides,
  });

  for (const [kind, value] of Object.entries(HOSTILE)) {
    it(`registration refuses a ${kind} in the names, with the player's message`, async () => {
      const client = cookieClient(api.url);
      const portalToken = await client.token("/api/authentication/get-token");
      const response = await client.postJson(
        "/api/authentication/register",
        registration({ firstName: value, middleName: value, lastName: value }),
        portalToken,
      );
      const problem = await expectFieldProblem(response, "firstName");
      expect(Object.keys(problem.errors ?? {})).toEqual(expect.arrayContaining(["middleName", "lastName"]));
      // The registration form shows these messages beside the fields: Dutch, from the catalogue.
      expect(problem.errors?.firstName?.join(" ")).toMatch(/tekens/i);
    });

    it(`basket verify refuses a ${kind} in a basket item id`, async () => {
      const ticket = await basketTicket();
      const response = await player.postJson(
        "/api/basket/verify",
        { tickets: [{ ...ticket, basketItemId: `item-${value}` }] },
        token,
      );
      await expectFieldProblem(response, "tickets.0.basketItemId");
    });
  }

  it("a NUL in a path parameter is refused as that parameter", async () => {
    const response = await player.request("/api/boulevardgame/B%00");
    await expectFieldProblem(response, "params.boulevardId");
  });

  it("a NUL in a query parameter is refused as that parameter", async () => {
    const response = await player.request("/api/experiments/kleur-knop?group=a%00");
    await expectFieldProblem(response, "query.group");
  });

  it("a NUL in the login password is refused as that field", async () => {
    const client = cookieClient(api.url);
    const response = await client.postJson(
      "/api/authentication/login",
      { email: DEMO_PLAYER.email, password: `${DEMO_PLAYER.password}\u0000` },
      await client.token("/api/authentication/get-token"),
    );
    await expectFieldProblem(response, "password");
  });
});
