import type { Browser, Page } from "@playwright/test";
import { DEMO_EDITORS } from "@/src/backend/slices/composer/seed-editors.server";
import type { TestShop } from "../support/shop-server";
import { expect, test } from "./fixtures";
import { axeFindings } from "./layout-checks";

/**
 * Issue 44's page addresses and versions: an eindredacteur gives a published page a new path while the
 * path field says live whether a path is free, publishes it, and its old address sends visitors on to the
 * new one; the version history says in Dutch what each version changed. The shop has a content folder of
 * its own, since a publish writes files into it.
 */
let shop: TestShop;
const eindredacteur = DEMO_EDITORS.find((editor) => editor.role === "eindredacteur")!;

test.beforeAll(async ({ composerShop }) => {
  shop = composerShop;
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

/** Saves by the button, and waits for the save's answer (the message may still be the last save's). */
async function saveConcept(page: Page) {
  const saved = page.waitForResponse(
    (response) => response.request().method() === "PUT" && response.url().includes("/redactie/api/paginas/"),
  );
  await page.getByRole("button", { name: "Opslaan als concept" }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.locator(".composer-ok")).toHaveText("Concept opgeslagen.");
}

test("an eindredacteur moves a published page: the path is checked live, the old address redirects, the history reads", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const visitor = await browser.newPage();
  expect((await visitor.goto(`${shop.url}/cookies`))?.status()).toBe(200);

  const editor = await logIn(browser, eindredacteur);
  await editor
    .getByRole("row", { name: /Cookies/ })
    .getByRole("link", { name: "Cookies" })
    .click();
  const pathField = fields(editor).getByLabel("Pad (verplicht)");
  await expect(pathField).toHaveValue("/cookies");

  // A first save: a new title.
  await fields(editor).getByLabel("Titel (verplicht)").fill("Cookiebeleid");
  await saveConcept(editor);

  // The path field says, while typing, whether a path is free; the message is part of its description.
  await pathField.fill("/winkelmandje");
  const check = editor.locator(".composer-path-check");
  await expect(check).toHaveText(
    "Het pad /winkelmandje is een vaste pagina van de webshop. Kies een ander pad.",
  );
  await expect(check).toHaveAttribute("aria-live", "polite");
  const describedBy = (await pathField.getAttribute("aria-describedby")) ?? "";
  expect(describedBy.split(" ")).toContain(await check.getAttribute("id"));
  await pathField.fill("/over-ons");
  await expect(check).toHaveText("Het pad /over-ons is al in gebruik door een andere pagina.");
  await pathField.fill("/Cookiebeleid/");
  await expect(check).toHaveText("Een pad eindigt niet op een /.");
  expect(await axeFindings(editor)).toEqual([]);
  // Saved at once: the composer's own autosave (3 s after the last change) must not race the button.
  await pathField.fill("/cookiebeleid");
  await expect(check).toHaveText("Het pad /cookiebeleid is vrij.");

  await saveConcept(editor);
  await editor.getByRole("button", { name: "Publiceren" }).click();
  await expect(editor.locator(".composer-ok")).toHaveText("Gepubliceerd: de pagina staat live.");

  // The old address sends a visitor on to the new one, permanently, within 5 s (the shop's file watcher).
  const oldAddress = () => fetch(`${shop.url}/cookies`, { redirect: "manual" });
  await expect.poll(async () => (await oldAddress()).status, { timeout: 5_000, intervals: [100] }).toBe(301);
  const answer = await oldAddress();
  expect(new URL(answer.headers.get("location") ?? "", shop.url).pathname).toBe("/cookiebeleid");
  // A new visitor (a browser keeps an anonymous page a while: decision 5) lands on the new address.
  const newVisitor = await browser.newPage();
  await newVisitor.goto(`${shop.url}/cookies`);
  await expect(newVisitor).toHaveURL(`${shop.url}/cookiebeleid`);

  // The history: the redirect, and what each saved version changed.
  await editor.getByRole("button", { name: "Versiegeschiedenis" }).click();
  const history = editor.getByRole("region", { name: "Versiegeschiedenis" });
  await expect(history.getByRole("listitem").first()).toContainText(
    "doorverwijzing aangemaakt van /cookies naar /cookiebeleid",
  );
  const saves = history.getByRole("listitem").filter({ hasText: "opgeslagen door" });
  const pathSave = saves.first();
  const toggle = pathSave.getByRole("button", { name: /Bekijk wijzigingen/ });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await toggle.click();
  await expect(pathSave.getByRole("button", { name: /Verberg wijzigingen/ })).toHaveAttribute(
    "aria-expanded",
    "true",
  );
  await expect(pathSave.getByRole("list")).toHaveText(["Pad: „/cookies” → „/cookiebeleid”"]);
  const titleSave = saves.nth(1);
  await titleSave.getByRole("button", { name: /Bekijk wijzigingen/ }).click();
  await expect(titleSave).toContainText("Eerste opgeslagen versie.");
  expect(await axeFindings(editor)).toEqual([]);
});
