import { test as base, expect, type Page } from "@playwright/test";
import { rateLimits } from "@/src/backend/db/schema";
import { freePort } from "../support/listen";
import { startTestShop, type TestShop } from "../support/shop-server";
import { startShopOnContentCopy } from "./shop-on-content-copy";

/**
 * The journeys run on both shapes of the shop (DESIGN section 9), as two Playwright projects of one run
 * (playwright.config.ts): `single` is the one embedded process; `two-process` is the production shape, a
 * front end with API_ORIGIN and PORTAL_ORIGIN over HTTP to an API server (SERVE=api) that alone holds the
 * database. A journey reads its project's shape from the `topology` option.
 */
export type Topology = "single" | "two-process";

/**
 * The tag of a journey whose flow the production shape changes (the portal on another origin, payments
 * and the bank's age check coming back to the shop, the API over HTTP, the CSP with the API's origin): the
 * `two-process` project runs the journeys with this tag, the `single` project runs every journey.
 */
export const BOTH_SHAPES = "@both-shapes";

type WorkerFixtures = {
  /** The shape of the shop this project runs on (an option the project sets). */
  topology: Topology;
  /** The server the browser talks to. */
  shop: TestShop;
  /** The server holding the embedded API and its database (the same as `shop` on one process). */
  backend: TestShop;
  /**
   * One browser page a worker's sweep shares from page to page, as a visitor going through the site: its
   * cache holds the shop's scripts after the first page, instead of every page starting cold (the layout
   * sweep). Defined here rather than in its file so every journey has one set of fixtures: a set of its
   * own would need a worker (and a shop) of its own.
   */
  sweepPage: Page;
  /**
   * A shop of the worker's own on a copy of `content/` (the composer's journeys: a save or publish writes
   * files there), started when a journey first asks for it. The composer's journeys share it: each works
   * on pages of its own.
   */
  composerShop: TestShop;
};
type TestFixtures = { consoleErrors: string[] };

async function startTopology(
  topology: Topology,
): Promise<{ shop: TestShop; backend: TestShop; stop: () => Promise<void> }> {
  const env = { BUILD_POLL_INTERVAL_MS: "400" };
  if (topology === "single") {
    // BASE_URL is the shop's own address, so the links of its e-mails (the mailbox, issue 42) open it.
    const port = await freePort();
    const shop = await startTestShop({
      env: { ...env, PORT: String(port), BASE_URL: `http://127.0.0.1:${port}` },
    });
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
  WorkerFixtures & { servers: Awaited<ReturnType<typeof startTopology>> }
>({
  topology: ["single", { scope: "worker", option: true }],
  servers: [
    async ({ topology }, use) => {
      const servers = await startTopology(topology);
      await use(servers);
      await servers.stop();
    },
    { scope: "worker" },
  ],
  shop: [async ({ servers }, use) => use(servers.shop), { scope: "worker" }],
  backend: [async ({ servers }, use) => use(servers.backend), { scope: "worker" }],
  sweepPage: [
    async ({ browser, shop }, use, workerInfo) => {
      // The configuration's locale and time zone, as every test's own page has them.
      const { locale, timezoneId } = workerInfo.project.use;
      const context = await browser.newContext({ baseURL: shop.url, locale, timezoneId });
      await use(await context.newPage());
      await context.close();
    },
    { scope: "worker" },
  ],
  composerShop: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const { shop, stop } = await startShopOnContentCopy();
      await use(shop);
      await stop();
    },
    { scope: "worker" },
  ],
  baseURL: async ({ shop }, use) => use(shop.url),
  // The home page shows an experiment (issue 43 item 5) whose group is drawn per visitor: every journey's
  // browser is in its control group (the standard hero), so what a journey sees does not depend on the
  // draw. A journey about the experiment sets its own group (tests/e2e/experiments.spec.ts).
  //
  // Every journey starts as a device of its own: the calls the worker's earlier journeys made from the same
  // address (127.0.0.1) do not count against its allowance (30 logins a minute per client, spec section 8),
  // so a journey is not refused for what the journeys before it did. A worker runs its journeys one by one.
  context: async ({ context, shop, backend }, use) => {
    await backend.embedded?.db.delete(rateLimits);
    await context.addCookies([{ name: EXPERIMENT_COOKIE, value: CONTROL_GROUPS, url: shop.url }]);
    await use(context);
  },
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

/** The experiment cookie (not the `__Secure-` one: the journeys' shop runs on http). */
export const EXPERIMENT_COOKIE = "kl_exp";
/** The groups every journey's browser starts in: the seeded experiments' control groups. */
export const CONTROL_GROUPS = "checkout-knop:control|homepage-hero:control";

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
