import { expect, test, waitForHydration } from "./fixtures";
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
    "/mijn",
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
  await expect(page).toHaveURL(/\/afrekenen$/);
});
