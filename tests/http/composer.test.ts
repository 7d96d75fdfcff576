import { afterAll, describe, expect, it } from "vitest";
import { startTestShop, type TestShop } from "../support/shop-server";

/**
 * The composer on the built shop (issue 44, decision 26): only its login page is there for anyone; the
 * rest is the shop's 404 and its API answers 401; with COMPOSER=off none of it exists.
 */
const shops: TestShop[] = [];
afterAll(async () => {
  for (const shop of shops) await shop.shutdown();
});

const status = async (shop: TestShop, path: string, init?: RequestInit) =>
  (await fetch(`${shop.url}${path}`, { redirect: "manual", ...init })).status;

describe("the composer's routes", () => {
  it("show the login to anyone, the shop's 404 elsewhere, and answer 401 on the API", async () => {
    const shop = await startTestShop();
    shops.push(shop);
    const login = await fetch(`${shop.url}/redactie/inloggen`);
    expect(login.status).toBe(200);
    const html = await login.text();
    expect(html).toMatch(/<script type="module" crossorigin src="\/redactie\/assets\/index-[\w-]+\.js">/);
    expect(await status(shop, "/redactie")).toBe(404);
    expect(await status(shop, "/redactie/pagina/page-kerstactie")).toBe(404);
    expect(await status(shop, "/redactie/api/paginas")).toBe(401);
    // No shop page names the composer's code.
    const home = await (await fetch(`${shop.url}/loten`)).text();
    expect(home).not.toContain("/redactie/assets/");
  });

  it("are gone with COMPOSER=off", async () => {
    const shop = await startTestShop({ env: { COMPOSER: "off" } });
    shops.push(shop);
    expect(await status(shop, "/redactie/inloggen")).toBe(404);
    expect(await status(shop, "/redactie/api/paginas")).toBe(404);
    const login = await fetch(`${shop.url}/redactie/api/sessie`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "redacteur@kroonloterij.example", password: "Redactie-Kroon-2026" }),
    });
    // The shop's own answer to a form posted to a page path: no composer logs anyone in.
    expect(login.status).toBe(405);
    expect(login.headers.get("set-cookie") ?? "").not.toContain("kl_redactie");
  });
});
