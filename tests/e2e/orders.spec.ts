import { randomBytes } from "node:crypto";
import { approvePayment } from "./checkout-steps";
import { expect, expectURL, test, waitForHydration } from "./fixtures";
import { buyOneTicket, confirmAgeAtBank, register } from "./player-steps";

/**
 * Issue 43 item 1: a paid order's confirmation shows its number, amount and payment method; the header
 * shows the balance; `/mijn/bestellingen` lists every order and payment with its state and the tickets an
 * order issued, narrowed by kind and outcome in the address (so Back returns to the selection).
 */

test("the order's confirmation, the balance in the header and /mijn/bestellingen with its filters", async ({
  page,
}) => {
  await register(page, `eva.bestellingen.${randomBytes(4).toString("hex")}@example.nl`);
  await expect(page.getByRole("banner").getByRole("link", { name: /^Saldo €\s0,00$/ })).toBeVisible();

  // The first checkout asks for the age check, then she pays by iDEAL.
  await buyOneTicket(page);
  await expectURL(page, /\/mijn\/leeftijdscontrole\?returnUrl=%2Fafrekenen$/);
  await confirmAgeAtBank(page);
  await expectURL(page, /\/afrekenen$/);
  await waitForHydration(page);
  const pay = page.getByRole("button", { name: /^Betaal € / });
  const price = ((await pay.textContent()) ?? "").replace(/^Betaal /, "").trim();
  await pay.click();
  await expectURL(page, /\/betaalsimulator\/tr_/);
  await page.getByLabel("Kies je bank").selectOption({ label: "ING" });
  const [ticketNumber] = await approvePayment(page);

  // The confirmation: the order's number, amount, method and day.
  const summary = page.getByRole("region", { name: "Je bestelling" });
  const facts = summary.getByRole("definition");
  const orderNumber = ((await facts.first().textContent()) ?? "").trim();
  expect(orderNumber).toMatch(/^\d{6,}$/);
  await expect(facts.nth(1)).toHaveText(price);
  await expect(facts.nth(2)).toHaveText("iDEAL");
  await expect(facts.nth(3)).toHaveText(/^\d{1,2} [a-z]+ \d{4}$/);

  // A deposit she cancels at the bank.
  await page.goto("/mijn/saldo");
  await waitForHydration(page);
  const deposit = page.getByRole("form", { name: "Geld storten" });
  await deposit.getByLabel("Bedrag in euro's").fill("10");
  await deposit.getByRole("button", { name: "Storten" }).click();
  await expectURL(page, /\/betaalsimulator\/tr_/);
  await page.getByRole("button", { name: "Annuleren" }).click();
  await expectURL(page, /\/mijn\/saldo\?storting=/);

  // Everything, newest first: the cancelled deposit, then the order with its ticket.
  await page.goto("/mijn");
  await page.getByRole("link", { name: "Mijn bestellingen en betalingen" }).click();
  await expectURL(page, /\/mijn\/bestellingen$/);
  const cards = page.getByRole("list", { name: "Je bestellingen en betalingen" }).getByRole("listitem");
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0).getByRole("heading", { level: 2 })).toHaveText(
    /^Storting op je saldo\s*€\s10,00$/,
  );
  await expect(cards.nth(0)).toContainText("Geannuleerd");
  const order = cards.nth(1);
  await expect(order.getByRole("heading", { level: 2 })).toHaveText(new RegExp(`^Loten\\s*${price}$`));
  await expect(order).toContainText(orderNumber);
  await expect(order).toContainText("Betaald");
  await order.getByText("Bekijk je lot").click();
  await expect(order.getByRole("cell", { name: ticketNumber, exact: true })).toBeVisible();

  // Only what did not go through; then what fits no order, and the way back to everything.
  await page.getByLabel("Status").selectOption({ label: "Niet gelukt" });
  await page.getByRole("button", { name: "Toon bestellingen" }).click();
  await expectURL(page, /\/mijn\/bestellingen\?soort=&status=mislukt$/);
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText("Storting op je saldo");
  await page.getByLabel("Soort").selectOption({ label: "Loten en cadeaus" });
  await page.getByRole("button", { name: "Toon bestellingen" }).click();
  await expect(
    page.getByText("Er zijn geen bestellingen of betalingen die bij je keuze passen."),
  ).toBeVisible();
  await page.goBack();
  await expectURL(page, /status=mislukt$/);
  await expect(page.getByLabel("Status")).toHaveValue("mislukt");
  await expect(cards).toHaveCount(1);
});
