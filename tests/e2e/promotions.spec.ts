import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "@/src/backend/db/database.server";
import { promotionLeads } from "@/src/backend/db/schema";
import { OPT_INS } from "@/src/domain/promotions/opt-ins";
import { expect, expectURL, test, waitForHydration } from "./fixtures";
import { openEmail } from "./mailbox-steps";

/**
 * Issue 18's third journey: on the winter promotion's page a visitor leaves her name and address and ticks
 * the newsletter; a mistyped address is refused first, keeping what she typed. The lead is recorded with
 * exactly the opt-in text she saw, and she continues to the offer (the trial subscription's page); it counts
 * once she confirms it from the e-mail in her mailbox (issue 42).
 */

function databaseOf(backend: { embedded?: { db: Db } }): Db {
  if (!backend.embedded) throw new Error("the journey needs the API server's embedded database");
  return backend.embedded.db;
}

test("the promotion block records a lead with the exact opt-in texts shown, then continues to the offer", async ({
  page,
  backend,
}) => {
  const email = `noor.${randomBytes(4).toString("hex")}@example.nl`;
  await page.goto("/winteractie");
  // With consent for measurement, the lead is the funnel's generate_lead (issue 20).
  await waitForHydration(page);
  await page.getByRole("button", { name: "Noodzakelijk en meten" }).click();
  const form = page.getByRole("form", { name: "Meld je aan voor de winteractie" });
  const newsletter = OPT_INS[0];
  await expect(form.getByLabel(newsletter.text)).not.toBeChecked();
  await expect(form.getByRole("link", { name: /Lees wat je met je aanmelding afspreekt/ })).toHaveAttribute(
    "href",
    "/actievoorwaarden",
  );
  await form.getByLabel("Voornaam").fill("Noor");
  await form.getByLabel("E-mailadres").fill("noor@example");
  await form.getByLabel(newsletter.text).check();
  await form.getByRole("button", { name: "Aanmelden en naar het proefabonnement" }).click();

  // Refused at its field, with everything she typed and ticked kept.
  await expectURL(page, /\/actie\/aanmelden$/);
  await expect(page.getByLabel("E-mailadres")).toHaveAccessibleDescription("Dit is geen geldig e-mailadres");
  await expect(page.getByLabel("Voornaam")).toHaveValue("Noor");
  await expect(page.getByLabel(newsletter.text)).toBeChecked();
  await page.getByLabel("E-mailadres").fill(email);
  await page.getByRole("button", { name: "Aanmelden en naar het proefabonnement" }).click();

  // The fragment that told the funnel of the lead is taken out of the address again.
  await expectURL(page, /\/abonnement$/);
  await expect(page.getByText("Bedankt, Noor. Je aanmelding is ontvangen.")).toBeVisible();
  const lead = await page.evaluate(() =>
    ((window as { dataLayer?: { event?: string; ecommerce?: unknown }[] }).dataLayer ?? []).filter(
      (entry) => entry.event === "generate_lead",
    ),
  );
  expect(lead).toEqual([
    {
      event: "generate_lead",
      ecommerce: {
        currency: "EUR",
        value: 0,
        items: [
          {
            item_id: "actie:winteractie",
            item_name: "Actie",
            item_category: "Promotie",
            price: 0,
            quantity: 1,
          },
        ],
      },
    },
  ]);
  const leads = await databaseOf(backend)
    .select()
    .from(promotionLeads)
    .where(eq(promotionLeads.email, email));
  expect(leads).toHaveLength(1);
  expect(leads[0]?.optIns).toEqual([
    { id: newsletter.id, version: newsletter.version, text: newsletter.text },
  ]);
  expect(leads[0]?.confirmedAt).toBeNull();

  // Double opt-in (issue 42): the lead counts once the link in her e-mail is followed and confirmed.
  const mail = await openEmail(page, email, /^Bevestig je aanmelding voor /);
  await expect(mail.getByText("Pas als je hebt bevestigd, doe je mee.")).toBeVisible();
  await mail.getByRole("link", { name: "Ja, ik bevestig mijn aanmelding" }).click();
  await expectURL(page, /\/actie\/bevestigen\?token=/);
  await page.getByRole("button", { name: "Bevestig mijn aanmelding" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Bedankt! Je aanmelding is bevestigd." }),
  ).toBeVisible();
  const [confirmed] = await databaseOf(backend)
    .select()
    .from(promotionLeads)
    .where(eq(promotionLeads.email, email));
  expect(confirmed?.confirmedAt).toBeInstanceOf(Date);
  // The link followed again says so, and changes nothing.
  await page.reload();
  await page.getByRole("button", { name: "Bevestig mijn aanmelding" }).click();
  await expect(
    page
      .getByRole("status")
      .filter({ hasText: "Je aanmelding was al bevestigd. Je hoeft niets meer te doen." }),
  ).toBeVisible();
});
