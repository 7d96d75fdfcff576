import { cpSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { DEMO_EDITORS } from "@/src/backend/slices/composer/seed-editors.server";
import { freePort } from "../support/listen";
import { startTestShop, type TestShop } from "../support/shop-server";
import { axeFindings } from "./layout-checks";

/**
 * Issue 44's journey: a redacteur composes a campaign page from a hero, a text, an action-code block and
 * a ticket configurator in the composer, moves a block with the keyboard, previews it at 390 px and asks
 * for review; an eindredacteur publishes it and it is live on the shop within 5 s; an edited hero is
 * scheduled a few seconds ahead and goes live by the job queue; the previous version is restored. axe
 * checks the composer's screens (Puck's included) at 1280 px. The shop here has a content folder of its
 * own, since a publish writes files into it.
 */
let shop: TestShop;
let contentDir: string;
const [redacteur, eindredacteur] = DEMO_EDITORS as [(typeof DEMO_EDITORS)[0], (typeof DEMO_EDITORS)[0]];
const PATH = "/zomeractie";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  contentDir = mkdtempSync(path.join(os.tmpdir(), "kl-composer-journey-"));
  cpSync(path.resolve("content"), contentDir, { recursive: true });
  const port = await freePort();
  shop = await startTestShop({
    env: { PORT: String(port), BASE_URL: `http://127.0.0.1:${port}`, CONTENT_DIR: contentDir },
  });
});
test.afterAll(async () => {
  await shop?.shutdown();
  rmSync(contentDir, { recursive: true, force: true });
});

async function logIn(browser: Browser, editor: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${shop.url}/redactie/inloggen`);
  await page.getByLabel("E-mailadres").fill(editor.email);
  await page.getByLabel("Wachtwoord").fill(editor.password);
  await page.getByRole("button", { name: "Inloggen" }).click();
  await expect(page.getByRole("heading", { name: "Pagina's" })).toBeVisible();
  return page;
}

const fields = (page: Page) => page.getByRole("region", { name: "Velden" });
const canvasBlocks = (page: Page) => page.locator(".composer-block-name");

async function addBlock(page: Page, name: string, values: Record<string, string>) {
  await page.getByLabel("Blok toevoegen").selectOption({ label: name });
  await page.getByRole("button", { name: "Toevoegen" }).click();
  for (const [label, value] of Object.entries(values)) await fields(page).getByLabel(label).fill(value);
}

test("a redacteur composes a campaign page and an eindredacteur publishes and schedules it", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  // Anyone but an editor: the shop's 404, and no composer API.
  const anonymous = await browser.newPage();
  expect((await anonymous.goto(`${shop.url}/redactie`))?.status()).toBe(404);
  expect((await anonymous.request.get(`${shop.url}/redactie/api/paginas`)).status()).toBe(401);

  const page = await logIn(browser, redacteur);
  expect(await axeFindings(page)).toEqual([]);

  await page.getByRole("link", { name: "Nieuwe pagina" }).click();
  await fields(page).getByLabel("Titel (verplicht)").fill("Zomeractie");
  await fields(page).getByLabel("Pad (verplicht)").fill(PATH);
  await addBlock(page, "Hero", { "Titel (verplicht) (max. 80)": "Zomer vol prijzen" });
  await addBlock(page, "Tekst (markdown)", {
    "Tekst (verplicht)": "## Zo werkt het\n\nKoop een lot en maak kans.",
  });
  await addBlock(page, "Actiecode", {
    "Page-id van de actie (verplicht)": "zomeractie",
    "Titel (verplicht) (max. 80)": "Heb je een actiecode?",
  });
  await addBlock(page, "Loten samenstellen", { "Page-id (verplicht)": "loten-webshop" });

  // The configurator, just added and selected, one place up with the keyboard.
  await page.getByRole("button", { name: "Blok omhoog" }).focus();
  await page.keyboard.press("Enter");
  await expect(canvasBlocks(page)).toHaveText([
    "Hero",
    "Tekst (markdown)",
    "Loten samenstellen (functioneel blok)",
    "Actiecode (functioneel blok)",
  ]);
  await expect(page.getByText("Blok verplaatst naar plaats 3 van 4.")).toBeAttached();

  await page.getByRole("button", { name: "Opslaan als concept" }).click();
  await expect(page.locator(".composer-ok")).toHaveText("Concept opgeslagen.");
  expect(await axeFindings(page)).toEqual([]);

  // The shop's own rendering of the concept at a phone's width.
  await page.getByRole("button", { name: "Telefoon (390 px)" }).click();
  await page.getByRole("button", { name: "Voorbeeld", exact: true }).click();
  const preview = page.frameLocator('iframe[title="Voorbeeld"]');
  await expect(preview.getByRole("heading", { name: "Zomer vol prijzen" })).toBeVisible();
  await expect(page.locator('iframe[title="Voorbeeld"]')).toHaveAttribute("width", "390");

  await page.getByRole("button", { name: "Review vragen" }).click();
  await expect(page.locator(".composer-ok")).toHaveText("Review gevraagd.");
  // Not live before it is published.
  expect((await anonymous.goto(`${shop.url}${PATH}`))?.status()).toBe(404);

  const final = await logIn(browser, eindredacteur);
  const row = final.getByRole("row", { name: /Zomeractie/ });
  await expect(row).toContainText("review gevraagd (Rosa Redacteur)");
  await row.getByRole("link", { name: "Zomeractie" }).click();
  await final.getByRole("button", { name: "Publiceren" }).click();
  await expect(final.locator(".composer-ok")).toHaveText("Gepubliceerd: de pagina staat live.");

  await expect
    .poll(async () => (await anonymous.goto(`${shop.url}${PATH}`))?.status(), { timeout: 5_000 })
    .toBe(200);
  await expect(anonymous.getByRole("heading", { name: "Zomer vol prijzen" })).toBeVisible();

  // The hero edited, and its publication scheduled a few seconds ahead: the job queue publishes it.
  await final.locator(".composer-block-name", { hasText: "Hero" }).click();
  await fields(final).getByLabel("Titel (verplicht) (max. 80)").fill("Zomer vol nog meer prijzen");
  await final.getByRole("button", { name: "Opslaan als concept" }).click();
  await expect(final.locator(".composer-ok")).toHaveText("Concept opgeslagen.");
  // Eight seconds ahead, in the browser's own time zone (the field's).
  const local = await final.evaluate(() => {
    const at = new Date(Date.now() + 8_000);
    return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 19);
  });
  await final.getByLabel("Datum en tijd van publicatie").fill(local);
  await final.getByRole("button", { name: "Publicatie plannen" }).click();
  await expect(final.locator(".composer-page-title .composer-status")).toHaveText("gepland");
  // The shop's answer as a new visitor gets it (a browser keeps an anonymous page a while: decision 5).
  await expect
    .poll(async () => (await fetch(`${shop.url}${PATH}`)).text(), { timeout: 25_000, intervals: [1_000] })
    .toContain("Zomer vol nog meer prijzen");

  // The version published first, restored as the concept.
  await final.reload();
  await final.getByRole("button", { name: "Versiegeschiedenis" }).click();
  const history = final.getByRole("region", { name: "Versiegeschiedenis" });
  await expect(history.getByRole("listitem").first()).toContainText("gepubliceerd door planning");
  expect(await axeFindings(final)).toEqual([]);
  await history
    .getByRole("listitem")
    .filter({ hasText: "gepubliceerd door Evert Eindredacteur" })
    .getByRole("button", { name: /Deze versie terugzetten/ })
    .click();
  await expect(final.locator(".composer-block-summary").first()).toHaveText("Zomer vol prijzen");
  await expect(final.locator(".composer-page-title .composer-status")).toHaveText("gewijzigd na publicatie");
});
