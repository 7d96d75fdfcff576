import type { Locator, Page } from "@playwright/test";
import { approvePayment, expectStreet } from "./checkout-steps";
import { expect, expectURL, test } from "./fixtures";
import { logInThroughApi } from "./player-steps";

/**
 * The shop's forms without JavaScript (DESIGN section 8: every form posts and works without it): the
 * ticket configurator and the million game fill the basket through the add-to-basket action, the basket's
 * forms change it, checkout posts to its action and lands on the payment simulator (plain HTML), and the
 * ticket checker and the barcode entry answer with pages of their own. The player logs in through the API
 * here (the login form has journeys of its own).
 */
test.use({ javaScriptEnabled: false });

/** Seeded in src/backend/db/seed.ts (RETAIL_BARCODES): a ticket in the next regular draw, linked by no other journey. */
const RETAIL = { barcode: "8712345000031", number: "WC30031" };

function basketItem(page: Page, title: string): Locator {
  return page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 2, name: title }) });
}

test("a street with XL and end digit 7 from the configurator -> basket -> checkout -> iDEAL approve -> 10 numbers, and an empty basket", async ({
  page,
}) => {
  await logInThroughApi(page);
  await page.goto("/loten");
  const configurator = page.getByRole("form", { name: "Stel je loten samen" });
  await configurator.getByRole("radio", { name: "Straat (10 loten)" }).check();
  await configurator.getByRole("checkbox", { name: /Speel mee met XL/ }).check();
  // Without JavaScript the inputs stay as the server rendered them (a single ticket's two digits).
  await configurator.getByLabel("Eindcijfers lot 1").fill("7");
  await configurator.getByRole("button", { name: "In winkelmandje" }).click();

  await expectURL(page, /\/winkelmandje$/);
  await expect(page.getByText("Je loten liggen in je winkelmandje.")).toBeVisible();
  const street = basketItem(page, "Straat (10 loten) · Heel lot");
  await expect(street).toContainText("Eindcijfers: 7");
  await expect(street.getByRole("checkbox", { name: "Met XL" })).toBeChecked();
  await page.getByRole("link", { name: "Afrekenen" }).click();

  await expectURL(page, /\/afrekenen$/);
  const pay = page.getByRole("button", { name: /^Betaal € / });
  const amount = ((await pay.textContent()) ?? "").replace("Betaal ", "").trim();
  await page.getByLabel("Kies je bank").selectOption({ label: "ING" });
  await pay.click();

  await expectURL(page, /\/betaalsimulator\/tr_/);
  await expect(page.getByText(amount)).toBeVisible();

  const numbers = await approvePayment(page);
  expectStreet(numbers, 7);

  // The paid basket is empty, though no script of the page ran.
  await page.goto("/winkelmandje");
  await expect(page.getByText("Je winkelmandje is nog leeg.")).toBeVisible();
});

test("a refused choice comes back with the Dutch message and everything entered; fixed, it reaches the basket", async ({
  page,
}) => {
  await page.goto("/loten");
  const configurator = page.getByRole("form", { name: "Stel je loten samen" });
  await configurator.getByRole("radio", { name: "Los lot" }).check();
  await configurator.getByLabel("Aantal", { exact: true }).fill("2");
  await configurator.getByLabel("Eindcijfers lot 1").fill("7");
  await configurator.getByRole("button", { name: "In winkelmandje" }).click();

  await expectURL(page, /\/winkelmandje\/toevoegen$/);
  const again = page.getByRole("form", { name: "Loten samenstellen" });
  await expect(
    again.getByText("Vul twee eindcijfers in, van 00 tot en met 99. Voor een 7 vul je 07 in."),
  ).toBeVisible();
  await expect(again.getByLabel("Eindcijfers lot 1")).toHaveValue("7");
  await expect(again.getByLabel("Eindcijfers lot 1")).toHaveAttribute("aria-invalid", "true");
  await expect(again.getByLabel("Aantal", { exact: true })).toHaveValue("2");
  await expect(again.getByRole("radio", { name: "Los lot" })).toBeChecked();

  await again.getByLabel("Eindcijfers lot 1").fill("07");
  await again.getByRole("button", { name: "In winkelmandje" }).click();
  await expectURL(page, /\/winkelmandje$/);
  const single = basketItem(page, "Los lot · Heel lot");
  await expect(single).toContainText("Eindcijfers: 07, 1 × willekeurig");
  await expect(single.getByRole("spinbutton", { name: "Aantal" })).toHaveValue("2");
});

test("the basket's forms: a new quantity, a refused one kept as typed, XL, and removing", async ({
  page,
}) => {
  await page.goto("/winkelmandje/lot-toevoegen?soort=lot&aantal=2&eindcijfers=12,34");
  await expectURL(page, /\/winkelmandje$/);
  await expect(page.getByText("Het lot is toegevoegd aan je winkelmandje.")).toBeVisible();
  const single = basketItem(page, "Los lot · Heel lot");
  await expect(single.getByRole("spinbutton", { name: "Aantal" })).toHaveValue("2");

  await single.getByRole("spinbutton", { name: "Aantal" }).fill("3");
  await single.getByRole("checkbox", { name: "Met XL" }).check();
  await single.getByRole("button", { name: "Bijwerken" }).click();
  await expectURL(page, /\/winkelmandje$/);
  await expect(single.getByRole("spinbutton", { name: "Aantal" })).toHaveValue("3");
  await expect(single.getByRole("checkbox", { name: "Met XL" })).toBeChecked();
  await expect(page.getByText("(3 loten)")).toBeVisible();

  // Enter in the field sends the form with its update button.
  await single.getByRole("spinbutton", { name: "Aantal" }).fill("101");
  await single.getByRole("spinbutton", { name: "Aantal" }).press("Enter");
  await expect(page.getByRole("alert")).toHaveText("Kies een aantal van 0 tot en met 100");
  await expect(single.getByRole("spinbutton", { name: "Aantal" })).toHaveValue("101");
  await expect(page.getByText("(3 loten)")).toBeVisible();

  // Removed, and offered back (issue 43): the line returns with what it had.
  await single.getByRole("button", { name: "Verwijderen" }).click();
  await expectURL(page, /\/winkelmandje\?terugzetten=/);
  await expect(page.getByText("Je winkelmandje is nog leeg.")).toBeVisible();
  await page.getByRole("button", { name: "Ongedaan maken" }).click();
  await expectURL(page, /\/winkelmandje$/);
  await expect(page.getByText("(3 loten)")).toBeVisible();
  await single.getByRole("button", { name: "Verwijderen" }).click();
  await expect(page.getByText("Je winkelmandje is nog leeg.")).toBeVisible();
});

test("million-game tickets go into the basket", async ({ page }) => {
  await page.goto("/loten");
  const form = page.locator(".million-game form");
  await form.getByLabel("Aantal loten").fill("3");
  await form.getByRole("button", { name: "In winkelmandje" }).click();

  await expectURL(page, /\/winkelmandje$/);
  await expect(page.getByText("Je Miljoenenspel-loten liggen in je winkelmandje.")).toBeVisible();
  await expect(basketItem(page, "Miljoenenspel").getByRole("spinbutton", { name: "Aantal" })).toHaveValue(
    "3",
  );
});

test("the ticket checker answers on a page of its own: a bad number with its message, then the outcome", async ({
  page,
}) => {
  await page.goto("/trekkingsuitslag");
  await page.getByLabel("Lotnummer 1", { exact: true }).fill("AB1234");
  await page.getByRole("button", { name: "Controleren" }).click();

  await expectURL(page, /\/trekkingsuitslag\/controleren$/);
  // The spec's English stays the API's; a player reads the catalogue's Dutch (issue 43).
  await expect(page.getByText("Dit is geen geldig lotnummer.")).toBeVisible();
  await expect(page.getByText("Not a valid ticket number")).toHaveCount(0);
  await expect(page.getByLabel("Lotnummer 1", { exact: true })).toHaveValue("AB1234");

  await page.getByLabel("Lotnummer 1", { exact: true }).fill("ab 12 345");
  await page.getByRole("button", { name: "Controleren" }).click();
  await expect(page.getByText(/Totaal gewonnen: €\s[\d.,]+/)).toBeVisible();
  await expect(page.getByLabel("Lotnummer 1", { exact: true })).toHaveValue("AB12345");
});

test("a logged-in player links a barcode: refused as typed first, then on Mijn loten as Winkel", async ({
  page,
}) => {
  await logInThroughApi(page);
  await page.goto("/mijn/loten");
  await page.getByRole("link", { name: "Winkellot toevoegen met barcode" }).click();

  await page.getByRole("textbox", { name: "Barcode" }).fill("12 34");
  await page.getByRole("button", { name: "Winkellot toevoegen" }).click();
  await expect(page.getByText("Een barcode bestaat uit 8 tot 20 cijfers")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Barcode" })).toHaveValue("12 34");

  await page.getByRole("textbox", { name: "Barcode" }).fill(RETAIL.barcode);
  await page.getByRole("button", { name: "Winkellot toevoegen" }).click();
  await expectURL(page, /\/mijn\/loten$/);
  await expect(page.getByText("Je winkellot is toegevoegd aan Mijn loten")).toBeVisible();
  const row = page
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: RETAIL.number, exact: true }) });
  await expect(row.getByRole("cell", { name: "Winkel", exact: true })).toBeVisible();
});

test("another site's form cannot post to the shop's actions", async ({ page }) => {
  const response = await page.request.post("/winkelmandje/toevoegen", {
    form: { kind: "millionGame", quantity: "1" },
    headers: { Origin: "https://evil.example" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(400);
  expect(response.headers()["set-cookie"] ?? "").not.toContain("kl_basket");
});
