import { randomBytes } from "node:crypto";
import { approvePayment } from "./checkout-steps";
import { BOTH_SHAPES, expect, expectURL, test, waitForHydration } from "./fixtures";
import { buyOneTicket, confirmAgeAtBank, register } from "./player-steps";

/**
 * Issue 16's first journey: a new player registers, puts a ticket in the basket and checks out; before the
 * first payment the shop sends her through iDIN (the simulated bank: log in, share name and date of birth),
 * she comes back to the checkout and pays; a second checkout asks for nothing.
 */

test("a new player's first checkout goes through iDIN and back to pay; the second asks for nothing", {
  tag: BOTH_SHAPES,
}, async ({ page }) => {
  await register(page, `eva.${randomBytes(4).toString("hex")}@example.nl`);
  await buyOneTicket(page);

  // Before the first payment: the age check, with the way back to the checkout.
  await expectURL(page, /\/mijn\/leeftijdscontrole\?returnUrl=%2Fafrekenen$/);
  await expect(page.getByRole("heading", { level: 1, name: "Leeftijdscontrole" })).toBeVisible();
  await expect(page.getByText("Leeftijd nog niet bevestigd")).toBeVisible();
  // The simulated bank: log in, then share the name and date of birth it has (the account's).
  await confirmAgeAtBank(page);

  // Back where she was, validated, and she pays.
  await expectURL(page, /\/afrekenen$/);
  await expect(page.getByText("Je leeftijd is bevestigd")).toBeVisible();
  await waitForHydration(page);
  await page.getByRole("button", { name: /^Betaal € / }).click();
  await expectURL(page, /\/betaalsimulator\/tr_/);
  await page.getByLabel("Kies je bank").selectOption({ label: "ING" });
  expect(await approvePayment(page)).toHaveLength(1);

  // The second checkout asks no iDIN; /mijn shows the state.
  await buyOneTicket(page);
  await expectURL(page, /\/afrekenen$/);
  await expect(page.getByRole("button", { name: /^Betaal € / })).toBeVisible();
  await page.goto("/mijn");
  await expect(page.getByText("Leeftijd bevestigd")).toBeVisible();
});
