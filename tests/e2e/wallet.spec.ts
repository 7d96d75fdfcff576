import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { paidOrderNumbers } from "./checkout-steps";
import { BOTH_SHAPES, expect, expectURL, test, waitForHydration } from "./fixtures";
import { buyOneTicket, confirmAgeAtBank, logInThroughApi, register } from "./player-steps";

/**
 * Issue 16's second journey: a new player confirms her age, deposits EUR 25 by iDEAL and EUR 10 by credit
 * card, pays an order from the balance and withdraws the rest; `/mijn/saldo` shows each movement and a zero
 * balance.
 */

/** A valid Dutch IBAN of this run only (an IBAN belongs to one player). */
function freshIban(): string {
  const bban = `INGB${String(Number.parseInt(randomBytes(4).toString("hex"), 16))
    .padStart(10, "0")
    .slice(-10)}`;
  const numeric = `${bban}NL00`.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  const remainder = [...numeric].reduce((rest, digit) => (rest * 10 + Number(digit)) % 97, 0);
  return `NL${String(98 - remainder).padStart(2, "0")}${bban}`;
}

const balance = (page: Page) => page.getByTestId("wallet-balance");

async function deposit(page: Page, amount: string, method: "iDEAL" | "Creditcard") {
  const form = page.getByRole("form", { name: "Geld storten" });
  await form.getByLabel("Bedrag in euro's").fill(amount);
  await form.getByRole("radio", { name: method }).check();
  await form.getByRole("button", { name: "Storten" }).click();
  await expectURL(page, /\/betaalsimulator\/tr_/);
  if (method === "iDEAL") {
    await page.getByLabel("Kies je bank").selectOption({ label: "ING" });
    await page.getByRole("button", { name: "Betaling goedkeuren" }).click();
  } else {
    await page.getByLabel("Kaartnummer").fill("4111 1111 1111 1111");
    await page.getByLabel("Naam op de kaart").fill("E de Tester");
    await page.getByLabel("Vervaldatum (MM/JJ)").fill("12/30");
    await page.getByLabel("CVC").fill("123");
    await page.getByRole("button", { name: "Betalen" }).click();
  }
  await expectURL(page, /\/mijn\/saldo\/storting\?transactionId=/);
  await expect(page.getByRole("heading", { level: 1, name: "Je storting is gelukt" })).toBeVisible();
  await page.getByRole("link", { name: "Naar Mijn saldo" }).click();
  await expectURL(page, /\/mijn\/saldo$/);
  await waitForHydration(page);
}

test("deposit by iDEAL and credit card, pay an order from the balance, withdraw the rest", async ({
  page,
}) => {
  await register(page, `eva.saldo.${randomBytes(4).toString("hex")}@example.nl`);

  // Deposits wait for the age check; it comes back to the wallet.
  await page.goto("/mijn/saldo");
  await expect(page.getByRole("heading", { level: 1, name: "Mijn saldo" })).toBeVisible();
  await expect(balance(page)).toHaveText(/€\s0,00/);
  await page.getByRole("link", { name: "Bevestig je leeftijd" }).click();
  await confirmAgeAtBank(page);
  await expectURL(page, /\/mijn\/saldo$/);
  await waitForHydration(page);

  await deposit(page, "25", "iDEAL");
  await expect(balance(page)).toHaveText(/€\s25,00/);
  await deposit(page, "10", "Creditcard");
  await expect(balance(page)).toHaveText(/€\s35,00/);

  // An order paid from the balance: no payment page.
  await buyOneTicket(page);
  await expectURL(page, /\/afrekenen$/);
  await waitForHydration(page);
  await page.getByRole("radio", { name: /^Met je saldo \(€\s35,00\)$/ }).check();
  const pay = page.getByRole("button", { name: /^Betaal € / });
  const price = ((await pay.textContent()) ?? "").replace(/^Betaal /, "").trim();
  await pay.click();
  expect(await paidOrderNumbers(page)).toHaveLength(1);

  // Withdraw what is left to a new IBAN.
  await page.goto("/mijn/saldo");
  await waitForHydration(page);
  const left = ((await balance(page).textContent()) ?? "").replace(/[€\s\u00a0]/g, "");
  expect(left).not.toBe("0,00");
  const withdrawal = page.getByRole("form", { name: "Geld opnemen" });
  await withdrawal.getByLabel("Bedrag in euro's").fill(left);
  await withdrawal.getByLabel("IBAN-nummer").fill(freshIban());
  await withdrawal.getByRole("button", { name: "Opnemen" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: /We maken €\s[\d.,]+ over naar \*+\d{4}/ }),
  ).toBeVisible();
  await expect(balance(page)).toHaveText(/€\s0,00/);

  // Each movement, newest first.
  const rows = page.getByRole("table").getByRole("row");
  await expect(rows).toHaveCount(5);
  await expect(rows.nth(1)).toContainText("Opname naar");
  await expect(rows.nth(1)).toContainText(left);
  await expect(rows.nth(2)).toContainText("Bestelling");
  await expect(rows.nth(2)).toContainText(price.replace(/^€\s*/, ""));
  await expect(rows.nth(3)).toContainText("Storting via creditcard");
  await expect(rows.nth(4)).toContainText("Storting via iDEAL");
  await expect(rows.nth(4)).toContainText(/€\s25,00/);
});

test("a cancelled deposit comes back to the deposit form with its amount and the reason (issue 40)", {
  tag: BOTH_SHAPES,
}, async ({ page }) => {
  await logInThroughApi(page);
  await page.goto("/mijn/saldo");
  await waitForHydration(page);
  const form = page.getByRole("form", { name: "Geld storten" });
  await form.getByLabel("Bedrag in euro's").fill("12,50");
  await form.getByRole("button", { name: "Storten" }).click();
  await expectURL(page, /\/betaalsimulator\/tr_/);
  await page.getByRole("button", { name: "Annuleren" }).click();

  await expectURL(page, /\/mijn\/saldo\?storting=[0-9a-f-]{36}$/);
  await expect(page.getByText("Je hebt de storting afgebroken. Er is niets afgeschreven.")).toBeVisible();
  await expect(page.getByRole("form", { name: "Geld storten" }).getByLabel("Bedrag in euro's")).toHaveValue(
    "12,50",
  );
});
