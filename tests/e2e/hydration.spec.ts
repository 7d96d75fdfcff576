import { DEMO_PLAYER } from "@/src/backend/db/seed";
import { expect, expectURL, test, waitForHydration } from "./fixtures";
import { logInThroughApi } from "./player-steps";

/**
 * Hydration takes over the server's elements instead of replacing them. A link or button the server
 * rendered that React replaces while it hydrates loses the tap that lands on it in between: the press
 * starts on the old element and ends on the new one, so the browser sends no click (on the basket page
 * this lost "Afrekenen" in 13 of 16 slowed-down tries).
 */
test("every link and button the server rendered is still the one on the page after hydration", async ({
  page,
}) => {
  await logInThroughApi(page);
  await page.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => {
      (window as unknown as { serverControls: Element[] }).serverControls = [
        ...document.querySelectorAll("a[href], button"),
      ];
    });
  });
  await page.goto("/loten");
  await waitForHydration(page);
  const configurator = page.getByRole("form", { name: "Stel je loten samen" });
  await configurator.getByRole("button", { name: "In winkelmandje" }).click();
  await expect(page.getByText("Je loten liggen in je winkelmandje.")).toBeVisible();

  // The page types of the shop and the account, the basket with a ticket in it.
  for (const path of [
    "/",
    "/loten",
    "/trekkingsuitslag",
    "/oudejaarstrekking",
    "/winkelmandje",
    "/afrekenen",
    "/trekkingsuitslag/controleren",
    "/actiecode",
    "/trekkingsuitslag/maandtrekking-november-2026",
    "/cadeau/geven",
    "/mijn",
    "/mijn/loten",
    "/mijn/abonnementen",
    "/mijn/saldo",
  ]) {
    await page.goto(path);
    await waitForHydration(page);
    const controls = await page.evaluate(() =>
      (window as unknown as { serverControls: Element[] }).serverControls.map((element) => ({
        control: `${element.tagName.toLowerCase()} "${element.textContent?.trim()}"`,
        kept: element.isConnected,
        // The basket's rows are forms that post to the page until hydration; then the store's controls
        // take their place (the remove button is kept: its form attributes are taken off).
        basketForm: element.matches("button[form]") && element.getAttribute("value") === "update",
      })),
    );
    expect(controls.length, path).toBeGreaterThan(5);
    const replaced = controls.filter((control) => !control.kept && !control.basketForm);
    expect(
      replaced.map((control) => control.control),
      path,
    ).toEqual([]);
  }
  await page.goto("/winkelmandje");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Afrekenen" }).click();
  await expectURL(page, /\/afrekenen$/);
});

/**
 * Decision 16: a page's own code loads after the layout's. Until it arrives the layout answers already and
 * the page's form is the server's, which works as plain HTML; when it arrives, React hydrates that same
 * markup. Held here: the login form's chunk.
 */
const LOGIN_FORM_CHUNK = /\/assets\/login-form-[\w-]+\.js$/;

test("the layout answers before the page's own code arrives, and the page hydrates in place when it does", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 800 });
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(LOGIN_FORM_CHUNK, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/inloggen");
  const email = page.getByLabel("E-mailadres");
  await expect(email).toBeVisible();
  await email.evaluate((element) => element.setAttribute("data-from-server", ""));

  // The header's menu closes on Escape only once its script runs: the layout has hydrated.
  const menu = page.locator("details.header__menu");
  await expect(async () => {
    if ((await menu.getAttribute("open")) === null) await page.getByText("Menu", { exact: true }).click();
    await page.keyboard.press("Escape");
    await expect(menu).not.toHaveAttribute("open", "", { timeout: 200 });
  }).toPass();
  // The form has not: the page is not marked as a whole.
  await expect(page.locator("html[data-hydrated]")).toHaveCount(0);

  release();
  await waitForHydration(page);
  await expect(page.locator("input[data-from-server]")).toHaveCount(1);
  await expect(email).toHaveAttribute("data-from-server", "");
});

test("a form sent before its code arrives is posted as plain HTML and loses nothing", async ({ page }) => {
  await page.route(LOGIN_FORM_CHUNK, () => {
    // Never answered: the form's code does not arrive in this test.
  });
  await page.goto(`/inloggen?returnUrl=${encodeURIComponent("/mijn")}`);
  await page.getByLabel("E-mailadres").fill(DEMO_PLAYER.email);
  await page.getByLabel("Wachtwoord").fill(DEMO_PLAYER.password);
  await page.getByRole("button", { name: "Inloggen" }).click();
  await expectURL(page, /\/mijn$/);
  await expect(page.getByRole("heading", { level: 1, name: "Mijn Kroonloterij" })).toBeVisible();
});

/**
 * A flash read from its cookie after hydration ("Je bent ingelogd" after the portal's login) comes after
 * the first paint. It floats over the page: in the page's flow it pushed the content down as a player (or
 * the CI's journey) was clicking a link, and the press landed beside it.
 */
test("a flash that appears after the page was painted moves nothing on it", async ({ page }) => {
  await logInThroughApi(page);
  await page.goto("/loten", { waitUntil: "commit" });
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toBeVisible();
  const before = await heading.boundingBox();
  const region = page.getByRole("status", { name: "Meldingen" });
  const flash = region.getByText("Je bent ingelogd.");
  await expect(flash).toBeVisible();
  expect(await heading.boundingBox()).toEqual(before);
  await region.getByRole("button", { name: "Sluiten" }).click();
  await expect(flash).toHaveCount(0);
  expect(await heading.boundingBox()).toEqual(before);
});
