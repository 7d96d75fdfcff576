import type { Page } from "@playwright/test";
import { DEMO_EDITORS } from "@/src/backend/slices/composer/seed-editors.server";
import type { TestShop } from "../support/shop-server";
import { expect, test } from "./fixtures";
import { axeFindings } from "./layout-checks";

/**
 * Issue 44's rich text field: a redacteur adds a formatted text block in the composer, types a paragraph,
 * makes a word bold with the toolbar, links words to /loten (a javascript: address is refused in Dutch),
 * adds a bulleted list, saves, and the shop's preview of the concept shows the bold word, the link and the
 * list. axe checks the composer with the toolbar and the link form at 1280 px.
 */
let shop: TestShop;
const [redacteur] = DEMO_EDITORS as [(typeof DEMO_EDITORS)[0]];

test.beforeAll(async ({ composerShop }) => {
  shop = composerShop;
});

const fields = (page: Page) => page.getByRole("region", { name: "Velden" });

/** Selects the last `count` characters before the caret. */
async function selectBack(page: Page, count: number) {
  for (let i = 0; i < count; i++) await page.keyboard.press("Shift+ArrowLeft");
}

test("a redacteur formats a text with bold, a link to /loten and a list, and the preview shows them", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${shop.url}/redactie/inloggen`);
  await page.getByLabel("E-mailadres").fill(redacteur.email);
  await page.getByLabel("Wachtwoord").fill(redacteur.password);
  await page.getByRole("button", { name: "Inloggen" }).click();
  await page.getByRole("link", { name: "Nieuwe pagina" }).click();
  await fields(page).getByLabel("Titel (verplicht)").fill("Opgemaakte tekst");
  await fields(page).getByLabel("Pad (verplicht)").fill("/opgemaakte-tekst");
  await page.getByLabel("Blok toevoegen").selectOption({ label: "Tekst (opgemaakt)" });
  await page.getByRole("button", { name: "Toevoegen" }).click();

  const text = fields(page).getByRole("textbox", { name: "Tekst", exact: true });
  await text.click();
  await page.keyboard.type("Koop vandaag een lot bij de loten");
  // "vandaag" selected with the keyboard and made bold with the toolbar.
  await page.keyboard.press("Home");
  for (let i = 0; i < "Koop ".length; i++) await page.keyboard.press("ArrowRight");
  for (let i = 0; i < "vandaag".length; i++) await page.keyboard.press("Shift+ArrowRight");
  const bold = fields(page).getByRole("button", { name: "Vet" });
  await expect(bold).toHaveAttribute("aria-pressed", "false");
  await bold.click();
  await expect(bold).toHaveAttribute("aria-pressed", "true");
  await expect(text.locator("strong")).toHaveText("vandaag");
  await page.keyboard.press("End");
  await selectBack(page, "de loten".length);

  // A javascript: address is refused, a path of the shop is taken.
  await fields(page).getByRole("button", { name: "Link" }).click();
  const address = fields(page).getByLabel("Adres van de link");
  await address.fill("javascript:alert(1)");
  await fields(page).getByRole("button", { name: "Link plaatsen" }).click();
  await expect(fields(page).getByRole("alert")).toHaveText(
    "De link javascript:alert(1) is niet toegestaan: links met javascript:, vbscript:, file: of data: worden nooit getoond.",
  );
  expect(await axeFindings(page)).toEqual([]);
  await address.fill("/loten");
  await fields(page).getByRole("button", { name: "Link plaatsen" }).click();
  await expect(text.getByRole("link", { name: "de loten" })).toHaveAttribute("href", "/loten");

  await text.click();
  await page.keyboard.press("Control+End");
  await page.keyboard.press("Enter");
  await fields(page).getByRole("button", { name: "Opsomming" }).click();
  await page.keyboard.type("Eerste punt");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Tweede punt");
  await expect(text.getByRole("listitem")).toHaveText(["Eerste punt", "Tweede punt"]);
  await expect(fields(page).getByRole("button", { name: "Opsomming" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  expect(await axeFindings(page)).toEqual([]);

  await page.getByRole("button", { name: "Opslaan als concept" }).click();
  await expect(page.locator(".composer-ok")).toHaveText("Concept opgeslagen.");

  // The shop's own rendering of the saved concept.
  await page.getByRole("button", { name: "Voorbeeld", exact: true }).click();
  const preview = page.frameLocator('iframe[title="Voorbeeld"]');
  await expect(preview.locator("body")).toContainText("Koop vandaag een lot bij de loten");
  const block = preview.locator(".text-block");
  // The shop's rich text renderer (@contentful/rich-text-react-renderer) shows bold as <b>.
  await expect(block.locator("b")).toHaveText("vandaag");
  await expect(block.getByRole("link", { name: "de loten" })).toHaveAttribute("href", "/loten");
  await expect(block.locator("ul > li")).toHaveText(["Eerste punt", "Tweede punt"]);
  await expect(block.locator("p").first()).toHaveText("Koop vandaag een lot bij de loten");
  await context.close();
});
