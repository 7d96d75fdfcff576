import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PLAYER } from "@/src/backend/db/seed";
import { formatCookieHeader } from "@/src/lib/cookies";
import { cms, general, paymentSimulator } from "@/src/lib/messages";
import { cookieClient } from "../support/cookie-client";
import { freePort } from "../support/listen";
import { startTestShop, type TestShop } from "../support/shop-server";
import { logInThroughApi } from "../support/shop-steps";

/**
 * The production shape (DESIGN section 3, decision 11): a front end with API_ORIGIN and PORTAL_ORIGIN reads
 * everything through the API process (SERVE=api), and opens no database of its own.
 */
let api: TestShop;
let front: TestShop;
let orphan: TestShop;
let scratch: string;

beforeAll(async () => {
  scratch = mkdtempSync(path.join(os.tmpdir(), "kl-front-"));
  const frontPort = await freePort();
  const frontOrigin = `http://127.0.0.1:${frontPort}`;
  api = await startTestShop({ env: { SERVE: "api", SHOP_ORIGINS: frontOrigin } });
  const frontEnv = (apiOrigin: string, port = "0") => ({
    API_ORIGIN: apiOrigin,
    PORTAL_ORIGIN: apiOrigin,
    PORT: port,
    BASE_URL: port === "0" ? "http://shop.test" : `http://127.0.0.1:${port}`,
    // Where an embedded database would be written: it must never appear.
    PGLITE_DATA_DIR: path.join(scratch, "never"),
  });
  front = await startTestShop({ env: frontEnv(api.url, String(frontPort)) });
  // An API that does not answer: nothing listens on this port.
  orphan = await startTestShop({ env: frontEnv(`http://127.0.0.1:${await freePort()}`) });
});
afterAll(async () => {
  await front?.shutdown();
  await orphan?.shutdown();
  await api?.shutdown();
  rmSync(scratch, { recursive: true, force: true });
});

describe("a front end of the API process", () => {
  it("shows the API's draws and prices, and opens no database", async () => {
    const page = await (await fetch(`${front.url}/loten`)).text();
    const prices = (await (
      await fetch(`${api.url}/api/tickets/loten/configurator/price-details`)
    ).json()) as { draws: Array<{ name: string }> };
    expect(page).toContain(prices.draws[0]!.name);
    expect(front.embedded).toBeUndefined();
    expect(existsSync(path.join(scratch, "never"))).toBe(false);
  });

  it("reports the API, not a database, in its readiness", async () => {
    const response = await fetch(`${front.url}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ready", checks: { api: "ok", content: "ok" } });
  });

  it("sends /mijn to the operator's portal with a return address on the shop", async () => {
    const response = await fetch(`${front.url}/mijn/loten`, { redirect: "manual" });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location") ?? "");
    expect(location.origin).toBe(api.url);
    expect(location.searchParams.get("returnUrl")).toBe(`${front.url}/mijn/loten`);
  });

  it("passes /api and the payment pages to the API process", async () => {
    const token = await fetch(`${front.url}/api/token`);
    expect(token.status).toBe(200);
    expect(token.headers.getSetCookie().some((cookie) => cookie.startsWith("kl_sid="))).toBe(true);
    // The payment page is the API process's own answer, not this front end's "not found" page.
    const viaFront = await fetch(`${front.url}/betaalsimulator/tr_onbekend`);
    expect(viaFront.status).toBe(404);
    expect(await viaFront.text()).toContain(`<title>${paymentSimulator.notFoundTitle}`);
  });
});

/**
 * The browser journeys of these features run on one process only (playwright.config.ts, which shortens
 * `npm test`); here each of their pages is rendered by the front end through the API process, for
 * a logged-in player, with the data its loader asked the API for.
 */
describe("every feature's page on a front end of the API process", () => {
  it("renders whole, with the API's data, for a logged-in player", async () => {
    const client = cookieClient(front.url);
    await logInThroughApi(client, DEMO_PLAYER);
    const cookie = formatCookieHeader(client.jar) ?? "";
    const get = async (pagePath: string) => {
      const response = await fetch(`${front.url}${pagePath}`, {
        headers: { Cookie: cookie },
        redirect: "manual",
      });
      const html = await response.text();
      expect(response.status, pagePath).toBe(200);
      expect(html, pagePath).not.toContain(cms.blockFailed);
      expect(html, pagePath).not.toContain(general.generic);
      return html;
    };
    const subscriptions = await get("/mijn/abonnementen");
    const edit = /href="(\/mijn\/abonnement\/[^/"]+)\/aanpassen"/.exec(subscriptions)?.[1];
    expect(edit, "a link to change the seeded subscription").toBeDefined();
    expect(await get(`${edit}/aanpassen`)).toContain("<form");
    expect(await get(`${edit}/opzeggen`)).toContain("<form");
    // No code activated yet: the API's NoActivatedActionFoundError, with the way to the action page.
    expect(await get("/actie/aanbod?pagina=kerstactie")).toContain('href="/kerstactie"');
    for (const pagePath of [
      "/kerstactie",
      "/herfstactie",
      "/proefabonnement",
      "/mijn/voorkeuren",
      "/kroonpunten",
      "/nieuwsbrief",
      "/win-een-auto",
      "/winactie/win-een-auto",
      "/zomerwinactie",
      "/toestemming",
      "/trekkingsuitslag",
      "/trekkingsuitslag/controleren",
      "/boulevardspel",
    ]) {
      expect(await get(pagePath), pagePath).toMatch(/<h1[\s>]/);
    }
    // The boulevard game's three calls through the API over HTTP: its prizes, its numbers and their draw.
    expect(await get("/boulevardspel/uitslag?boulevard=KB123&delen=5")).toMatch(
      /De 100 lotnummers van boulevard KB123[\s\S]*KB12399/,
    );
    expect(await get("/mijn/loten")).toContain("<h1");
  });
});

describe("the API process (SERVE=api)", () => {
  it("renders the portal's pages and nothing of the shop", async () => {
    expect((await fetch(`${api.url}/inloggen`)).status).toBe(200);
    expect((await fetch(`${api.url}/aanmelden.data`)).status).toBe(200);
    expect((await fetch(`${api.url}/loten`)).status).toBe(404);
    expect((await fetch(`${api.url}/`)).status).toBe(404);
  });
});

describe("a front end whose API does not answer", () => {
  it("is not ready, and renders pages with the failed blocks' own message", async () => {
    const ready = await fetch(`${orphan.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ checks: { api: "failing", content: "ok" } });
    const response = await fetch(`${orphan.url}/loten`);
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain(cms.blockFailed);
    expect(page).toContain("<footer");
  });
});
