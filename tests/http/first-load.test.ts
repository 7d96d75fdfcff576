import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { firstLoadJavaScript, scriptsRequestedOnLoad } from "@/scripts/first-load";
import { DEMO_PLAYER } from "@/src/backend/db/seed";
import { formatCookieHeader } from "@/src/lib/cookies";
import { cookieClient } from "../support/cookie-client";
import { startTestShop, type TestShop } from "../support/shop-server";
import { logInThroughApi } from "../support/shop-steps";

/**
 * Issue 21 item 6: the shop's own first-load JavaScript (everything but React, React DOM and React
 * Router, and the route manifest) is at most 15 KB gzip on every page type. The code of a page's forms
 * and blocks loads after it and hydrates in place (decision 16).
 */
const BUDGET_BYTES = 15 * 1024;

const ANONYMOUS_PAGES = [
  "/",
  "/loten",
  "/trekkingsuitslag",
  "/trekkingsuitslag/maandtrekking-november-2026",
  "/trekkingsuitslag/controleren",
  "/boulevardspel",
  "/boulevardspel/uitslag?boulevard=KB123&delen=5",
  "/oudejaarstrekking",
  "/kerstactie",
  "/winkelmandje",
  "/abonnement/afsluiten?pageId=abonnement&productType=onbekend",
  "/winactie/win-een-auto",
  "/cadeau/verzilveren",
  "/toestemming",
  "/inloggen",
  "/aanmelden",
];
const PLAYER_PAGES = [
  "/mijn",
  "/mijn/loten",
  "/mijn/abonnementen",
  "/mijn/saldo",
  "/mijn/bestellingen",
  "/mijn/profiel",
  "/mijn/voorkeuren",
  "/mijn/leeftijdscontrole",
  "/cadeau/geven",
];

let shop: TestShop;
let loggedIn: Record<string, string>;

beforeAll(async () => {
  shop = await startTestShop();
  const client = cookieClient(shop.url);
  await logInThroughApi(client, DEMO_PLAYER);
  loggedIn = { cookie: formatCookieHeader(client.jar) ?? "" };
});
afterAll(async () => {
  await shop?.shutdown();
});

const page = async (pathname: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${shop.url}${pathname}`, { redirect: "manual", headers });
  expect(response.status, pathname).toBe(200);
  return response.text();
};

describe("first-load JavaScript (issue 21, decision 16)", () => {
  it.each(ANONYMOUS_PAGES)("keeps %s within 15 KB gzip of the shop's own code", async (pathname) => {
    await page(pathname);
    const { ownBytes, frameworkBytes } = await firstLoadJavaScript(shop.url, pathname);
    expect(frameworkBytes).toBeGreaterThan(0);
    expect(ownBytes).toBeGreaterThan(0);
    expect(ownBytes).toBeLessThanOrEqual(BUDGET_BYTES);
  });

  it.each(PLAYER_PAGES)("keeps %s within 15 KB gzip for a logged-in player", async (pathname) => {
    await page(pathname, loggedIn);
    const { ownBytes } = await firstLoadJavaScript(shop.url, pathname, loggedIn);
    expect(ownBytes).toBeGreaterThan(0);
    expect(ownBytes).toBeLessThanOrEqual(BUDGET_BYTES);
  });

  it("renders a deferred page whole on the server and names its code for after the first load only", async () => {
    const manifest = JSON.parse(
      readFileSync(path.resolve("build/client/.vite/manifest.json"), "utf8"),
    ) as Record<string, { file: string }>;
    const chunk = (source: string) => `/${manifest[source]?.file}`;

    // The configurator block: in the page's data (for the browser to load as hydration starts), not in
    // what the document has the browser request before it.
    const tickets = await page("/loten");
    const configurator = chunk("blocks/ticket-configurator/ticket-configurator.tsx");
    expect(tickets).toContain(configurator);
    expect(scriptsRequestedOnLoad(tickets)).not.toContain(configurator);
    expect(tickets).toMatch(/data-block="ticketConfigurator"/);

    // A route's view (the overview of /mijn): rendered in the HTML, its chunk not requested on load.
    const account = await page("/mijn", loggedIn);
    expect(account).toContain(DEMO_PLAYER.customerNumber);
    expect(scriptsRequestedOnLoad(account)).not.toContain(chunk("src/shop/app/routes/views/account.tsx"));
  });

  it("asks the browser to compile React and the shell while they stream in, and nothing else", async () => {
    const scripts = scriptsRequestedOnLoad(await page("/loten"));
    const firstLine = async (href: string) => {
      const response = await fetch(`${shop.url}${href}`);
      expect(response.status, href).toBe(200);
      return (await response.text()).split("\n", 1)[0];
    };
    const eager = scripts.filter((href) => /\/(framework|shell)-[\w-]+\.js$/.test(href));
    expect(eager).toHaveLength(2);
    for (const href of eager) expect(await firstLine(href), href).toBe("//# allFunctionsCalledOnLoad");

    // The page's own and later chunks compile as their functions are first called.
    const lazy = scripts.filter((href) => !eager.includes(href));
    expect(lazy.length).toBeGreaterThan(0);
    for (const href of lazy) expect(await firstLine(href), href).not.toContain("allFunctionsCalledOnLoad");
  });

  it("names a PNG icon, which the browser decodes without making an SVG document on the page's thread", async () => {
    const icons = [...(await page("/loten")).matchAll(/<link [^>]*\brel="icon"[^>]*>/g)].map(([tag]) => [
      /\bhref="([^"]+)"/.exec(tag)?.[1],
      /\btype="([^"]+)"/.exec(tag)?.[1],
    ]);
    expect(icons).toEqual([["/favicon.png", "image/png"]]);
    const response = await fetch(`${shop.url}/favicon.png`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    const signature = new Uint8Array(await response.arrayBuffer()).slice(0, 8);
    expect([...signature]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  });

  it("counts the route manifest's own file, not the other routes' modules it lists for navigation", () => {
    const html = `<script type="module">
import("/assets/root-a.js");
window.__reactRouterManifest = {"entry":{"module":"/assets/entry-b.js"},"routes":{"x":{"module":"/assets/other-route-c.js"}},"url":"/assets/manifest-d.js","version":"d"};
  window.__reactRouterRouteModules = {"root":route0};
import("/assets/entry-b.js");</script>`;
    expect(scriptsRequestedOnLoad(html)).toEqual([
      "/assets/root-a.js",
      "/assets/manifest-d.js",
      "/assets/entry-b.js",
    ]);
  });
});
