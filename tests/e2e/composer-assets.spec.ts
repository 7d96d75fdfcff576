import type { Browser, Page } from "@playwright/test";
import type { TestShop } from "../support/shop-server";
import { logIn as logInTo, redacteur } from "./composer-steps";
import { expect, test } from "./fixtures";
import { axeFindings } from "./layout-checks";

/**
 * Issue 44's image upload: a redacteur adds an image block to a new page and uploads its image from the
 * image field. Without an alternative text the upload is refused at that input; an SVG (even one sent as
 * an image) is refused at the file input, in Dutch; a PNG with its alternative text becomes an asset that
 * the field chooses, the catalogue lists and the shop's preview shows with that text as its alt. The shop
 * has a content folder of its own, since an upload writes files into it.
 */
let shop: TestShop;

/** A 2x1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAAEUlEQVR4nGP4f53hPwNDw38AFNwEVUrCEiwAAAAASUVORK5CYII=",
  "base64",
);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const ALT = "Een rood lot op een paarse achtergrond";

test.beforeAll(async ({ composerShop }) => {
  shop = composerShop;
});

const logIn = (browser: Browser): Promise<Page> => logInTo(browser, shop.url, redacteur);

test("a redacteur uploads an image with its alternative text into an image block", async ({ browser }) => {
  test.setTimeout(90_000);
  const page = await logIn(browser);
  await page.getByRole("link", { name: "Nieuwe pagina" }).click();
  const fields = page.getByRole("region", { name: "Velden" });
  await fields.getByLabel("Titel (verplicht)").fill("Beeldactie");
  await fields.getByLabel("Pad (verplicht)").fill("/beeldactie");
  await page.getByLabel("Blok toevoegen").selectOption({ label: "Afbeelding" });
  await page.getByRole("button", { name: "Toevoegen" }).click();

  const upload = fields.getByRole("group", { name: "Afbeelding uploaden" });
  const file = upload.getByLabel("Afbeeldingsbestand (JPEG, PNG, GIF of WebP)");
  const alt = upload.getByLabel("Alternatieve tekst (verplicht)");
  const send = upload.getByRole("button", { name: "Uploaden" });

  // No alternative text: refused at its input.
  await file.setInputFiles({ name: "lot.png", mimeType: "image/png", buffer: PNG });
  await send.click();
  await expect(alt).toHaveAttribute("aria-invalid", "true");
  await expect(alt).toHaveAccessibleDescription(/Vul een alternatieve tekst in/);
  expect(await axeFindings(page)).toEqual([]);

  // An SVG, though the browser is told it is a PNG: refused at the file input.
  await file.setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: SVG });
  await alt.fill("Het logo");
  await send.click();
  await expect(file).toHaveAttribute("aria-invalid", "true");
  await expect(file).toHaveAccessibleDescription(
    "SVG-bestanden worden niet geaccepteerd, omdat ze scripts kunnen bevatten. Kies een JPEG, PNG, GIF of WebP.",
  );

  // A PNG with its text: stored, chosen in the field, listed.
  await file.setInputFiles({ name: "rood-lot.png", mimeType: "image/png", buffer: PNG });
  await alt.fill(ALT);
  // By keyboard, as an editor without a mouse would.
  await alt.press("Tab");
  await expect(send).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(upload.getByRole("status")).toHaveText("De afbeelding rood lot is geüpload en gekozen.");
  const choice = fields.getByLabel("Afbeelding (verplicht)", { exact: true });
  await expect(choice).toHaveValue(/^asset-rood-lot-[0-9a-f]{8}$/);
  await expect(choice.locator("option:checked")).toHaveText("rood lot");
  await expect(fields.getByRole("img", { name: ALT })).toBeVisible();
  await expect(file).not.toHaveAttribute("aria-invalid", "true");

  await page.getByRole("button", { name: "Opslaan als concept" }).click();
  await expect(page.locator(".composer-ok")).toHaveText("Concept opgeslagen.");
  await page.getByRole("button", { name: "Voorbeeld", exact: true }).click();
  const preview = page.frameLocator('iframe[title="Voorbeeld"]');
  const shown = preview.getByRole("img", { name: ALT });
  await expect(shown).toBeVisible();
  await expect(shown).toHaveJSProperty("naturalWidth", 2);
});
