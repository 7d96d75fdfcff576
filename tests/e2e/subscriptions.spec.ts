import type { Page } from "@playwright/test";
import { and, eq, inArray } from "drizzle-orm";
import pino from "pino";
import type { Db } from "@/src/backend/db/database.server";
import { enqueueJob } from "@/src/backend/db/job-queue/enqueue.server";
import { players, tickets } from "@/src/backend/db/schema";
import { SUBMIT_COLLECTIONS_JOB } from "@/src/backend/slices/subscriptions/collections.server";
import { issueDraw } from "@/src/backend/slices/subscriptions/issuance.server";
import { createSubscription, regularDrawsOnSale } from "../support/subscription-fixtures";
import { BOTH_SHAPES, expect, expectURL, test, waitForHydration } from "./fixtures";
import { openEmail } from "./mailbox-steps";
import { logInThroughApi } from "./player-steps";

/**
 * Issue 14's journey: anonymous on /abonnement -> a street of fifths with XL and a fixed number -> login
 * -> IBAN and mandate -> iDEAL approve -> confirmation -> /mijn/abonnementen -> once the job has issued
 * the first draw, its ten tickets are on /mijn/loten as `Abonnement`.
 */
const DEMO = { email: "speler@kroonloterij.example", password: "Kroonloterij2026!" };

async function logIn(page: Page) {
  await waitForHydration(page);
  await page.getByLabel("E-mailadres").fill(DEMO.email);
  await page.getByLabel("Wachtwoord").fill(DEMO.password);
  await page.getByRole("button", { name: "Inloggen" }).click();
}

/** The subscription's card on /mijn/abonnementen. */
const card = (page: Page, id: string) => page.getByRole("region", { name: `Abonnement ${id}` });

test("a street of fifths with XL and a fixed number: sign-up, mandate, iDEAL, confirmation, /mijn/abonnementen and its tickets", {
  tag: BOTH_SHAPES,
}, async ({ page }) => {
  await page.goto("/abonnement");
  await waitForHydration(page);
  const form = page.getByRole("form", { name: "Stel je abonnement samen" });
  await form.getByRole("radio", { name: /^Straat/ }).check();
  await form.getByRole("radio", { name: /^Vijfde lot/ }).check();
  await form.getByRole("checkbox", { name: /^Speel mee met XL/ }).check();
  await form.getByRole("checkbox", { name: "Elke maand hetzelfde lotnummer" }).check();
  // Issue 43: an invalid quantity's message takes a line kept for it, so what comes next does not move.
  const quantity = form.getByLabel("Aantal", { exact: true });
  const next = [
    form.getByRole("checkbox", { name: "Elke maand hetzelfde lotnummer" }),
    form.getByRole("checkbox", { name: "januari" }),
  ];
  await quantity.fill("11");
  const before = await Promise.all(next.map((control) => control.boundingBox()));
  await quantity.blur();
  await expect(quantity).toHaveAccessibleDescription(/Kies een aantal van 1 tot en met 10/);
  expect(await Promise.all(next.map((control) => control.boundingBox()))).toEqual(before);
  await quantity.fill("1");
  await expect(quantity).not.toHaveAttribute("aria-invalid");
  // The page's trial is offered first; this player takes the normal price.
  await form
    .getByRole("checkbox", { name: /^Proefabonnement: de eerste 3 trekkingen 50% korting/ })
    .uncheck();
  // Ten fifths with XL: 10 x (EUR 3.50 + EUR 0.50) a draw, priced by the server's verify call.
  await expect(form.getByText("€ 40,00").first()).toBeVisible();
  await form.getByRole("button", { name: "Verder naar afsluiten" }).click();

  // The portal round trip keeps every choice.
  await expectURL(
    page,
    /\/inloggen\?returnUrl=(?:https?%3A%2F%2F[\w.-]+(?:%3A\d+)?)?%2Fabonnement%2Fafsluiten%3F.*productType%3DStreet/,
  );
  await logIn(page);
  await expectURL(page, /\/abonnement\/afsluiten\?/);
  await expect(
    page.getByText("Straat (10 loten), Vijfde lot, met XL, elke maand hetzelfde lotnummer"),
  ).toBeVisible();

  // The profile's IBAN is prefilled (masked); the mandate must be accepted.
  await expect(page.getByLabel("IBAN")).toHaveValue("**************3210");
  await expect(page.getByLabel("Naam rekeninghouder")).toHaveValue("Anna van der Berg");
  // The mandate shows its id before the player signs it; the subscription keeps that id.
  const signed = (await page.getByText(/^Kenmerk machtiging: KRL-[A-Z0-9]{10}$/).textContent()) ?? "";
  const mandateId = signed.replace("Kenmerk machtiging: ", "");
  const pay = page.getByRole("button", { name: /^Afsluiten en € \d+,\d\d betalen met iDEAL$/ });
  await pay.click();
  // The summary has the focus; the box says why, next to it.
  await expect(page.getByRole("alert", { name: "Er ging iets mis met je gegevens" })).toBeFocused();
  await expect(page.locator("#subscription-mandate-error")).toContainText(
    "Geef toestemming voor de automatische incasso",
  );
  await page
    .getByRole("checkbox", {
      name: "Ik geef toestemming voor deze doorlopende machtiging tot automatische incasso",
    })
    .check();
  await pay.click();

  await expectURL(page, /\/betaalsimulator\/tr_/);
  await expect(page.getByText("€ 40,00")).toBeVisible();
  await page.getByLabel("Kies je bank").selectOption({ label: "ING" });
  await page.getByRole("button", { name: "Betaling goedkeuren" }).click();

  await expectURL(page, /\/abonnement\/resultaat\?/);
  await expect(page.getByRole("heading", { level: 1, name: "Je abonnement is afgesloten" })).toBeVisible();
  await expect(page.getByText(/schrijven we €\s40,00 af met automatische incasso/)).toBeVisible();
  await expect(page.getByText(/Maandtrekking \w+ \d{4}/).first()).toBeVisible();
  await expect(page.getByText(mandateId, { exact: true })).toBeVisible();

  await page.getByRole("link", { name: "Naar Mijn abonnementen" }).click();
  await expectURL(page, /\/mijn\/abonnementen$/);
  const mine = page.getByRole("region").filter({ hasText: mandateId });
  await expect(mine).toHaveCount(1);
  await expect(mine.getByText("Actief")).toBeVisible();
  await expect(mine.getByText("**************3210")).toBeVisible();

  // The job issues the first draw right after the payment (and the queue retries it): its fixed number
  // shows on the item, and the street's ten numbers are on /mijn/loten as Abonnement.
  let fixed = "";
  await expect(async () => {
    await page.reload();
    const item = await mine.getByText(/vast lotnummer [A-Z]{2}\d{5}/).textContent();
    fixed = /vast lotnummer ([A-Z]{2}\d{5})/.exec(item ?? "")?.[1] ?? "";
    expect(fixed).toMatch(/^[A-Z]{2}\d{4}0$/);
  }).toPass({ timeout: 20_000 });
  const id = /Abonnement (\d+)/.exec(
    (await mine.getByRole("heading", { level: 2 }).textContent()) ?? "",
  )?.[1];
  expect(id).toBeTruthy();
  await expect(card(page, id ?? "")).toContainText("Betaald");

  await page.goto("/mijn/loten");
  const street = Array.from({ length: 10 }, (_, digit) => `${fixed.slice(0, 6)}${digit}`);
  for (const number of street) {
    const row = page.getByRole("row").filter({ has: page.getByRole("cell", { name: number, exact: true }) });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole("cell", { name: "Abonnement", exact: true })).toBeVisible();
  }
});

/** Issue 40's journeys: the sign-up taken out once however the player goes back, and a failed collection paid. */

function databaseOf(backend: { embedded?: { db: Db } }): Db {
  if (!backend.embedded) throw new Error("the journeys need the API server's embedded database");
  return backend.embedded.db;
}

const silent = (db: Db) => ({ db, logger: pino({ level: "silent" }), now: () => new Date() });

/** The subscriptions' cards on /mijn/abonnementen. */
async function subscriptionCount(page: Page): Promise<number> {
  await page.goto("/mijn/abonnementen");
  await expect(page.getByRole("heading", { level: 1, name: "Mijn abonnementen" })).toBeVisible();
  return page.getByRole("region", { name: /^Abonnement \d+$/ }).count();
}

test("back from iDEAL, another account holder, paid; the first payment approved late is refunded, one subscription (issue 40)", async ({
  page,
}) => {
  await logInThroughApi(page);
  const before = await subscriptionCount(page);

  await page.goto("/abonnement");
  await waitForHydration(page);
  const configurator = page.getByRole("form", { name: "Stel je abonnement samen" });
  await expect(configurator.getByText(/€\s\d+,\d\d/).first()).toBeVisible();
  await configurator.getByRole("button", { name: "Verder naar afsluiten" }).click();
  await expectURL(page, /\/abonnement\/afsluiten\?/);
  await waitForHydration(page);
  const signed = (await page.getByText(/^Kenmerk machtiging: KRL-[A-Z0-9]{10}$/).textContent()) ?? "";
  const mandateId = signed.replace("Kenmerk machtiging: ", "");
  const mandate = page.getByRole("checkbox", {
    name: "Ik geef toestemming voor deze doorlopende machtiging tot automatische incasso",
  });
  const pay = page.getByRole("button", { name: /^Afsluiten en € \d+,\d\d betalen met iDEAL$/ });
  await mandate.check();
  await pay.click();
  await expectURL(page, /\/betaalsimulator\/tr_/);
  const abandoned = page.url();

  // Back from the bank's page, another account holder, and sent again: the same sign-up, the same mandate.
  await page.goBack();
  await expectURL(page, /\/abonnement\/afsluiten\?/);
  await waitForHydration(page);
  await expect(page.getByText(signed, { exact: true })).toBeVisible();
  await page.getByLabel("Naam rekeninghouder").fill("A. van der Berg-de Vries");
  await mandate.check();
  await pay.click();
  await expectURL(page, /\/betaalsimulator\/tr_/);
  expect(page.url()).not.toBe(abandoned);
  await page.getByLabel("Kies je bank").selectOption({ label: "ING" });
  await page.getByRole("button", { name: "Betaling goedkeuren" }).click();
  await expectURL(page, /\/abonnement\/resultaat\?/);
  await expect(page.getByRole("heading", { level: 1, name: "Je abonnement is afgesloten" })).toBeVisible();
  await expect(page.getByText(mandateId, { exact: true })).toBeVisible();

  // The first, abandoned payment approved after all: no second subscription, its amount goes to the balance.
  await page.goto(abandoned);
  const amount =
    (await page
      .getByText(/^€\s\d+,\d\d$/)
      .first()
      .textContent()) ?? "";
  await page.getByLabel("Kies je bank").selectOption({ label: "ING" });
  await page.getByRole("button", { name: "Betaling goedkeuren" }).click();
  await expect(page).not.toHaveURL(/\/betaalsimulator\//);

  expect(await subscriptionCount(page)).toBe(before + 1);
  const mine = page.getByRole("region").filter({ hasText: mandateId });
  await expect(mine).toHaveCount(1);
  await expect(mine.getByText("A. van der Berg-de Vries", { exact: false })).toBeVisible();

  await page.goto("/mijn");
  const refund = page.getByText(/^Teruggestort op \d+ \w+ \d{4}: /);
  await expect(refund).toContainText(amount.trim());
  await expect(refund).toContainText("eerdere betaling voor een abonnement dat je opnieuw hebt afgesloten");
});

/**
 * A subscription of the demo player's own whose second draw's collection is on the direct-debit simulator's
 * page: its first two draws issued (the first paid by the sign-up's iDEAL), the second's collection queued.
 */
async function subscriptionWithCollection(db: Db) {
  const [player] = await db.select({ id: players.id }).from(players).where(eq(players.email, DEMO.email));
  const [first, second] = await regularDrawsOnSale(db);
  if (!player || !first || !second)
    throw new Error("the seed has no demo player or two regular draws on sale");
  const subscription = await createSubscription(db, {
    playerId: player.id,
    startDrawId: first.id,
    items: [{ productType: "SingleTicket", fraction: "WHOLE" }],
  });
  for (const draw of [first, second]) {
    await issueDraw(silent(db), draw.id, { subscriptionIds: [subscription.id] });
  }
  await enqueueJob(db, { name: SUBMIT_COLLECTIONS_JOB, payload: {} });
  const unpaid = await db
    .select({ number: tickets.number })
    .from(tickets)
    .where(and(inArray(tickets.subscriptionItemId, subscription.itemIds), eq(tickets.drawId, second.id)));
  expect(unpaid).toHaveLength(1);
  return { id: subscription.id, drawName: second.name, ticketNumber: unpaid[0]?.number ?? "" };
}

/** The tester fails the collection on the direct-debit simulator's page, after running the jobs that submit it. */
async function failCollection(page: Page, subscriptionId: number, drawName: string) {
  await page.goto("/betaalsimulator/incasso");
  await page.getByRole("button", { name: "Abonnementsjobs nu uitvoeren" }).click();
  const fail = page.getByRole("button", {
    name: `Laten mislukken: Kroonloterij abonnement ${subscriptionId} ${drawName}`,
  });
  await expect(async () => {
    await page.goto("/betaalsimulator/incasso");
    await expect(fail).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await fail.click();
  await expect(page.getByText("De incasso is mislukt.")).toBeVisible();
}

/** Locked: /mijn counts it as active and locked, its ticket says not yet paid, Wijzigen says what is owed. */
async function expectLocked(page: Page, subscriptionId: number, ticketNumber: string): Promise<string> {
  await page.goto("/mijn");
  await expect(
    page.locator("main").getByRole("link", { name: "Mijn abonnementen" }).locator(".."),
  ).toContainText(/actie(f|ve) abonnement(en)?, waarvan 1 geblokkeerd/);
  await page.goto("/mijn/loten");
  const row = page
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: ticketNumber, exact: true }) });
  await expect(row.getByRole("cell", { name: "Abonnement · Nog niet betaald" })).toBeVisible();

  await page.goto("/mijn/abonnementen");
  const mine = card(page, String(subscriptionId));
  await expect(mine.getByText("Geblokkeerd: openstaande betaling")).toBeVisible();
  const owed =
    (await mine
      .locator("dt", { hasText: "Openstaand bedrag" })
      .locator("xpath=following-sibling::dd[1]/strong")
      .textContent()) ?? "";
  expect(owed).toMatch(/^€\s\d+,\d\d$/);
  await mine.getByRole("link", { name: "Wijzigen" }).click();
  await expectURL(page, new RegExp(`/mijn/abonnement/${subscriptionId}/aanpassen$`));
  await expect(page.getByRole("alert").first()).toContainText(
    `Je abonnement is geblokkeerd vanwege een openstaande betaling van ${owed}`,
  );
  await page.goto("/mijn/abonnementen");
  await waitForHydration(page);
  return owed;
}

async function expectPaidBack(page: Page, subscriptionId: number, owed: string, ticketNumber: string) {
  await expectURL(page, /\/mijn\/abonnementen(#subscription-\d+)?$/);
  await expect(page.getByText(`Je hebt ${owed} betaald. Je abonnement is weer actief.`)).toBeVisible();
  const mine = card(page, String(subscriptionId));
  await expect(mine.getByText("Actief", { exact: true })).toBeVisible();
  await expect(mine.getByRole("button", { name: /^Nu betalen/ })).toHaveCount(0);
  await mine.getByRole("link", { name: "Wijzigen" }).click();
  await expectURL(page, new RegExp(`/mijn/abonnement/${subscriptionId}/aanpassen$`));
  await expect(page.getByText(/geblokkeerd vanwege een openstaande betaling/)).toHaveCount(0);
  await page.goto("/mijn/loten");
  const row = page
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: ticketNumber, exact: true }) });
  await expect(row.getByRole("cell", { name: "Abonnement", exact: true })).toBeVisible();
}

test("a collection failed on the direct-debit simulator: locked on /mijn, the e-mail's link to Nu betalen by iDEAL, active again (issues 40, 42)", async ({
  page,
  backend,
}) => {
  const { id, drawName, ticketNumber } = await subscriptionWithCollection(databaseOf(backend));
  await logInThroughApi(page);
  await failCollection(page, id, drawName);
  const owed = await expectLocked(page, id, ticketNumber);

  // The e-mail about it says what failed and links to paying it.
  const email = await openEmail(page, DEMO.email, "Je afschrijving is niet gelukt", `abonnement ${id}`);
  await expect(email.getByText(`${owed} voor de ${drawName}`)).toBeVisible();
  await email.getByRole("link", { name: "Betaal het openstaande bedrag" }).click();
  await expectURL(page, new RegExp(`/mijn/abonnementen#subscription-${id}$`));
  await waitForHydration(page);
  const mine = card(page, String(id));
  await mine.getByRole("radio", { name: "iDEAL" }).check();
  await mine.getByRole("button", { name: `Nu betalen (${owed})` }).click();
  await expectURL(page, /\/betaalsimulator\/tr_/);
  await expect(page.getByText(owed)).toBeVisible();
  await page.getByLabel("Kies je bank").selectOption({ label: "ING" });
  await page.getByRole("button", { name: "Betaling goedkeuren" }).click();
  await expectPaidBack(page, id, owed, ticketNumber);
});

test("a collection failed on the direct-debit simulator, paid with Nu betalen from the balance after a deposit (issue 40)", async ({
  page,
  backend,
}) => {
  const { id, drawName, ticketNumber } = await subscriptionWithCollection(databaseOf(backend));
  await logInThroughApi(page);
  await failCollection(page, id, drawName);
  const owed = await expectLocked(page, id, ticketNumber);

  // A deposit of the amount owed, by iDEAL, so the balance covers it whatever it was.
  await page.goto("/mijn/saldo");
  await waitForHydration(page);
  const deposit = page.getByRole("form", { name: "Geld storten" });
  await deposit.getByLabel("Bedrag in euro's").fill(owed.replace(/[^\d,]/g, ""));
  await deposit.getByRole("radio", { name: "iDEAL" }).check();
  await deposit.getByRole("button", { name: "Storten" }).click();
  await expectURL(page, /\/betaalsimulator\/tr_/);
  await page.getByLabel("Kies je bank").selectOption({ label: "ING" });
  await page.getByRole("button", { name: "Betaling goedkeuren" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Je storting is gelukt" })).toBeVisible();

  await page.goto("/mijn/abonnementen");
  await waitForHydration(page);
  const mine = card(page, String(id));
  await mine.getByRole("radio", { name: /Mijn saldo/ }).check();
  await mine.getByRole("button", { name: `Nu betalen (${owed})` }).click();
  await expectPaidBack(page, id, owed, ticketNumber);
});
