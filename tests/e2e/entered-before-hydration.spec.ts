import type { Page } from "@playwright/test";
import { expect, expectURL, test, waitForHydration } from "./fixtures";
import { logInThroughApi } from "./player-steps";

/**
 * Issue 40 item 1, on both shapes of the shop: what a player chose or typed before the page was
 * interactive is what is bought, paid and registered. (Every form of the shop is filled before hydration
 * in every-form-before-hydration.spec.ts, once: a form's hydration does not depend on where its data
 * comes from.)
 */

/** Holds back every script of the page until `release` is called: the page is the server's HTML till then. */
async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await held;
    await route.continue().catch(() => undefined);
  });
  return () => {
    release();
    void page.unrouteAll({ behavior: "ignoreErrors" });
  };
}

async function openHeld(page: Page, address: string): Promise<() => void> {
  const release = await holdScripts(page);
  await page.goto(address, { waitUntil: "commit" });
  await page.waitForFunction(() => document.readyState !== "loading");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
  return release;
}

test("a choice made before hydration is what is bought and how it is paid (tickets, card)", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logInThroughApi(page);
  let release = await openHeld(page, "/loten");
  const configurator = page.getByRole("form", { name: "Stel je loten samen" });
  await configurator.getByLabel(/^Vijfde lot/).check();
  await configurator.getByLabel(/^Speel mee met XL/).check();
  await configurator.getByLabel("Aantal", { exact: true }).fill("3");
  release();
  await waitForHydration(page);
  await configurator.getByRole("button", { name: "In winkelmandje" }).click();
  await expect(page.getByText("Je loten liggen in je winkelmandje.")).toBeVisible();
  await page.goto("/winkelmandje");
  await waitForHydration(page);
  const row = page.getByRole("listitem").filter({ hasText: "Vijfde lot" });
  await expect(row.getByRole("heading", { name: "Los lot · Vijfde lot" })).toBeVisible();
  await expect(row.getByLabel("Aantal")).toHaveValue("3");
  await expect(row.getByLabel("Met XL")).toBeChecked();

  // Creditcard chosen before the checkout's code arrived: the payment is a card payment, not iDEAL.
  release = await openHeld(page, "/afrekenen");
  await page.getByLabel("Creditcard").check();
  release();
  await waitForHydration(page);
  await expect(page.getByLabel("Creditcard")).toBeChecked();
  await page.getByRole("button", { name: /^Betaal / }).click();
  await expectURL(page, /\/betaalsimulator\/tr_/);
  await expect(page.getByLabel("Kaartnummer")).toBeVisible();
  await expect(page.getByLabel("Kies je bank")).toHaveCount(0);
});

test("a password a password manager filled in at load is the one the registration sends", async ({
  page,
}) => {
  const release = await openHeld(page, "/aanmelden");
  const email = `hydratie-${Date.now()}@example.nl`;
  await page.getByLabel("Wachtwoord").fill("Lotje-2026!");
  await page.getByLabel("E-mailadres").fill(email);
  release();
  await waitForHydration(page);
  await expect(page.getByLabel("Wachtwoord")).toHaveValue("Lotje-2026!");
  await page.getByLabel("Voornaam").fill("Eva");
  await page.getByLabel("Achternaam").fill("Tester");
  await page.getByLabel("Geboortedatum").fill("27-04-1990");
  await page.getByLabel("Postcode").fill("1234 AB");
  await page.getByLabel("Huisnummer").fill("12");
  await page.getByLabel(/Ik ga akkoord/).check();
  await page.getByRole("button", { name: "Account aanmaken" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Je account is klaar" })).toBeVisible();
});
