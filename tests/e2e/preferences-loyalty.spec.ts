import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, expectURL, portalPage, test, waitForHydration } from "./fixtures";
import { register, registerOn } from "./player-steps";

/**
 * Issue 20, items 5 and 6: communication preferences saved in /mijn/voorkeuren are read back after a new
 * login, and the campaign page's block changes the same choices; a visitor joins Kroonpunten through the
 * block on /kroonpunten (logging in on the way) and /mijn shows the membership.
 */

const PASSWORD = "Lotje-2026!"; // the password `register` chooses

function channel(page: Page, vertical: "Kroonloterij" | "Miljoenenspel", name: string) {
  return page.getByRole("group", { name: vertical }).getByRole("checkbox", { name });
}

async function logIn(page: Page, email: string) {
  await waitForHydration(page);
  await page.getByLabel("E-mailadres").fill(email);
  await page.getByLabel("Wachtwoord").fill(PASSWORD);
  await page.getByRole("button", { name: "Inloggen" }).click();
}

test("preferences saved in /mijn/voorkeuren are read back after a new login, and the campaign block changes them", async ({
  page,
}) => {
  const email = `eva.voorkeur.${randomBytes(4).toString("hex")}@example.nl`;
  await register(page, email);

  await page.goto("/mijn");
  await page.getByRole("link", { name: "Mijn voorkeuren" }).click();
  await expectURL(page, /\/mijn\/voorkeuren$/);
  await waitForHydration(page);
  // Nothing is ticked before the player chooses.
  const form = page.getByRole("form", { name: "Mijn voorkeuren" });
  await expect(form.getByRole("checkbox")).toHaveCount(8);
  await expect(form.getByRole("checkbox", { checked: true })).toHaveCount(0);
  await expect(channel(page, "Kroonloterij", "E-mail")).toHaveAccessibleDescription("Nog niet gekozen");

  await channel(page, "Kroonloterij", "E-mail").check();
  await channel(page, "Kroonloterij", "SMS").check();
  await channel(page, "Miljoenenspel", "Post").check();
  await page.getByRole("button", { name: "Voorkeuren opslaan" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Je voorkeuren zijn opgeslagen." })).toBeVisible();
  await expect(channel(page, "Kroonloterij", "E-mail")).toHaveAccessibleDescription(/^Laatst gewijzigd op /);

  await page.getByRole("button", { name: "Uitloggen" }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Inloggen" })).toBeVisible();

  await page.goto("/mijn/voorkeuren");
  await expectURL(page, portalPage("inloggen", "/mijn/voorkeuren"));
  await logIn(page, email);
  await expectURL(page, /\/mijn\/voorkeuren$/);
  await expect(channel(page, "Kroonloterij", "E-mail")).toBeChecked();
  await expect(channel(page, "Kroonloterij", "SMS")).toBeChecked();
  await expect(channel(page, "Kroonloterij", "Post")).not.toBeChecked();
  await expect(channel(page, "Miljoenenspel", "Post")).toBeChecked();
  await expect(channel(page, "Miljoenenspel", "E-mail")).not.toBeChecked();

  // The campaign page's block shows the same Miljoenenspel choices and changes them.
  await page.goto("/nieuwsbrief");
  await waitForHydration(page);
  await expect(channel(page, "Miljoenenspel", "Post")).toBeChecked();
  await channel(page, "Miljoenenspel", "E-mail").check();
  await page.getByRole("button", { name: "Voorkeuren opslaan" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Je voorkeuren zijn opgeslagen." })).toBeVisible();
  await page.goto("/mijn/voorkeuren");
  await expect(channel(page, "Miljoenenspel", "E-mail")).toBeChecked();
  await expect(channel(page, "Miljoenenspel", "Post")).toBeChecked();
});

test("a visitor logs in from the Kroonpunten block, joins, and /mijn shows the membership", async ({
  page,
}) => {
  await page.goto("/kroonpunten");
  await waitForHydration(page);
  await expect(page.getByText("Log in om mee te doen met Kroonpunten.")).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Inloggen" }).click();
  await expectURL(page, portalPage("inloggen", "/kroonpunten"));
  await waitForHydration(page);
  await page.getByRole("link", { name: "Maak een account aan" }).click();
  await registerOn(page, `eva.punten.${randomBytes(4).toString("hex")}@example.nl`);
  await page.getByRole("link", { name: "Verder" }).click();
  await expectURL(page, /\/kroonpunten$/);
  await waitForHydration(page);

  await page.getByRole("button", { name: "Ik doe mee met Kroonpunten" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Welkom bij Kroonpunten!" })).toBeVisible();
  await expect(page.getByText("Je hebt 0 Kroonpunten.")).toBeVisible();

  await page.getByRole("link", { name: "Naar Mijn Kroonloterij" }).click();
  await expectURL(page, /\/mijn$/);
  await expect(page.getByTestId("loyalty-points")).toHaveText("0 Kroonpunten");
  await expect(page.getByText(/Je doet mee sinds \d+ \w+ \d{4}/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Doe mee met Kroonpunten" })).toHaveCount(0);

  // A second visit to the block: a member, nothing to join.
  await page.goto("/kroonpunten");
  await expect(page.getByText("Je hebt 0 Kroonpunten.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Ik doe mee met Kroonpunten" })).toHaveCount(0);
});
