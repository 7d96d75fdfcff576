import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { players } from "@/src/backend/db/schema";
import { createPlayer } from "@/src/backend/slices/portal/handlers";
import { continueOrder, storeBasket } from "@/src/contract/tickets";
import { hashPassword } from "@/src/lib/password.server";
import { cookieClient } from "../support/cookie-client";
import { startTestShop, type TestShop } from "../support/shop-server";
import { halfStreetWithXl, logInThroughApi, simulatorDecision } from "../support/shop-steps";
import { until } from "../support/until";

/**
 * Issue 45 item 1 (decision 23): what an operator's Prometheus reads on the metrics listener after a
 * purchase: the order and its payment by state, the pages and API endpoints by route template, the front
 * end's API calls by operation; never on the public port, never a path or an id in a label.
 */
let shop: TestShop;
let metricsUrl: string;
const SHARED_PAGE = "/oudejaarstrekking";

beforeAll(async () => {
  shop = await startTestShop({ env: { METRICS_PORT: "0" } });
  metricsUrl = shop.metricsUrl ?? "";
});
afterAll(() => shop?.shutdown());

type Labels = Record<string, string>;

/** The value of the one sample of `name` whose labels include `labels` (0 when there is none). */
function sample(text: string, name: string, labels: Labels = {}): number {
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found: Labels = {};
    for (const [, key, value] of (match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
      found[key as string] = value as string;
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return 0;
}

async function scrape(): Promise<string> {
  const response = await fetch(metricsUrl);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/plain");
  return response.text();
}

const requests = (route: string, method: string, status: number) => ({
  http_route: route,
  http_request_method: method,
  http_response_status_code: String(status),
});

/** A new adult player whose age is validated, logged in through the API. */
async function validatedPlayer() {
  const db = shop.embedded?.db;
  if (!db) throw new Error("The test shop runs without its embedded API");
  const account = { email: `meter.${randomUUID().slice(0, 8)}@example.nl`, password: "Speler-2026!" };
  await createPlayer(db, {
    email: account.email,
    passwordHash: await hashPassword(account.password),
    firstName: "Meta",
    lastName: "Teller",
    birthDate: "1980-05-05",
    street: "Kerkstraat",
    houseNumber: 1,
    postalCode: "1234AB",
    city: "Kroondorp",
  });
  await db.update(players).set({ validationState: "Validated" }).where(eq(players.email, account.email));
  const client = cookieClient(shop.url);
  return { client, token: await logInThroughApi(client, account), email: account.email };
}

/** An order of one ticket, paid with iDEAL on the payment simulator; its transaction id. */
async function purchase(player: Awaited<ReturnType<typeof validatedPlayer>>) {
  const { client, token } = player;
  const details = await (await client.request("/api/tickets/loten/configurator/price-details")).json();
  const drawId = (details.draws as Array<{ drawId: number; kind: string }>).find(
    (draw) => draw.kind === "yearEnd",
  )?.drawId;
  const verified = await client.postJson("/api/tickets/verify/loten", halfStreetWithXl(drawId), token);
  const { ticket } = await verified.json();
  const transactionId = randomUUID();
  const stored = await client.postJson(
    "/api/tickets/store",
    { transactionId, tickets: [{ ...ticket, basketItemId: "meter-1" }], paymentMethod: "ideal" },
    token,
  );
  expect(stored.status).toBe(200);
  const { redirectUrl } = await stored.json();
  expect((await client.request(redirectUrl, simulatorDecision("approve"))).status).toBe(303);
  const notified = await fetch(`${shop.url}/api/payments/notify`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: `id=${String(redirectUrl).split("/").pop()}`,
  });
  expect(notified.status).toBe(200);
  return transactionId;
}

describe("the metrics listener", () => {
  it("counts a purchase: the order, its payment, the pages, the endpoints and the front end's API calls", async () => {
    expect(metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    const player = await validatedPlayer();
    // A CMS page everyone shares (the home page shows an experiment, a copy per group), in the cache.
    await until(
      async () => (await fetch(`${shop.url}${SHARED_PAGE}`)).headers.get("x-cache") === "HIT",
      "the shared page to be cached",
    );
    const before = await scrape();

    const transactionId = await purchase(player);
    const result = await player.client.request(`/afrekenen/resultaat?transactionId=${transactionId}`);
    expect(result.status).toBe(200);
    for (let visit = 0; visit < 2; visit++)
      expect((await fetch(`${shop.url}${SHARED_PAGE}`)).status).toBe(200);
    const after = await scrape();

    const change = (name: string, labels: Labels = {}) =>
      sample(after, name, labels) - sample(before, name, labels);
    expect(change("shop_orders", { state: "paid" })).toBe(1);
    // Counted where it was settled, once (the payment's notification and the result page both settle).
    expect(change("shop_orders_settled_total", { outcome: "paid" })).toBe(1);
    // The API asked the payment provider for one new payment.
    expect(
      change("shop_payment_provider_call_duration_seconds_count", {
        operation: "createPayment",
        outcome: "success",
      }),
    ).toBe(1);
    expect(change("shop_payments", { purpose: "order", method: "ideal", state: "paid" })).toBe(1);
    expect(
      change("http_server_request_duration_seconds_count", requests(storeBasket.path, "POST", 200)),
    ).toBe(1);
    expect(
      change("http_server_request_duration_seconds_count", requests("/afrekenen/resultaat", "GET", 200)),
    ).toBe(1);
    expect(change("http_server_request_duration_seconds_count", requests("/*", "GET", 200))).toBe(2);
    expect(change("shop_page_cache_answers_total", { page_type: "html", outcome: "hit" })).toBe(2);
    // The result page asked the API once for the order's state.
    const operation = `${continueOrder.method} ${continueOrder.path}`;
    expect(
      change("shop_api_client_call_duration_seconds_count", {
        upstream: "shop",
        operation,
        outcome: "success",
      }),
    ).toBe(1);

    // Node's own series are there too; no label holds the transaction id or the player's address.
    expect(sample(after, "nodejs_heap_size_used_bytes")).toBeGreaterThan(0);
    expect(after).toContain("nodejs_eventloop_lag_seconds");
    // What the alerts read: the readiness checks, the job queue's and the outbox's oldest waits.
    expect(sample(after, "shop_readiness", { check: "database" })).toBe(1);
    expect(sample(after, "shop_readiness", { check: "content" })).toBe(1);
    expect(after).toMatch(/^shop_jobs_oldest_due_age_seconds \d/m);
    expect(after).toMatch(/^shop_outbox_oldest_waiting_age_seconds \d/m);
    expect(after).not.toContain(transactionId);
    expect(after).not.toContain(player.email);
  });

  it("folds unknown paths into one `other` route, without the path", async () => {
    const before = await scrape();
    for (const path of ["/bestaat-niet-1", "/bestaat/niet/2", "/api/bestaat-niet"])
      expect((await fetch(`${shop.url}${path}`)).status).toBe(404);
    const after = await scrape();
    const others = (text: string) =>
      sample(text, "http_server_request_duration_seconds_count", requests("other", "GET", 404));
    expect(others(after) - others(before)).toBe(3);
    expect(after).not.toContain("bestaat");
  });

  it("counts an API call that ends in a failed query", async () => {
    const db = shop.embedded?.db;
    if (!db) throw new Error("The test shop runs without its embedded API");
    // A fault of the database itself: it refuses the row of one registration (a check constraint).
    await db.execute(
      sql.raw(
        `alter table players add constraint test_metrics_refused check (email not like 'storing.%') not valid`,
      ),
    );
    const before = await scrape();
    const newcomer = cookieClient(shop.url);
    const registered = await newcomer.postJson(
      "/api/authentication/register",
      {
        email: "storing.meter@example.nl",
        password: "Vuurtoren-Zout-1984!",
        firstName: "Storing",
        lastName: "Meter",
        dateOfBirth: "1984-07-29",
        postalCode: "1234 AB",
        houseNumber: 7,
        iban: "NL91ABNA0417164300",
        acceptTerms: true,
      },
      await newcomer.token("/api/authentication/get-token"),
    );
    expect(registered.status).toBe(500);
    const after = await scrape();
    const failures = (text: string) => sample(text, "shop_database_failures_total", { error_type: "query" });
    expect(failures(after) - failures(before)).toBe(1);
  });

  it("answers only GET /metrics, and the public port has no metrics", async () => {
    expect((await fetch(new URL("/", metricsUrl))).status).toBe(404);
    expect((await fetch(new URL("/metrics/extra", metricsUrl))).status).toBe(404);
    expect((await fetch(metricsUrl, { method: "POST" })).status).toBe(405);
    const publicMetrics = await fetch(`${shop.url}/metrics`);
    expect(publicMetrics.status).toBe(404);
    expect(await publicMetrics.text()).not.toContain("http_server_request_duration_seconds");
  });
});
