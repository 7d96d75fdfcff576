import { randomBytes, randomInt } from "node:crypto";
import type { Page } from "@playwright/test";
import { like } from "drizzle-orm";
import type { Db } from "@/src/backend/db/database.server";
import { players, rateLimits } from "@/src/backend/db/schema";
import { createPersonalCodes } from "@/src/backend/orders/action-codes.server";
import { formatActionCode } from "@/src/domain/campaigns/action-code";
import { hashPassword } from "@/src/lib/password.server";
import { approvePayment } from "./checkout-steps";
import { expect, expectURL, portalPage, test, waitForHydration } from "./fixtures";
import { addOneTicket } from "./player-steps";

/**
 * Issue 18's action code journeys. A player with a personal code from the Christmas mailing activates it
 * on /kerstactie, puts the offer in the basket, sees the discount in the basket and at checkout, pays and
 * sees it on the order; the code cannot be activated again. After repeated wrong codes the reCAPTCHA is
 * asked for and must be ticked.
 */

const PASSWORD = "Actie-2026!";

function databaseOf(backend: { embedded?: { db: Db } }): Db {
  if (!backend.embedded) throw new Error("the journey needs the API server's embedded database");
  return backend.embedded.db;
}

/** A fresh code of the Christmas mailing, printed as the letter shows it (KERS-T234). */
async function mailedCode(db: Db): Promise<string> {
  const [code] =
    (await createPersonalCodes(db, { campaignId: "kerstactie", count: 1, mailing: "e2e" }, randomInt)) ?? [];
  if (!code) throw new Error("no code created");
  return formatActionCode(code);
}

/** A player whose age the bank confirmed, with a login. */
async function validatedPlayer(db: Db): Promise<string> {
  const email = `kees.${randomBytes(4).toString("hex")}@example.nl`;
  await db.insert(players).values({
    customerNumber: `8${randomBytes(4).readUInt32BE() % 100_000_000}`.padEnd(9, "0"),
    email,
    passwordHash: await hashPassword(PASSWORD),
    firstName: "Kees",
    lastName: "Jansen",
    birthDate: "1980-05-06",
    street: "Kerkstraat",
    houseNumber: 3,
    postalCode: "1234AB",
    city: "Kroondorp",
    validationState: "Validated",
  });
  return email;
}

async function logInOnPortal(page: Page, email: string) {
  await waitForHydration(page);
  await page.getByLabel("E-mailadres").fill(email);
  await page.getByLabel("Wachtwoord").fill(PASSWORD);
  await page.getByRole("button", { name: "Inloggen" }).click();
}

test.describe.configure({ mode: "serial" });

test.beforeEach(async ({ backend }) => {
  // Every browser of these journeys comes from one address: each starts with its attempts uncounted.
  await databaseOf(backend).delete(rateLimits).where(like(rateLimits.key, "action-code%"));
});

test("a personal code's discount is in the basket, paid with the order and shown on it; the code then is used", async ({
  page,
  backend,
}) => {
  const db = databaseOf(backend);
  const code = await mailedCode(db);
  const email = await validatedPlayer(db);

  // An ended campaign's page says it ended instead of asking for a code (issue 43).
  await page.goto("/herfstactie");
  const ended = page.getByRole("region", { name: "Vul je herfstcode in" });
  await expect(ended).toContainText(/Deze actie is afgelopen op \d{1,2} \w+ \d{4}\. Je kunt hier geen code/);
  await expect(ended.getByLabel("Actiecode")).toHaveCount(0);

  // A visitor enters the code from the letter; she logs in first, and once back the code is activated as
  // she asked (issue 40: the page showed the code again beside "Deze code is ongeldig").
  await page.goto("/kerstactie");
  const block = page.getByRole("form", { name: "Vul je persoonlijke code in" });
  await block.getByLabel("Actiecode").fill(code.toLowerCase());
  await block.getByRole("button", { name: "Code activeren" }).click();
  await expectURL(page, portalPage("inloggen", `/actie/aanbod?pagina=kerstactie&code=${code.toLowerCase()}`));
  await logInOnPortal(page, email);
  await expectURL(page, /\/actie\/aanbod\?pagina=kerstactie&geactiveerd=1$/);
  await expect(page.getByText(/Deze code is ongeldig/)).toHaveCount(0);

  // The offer it unlocks, into the basket.
  await expect(page.getByText("Je code is geactiveerd.")).toBeVisible();
  await expect(
    page.getByRole("heading", { name: /^€\s5,00 korting op je bestelling vanaf €\s10,00$/ }),
  ).toBeVisible();
  await expect(page.getByText("Dit aanbod zit nog niet in je winkelmandje.")).toBeVisible();
  await page.getByRole("button", { name: "In winkelmandje" }).click();
  await expect(
    page.getByText("Dit aanbod zit in je winkelmandje en wordt bij het afrekenen verrekend."),
  ).toBeVisible();

  // A ticket of € 17,50; the basket shows the discount and the total with it.
  await addOneTicket(page);
  await page.goto("/winkelmandje");
  const offers = page.getByRole("region", { name: "Je actie" });
  await expect(offers.getByText(/^Kerstactie: €\s5,00 korting op je bestelling/)).toBeVisible();
  await expect(offers.getByText(/^\u2212\s€\s5,00$/)).toBeVisible();
  await expect(offers.getByText(/Totaal met actie: €\s12,50/)).toBeVisible();
  // Beside "Afrekenen" too: the amount the checkout will ask (issue 43).
  const summary = page.locator(".basket__summary");
  await expect(summary.getByRole("term")).toHaveText("Totaal met actie");
  await expect(summary.getByRole("definition")).toHaveText(/^€\s12,50/);

  // Checkout asks the total with the discount, and the payment is for that amount.
  await page.getByRole("link", { name: "Afrekenen" }).click();
  await expect(page.getByText(/^Actie Kerstactie: €\s5,00 korting/)).toBeVisible();
  await page.getByRole("button", { name: /^Betaal €\s12,50$/ }).click();
  await expectURL(page, /\/betaalsimulator\/tr_/);
  await expect(page.getByText(/€\s12,50/).first()).toBeVisible();
  await page.getByLabel("Kies je bank").selectOption({ label: "ING" });
  const numbers = await approvePayment(page);
  expect(numbers).toHaveLength(1);

  // The order shows the discount.
  const order = page.getByRole("region", { name: "Je actie" });
  await expect(order.getByText(/^Kerstactie: €\s5,00 korting/)).toBeVisible();
  await expect(order.getByText(/^\u2212\s€\s5,00$/)).toBeVisible();
  await expect(order.getByText(/^Je hebt €\s5,00 voordeel met je actiecode\.$/)).toBeVisible();
  await expect(order.getByText(/Betaald: €\s12,50/)).toBeVisible();

  // A second activation of the code is refused.
  await page.goto("/kerstactie");
  await page.getByLabel("Actiecode").fill(code);
  await page.getByRole("button", { name: "Code activeren" }).click();
  await expect(page.getByRole("alert")).toContainText("Deze code is ongeldig of al gebruikt.");
});

test("after repeated wrong codes the reCAPTCHA is asked for, and it must be ticked", async ({
  page,
  backend,
}) => {
  const db = databaseOf(backend);
  const code = await mailedCode(db);
  const email = await validatedPlayer(db);
  await page.goto(`/inloggen?returnUrl=${encodeURIComponent("/actie/aanbod?pagina=kerstactie")}`);
  await logInOnPortal(page, email);

  // The offer page without an activated code says so, with the way to the action page.
  await expectURL(page, /\/actie\/aanbod\?pagina=kerstactie$/);
  await expect(page.getByRole("alert")).toContainText(
    "Deze code is ongeldig. Ga naar de actiepagina om je persoonlijke code in te voeren.",
  );
  await page.getByRole("link", { name: "Naar de actiepagina" }).click();
  await expectURL(page, /\/kerstactie$/);

  const wrong: [string, string][] = [
    ["ABCD-2345", "Deze code is ongeldig of al gebruikt."],
    [
      "KERS-T0O1",
      "Een actiecode bevat geen 0, O, 1, I of L. Controleer de code: misschien staat er een ander teken.",
    ],
    ["HERF-ST23", "Deze code hoort bij een andere actie. Gebruik hem op de pagina van die actie."],
  ];
  for (const [typed, message] of wrong) {
    await page.getByLabel("Actiecode").fill(typed);
    await page.getByRole("button", { name: "Code activeren" }).click();
    await expect(page.getByRole("alert")).toContainText(message);
  }
  await expect(page.getByLabel("Ik ben geen robot")).toHaveCount(0);

  // The fourth attempt, even with the right code, needs the reCAPTCHA.
  await page.getByLabel("Actiecode").fill(code);
  await page.getByRole("button", { name: "Code activeren" }).click();
  await expect(page.getByRole("alert")).toContainText(
    "Je hebt te vaak een verzoek gedaan. Vul de reCaptcha in en probeer het opnieuw.",
  );
  await expect(page.getByLabel("Ik ben geen robot")).toBeVisible();
  await expect(page.getByLabel("Actiecode")).toHaveValue(code);
  // Not ticked: refused again, the widget still asked for.
  await page.getByRole("button", { name: "Code activeren" }).click();
  await expect(page.getByRole("alert")).toContainText(
    "Je hebt te vaak een verzoek gedaan. Vul de reCaptcha in en probeer het opnieuw.",
  );
  await waitForHydration(page);
  await page.getByLabel("Ik ben geen robot").check();
  await page.getByRole("button", { name: "Code activeren" }).click();
  await expect(page.getByText("Je code is geactiveerd.")).toBeVisible();
});

test("a trial subscription code: the form with the trial, the first draw at its price, and the code then used", async ({
  page,
  backend,
}) => {
  const email = await validatedPlayer(databaseOf(backend));
  await page.goto("/proefabonnement");
  const block = page.getByRole("form", { name: "Vul je actiecode in" });
  await block.getByLabel("Actiecode").fill("PRBE-2345");
  await block.getByRole("button", { name: "Code activeren" }).click();
  await logInOnPortal(page, email);
  // Activated as the visitor asked before logging in (issue 40).
  await expectURL(page, /\/actie\/aanbod\?pagina=proefabonnement&geactiveerd=1$/);
  await expect(page.getByText("Je code is geactiveerd.")).toBeVisible();

  // The offer is a subscription: no basket button, the way to the form.
  await expect(
    page.getByRole("heading", { name: "Proefabonnement: de eerste 3 trekkingen 75% korting" }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "In winkelmandje" })).toHaveCount(0);
  await page.getByRole("link", { name: "Proefabonnement afsluiten" }).click();

  // The form offers the campaign's trial instead of the page's own, ticked.
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Stel je abonnement samen" })).toBeVisible();
  const form = page.getByRole("form", { name: "Abonnement samenstellen" });
  await expect(
    form.getByRole("checkbox", { name: /^Proefabonnement: de eerste 3 trekkingen 75% korting/ }),
  ).toBeChecked();
  await expect(form.getByRole("checkbox", { name: /50% korting/ })).toHaveCount(0);
  await form.getByRole("button", { name: "Verder naar afsluiten" }).click();

  await expectURL(page, /\/abonnement\/afsluiten\?.*actie=proefabonnement/);
  await expect(page.getByText("Proefabonnement: de eerste 3 trekkingen 75% korting")).toBeVisible();
  await page.getByLabel("IBAN").fill("NL91ABNA0417164300");
  await page.getByLabel("Naam rekeninghouder").fill("K. Jansen");
  await page
    .getByRole("checkbox", {
      name: "Ik geef toestemming voor deze doorlopende machtiging tot automatische incasso",
    })
    .check();
  // One whole ticket a draw at € 17,50: the trial's first draw costs a quarter.
  await page.getByRole("button", { name: /^Afsluiten en €\s4,37 betalen met iDEAL$/ }).click();
  await expectURL(page, /\/betaalsimulator\/tr_/);
  await page.getByLabel("Kies je bank").selectOption({ label: "ING" });
  await page.getByRole("button", { name: "Betaling goedkeuren" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Je abonnement is afgesloten" })).toBeVisible();

  // The code is used: the offer page has no offer any more, and the code is not activated again.
  await page.goto("/actie/aanbod?pagina=proefabonnement");
  await expect(page.getByRole("link", { name: "Naar de actiepagina" })).toBeVisible();
  await page.getByLabel("Actiecode").fill("PRBE2345");
  await page.getByRole("button", { name: "Code activeren" }).click();
  await expect(page.getByRole("alert")).toContainText("al gebruikt");
});
