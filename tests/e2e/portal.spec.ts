import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { BOTH_SHAPES, expect, expectURL, portalPage, test, waitForHydration } from "./fixtures";
import { layoutFindings } from "./layout-checks";

const DEMO = { email: "speler@kroonloterij.example", password: "Kroonloterij2026!" };

async function logIn(page: Page, email: string, password: string) {
  await waitForHydration(page);
  await page.getByLabel("E-mailadres").fill(email);
  await page.getByLabel("Wachtwoord").fill(password);
  await page.getByRole("button", { name: "Inloggen" }).click();
}

async function fillRegistration(
  page: Page,
  values: { email: string; dateOfBirth?: string; postalCode?: string; houseNumber?: string },
) {
  await waitForHydration(page);
  await page.getByLabel("E-mailadres").fill(values.email);
  await page.getByLabel("Wachtwoord").fill("Lotje-2026!");
  await page.getByLabel("Voornaam").fill("Eva");
  await page.getByLabel("Tussenvoegsel").fill("de");
  await page.getByLabel("Achternaam").fill("Tester");
  await page.getByLabel("Geboortedatum").fill(values.dateOfBirth ?? "27-04-1990");
  await page.getByLabel("Postcode").fill(values.postalCode ?? "1234 AB");
  await page.getByLabel("Huisnummer").fill(values.houseNumber ?? "12");
  await page.getByLabel(/Ik ga akkoord/).check();
}

test("anonymous /mijn -> login -> register with address lookup -> back on /mijn with a flash and the name in the header; logout", {
  tag: BOTH_SHAPES,
}, async ({ page }) => {
  const email = `eva.${randomBytes(4).toString("hex")}@example.nl`;
  await page.goto("/mijn");
  await expectURL(page, portalPage("inloggen", "/mijn"));
  await waitForHydration(page);
  await page.getByRole("link", { name: "Maak een account aan" }).click();
  await expectURL(page, portalPage("aanmelden", "/mijn"));

  // Typed as a Dutch player types it, in an English browser too: 12 April, not 4 December (issue 43).
  await fillRegistration(page, { email, dateOfBirth: "12041985" });
  await expect(page.getByTestId("street")).toHaveText("Dorpsstraat");
  await expect(page.getByTestId("city")).toHaveText("Kroondorp");
  await expect(page.locator(".password-rules li[data-met='true']")).toHaveCount(5);
  await page.getByRole("button", { name: "Account aanmaken" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Je account is klaar" })).toBeVisible();
  await page.getByRole("link", { name: "Verder" }).click();
  await expectURL(page, /\/mijn$/);
  await expect(page.getByRole("status", { name: "Meldingen" })).toContainText(
    "Welkom bij Kroonloterij, Eva! Je account is aangemaakt.",
  );
  await expect(page.getByRole("banner").getByRole("link", { name: "Eva de Tester" })).toBeVisible();
  await expect(page.getByText("Dorpsstraat 12, 1234 AB Kroondorp")).toBeVisible();
  await page.goto("/mijn/profiel");
  await expect(page.getByText("12 april 1985")).toBeVisible();

  await page.getByRole("button", { name: "Uitloggen" }).click();
  await expect(page.getByRole("status", { name: "Meldingen" })).toContainText("Je bent uitgelogd.");
  await expect(page.getByRole("banner").getByRole("link", { name: "Inloggen" })).toBeVisible();
  await page.goto("/mijn");
  await expectURL(page, portalPage("inloggen", "/mijn"));
});

test("a wrong password shows the Dutch message", async ({ page }) => {
  await page.goto("/inloggen");
  await logIn(page, DEMO.email, "niet-het-wachtwoord");
  await expect(page.getByRole("alert")).toContainText("Het wachtwoord is niet juist.");
});

test("a duplicate e-mail, an under-age player and an unknown postcode each get their Dutch message", async ({
  page,
}) => {
  await page.goto("/aanmelden");
  await fillRegistration(page, { email: DEMO.email });
  await page.getByRole("button", { name: "Account aanmaken" }).click();
  await expect(page.getByRole("alert")).toContainText("Er bestaat al een account met dit e-mailadres.");

  const thisYear = new Date().getFullYear();
  await page.getByLabel("E-mailadres").fill(`jong.${randomBytes(4).toString("hex")}@example.nl`);
  await page.getByLabel("Geboortedatum").fill(`01-01-${thisYear - 17}`);
  await page.getByRole("button", { name: "Account aanmaken" }).click();
  await expect(page.locator("#dateOfBirth-error")).toContainText("18");

  await page.getByLabel("Postcode").fill("9999 ZZ");
  await page.getByLabel("Huisnummer").fill("1");
  await expect(page.locator(".address-lookup")).toHaveText(
    "De combinatie van postcode en huisnummer is niet bekend. Neem contact op met de klantenservice.",
  );
});

test("returnUrl to another host ends on the homepage", { tag: BOTH_SHAPES }, async ({ page }) => {
  await page.goto(`/inloggen?returnUrl=${encodeURIComponent("https://evil.example/")}`);
  await logIn(page, DEMO.email, DEMO.password);
  await expect(page.getByRole("status", { name: "Meldingen" })).toContainText("Je bent ingelogd.");
  expect(new URL(page.url()).pathname).toBe("/");
  expect(new URL(page.url()).host).not.toBe("evil.example");
});

test("a session ended elsewhere: the next API call's 401 clears the login cookie and shows the player as logged out", {
  tag: BOTH_SHAPES,
}, async ({ page, backend }) => {
  await page.goto("/inloggen?returnUrl=%2Floten");
  await logIn(page, DEMO.email, DEMO.password);
  await expect(page.getByRole("banner").getByRole("link", { name: "Anna van der Berg" })).toBeVisible();
  const sessions = backend.embedded!.sessions;
  const player = await sessions.playerForCookieHeader(
    (await page.context().cookies()).map((cookie) => `${cookie.name}=${cookie.value}`).join("; "),
  );
  await sessions.endAllSessions(player!.id);
  await page.reload();
  await expect(page.getByRole("banner").getByRole("link", { name: "Inloggen" })).toBeVisible();
  expect((await page.context().cookies()).some((cookie) => cookie.name === "kl_ingelogd")).toBe(false);
});

test("after repeated failed logins the reCAPTCHA is asked for, and it must be ticked", async ({
  page,
  backend,
}) => {
  const { hashPassword } = await import("@/src/lib/password.server");
  const { players } = await import("@/src/backend/db/schema");
  const email = `robot.${randomBytes(4).toString("hex")}@example.nl`;
  await backend.embedded!.db.insert(players).values({
    customerNumber: `9${randomBytes(4).readUInt32BE() % 100_000_000}`.padEnd(9, "0"),
    email,
    passwordHash: await hashPassword("Juist-2026!"),
    firstName: "Rob",
    lastName: "Bot",
    birthDate: "1985-01-01",
    street: "Dorpsstraat",
    houseNumber: 3,
    postalCode: "1234AB",
    city: "Kroondorp",
  });
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto("/inloggen");
  for (let attempt = 0; attempt < 3; attempt++) {
    await logIn(page, email, "fout");
    await expect(page.getByRole("alert")).toContainText("Het wachtwoord is niet juist.");
  }
  await page.getByLabel("Wachtwoord").fill("Juist-2026!");
  await page.getByRole("button", { name: "Inloggen" }).click();
  await expect(page.getByLabel("Ik ben geen robot")).toBeVisible();
  // Issue 43: the widget's note is on a line of its own, under its label (it ran into it: "robotTestversie").
  const label = await page.locator(".recaptcha label").boundingBox();
  const note = await page.locator(".recaptcha").getByText("Testversie van reCAPTCHA").boundingBox();
  expect(note!.y).toBeGreaterThanOrEqual(label!.y + label!.height - 1);
  expect(await layoutFindings(page)).toEqual([]);
  // The header names the player in full at a laptop's width (a phone's says "Mijn").
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByRole("button", { name: "Inloggen" }).click();
  await expect(page.getByText("Je moet de reCaptcha nog invullen.")).toBeVisible();
  await page.getByLabel("Ik ben geen robot").check();
  await page.getByRole("button", { name: "Inloggen" }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Rob Bot" })).toBeVisible();
});
