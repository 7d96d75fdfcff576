import { BOTH_SHAPES, expect, expectURL, test, waitForHydration } from "./fixtures";

const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

test("the home page hydrates without console errors", { tag: BOTH_SHAPES }, async ({
  page,
  consoleErrors,
}) => {
  await page.goto("/");
  await expect(
    page.getByRole("heading", { level: 1, name: "Oudejaarstrekking: € 30 miljoen gegarandeerd" }),
  ).toBeVisible();
  await waitForHydration(page);
  expect(consoleErrors).toEqual([]);
});

test("links between /loten and /trekkingsuitslag navigate client-side", async ({ page, consoleErrors }) => {
  const documents: string[] = [];
  const apiCalls: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (request.resourceType() === "document") documents.push(pathname);
    if (pathname === "/api/draws/published") apiCalls.push(pathname);
  });
  await page.goto("/loten");
  await waitForHydration(page);
  await page.evaluate(() => {
    (window as unknown as { __samePage: boolean }).__samePage = true;
  });

  const menu = page.getByRole("navigation", { name: "Hoofdmenu" });
  await menu.getByRole("link", { name: "Trekkingsuitslag" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Trekkingsuitslag" })).toBeVisible();
  await expectURL(page, /\/trekkingsuitslag$/);
  // The loader's prefetched query hydrates the list: no extra API round trip from the browser.
  await expect(page.getByRole("table", { name: "Recente trekkingen" })).toContainText("Maandtrekking");
  await menu.getByRole("link", { name: "Loten" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Loten kopen" })).toBeVisible();

  expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
  expect(documents).toEqual(["/loten"]);
  expect(apiCalls).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test("a browser error under a bot user agent leaves the page and reaches the server log", {
  tag: BOTH_SHAPES,
}, async ({ browser, shop }) => {
  const context = await browser.newContext({ baseURL: shop.url, userAgent: GOOGLEBOT });
  const page = await context.newPage();
  await page.goto("/loten");
  await waitForHydration(page);
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error("bot-fout-4711");
    });
  });
  await expect.poll(() => shop.logsMatching("bot-fout-4711").length).toBe(1);
  expect(shop.logsMatching("bot-fout-4711")[0]).toMatchObject({ msg: "client error", bot: true });
  await expect(page.getByRole("heading", { level: 1, name: "Loten kopen" })).toBeVisible();
  await expect(page.getByText("Oeps, er is iets fout gegaan")).toHaveCount(0);
  await context.close();
});

test("the same browser error shows a player the error page", async ({ page, shop }) => {
  await page.goto("/loten");
  await waitForHydration(page);
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error("speler-fout-4712");
    });
  });
  await expect(page.getByRole("heading", { level: 1, name: "Oeps, er is iets fout gegaan" })).toBeVisible();
  await expect.poll(() => shop.logsMatching("speler-fout-4712").length).toBe(1);
});

test("after a new build is deployed, the next navigation is a full page load", async ({ page }) => {
  await page.route("**/builds/latest.json*", (route) => route.fulfill({ json: { id: "nieuwe-build" } }));
  await page.goto("/loten");
  await waitForHydration(page);
  await page.evaluate(() => {
    (window as unknown as { __samePage: boolean }).__samePage = true;
  });
  await expect(page.locator("html[data-app-updated='true']")).toHaveCount(1);

  const documentRequest = page.waitForRequest((request) => request.resourceType() === "document");
  await page
    .getByRole("navigation", { name: "Hoofdmenu" })
    .getByRole("link", { name: "Trekkingsuitslag" })
    .click();
  expect(new URL((await documentRequest).url()).pathname).toBe("/trekkingsuitslag");
  await expect(page.getByRole("heading", { level: 1, name: "Trekkingsuitslag" })).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage),
  ).toBeUndefined();
});

test("a chunk that fails to load reloads the page once, not twice within 10 seconds", async ({ page }) => {
  let loads = 0;
  page.on("load", () => {
    loads++;
  });
  await page.route("**/assets/deferred-runtime-*.js", (route) => route.abort());
  await page.goto("/loten");
  // First failure: one reload. Second failure within 10 s: the error page instead of another reload.
  await expect(page.getByRole("heading", { level: 1, name: "Oeps, er is iets fout gegaan" })).toBeVisible({
    timeout: 10_000,
  });
  expect(loads).toBe(2);
});

test("a client-side link with a trailing slash is normalised, keeping query and hash", async ({ page }) => {
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents.push(new URL(request.url()).pathname);
  });
  await page.goto("/loten");
  await waitForHydration(page);
  await page.evaluate(() => {
    const router = (
      window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } }
    ).__reactRouterDataRouter;
    return router.navigate("/trekkingsuitslag/?jaar=2026#uitslag");
  });
  await expectURL(page, /\/trekkingsuitslag\?jaar=2026#uitslag$/);
  await expect(page.getByRole("heading", { level: 1, name: "Trekkingsuitslag" })).toBeVisible();
  expect(documents).toEqual(["/loten"]);
});
