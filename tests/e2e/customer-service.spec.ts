import type { Page } from "@playwright/test";
import { DEMO_PLAYER } from "@/src/backend/db/seed";
import { BOTH_SHAPES, expect, expectURL, test, waitForHydration } from "./fixtures";
import { openEmail } from "./mailbox-steps";
import { logInThroughApi } from "./player-steps";

/**
 * Issue 43 item 2: /klantenservice from the CMS, with the phone hours, the contact form and the FAQ. A
 * question arrives with a reference, in the sender's mailbox and in customer service's (who replies to
 * the sender); a refused question keeps what was typed; the form works without JavaScript; a logged-in
 * player's address is the account's. And the footer every page has leads to the rules and to customer
 * service, with the licence line.
 */

const SUMMARY = { name: "Er ging iets mis met je gegevens" } as const;
const FORM = { name: "Stel je vraag aan de klantenservice" } as const;
const CUSTOMER_SERVICE = "klantenservice@kroonloterij.example";

const uniqueAddress = () =>
  `vraag.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.nl`;

async function expectLinkedErrors(page: Page, messages: readonly string[]) {
  const summary = page.getByRole("alert", SUMMARY);
  await expect(summary).toBeFocused();
  await expect(summary.getByRole("link")).toHaveCount(messages.length);
  for (const message of messages) {
    const link = summary.getByRole("link", { name: message, exact: true });
    const fieldId = ((await link.getAttribute("href")) ?? "").slice(1);
    const field = page.locator(`[id="${fieldId}"]`);
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveAccessibleDescription(
      new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")),
    );
  }
}

test.describe("customer service (issue 43 item 2)", () => {
  test("a visitor on a phone asks a question and finds the confirmation in the mailbox", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/klantenservice");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "Klantenservice" })).toBeVisible();
    await expect(
      page.getByText(/Bel 088 123 45 67, maandag t\/m vrijdag 9\.00 tot 17\.30 uur/),
    ).toBeVisible();
    await expect(
      page.getByRole("heading", { name: "Veelgestelde vragen aan de klantenservice" }),
    ).toBeVisible();

    const form = page.getByRole("form", FORM);
    await form.getByRole("button", { name: "Vraag versturen" }).click();
    await expectURL(page, /\/klantenservice\/bericht$/);
    await expectLinkedErrors(page, [
      "Vul je naam in",
      "Vul je e-mailadres in",
      "Kies waar je vraag over gaat",
      "Schrijf je vraag",
    ]);

    // A question too short: the rest is kept as typed.
    const email = uniqueAddress();
    const refused = page.getByRole("form", FORM);
    await refused.getByLabel("Naam").fill("Noor Jansen");
    await refused.getByLabel("E-mailadres").fill(email);
    await refused.getByRole("radio", { name: "Mijn abonnement" }).check();
    await refused.getByLabel("Lotnummer of bestelnummer (optioneel)").fill("KB12345");
    await refused.getByLabel("Je vraag").fill("Opzeggen?");
    await refused.getByRole("button", { name: "Vraag versturen" }).click();
    await expectLinkedErrors(page, ["Schrijf je vraag in minstens 10 tekens"]);
    const again = page.getByRole("form", FORM);
    await expect(again.getByLabel("Naam")).toHaveValue("Noor Jansen");
    await expect(again.getByLabel("E-mailadres")).toHaveValue(email);
    await expect(again.getByRole("radio", { name: "Mijn abonnement" })).toBeChecked();
    await expect(again.getByLabel("Lotnummer of bestelnummer (optioneel)")).toHaveValue("KB12345");
    await expect(again.getByLabel("Je vraag")).toHaveValue("Opzeggen?");

    const question = "Hoe zeg ik mijn abonnement op? <b>Het lukt niet</b> online.";
    await again.getByLabel("Je vraag").fill(question);
    await again.getByRole("button", { name: "Vraag versturen" }).click();
    await expectURL(page, /\/klantenservice\/bericht\/ontvangen$/);
    await expect(page.getByRole("heading", { level: 1, name: "We hebben je vraag ontvangen" })).toBeVisible();
    const status = page.getByRole("main");
    await expect(status).toContainText(/Je referentie is KS-\d{6,}\./);
    await expect(status).toContainText("We antwoorden binnen twee werkdagen");
    const reference = /KS-\d{6,}/.exec((await status.textContent()) ?? "")?.[0] ?? "";

    const confirmation = await openEmail(page, email, `We hebben je vraag ontvangen (${reference})`);
    await expect(confirmation.getByText(`Je referentie is ${reference}.`)).toBeVisible();
    await expect(
      confirmation.getByText(/We antwoorden binnen twee werkdagen op dit e-mailadres/),
    ).toBeVisible();
    await expect(confirmation.getByText(question)).toBeVisible();

    await openEmail(page, CUSTOMER_SERVICE, `${reference}: Mijn abonnement`);
    await expect(page.getByRole("row", { name: /Reply-To/ })).toContainText(email);
  });

  test("the footer leads to the rules, privacy, cookies and customer service, with the licence line", async ({
    page,
  }) => {
    await page.goto("/klantenservice");
    const footer = page.getByRole("contentinfo");
    const links: [string, string][] = [
      ["Verantwoord spelen", "/verantwoord-spelen"],
      ["Algemene voorwaarden", "/algemene-voorwaarden"],
      ["Spelvoorwaarden", "/spelvoorwaarden"],
      ["Privacy", "/privacy"],
      ["Cookies", "/cookies"],
      ["Klantenservice", "/klantenservice"],
    ];
    for (const [name, path] of links) {
      const link = footer.getByRole("link", { name, exact: true });
      await expect(link).toHaveAttribute("href", path);
      expect((await page.request.get(path)).status(), path).toBe(200);
    }
    await expect(footer).toContainText("Kroonloterij heeft een vergunning van de Kansspelautoriteit.");
  });

  test("a logged-in player's name is filled in and the account's address shown and answered", async ({
    page,
  }) => {
    await logInThroughApi(page);
    await page.goto("/klantenservice");
    await waitForHydration(page);
    const form = page.getByRole("form", FORM);
    await expect(
      form.getByText(`We antwoorden op ${DEMO_PLAYER.email}, het e-mailadres van je account.`),
    ).toBeVisible();
    await expect(form.getByLabel("E-mailadres")).toHaveCount(0);
    await expect(form.getByLabel("Naam")).not.toHaveValue("");
    await form.getByRole("radio", { name: "Mijn account" }).check();
    await form.getByLabel("Je vraag").fill("Kan ik mijn adres zelf wijzigen?");
    await form.getByRole("button", { name: "Vraag versturen" }).click();
    await expectURL(page, /\/klantenservice\/bericht\/ontvangen$/);
    const reference = /KS-\d{6,}/.exec((await page.getByRole("main").textContent()) ?? "")?.[0] ?? "";
    await openEmail(page, DEMO_PLAYER.email, `We hebben je vraag ontvangen (${reference})`);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  // On the production shape too: the form's action calls the API over HTTP, which answers 201.
  test("the form is refused with its summary focused, and sent with its reference", {
    tag: BOTH_SHAPES,
  }, async ({ page }) => {
    await page.goto("/klantenservice");
    const form = page.getByRole("form", FORM);
    await form.getByLabel("Naam").fill("Noor Jansen");
    await form.getByRole("button", { name: "Vraag versturen" }).click();
    const summary = page.getByRole("alert", SUMMARY);
    await expect(summary).toBeFocused();
    await expect(summary.getByRole("link", { name: "Schrijf je vraag" })).toHaveAttribute(
      "href",
      "#contact-message",
    );
    const again = page.getByRole("form", FORM);
    await expect(again.getByLabel("Naam")).toHaveValue("Noor Jansen");
    await again.getByLabel("E-mailadres").fill(uniqueAddress());
    await again.getByRole("radio", { name: "Iets anders" }).check();
    await again.getByLabel("Je vraag").fill("Mag ik een lot cadeau doen aan mijn buurvrouw?");
    await again.getByRole("button", { name: "Vraag versturen" }).click();
    await expect(page.getByRole("main")).toContainText(/Je referentie is KS-\d{6,}\./);
  });
});
