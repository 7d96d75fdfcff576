import { createServer, type IncomingMessage, type Server } from "node:http";
import type { Page } from "@playwright/test";
import { startTestShop, type TestShop } from "../support/shop-server";
import { approvePayment } from "./checkout-steps";
import { expect, expectURL, test, waitForHydration } from "./fixtures";
import { axeFindings } from "./layout-checks";
import { addOneTicket } from "./player-steps";

/**
 * Issue 20's consent journeys: what a visitor allows decides what the shop loads and sends. With the
 * network recorded: at `basis` no request to Braze and no `dataLayer` event; at `optimaal` the real Braze
 * SDK loads and its requests reach the configured endpoint (a local server standing in for Braze); back at
 * `beperkt` it is torn down and sends nothing more. And the whole funnel at `beperkt`.
 */

const DEMO = { email: "speler@kroonloterij.example", password: "Kroonloterij2026!" };

type Captured = { path: string; body: string };

/** Braze's SDK endpoint on 127.0.0.1: answers every call as Braze does (CORS, an empty JSON body). */
async function startBrazeStandIn(): Promise<{ url: string; captured: Captured[]; server: Server }> {
  const captured: Captured[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      res.setHeader("Access-Control-Allow-Origin", req.headers.origin ?? "*");
      res.setHeader("Access-Control-Allow-Headers", req.headers["access-control-request-headers"] ?? "*");
      res.setHeader("Access-Control-Allow-Methods", "GET, POST, OPTIONS");
      if (req.method === "OPTIONS") {
        res.writeHead(204).end();
        return;
      }
      captured.push({ path: req.url ?? "", body: Buffer.concat(chunks).toString("utf8") });
      res.setHeader("Content-Type", "application/json");
      res.end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return { url: `http://127.0.0.1:${address.port}`, captured, server };
}

async function dataLayerEvents(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    ((window as { dataLayer?: { event?: string }[] }).dataLayer ?? []).flatMap((entry) =>
      entry.event ? [entry.event] : [],
    ),
  );
}

async function openSettings(page: Page) {
  await page.getByRole("contentinfo").getByRole("link", { name: "Cookie-instellingen" }).click();
  const dialog = page.getByRole("dialog", { name: "Cookie-instellingen" });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe("with Braze configured", () => {
  // One process of its own with a Braze key and the stand-in's endpoint (the topology does not matter here).
  let braze: Awaited<ReturnType<typeof startBrazeStandIn>>;
  let shop: TestShop;

  test.beforeAll(async () => {
    braze = await startBrazeStandIn();
    shop = await startTestShop({
      env: { BRAZE_API_KEY: "e2e-braze-key", BRAZE_SDK_ENDPOINT: braze.url },
    });
  });
  test.afterAll(async () => {
    await shop?.shutdown();
    await new Promise((resolve) => braze?.server.close(resolve));
  });

  test("basis loads and sends nothing; optimaal loads the real SDK against the endpoint; beperkt tears it down", async ({
    page,
  }) => {
    const toBraze: string[] = [];
    page.on("request", (request) => {
      if (request.url().startsWith(braze.url)) toBraze.push(request.url());
    });
    await page.goto(`${shop.url}/`);
    await waitForHydration(page);

    // The banner: three choices of equal weight, and no axe violation.
    const banner = page.getByRole("region", { name: "Cookies en toestemming" });
    await expect(banner).toBeVisible();
    expect(await axeFindings(page, ".consent-banner")).toEqual([]);
    const sizes = await Promise.all(
      ["Alleen noodzakelijk", "Noodzakelijk en meten", "Alles accepteren"].map(async (name) => {
        const box = await banner.getByRole("button", { name }).boundingBox();
        return box?.height;
      }),
    );
    expect(new Set(sizes).size).toBe(1);

    await banner.getByRole("button", { name: "Alleen noodzakelijk" }).click();
    await expect(banner).toBeHidden();
    await expect(page.locator("html")).toHaveAttribute("data-braze", "cookie-denied");
    await addOneTicket(page);
    await page.goto(`${shop.url}/`);
    await waitForHydration(page);
    // Chosen once: the banner is not shown again, not even before hydration.
    await expect(page.getByRole("region", { name: "Cookies en toestemming" })).toHaveCount(0);
    expect(await dataLayerEvents(page)).toEqual([]);
    expect(toBraze).toEqual([]);
    expect(braze.captured).toEqual([]);

    // optimaal: the SDK loads and its requests go to the configured endpoint, with the shop's key.
    let dialog = await openSettings(page);
    await dialog.getByRole("radio", { name: /^Optimaal/ }).check();
    await dialog.getByRole("button", { name: "Keuze opslaan" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator("html")).toHaveAttribute("data-braze", "ready");
    await expect.poll(() => braze.captured.length).toBeGreaterThan(0);
    expect(braze.captured.some((call) => call.body.includes("e2e-braze-key"))).toBe(true);
    expect(toBraze.every((url) => url.startsWith(`${braze.url}/api/v3/`))).toBe(true);
    expect(await page.evaluate(() => Object.keys(localStorage).some((key) => key.startsWith("ab.")))).toBe(
      true,
    );

    // beperkt: torn down at once, its local data wiped, and no further request even with basket events.
    dialog = await openSettings(page);
    await expect(dialog.getByRole("radio", { name: /^Optimaal/ })).toBeChecked();
    await dialog.getByRole("radio", { name: /^Beperkt/ }).check();
    await dialog.getByRole("button", { name: "Keuze opslaan" }).click();
    await expect(page.locator("html")).toHaveAttribute("data-braze", "cookie-denied");
    expect(await page.evaluate(() => Object.keys(localStorage).some((key) => key.startsWith("ab.")))).toBe(
      false,
    );
    const sent = toBraze.length;
    await page.goto(`${shop.url}/loten`);
    await waitForHydration(page);
    await page
      .getByRole("form", { name: "Stel je loten samen" })
      .getByRole("button", { name: "In winkelmandje" })
      .click();
    await expect(page.getByText("Je loten liggen in je winkelmandje.")).toBeVisible();
    expect(await dataLayerEvents(page)).toContain("add_to_cart");
    await page.waitForTimeout(1500);
    expect(toBraze.length).toBe(sent);
  });
});

test("the whole funnel at beperkt: one purchase with the order's value, none again on a reload", async ({
  page,
}) => {
  // Every push of every page, kept in the tab: the pages before the payment are gone by the end.
  await page.addInitScript(() => {
    const layer: unknown[] = [];
    const push = layer.push.bind(layer);
    layer.push = (...entries: unknown[]) => {
      const kept = JSON.parse(sessionStorage.getItem("e2e-data-layer") ?? "[]") as unknown[];
      kept.push(...entries.filter((entry) => (entry as { event?: string } | null)?.event));
      sessionStorage.setItem("e2e-data-layer", JSON.stringify(kept));
      return push(...entries);
    };
    (window as { dataLayer?: unknown[] }).dataLayer = layer;
  });
  const kept = async () =>
    page.evaluate(
      () =>
        JSON.parse(sessionStorage.getItem("e2e-data-layer") ?? "[]") as {
          event: string;
          ecommerce: { value?: number; transaction_id?: string; currency: string };
        }[],
    );

  await page.goto("/inloggen?returnUrl=%2Floten");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Noodzakelijk en meten" }).click();
  await page.getByLabel("E-mailadres").fill(DEMO.email);
  await page.getByLabel("Wachtwoord").fill(DEMO.password);
  await page.getByRole("button", { name: "Inloggen" }).click();
  await expectURL(page, /\/loten$/);
  await waitForHydration(page);
  await page
    .getByRole("form", { name: "Stel je loten samen" })
    .getByRole("button", { name: "In winkelmandje" })
    .click();
  await expect(page.getByText("Je loten liggen in je winkelmandje.")).toBeVisible();
  await page.goto("/afrekenen");
  await waitForHydration(page);
  const pay = page.getByRole("button", { name: /^Betaal €/ });
  const total = ((await pay.textContent()) ?? "").replace(/[^\d,]/g, "").replace(",", ".");
  await pay.click();
  await expectURL(page, /\/betaalsimulator\/tr_/);
  await page.getByLabel("Kies je bank").selectOption({ label: "ING" });
  await approvePayment(page);
  await waitForHydration(page);

  const events = await kept();
  const names = events.map((event) => event.event);
  for (const name of ["view_item_list", "add_to_cart", "begin_checkout", "add_payment_info", "purchase"]) {
    expect(names, name).toContain(name);
  }
  expect(names.indexOf("view_item_list")).toBeLessThan(names.indexOf("add_to_cart"));
  expect(names.indexOf("begin_checkout")).toBeLessThan(names.indexOf("add_payment_info"));
  const purchases = events.filter((event) => event.event === "purchase");
  expect(purchases).toHaveLength(1);
  expect(purchases[0]?.ecommerce).toMatchObject({ currency: "EUR", value: Number(total) });
  expect(purchases[0]?.ecommerce.transaction_id).toMatch(/^[0-9a-f-]{36}$/);

  await page.reload();
  await waitForHydration(page);
  await page.waitForTimeout(500);
  expect((await kept()).filter((event) => event.event === "purchase")).toHaveLength(1);
});
