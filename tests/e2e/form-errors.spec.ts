import type { Locator, Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";
import { findingsAtEveryWidth, WIDTHS } from "./layout-checks";
import { logInThroughApi } from "./player-steps";

/**
 * Issue 43: a refused form as the player meets it. Each form is sent wrongly once; its error state must
 * pass the layout checks (with WCAG text spacing too) and axe (colour contrast included) at 320, 360 and
 * 1280 px, the error summary at its top must have the focus and list every error as a link to its field,
 * and each field keeps its own message, tied to it.
 */

const SUMMARY = { name: "Er ging iets mis met je gegevens" } as const;

/** The summary has the focus, and each of its links leads to an input that says the same, tied to it. */
async function expectSummaryOfFields(page: Page, messages: readonly string[]): Promise<Locator> {
  const summary = page.getByRole("alert", SUMMARY);
  await expect(summary).toBeFocused();
  for (const message of messages) {
    const link = summary.getByRole("link", { name: message, exact: true });
    const fieldId = ((await link.getAttribute("href")) ?? "").slice(1);
    const field = page.locator(`[id="${fieldId}"]`);
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveAccessibleDescription(new RegExp(escapeRegExp(message)));
  }
  return summary;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

async function open(page: Page, path: string) {
  await page.setViewportSize({ width: WIDTHS[0], height: 800 });
  await page.goto(path);
  await waitForHydration(page);
}

test.describe("every form's error state (issue 43)", () => {
  test("login: the summary lists both fields", async ({ page }) => {
    await open(page, "/inloggen");
    await page.getByRole("button", { name: "Inloggen" }).click();
    await expectSummaryOfFields(page, ["Vul een geldig e-mailadres in", "Vul je wachtwoord in"]);
    expect(await findingsAtEveryWidth(page)).toEqual([]);
  });

  test("registration: every error once in the summary, the terms' error under its box, rows even", async ({
    page,
  }) => {
    await open(page, "/aanmelden");
    await page.getByLabel("Tussenvoegsel").fill("de");
    await page.getByRole("button", { name: "Account aanmaken" }).click();
    const summary = await expectSummaryOfFields(page, [
      "Vul je voornaam in",
      "Vul je achternaam in",
      "Vul je geboortedatum in",
      "Ga akkoord met de spelvoorwaarden en bevestig dat je 18 jaar of ouder bent",
    ]);
    await expect(summary).not.toContainText("JJJJ-MM-DD");
    // Nothing above the summary repeats an error.
    await expect(page.locator(".form-error")).toHaveCount(0);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      const heights = await Promise.all(
        ["Voornaam", "Tussenvoegsel", "Achternaam"].map(
          async (label) => (await page.getByLabel(label, { exact: true }).boundingBox())?.height,
        ),
      );
      expect(new Set(heights).size, `input heights at ${width}px: ${heights}`).toBe(1);
      const box = await page.getByLabel(/Ik ga akkoord met de spelvoorwaarden/).boundingBox();
      const error = await page.locator("#acceptTerms-error").boundingBox();
      const field = await page.locator(".form-field--checkbox").boundingBox();
      // The error runs under box and label, the field's full width: not squeezed into the box's column.
      expect(error?.width ?? 0).toBeGreaterThan((field?.width ?? 0) - 2);
      expect(error?.y ?? 0).toBeGreaterThan((box?.y ?? 0) + (box?.height ?? 0) - 1);
    }
    expect(await findingsAtEveryWidth(page)).toEqual([]);
  });

  test("gift: every refused field at its field, a too long name said so", async ({ page }) => {
    await open(page, "/cadeau");
    const form = page.getByRole("form", { name: "Geef een lot cadeau" });
    await form.getByLabel("Naam van de ontvanger").fill("A".repeat(300));
    await form.getByRole("button", { name: "Verder naar betalen" }).click();
    await expect(page).toHaveURL(/\/cadeau\/geven$/);
    await expectSummaryOfFields(page, [
      "De naam van de ontvanger kan maximaal 80 tekens lang zijn",
      "Vul het e-mailadres van de ontvanger in",
    ]);
    expect(await findingsAtEveryWidth(page)).toEqual([]);
  });

  test("promotion sign-up: the summary and the fields", async ({ page }) => {
    await open(page, "/winteractie");
    await page.getByRole("button", { name: "Aanmelden en naar het proefabonnement" }).click();
    await expect(page).toHaveURL(/\/actie\/aanmelden$/);
    await expect(page.getByRole("alert", SUMMARY)).toBeFocused();
    expect(await page.getByRole("alert", SUMMARY).getByRole("link").count()).toBeGreaterThan(0);
    expect(await findingsAtEveryWidth(page)).toEqual([]);
  });

  test("contact form: every field's error in the summary, linked to its field", async ({ page }) => {
    await open(page, "/klantenservice");
    const form = page.getByRole("form", { name: "Stel je vraag aan de klantenservice" });
    await form.getByLabel("E-mailadres").fill("noor@");
    await form.getByRole("button", { name: "Vraag versturen" }).click();
    await expect(page).toHaveURL(/\/klantenservice\/bericht$/);
    await expectSummaryOfFields(page, [
      "Vul je naam in",
      "Vul een geldig e-mailadres in, bijvoorbeeld naam@voorbeeld.nl",
      "Kies waar je vraag over gaat",
      "Schrijf je vraag",
    ]);
    expect(await findingsAtEveryWidth(page)).toEqual([]);
  });

  test("action code: the summary and the code field", async ({ page }) => {
    await logInThroughApi(page);
    await open(page, "/kerstactie");
    await page.getByRole("button", { name: "Code activeren" }).click();
    await expect(page).toHaveURL(/\/actie\/aanbod/);
    await expectSummaryOfFields(page, ["Vul je actiecode in"]);
    expect(await findingsAtEveryWidth(page)).toEqual([]);
  });

  test("with the keyboard: a wrong submit puts the focus on the summary, its link on the field", async ({
    page,
  }) => {
    await open(page, "/aanmelden");
    await page.getByLabel("E-mailadres").fill("geen-adres");
    await page.getByLabel("E-mailadres").press("Enter");
    const summary = page.getByRole("alert", SUMMARY);
    await expect(summary).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(summary.getByRole("link", { name: "Vul een geldig e-mailadres in" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByLabel("E-mailadres")).toBeFocused();
    // Further on, the terms' link focuses the box.
    await summary.getByRole("link", { name: /^Ga akkoord met de spelvoorwaarden/ }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByLabel(/Ik ga akkoord met de spelvoorwaarden/)).toBeFocused();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the refused form's summary has the focus from the page's HTML", async ({ page }) => {
    await page.goto("/inloggen");
    await page.getByRole("button", { name: "Inloggen" }).click();
    const summary = page.getByRole("alert", SUMMARY);
    await expect(summary).toBeFocused();
    await expect(summary.getByRole("link", { name: "Vul je wachtwoord in" })).toHaveAttribute(
      "href",
      "#password",
    );
  });
});
