import { expect, expectURL, test, waitForHydration } from "./fixtures";

/**
 * Issue 21, item 4: at narrow widths the main menu collapses behind an accessible "Menu" button, usable with
 * the keyboard alone; the basket and the login stay in sight. At wide widths the links always show.
 */

test("at 390 px the menu opens and closes with the keyboard alone; the basket and login stay visible", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto("/trekkingsuitslag");
  await waitForHydration(page);
  const header = page.getByRole("banner");
  const menuButton = header.getByText("Menu", { exact: true });
  const tickets = header.getByRole("link", { name: "Loten", exact: true });
  await expect(menuButton).toBeVisible();
  await expect(tickets).toBeHidden();
  await expect(header.getByRole("link", { name: /^Winkelmandje/ })).toBeVisible();
  await expect(header.getByRole("link", { name: "Inloggen" })).toBeVisible();
  // One row for the logo, the button, the basket and the login: no links wrapping into rows.
  const height = (await header.boundingBox())?.height ?? 0;
  expect(height).toBeLessThan(90);

  // Keyboard alone: to the button, open, into the links, Escape closes and the focus is back on the button.
  await menuButton.focus();
  await page.keyboard.press("Enter");
  await expect(tickets).toBeVisible();
  await expect(page.locator("details.header__menu")).toHaveAttribute("open", "");
  await page.keyboard.press("Tab");
  await expect(tickets).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(tickets).toBeHidden();
  await expect(menuButton).toBeFocused();

  // Tabbing past its last link closes it: an open menu does not stay over the page (issue 43).
  await page.keyboard.press("Enter");
  await expect(tickets).toBeVisible();
  for (const name of ["Loten", "Trekkingsuitslag", "Mijn"]) {
    await page.keyboard.press("Tab");
    await expect(header.getByRole("link", { name, exact: true })).toBeFocused();
  }
  await page.keyboard.press("Tab");
  await expect(page.locator("details.header__menu")).not.toHaveAttribute("open", "");
  await expect(tickets).toBeHidden();

  // Following a link closes it; the new page is announced by its title and its heading has the focus.
  await menuButton.click();
  await tickets.click();
  await expectURL(page, /\/loten$/);
  await expect(header.getByRole("link", { name: "Loten", exact: true })).toBeHidden();
  await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
  await expect(page.locator("[data-route-announcer]")).toHaveText(await page.title());
  await expect(page.locator("[data-route-announcer]")).toHaveAttribute("aria-live", "polite");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("at 1280 px the links show without a menu button", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/trekkingsuitslag");
  const header = page.getByRole("banner");
  await expect(header.getByText("Menu", { exact: true })).toBeHidden();
  for (const name of ["Loten", "Trekkingsuitslag", "Mijn"]) {
    await expect(header.getByRole("link", { name, exact: true })).toBeVisible();
  }
});
