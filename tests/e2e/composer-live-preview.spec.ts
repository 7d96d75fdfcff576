import type { TestShop } from "../support/shop-server";
import { addBlock, fields, logIn, redacteur } from "./composer-steps";
import { expect, test } from "./fixtures";

/**
 * Issue 44: the composer's preview renders the shop's own blocks with their real data and updates as the
 * editor types, before anything is saved. The journey refuses every save the composer tries (its autosave
 * included), so what the preview shows can only come from the typed concept.
 */
let shop: TestShop;

test.beforeAll(async ({ composerShop }) => {
  shop = composerShop;
});

test("the preview follows what the editor types, unsaved, at a phone's width too", async ({ browser }) => {
  test.setTimeout(90_000);
  const page = await logIn(browser, shop.url, redacteur);
  await page.route("**/redactie/api/paginas/**", async (route) =>
    route.request().method() === "PUT" ? route.fulfill({ status: 503, body: "" }) : route.continue(),
  );
  await page
    .getByRole("row", { name: /Kerstactie/ })
    .getByRole("link", { name: "Kerstactie" })
    .click();
  await expect(page.locator(".composer-block-name").first()).toBeVisible();

  await page.getByRole("button", { name: "Voorbeeld", exact: true }).click();
  const preview = page.frameLocator('iframe[title="Voorbeeld"]');
  // The saved concept first, with its functional block as a player sees it.
  await expect(preview.getByLabel("Actiecode")).toBeVisible();

  await addBlock(page, "Hero", { "Titel (verplicht) (max. 80)": "Sneeuw op kerstavond" });
  await expect(preview.getByRole("heading", { name: "Sneeuw op kerstavond" })).toBeVisible({
    timeout: 10_000,
  });
  await expect(preview.getByLabel("Actiecode")).toBeVisible();

  await fields(page).getByLabel("Titel (verplicht) (max. 80)").fill("Sneeuw en ijs");
  await expect(preview.getByRole("heading", { name: "Sneeuw en ijs" })).toBeVisible({ timeout: 10_000 });

  await page.getByRole("button", { name: "Telefoon (390 px)" }).click();
  await expect(page.locator('iframe[title="Voorbeeld"]')).toHaveAttribute("width", "390");
  await expect(preview.getByRole("heading", { name: "Sneeuw en ijs" })).toBeVisible();
  // The saved concept's signed link, to open in a tab of its own or to share.
  const link = page.getByRole("link", { name: /Open het opgeslagen concept in een nieuw tabblad/ });
  await expect(link).toHaveAttribute("target", "_blank");
  const [tab] = await Promise.all([page.context().waitForEvent("page"), link.click()]);
  await expect(tab).toHaveURL(`${shop.url}/kerstactie`);
  await expect(tab.getByText("Voorbeeldweergave").first()).toBeVisible();
  await expect(tab.getByRole("heading", { name: "Sneeuw en ijs" })).toHaveCount(0);
  // Every save was refused, and the shop's visitors still see the published page.
  const published = await (await fetch(`${shop.url}/kerstactie`)).text();
  expect(published).not.toContain("Sneeuw");
});

test("a block goes into the section above it and out again with the keyboard", async ({ browser }) => {
  test.setTimeout(90_000);
  const page = await logIn(browser, shop.url, redacteur);
  await page.getByRole("link", { name: "Nieuwe pagina" }).click();
  await fields(page).getByLabel("Titel (verplicht)").fill("Sectieproef");
  await fields(page).getByLabel("Pad (verplicht)").fill("/sectieproef");

  for (const block of ["Sectie", "Hero"]) await addBlock(page, block, {});
  const outline = page.locator("nav .composer-outline").first();
  const nested = outline.locator(".composer-outline .composer-outline, li > .composer-outline");
  await expect(outline.locator(":scope > li > button")).toHaveText(["Sectie", "Hero"]);

  await page.getByRole("button", { name: "In de sectie erboven" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Blok achteraan in de sectie erboven geplaatst (Sectie).")).toBeAttached();
  await expect(outline.locator(":scope > li > button")).toHaveText(["Sectie"]);
  await expect(nested.getByRole("button")).toHaveText(["Hero"]);
  // Still selected: its fields are there to fill, inside the section.
  await fields(page).getByLabel("Titel (verplicht) (max. 80)").fill("Binnen de sectie");
  await expect(page.getByRole("button", { name: "In de sectie erboven" })).toBeDisabled();

  await page.getByRole("button", { name: "Uit de sectie" }).focus();
  await page.keyboard.press("Enter");
  await expect(
    page.getByText("Blok uit de sectie gehaald; het staat nu direct onder de sectie."),
  ).toBeAttached();
  await expect(outline.locator(":scope > li > button")).toHaveText(["Sectie", "Hero"]);
  await expect(page.getByRole("button", { name: "Uit de sectie" })).toBeDisabled();
});
