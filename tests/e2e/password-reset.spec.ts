import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, expectURL, portalPage, test, waitForHydration } from "./fixtures";
import { openEmail } from "./mailbox-steps";
import { register } from "./player-steps";

/**
 * Issue 43, "Wachtwoord vergeten?": a player who forgot her password asks for a link on the login page,
 * follows it from the e-mail in her mailbox, chooses a new password and logs in with it; the old one no
 * longer works, and the session she still had in another browser has ended.
 *
 * On one process only: in the two-process shape the portal is another origin (PORTAL_ORIGIN), and the
 * login after the reset would end on the portal's own home page.
 */

const OLD_PASSWORD = "Lotje-2026!"; // what `register` chooses
const NEW_PASSWORD = "Nieuw-Lotje-2027!";

async function logIn(page: Page, email: string, password: string) {
  await waitForHydration(page);
  await page.getByLabel("E-mailadres").fill(email);
  await page.getByLabel("Wachtwoord", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Inloggen" }).click();
}

test("a forgotten password: a link by e-mail, a new password, and a login with it", async ({
  page,
  browser,
  shop,
}, testInfo) => {
  const email = `vergeten.${randomBytes(4).toString("hex")}@example.nl`;
  // Registered, and still logged in, in one browser ...
  await register(page, email);

  // ... and forgotten in another.
  const { locale, timezoneId } = testInfo.project.use;
  const context = await browser.newContext({ baseURL: shop.url, locale, timezoneId });
  const other = await context.newPage();
  try {
    await other.goto("/inloggen");
    await waitForHydration(other);
    await other.getByRole("link", { name: "Wachtwoord vergeten?" }).click();
    await expectURL(other, /\/wachtwoord-vergeten$/);
    await expect(other.getByRole("heading", { level: 1, name: "Wachtwoord vergeten" })).toBeVisible();
    await waitForHydration(other);
    await other.getByLabel("E-mailadres").fill(email);
    await other.getByRole("button", { name: "Stuur de link" }).click();
    await expect(
      other.getByRole("status").filter({ hasText: "Als er een account met dit e-mailadres is" }),
    ).toHaveText(
      "Als er een account met dit e-mailadres is, hebben we een e-mail gestuurd met een link om een nieuw wachtwoord te kiezen. De link is een uur geldig.",
    );

    const mail = await openEmail(other, email, "Kies een nieuw wachtwoord");
    await expect(mail.getByText("Beste Eva,")).toBeVisible();
    await expect(mail.getByText(/De link is een uur geldig, tot /)).toBeVisible();
    await mail.getByRole("link", { name: "Kies een nieuw wachtwoord" }).click();
    await expectURL(other, /\/wachtwoord-herstellen\?token=[\w-]{43}$/);

    await expect(other.getByRole("heading", { level: 1, name: "Nieuw wachtwoord kiezen" })).toBeVisible();
    await waitForHydration(other);
    await other.getByLabel("Nieuw wachtwoord", { exact: true }).fill(NEW_PASSWORD);
    await expect(other.locator(".password-rules li[data-met='true']")).toHaveCount(5);
    await other.getByLabel("Herhaal je nieuwe wachtwoord").fill(NEW_PASSWORD);
    await other.getByRole("button", { name: "Wachtwoord opslaan" }).click();
    await expect(other.getByRole("heading", { level: 1, name: "Je wachtwoord is gewijzigd" })).toBeVisible();
    // The link's token is gone from the address; the link itself is used up.
    expect(new URL(other.url()).searchParams.has("token")).toBe(false);

    await other.locator("article.page").getByRole("link", { name: "Inloggen", exact: true }).click();
    await expectURL(other, /\/inloggen$/);
    await logIn(other, email, OLD_PASSWORD);
    await expect(other.getByRole("alert")).toContainText("Het wachtwoord is niet juist.");
    await logIn(other, email, NEW_PASSWORD);
    await expect(other.getByRole("status", { name: "Meldingen" })).toContainText("Je bent ingelogd.");
    await expect(other.getByRole("banner").getByRole("link", { name: "Eva de Tester" })).toBeVisible();
  } finally {
    await context.close();
  }

  // The session of the first browser ended with the new password.
  await page.goto("/mijn");
  await expectURL(page, portalPage("inloggen", "/mijn"));
});
