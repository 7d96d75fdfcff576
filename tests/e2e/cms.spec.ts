import { BOTH_SHAPES, expect, expectURL, test, waitForHydration } from "./fixtures";

test("client navigation between CMS pages reads _payload.json, never a .data request", {
  tag: BOTH_SHAPES,
}, async ({ page, consoleErrors }) => {
  const requests: string[] = [];
  page.on("request", (request) => requests.push(new URL(request.url()).pathname));
  await page.goto("/");
  await waitForHydration(page);
  await page.evaluate(() => {
    (window as unknown as { __samePage: boolean }).__samePage = true;
  });
  requests.length = 0;

  await page.getByRole("link", { name: "Bekijk de Oudejaarstrekking" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "€ 30 miljoen gegarandeerd op oudejaarsavond" }),
  ).toBeVisible();
  expect(requests).toContain("/oudejaarstrekking/_payload.json");
  expect(requests.filter((pathname) => pathname.endsWith(".data"))).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
  expect(consoleErrors).toEqual([]);
});

test("a page loads the chunks of the blocks React renders on it only", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.goto("/");
  await waitForHydration(page);
  expect(scripts.some((url) => /\/assets\/countdown-/.test(url))).toBe(true);
  // Content-only blocks arrive as HTML (decision 9): their code never loads.
  expect(
    scripts.some((url) => /\/assets\/(faq|hero|card-grid|usp-list|cta-banner|rich-text)-/.test(url)),
  ).toBe(false);
  scripts.length = 0;
  await page.goto("/over-ons");
  await waitForHydration(page);
  // The image embedded in the rich text is part of its markup too.
  expect(scripts.some((url) => /\/assets\/(rich-text|image|faq|countdown|hero|card-grid)-/.test(url))).toBe(
    false,
  );
});

test("the FAQ answers open and the countdown shows on the hydrated home page", async ({
  page,
  consoleErrors,
}) => {
  await page.goto("/");
  await waitForHydration(page);
  const question = page.locator(".faq__item summary").first();
  await question.click();
  await expect(page.locator(".faq__item").first()).toHaveAttribute("open", "");
  await expect(page.locator(".countdown__clock")).toContainText(/dag|uur|minu/);
  expect(consoleErrors).toEqual([]);
});

test("the header shows this tab's basket on a CMS page, hydrated after the rest of the page", async ({
  page,
  consoleErrors,
}) => {
  await page.goto("/winkelmandje/lot-toevoegen?soort=lot&aantal=2&eindcijfers=12,34");
  await expectURL(page, /\/winkelmandje$/);
  await page.goto("/");
  await waitForHydration(page);
  const basketLink = page.getByRole("banner").getByRole("link", { name: "Winkelmandje, 2 loten" });
  await expect(basketLink).toBeVisible();
  await basketLink.click();
  await expectURL(page, /\/winkelmandje$/);
  await expect(page.getByText("Los lot").first()).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
