import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cms, paymentSimulator } from "@/src/lib/messages";
import { freePort } from "../support/listen";
import { startTestShop, type TestShop } from "../support/shop-server";

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
