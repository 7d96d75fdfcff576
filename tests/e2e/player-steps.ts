import type { Page } from "@playwright/test";
import { DEMO_PLAYER } from "@/src/backend/db/seed";
import { expect, expectURL, waitForHydration } from "./fixtures";

/** Steps of a new player that several journeys take the same way. */

/**
 * The browser's session for a player (the seeded demo player by default), started as the login form's
 * script would: the anti-forgery token, then the login call.
 */
export async function logInThroughApi(
  page: Page,
  player: { email: string; password: string } = DEMO_PLAYER,
): Promise<void> {
  const headers = { "X-Requested-With": "XMLHttpRequest" };
  const tokenAnswer = await page.request.get("/api/authentication/get-token", { headers });
  const { token } = (await tokenAnswer.json()) as { token: string };
  const login = await page.request.post("/api/authentication/login", {
    data: { email: player.email, password: player.password },
    headers: { ...headers, RequestVerificationToken: token },
  });
  expect(login.status()).toBe(200);
}

/** Registers a new adult player (born 27 April 1990) through the portal's form, ending on `/loten`. */
export async function register(page: Page, email: string) {
  await page.goto(`/aanmelden?returnUrl=${encodeURIComponent("/loten")}`);
  await registerOn(page, email);
  await page.getByRole("link", { name: "Verder" }).click();
  await expectURL(page, /\/loten$/);
}

/** Fills in and sends the portal's registration form already open, up to "Je account is klaar". */
export async function registerOn(page: Page, email: string) {
  // The form's own page first: right after a link to it, the page before (the login, with a field of the
  // same name) may still be the one shown, and hydrated.
  await expect(page.getByRole("heading", { level: 1, name: "Account aanmaken" })).toBeVisible();
  await waitForHydration(page);
  await page.getByLabel("E-mailadres").fill(email);
  await page.getByLabel("Wachtwoord").fill("Lotje-2026!");
  await page.getByLabel("Voornaam").fill("Eva");
  await page.getByLabel("Tussenvoegsel").fill("de");
  await page.getByLabel("Achternaam").fill("Tester");
  await page.getByLabel("Geboortedatum").fill("27-04-1990");
  await page.getByLabel("Postcode").fill("1234 AB");
  await page.getByLabel("Huisnummer").fill("12");
  await page.getByLabel(/Ik ga akkoord/).check();
  await page.getByRole("button", { name: "Account aanmaken" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Je account is klaar" })).toBeVisible();
}

/** One single ticket from the configurator on /loten into the basket. */
export async function addOneTicket(page: Page) {
  await page.goto("/loten");
  await waitForHydration(page);
  await page
    .getByRole("form", { name: "Stel je loten samen" })
    .getByRole("button", { name: "In winkelmandje" })
    .click();
  await expect(page.getByText("Je loten liggen in je winkelmandje.")).toBeVisible();
}

/** One single ticket into the basket, then "Afrekenen" from the basket. */
export async function buyOneTicket(page: Page) {
  await addOneTicket(page);
  await page.goto("/winkelmandje");
  await page.getByRole("link", { name: "Afrekenen" }).click();
}

/**
 * Confirms the age of a player `register` made on the simulated bank (ING): log in, then share the name and
 * date of birth the bank has, which are the account's.
 */
export async function confirmAgeAtBank(page: Page) {
  await page.getByLabel("Je bank").selectOption({ label: "ING" });
  await page.getByRole("button", { name: "Verder naar je bank" }).click();
  await expect(page.getByRole("heading", { name: "Inloggen bij je bank" })).toBeVisible();
  await page.getByLabel("Gebruikersnaam").fill("eva");
  await page.getByLabel("Wachtwoord").fill("geheim");
  await page.getByRole("button", { name: "Inloggen" }).click();
  await expect(page.getByRole("heading", { name: "Deel je gegevens met Kroonloterij" })).toBeVisible();
  await expect(page.getByLabel("Geboortedatum")).toHaveValue("1990-04-27");
  await page.getByRole("button", { name: "Gegevens delen" }).click();
}
