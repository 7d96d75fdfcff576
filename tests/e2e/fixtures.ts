import { test as base, expect, type Page } from "@playwright/test";
import { startTestShop, type TestShop } from "../support/shop-server";

type WorkerFixtures = { shop: TestShop };
type TestFixtures = { consoleErrors: string[] };

export const test = base.extend<TestFixtures, WorkerFixtures>({
  shop: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern
    async ({}, use) => {
      const shop = await startTestShop({ env: { BUILD_POLL_INTERVAL_MS: "400" } });
      await use(shop);
      await shop.shutdown();
    },
    { scope: "worker" },
  ],
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

/** Waits until React has hydrated the page (AppRuntime marks the document). */
export async function waitForHydration(page: Page): Promise<void> {
  await expect(page.locator("html[data-hydrated='true']")).toHaveCount(1);
}
