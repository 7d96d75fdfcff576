import { expect, expectURL, test, waitForHydration } from "./fixtures";

/** Issue 7 journeys: the server-rendered results page, the ticket checker and linking a retail ticket. */
const DEMO = { email: "speler@kroonloterij.example", password: "Kroonloterij2026!" };
/** Seeded in src/backend/db/seed.ts (RETAIL_BARCODES): a whole ticket in the last published regular draw. */
const RETAIL = { barcode: "8712345000024", number: "WB20024" };

test("the server-rendered /trekkingsuitslag shows the jackpot status and the prize tables", async ({
  browser,
}) => {
  // Without JavaScript: what the server sent is complete.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/trekkingsuitslag");
  await expect(
    page.getByText(/^De jackpot (van €\s[\d.,]+ is gevallen op [A-Z]{2}\d{5}|is niet gevallen)/),
  ).toBeVisible();
  await expect(page.getByRole("table", { name: "Prijzen op het hele lotnummer" })).toContainText(
    "€ 1.000.000,00",
  );
  for (const digit of [0, 5, 9]) {
    await expect(page.getByRole("table", { name: `Eindcijfer ${digit}` })).toBeVisible();
  }
  await expect(
    page.getByRole("table", { name: "Eindcijfer 0" }).getByRole("columnheader", { name: "Vijfde lot" }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "XL-prijzen op begincijfers" })).toBeVisible();
  await context.close();
});

test("a past draw has its own page with a readable slug, and the checker reads `ab 12 345` as AB12345", async ({
  page,
}) => {
  await page.goto("/trekkingsuitslag");
  await waitForHydration(page);
  const pastLink = page.getByRole("table", { name: "Recente trekkingen" }).getByRole("link").nth(1);
  const name = (await pastLink.textContent())?.trim() ?? "";
  await pastLink.click();
  await expectURL(page, /\/trekkingsuitslag\/[a-z0-9-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
  await waitForHydration(page);

  await page.getByLabel("Lotnummer 1", { exact: true }).fill("AB1234");
  await page.getByRole("button", { name: "Controleren" }).click();
  // The spec's English stays the API's; a player reads the catalogue's Dutch (issue 43).
  await expect(page.getByText("Dit is geen geldig lotnummer.")).toBeVisible();
  await expect(page.getByText("Not a valid ticket number")).toHaveCount(0);
  await expect(page.getByText(/Begint je lotnummer met 2 letters/)).toBeVisible();

  await page.getByLabel("Lotnummer 1", { exact: true }).fill("ab 12 345");
  await page.getByRole("button", { name: "Controleren" }).click();
  await expect(page.getByText(/Totaal gewonnen: €\s[\d.,]+/)).toBeVisible();
  await expect(page.getByLabel("Lotnummer 1", { exact: true })).toHaveValue("AB12345");
});

test("a logged-in player links a seeded barcode and finds the ticket on /mijn/loten as Winkel", async ({
  page,
}) => {
  await page.goto("/inloggen?returnUrl=%2Ftrekkingsuitslag");
  await waitForHydration(page);
  await page.getByLabel("E-mailadres").fill(DEMO.email);
  await page.getByLabel("Wachtwoord").fill(DEMO.password);
  await page.getByRole("button", { name: "Inloggen" }).click();
  await expectURL(page, /\/trekkingsuitslag$/);
  await waitForHydration(page);

  await page.getByRole("textbox", { name: "Barcode" }).fill(RETAIL.barcode);
  await page.getByRole("button", { name: "Winkellot toevoegen" }).click();
  await expect(page.getByText("Je winkellot is toegevoegd aan Mijn loten")).toBeVisible();

  await page.goto("/mijn/loten");
  const row = page
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: RETAIL.number, exact: true }) });
  await expect(row.getByRole("cell", { name: "Winkel", exact: true })).toBeVisible();
  // The draw is published: the row says what the ticket won.
  await expect(row.getByRole("cell").last()).toHaveText(
    /^(€\s[\d.,]+( · Haal je prijs op bij een verkooppunt van Kroonloterij)?|Geen prijs)$/,
  );
});
