import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "@/src/backend/db/schema";
import { DEMO_PLAYER } from "@/src/backend/db/seed";
import { login } from "@/src/contract/authentication";
import { getProfile, register } from "@/src/contract/portal";
import { getDrawResult, getDrawResults } from "@/src/contract/results";
import {
  getParticipations,
  getPriceDetails,
  storeBasket,
  verifyConfiguredTicket,
  verifyExternalTickets,
} from "@/src/contract/tickets";
import { applySetCookie, formatCookieHeader } from "@/src/lib/cookies";
import { general } from "@/src/lib/messages";
import type { ApiClients } from "@/src/shop/client/api-caller";
import { ApiError } from "@/src/shop/client/api-error";
import { createForwardingClients } from "@/src/shop/client/forwarding-clients.server";
import { type ApiHarness, startApiHarness } from "@/tests/support/api-harness";
import { halfStreetWithXl } from "@/tests/support/shop-steps";

/**
 * The two clients a page can have (issue 12): in-process calls of the embedded API and the HTTP client of
 * an operator's API. Both must answer alike and fail with the same ApiError.
 */
let api: ApiHarness;
beforeAll(async () => {
  api = await startApiHarness();
});
afterAll(() => api?.close());

type Shape = {
  name: string;
  make: (cookie: string | undefined, cookies: string[], affiliateHost?: string) => ApiClients;
};
const shapes: Shape[] = [
  {
    name: "in-process",
    make: (cookie, cookies, affiliateHost) =>
      api.inProcess({ cookie, affiliateHost, setCookie: (value) => cookies.push(value) }),
  },
  {
    name: "over HTTP",
    make: (cookie, cookies, affiliateHost) =>
      createForwardingClients({
        apiOrigin: api.url,
        exchange: { cookie, affiliateHost, setCookie: (value) => cookies.push(value) },
      }),
  },
];

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("expected the call to fail");
}

/** Logs the demo player in through the HTTP API and returns the browser's cookie header. */
async function loggedInCookie(): Promise<string> {
  const cookies: string[] = [];
  const clients = createForwardingClients({
    apiOrigin: api.url,
    exchange: { cookie: undefined, setCookie: (value) => cookies.push(value) },
  });
  await clients.portal.call(login, { body: { email: DEMO_PLAYER.email, password: DEMO_PLAYER.password } });
  const jar = new Map<string, string>();
  for (const cookie of cookies) applySetCookie(jar, cookie);
  return formatCookieHeader(jar) ?? "";
}

describe.each(shapes)("the server's API clients, $name", ({ make }) => {
  it("answer what the contract declares, coercing path and query values as over HTTP", async () => {
    const { shop } = make(undefined, []);
    const details = await shop.call(getPriceDetails, { params: { pageId: "loten" } });
    expect(details.pageId).toBe("loten");
    expect(details.draws.length).toBeGreaterThan(0);
    const results = await shop.call(getDrawResults, { query: { gameType: "KROON", limit: 3 } });
    expect(results.draws).toHaveLength(3);
    const one = await shop.call(getDrawResult, { params: { drawId: results.draws[0]!.drawId } });
    expect(one.draw.drawId).toBe(results.draws[0]!.drawId);
  });

  it("fail with the same ApiError: 404, field errors of a refused body, 401 without a login", async () => {
    const { shop, portal } = make(undefined, []);
    const missing = await failure(shop.call(getDrawResult, { params: { drawId: 999_999 } }));
    expect(missing.status).toBe(404);
    const refused = await failure(shop.call(verifyExternalTickets, { body: { tickets: [] } }));
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.fieldErrors)).toContain("tickets");
    const anonymous = await failure(portal.call(getProfile));
    expect(anonymous.status).toBe(401);
    expect(anonymous.message).toBe(general.notLoggedIn);
  });

  it("call as the player whose cookies they carry, and pass the API's cookies back", async () => {
    const cookie = await loggedInCookie();
    const { portal, shop } = make(cookie, []);
    expect((await portal.call(getProfile)).email).toBe(DEMO_PLAYER.email);
    expect((await shop.call(getParticipations)).draws.length).toBeGreaterThan(0);

    // An ended session: the 401 comes with the Set-Cookie that clears the login cookie.
    const ended: string[] = [];
    const stale = make("kl_sid=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA; kl_ingelogd=1", ended);
    expect((await failure(stale.portal.call(getProfile))).status).toBe(401);
    expect(ended.some((value) => /^kl_ingelogd=;/.test(value))).toBe(true);
  });
});

describe.each(shapes)("the server's API clients on a partner's host, $name (issue 40)", ({ make }) => {
  it("name the partner in every call, so an order the page starts is the partner's sale", async () => {
    const { shop } = make(await loggedInCookie(), [], "tankstation.localhost:5173");
    const details = await shop.call(getPriceDetails, { params: { pageId: "loten" } });
    const { ticket } = await shop.call(verifyConfiguredTicket, {
      params: { pageId: "loten" },
      body: halfStreetWithXl(details.draws.find((draw) => draw.fractions.includes("HALF"))?.drawId) as never,
    });
    const transactionId = randomUUID();
    await shop.call(storeBasket, { body: { transactionId, tickets: [ticket], paymentMethod: "ideal" } });
    const [order] = await api.database.db
      .select({ partner: orders.affiliatePartner })
      .from(orders)
      .where(eq(orders.transactionId, transactionId));
    expect(order?.partner).toBe("tankstation.localhost");
  });
});

describe("the in-process client", () => {
  it("counts a form action's calls against the endpoint's rate limit under the browser's address", async () => {
    const clients = api.inProcess({ cookie: undefined, ip: "203.0.113.77", setCookie: () => undefined });
    const limit = register.rateLimit?.limit ?? 0;
    for (let attempt = 0; attempt < limit; attempt++) {
      expect((await failure(clients.portal.call(register, { body: {} as never }))).status).toBe(400);
    }
    const refused = await failure(clients.portal.call(register, { body: {} as never }));
    expect(refused.status).toBe(429);
    expect(refused.code).toBe("RateLimitError");
    // Another browser's address has its own allowance.
    const other = api.inProcess({ cookie: undefined, ip: "203.0.113.78", setCookie: () => undefined });
    expect((await failure(other.portal.call(register, { body: {} as never }))).status).toBe(400);
  });
});
