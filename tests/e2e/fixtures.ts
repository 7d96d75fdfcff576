import { test as base, expect, type Page } from "@playwright/test";
import { freePort } from "../support/listen";
import { startTestShop, type TestShop } from "../support/shop-server";

/**
 * The journeys run on both shapes of the shop (DESIGN section 9): `single` is the one embedded process;
 * `two-process` (E2E_TOPOLOGY=two-process) is the production shape, a front end with API_ORIGIN and
 * PORTAL_ORIGIN over HTTP to an API server (SERVE=api) that alone holds the database.
 */
export const TOPOLOGY = process.env.E2E_TOPOLOGY === "two-process" ? "two-process" : "single";

type WorkerFixtures = {
  /** The server the browser talks to. */
  shop: TestShop;
  /** The server holding the embedded API and its database (the same as `shop` on one process). */
  backend: TestShop;
};
type TestFixtures = { consoleErrors: string[] };

async function startTopology(): Promise<{ shop: TestShop; backend: TestShop; stop: () => Promise<void> }> {
  const env = { BUILD_POLL_INTERVAL_MS: "400" };
  if (TOPOLOGY === "single") {
    const shop = await startTestShop({ env });
    return { shop, backend: shop, stop: shop.shutdown };
  }
  // Both origins on 127.0.0.1, as a shop and its portal share a parent domain: cookies reach both.
  const [frontPort, apiPort] = [await freePort(), await freePort()];
  const frontOrigin = `http://127.0.0.1:${frontPort}`;
  const apiOrigin = `http://127.0.0.1:${apiPort}`;
  const backend = await startTestShop({
    env: { SERVE: "api", PORT: String(apiPort), BASE_URL: apiOrigin, SHOP_ORIGINS: frontOrigin },
  });
  const shop = await startTestShop({
    env: {
      ...env,
      PORT: String(frontPort),
      BASE_URL: frontOrigin,
      API_ORIGIN: apiOrigin,
      PORTAL_ORIGIN: apiOrigin,
    },
  });
  // The production shape's promise: the front end reads nothing from a database of its own.
  if (shop.embedded) throw new Error("the front end opened a database of its own");
  return {
    shop,
    backend,
    stop: async () => {
      await shop.shutdown();
      await backend.shutdown();
    },
  };
}

export const test = base.extend<
  TestFixtures,
  WorkerFixtures & { topology: Awaited<ReturnType<typeof startTopology>> }
>({
  topology: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern
    async ({}, use) => {
      const topology = await startTopology();
      await use(topology);
      await topology.stop();
    },
    { scope: "worker" },
  ],
  shop: [async ({ topology }, use) => use(topology.shop), { scope: "worker" }],
  backend: [async ({ topology }, use) => use(topology.backend), { scope: "worker" }],
  baseURL: async ({ shop }, use) => use(shop.url),
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await use(errors);
  },
});

export { expect };

/*
 * Waiting in the journeys. A locator assertion polls at 0, 20, 50, 100, 100 ms and then every 500 ms, so a
 * page that takes 300 ms to hydrate or to arrive costs a journey up to half a second more per step; these
 * two wait for the browser's own signal instead (a rendered frame, a navigation), which shortens
 * `npm test` by minutes.
 */

/** Waits until React has hydrated the page (AppRuntime marks the document), checked every frame. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", null, {
    polling: "raf",
    timeout: 7_000,
  });
}

/**
 * Waits until the page's address matches, as the navigation (or React Router's history entry) commits;
 * a string must match the whole address.
 */
export async function expectURL(page: Page, expected: RegExp | string): Promise<void> {
  const matches = typeof expected === "string" ? (url: URL) => url.href === expected : expected;
  await page.waitForURL(matches, { waitUntil: "commit", timeout: 7_000 });
}

/**
 * The address of a portal page that returns to `returnPath`: on the embedded portal the return address is
 * a path; on the operator's portal (the front end and API server) it names the shop's origin.
 */
export function portalPage(page: "inloggen" | "aanmelden", returnPath: string): RegExp {
  const origin = "(?:https?%3A%2F%2F[\\w.-]+(?:%3A\\d+)?)?";
  return new RegExp(`/${page}\\?returnUrl=${origin}${encodeURIComponent(returnPath)}$`);
}
