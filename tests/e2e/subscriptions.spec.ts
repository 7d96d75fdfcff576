import type { Page } from "@playwright/test";
import { expect, expectURL, test, waitForHydration } from "./fixtures";

/**
 * Issue 14's journey: anonymous on /abonnement -> a street of fifths with XL and a fixed number -> login
 * -> IBAN and mandate -> iDEAL approve -> confirmation -> /mijn/abonnementen -> once the job has issued
 * the first draw, its ten tickets are on /mijn/loten as `Abonnement`.
 */
const DEMO = { email: "speler@kroonloterij.example", password: "Kroonloterij2026!" };

async function logIn(page: Page) {
  await waitForHydration(page);
  await page.getByLabel("E-mailadres").fill(DEMO.email);
  await page.getByLabel("Wachtwoord").fill(DEMO.password);
  await page.getByRole("button", { name: "Inloggen" }).click();
}

/** The subscription's card on /mijn/abonnementen. */
const card = (page: Page, id: string) => page.getByRole("region", { name: `Abonnement ${id}` });

test("a street of fifths with XL and a fixed number: sign-up, mandate, iDEAL, confirmation, /mijn/abonnementen and its tickets", async ({
  page,
}) => {
  await page.goto("/abonnement");
  await waitForHydration(page);
  const form = page.getByRole("form", { name: "Stel je abonnement samen" });
  await form.getByRole("radio", { name: /^Straat/ }).check();
  await form.getByRole("radio", { name: /^Vijfde lot/ }).check();
  await form.getByRole("checkbox", { name: /^Speel mee met XL/ }).check();
  await form.getByRole("checkbox", { name: "Elke maand hetzelfde lotnummer" }).check();
  // The page's trial is offered first; this player takes the normal price.
  await form
    .getByRole("checkbox", { name: /^Proef abonnement: de eerste 3 trekkingen 50% korting/ })
    .uncheck();
  // Ten fifths with XL: 10 x (EUR 3.50 + EUR 0.50) a draw, priced by the server's verify call.
  await expect(form.getByText("€ 40,00").first()).toBeVisible();
  await form.getByRole("button", { name: "Verder naar afsluiten" }).click();

  // The portal round trip keeps every choice.
  await expectURL(
    page,
    /\/inloggen\?returnUrl=(?:https?%3A%2F%2F[\w.-]+(?:%3A\d+)?)?%2Fabonnement%2Fafsluiten%3F.*productType%3DStreet/,
  );
  await logIn(page);
  await expectURL(page, /\/abonnement\/afsluiten\?/);
  await expect(
    page.getByText("Straat (10 loten), Vijfde lot, met XL, elke maand hetzelfde lotnummer"),
  ).toBeVisible();

  // The profile's IBAN is prefilled (masked); the mandate must be accepted.
  await expect(page.getByLabel("IBAN")).toHaveValue("**************3210");
  await expect(page.getByLabel("Naam rekeninghouder")).toHaveValue("Anna van der Berg");
  // The mandate shows its id before the player signs it; the subscription keeps that id.
  const signed = (await page.getByText(/^Kenmerk machtiging: KRL-[A-Z0-9]{10}$/).textContent()) ?? "";
  const mandateId = signed.replace("Kenmerk machtiging: ", "");
  const pay = page.getByRole("button", { name: /^Afsluiten en € \d+,\d\d betalen met iDEAL$/ });
  await pay.click();
  await expect(page.getByText("Geef toestemming voor de automatische incasso")).toBeVisible();
  await page
    .getByRole("checkbox", {
      name: "Ik geef toestemming voor deze doorlopende machtiging tot automatische incasso",
    })
    .check();
  await pay.click();

  await expectURL(page, /\/betaalsimulator\/tr_/);
  await expect(page.getByText("€ 40,00")).toBeVisible();
  await page.getByLabel("Kies je bank").selectOption({ label: "ING" });
  await page.getByRole("button", { name: "Betaling goedkeuren" }).click();

  await expectURL(page, /\/abonnement\/resultaat\?/);
  await expect(page.getByRole("heading", { level: 1, name: "Je abonnement is afgesloten" })).toBeVisible();
  await expect(page.getByText(/schrijven we €\s40,00 af met automatische incasso/)).toBeVisible();
  await expect(page.getByText(/Maandtrekking \w+ \d{4}/).first()).toBeVisible();
  await expect(page.getByText(mandateId, { exact: true })).toBeVisible();

  await page.getByRole("link", { name: "Naar Mijn abonnementen" }).click();
  await expectURL(page, /\/mijn\/abonnementen$/);
  const mine = page.getByRole("region").filter({ hasText: mandateId });
  await expect(mine).toHaveCount(1);
  await expect(mine.getByText("Actief")).toBeVisible();
  await expect(mine.getByText("**************3210")).toBeVisible();

  // The job issues the first draw right after the payment (and the queue retries it): its fixed number
  // shows on the item, and the street's ten numbers are on /mijn/loten as Abonnement.
  let fixed = "";
  await expect(async () => {
    await page.reload();
    const item = await mine.getByText(/vast lotnummer [A-Z]{2}\d{5}/).textContent();
    fixed = /vast lotnummer ([A-Z]{2}\d{5})/.exec(item ?? "")?.[1] ?? "";
    expect(fixed).toMatch(/^[A-Z]{2}\d{4}0$/);
  }).toPass({ timeout: 20_000 });
  const id = /Abonnement (\d+)/.exec(
    (await mine.getByRole("heading", { level: 2 }).textContent()) ?? "",
  )?.[1];
  expect(id).toBeTruthy();
  await expect(card(page, id ?? "")).toContainText("Betaald");

  await page.goto("/mijn/loten");
  const street = Array.from({ length: 10 }, (_, digit) => `${fixed.slice(0, 6)}${digit}`);
  for (const number of street) {
    const row = page.getByRole("row").filter({ has: page.getByRole("cell", { name: number, exact: true }) });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole("cell", { name: "Abonnement", exact: true })).toBeVisible();
  }
});
