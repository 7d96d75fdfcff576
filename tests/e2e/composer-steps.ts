import { type Browser, expect, type Page } from "@playwright/test";
import { DEMO_EDITORS } from "@/src/backend/slices/composer/seed-editors.server";

/** Steps of the composer's journeys (issue 44), on the local store and on Contentful alike. */

export const [redacteur, eindredacteur] = DEMO_EDITORS as [
  (typeof DEMO_EDITORS)[0],
  (typeof DEMO_EDITORS)[0],
];

/** A new browser context at 1280 px, logged in to /redactie as `editor`, on the list of pages. */
export async function logIn(
  browser: Browser,
  shopUrl: string,
  editor: { email: string; password: string },
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${shopUrl}/redactie/inloggen`);
  await page.getByLabel("E-mailadres").fill(editor.email);
  await page.getByLabel("Wachtwoord").fill(editor.password);
  await page.getByRole("button", { name: "Inloggen" }).click();
  await expect(page.getByRole("heading", { name: "Pagina's" })).toBeVisible();
  return page;
}

export const fields = (page: Page) => page.getByRole("region", { name: "Velden" });
export const canvasBlocks = (page: Page) => page.locator(".composer-block-name");

export async function addBlock(page: Page, name: string, values: Record<string, string>) {
  await page.getByLabel("Blok toevoegen").selectOption({ label: name });
  await page.getByRole("button", { name: "Toevoegen" }).click();
  for (const [label, value] of Object.entries(values)) await fields(page).getByLabel(label).fill(value);
}

/**
 * A new campaign page at `pagePath` from a hero, a text, an action-code block and a ticket configurator,
 * the configurator moved one place up with the keyboard, saved as a concept.
 */
export async function composeCampaignPage(page: Page, title: string, pagePath: string, heroTitle: string) {
  await page.getByRole("link", { name: "Nieuwe pagina" }).click();
  await fields(page).getByLabel("Titel (verplicht)").fill(title);
  await fields(page).getByLabel("Pad (verplicht)").fill(pagePath);
  await addBlock(page, "Hero", { "Titel (verplicht) (max. 80)": heroTitle });
  await addBlock(page, "Tekst (markdown)", {
    "Tekst (verplicht)": "## Zo werkt het\n\nKoop een lot en maak kans.",
  });
  await addBlock(page, "Actiecode", {
    // An action's page id is the page's own (another page's is refused as taken).
    "Page-id van de actie (verplicht)": pagePath.slice(1),
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
}

/** The eindredacteur opens the page whose review was asked and publishes it. */
export async function publishReviewedPage(page: Page, title: string) {
  const row = page.getByRole("row", { name: new RegExp(title) });
  await expect(row).toContainText("review gevraagd (Rosa Redacteur)");
  await row.getByRole("link", { name: title }).click();
  await page.getByRole("button", { name: "Publiceren" }).click();
  await expect(page.locator(".composer-ok")).toHaveText("Gepubliceerd: de pagina staat live.");
}
