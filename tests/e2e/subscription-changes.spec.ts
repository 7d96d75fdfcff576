import type { Page } from "@playwright/test";
import { and, asc, eq, gt, inArray } from "drizzle-orm";
import pino from "pino";
import type { Db } from "@/src/backend/db/database.server";
import {
  draws,
  outboxEmails,
  players,
  subscriptionChanges,
  subscriptions,
  tickets,
} from "@/src/backend/db/schema";
import { issueDraw } from "@/src/backend/slices/subscriptions/issuance.server";
import { createSubscription } from "../support/subscription-fixtures";
import { expect, expectURL, test, waitForHydration } from "./fixtures";
import { logInThroughApi } from "./player-steps";

/**
 * Issue 15's journeys: changing a subscription's item (the new monthly amount shown before confirming, and
 * the next issued tickets following the change) and cancelling in three steps, declining or accepting a
 * retention offer. Each journey that changes or cancels works on a subscription of its own for the demo
 * player; the year-end upsell plays the seeded one once more in that draw, which changes nothing another
 * journey reads (its regular draws and items stay as they are).
 */
const DEMO = { email: "speler@kroonloterij.example", password: "Kroonloterij2026!" };

async function logIn(page: Page, returnPath: string) {
  await page.goto(`/inloggen?returnUrl=${encodeURIComponent(returnPath)}`);
  await waitForHydration(page);
  await page.getByLabel("E-mailadres").fill(DEMO.email);
  await page.getByLabel("Wachtwoord").fill(DEMO.password);
  await page.getByRole("button", { name: "Inloggen" }).click();
  await expectURL(page, new RegExp(`${returnPath.replace(/\//g, "\\/")}$`));
  // A link clicked before React Router has started can be lost: its start replaces the history entry,
  // which cancels the browser's navigation (seen once in the front end and API server run).
  await waitForHydration(page);
}

function databaseOf(backend: { embedded?: { db: Db } }): Db {
  if (!backend.embedded) throw new Error("the journeys need the API server's embedded database");
  return backend.embedded.db;
}

const services = (db: Db) => ({ db, logger: pino({ level: "silent" }), now: () => new Date() });

/**
 * A subscription of the demo player's own, as a sign-up leaves it: a whole single ticket and a street of
 * fifths, its first draw (the regular draw on sale) issued.
 */
async function demoSubscription(db: Db): Promise<{ id: number; itemIds: number[]; firstDrawId: number }> {
  const [player] = await db.select({ id: players.id }).from(players).where(eq(players.email, DEMO.email));
  const [first] = await db
    .select({ id: draws.id })
    .from(draws)
    .where(and(eq(draws.gameType, "KROON"), eq(draws.kind, "regular"), gt(draws.salesCloseAt, new Date())))
    .orderBy(asc(draws.salesCloseAt))
    .limit(1);
  if (!player || !first) throw new Error("the seed has no demo player or no regular draw on sale");
  const subscription = await createSubscription(db, {
    playerId: player.id,
    startDrawId: first.id,
    items: [
      { productType: "SingleTicket", fraction: "WHOLE" },
      { productType: "Street", fraction: "ONE_FIFTH" },
    ],
  });
  // The jobs may have issued it meanwhile: either way, its eleven tickets are there once.
  await issueDraw(services(db), first.id, { subscriptionIds: [subscription.id] });
  const issued = await db
    .select({ number: tickets.number })
    .from(tickets)
    .where(and(inArray(tickets.subscriptionItemId, subscription.itemIds), eq(tickets.drawId, first.id)));
  expect(issued).toHaveLength(11);
  return { ...subscription, firstDrawId: first.id };
}

const card = (page: Page, id: number) => page.getByRole("region", { name: `Abonnement ${id}` });

test("the year-end upsell on its campaign page: the seeded subscription's fixed number plays once more, labelled Extra deelname", async ({
  page,
}) => {
  await logIn(page, "/oudejaarstrekking");
  await waitForHydration(page);
  const block = page.getByRole("region", { name: "Speel met je abonnement mee op oudejaarsavond" });
  // The fixed number KB12345 is a whole ticket with XL; the street of fifths is not sold in this draw.
  await expect(
    block.getByRole("checkbox", { name: /^Los lot, Heel lot, met XL, vast lotnummer KB12345/ }),
  ).toBeChecked();
  await expect(block.getByText("We schrijven € 32,50 eenmalig af.")).toBeVisible();
  await block.getByRole("button", { name: "Ja, ik speel mee" }).click();
  await expect(block.getByText(/^Je speelt extra mee in Oudejaarstrekking \d{4}/)).toBeVisible();
  const row = block
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: "KB12345", exact: true }) });
  await expect(row.getByRole("cell", { name: "Extra deelname", exact: true })).toBeVisible();

  await page.goto("/mijn/loten");
  const yearEnd = page
    .getByRole("heading", { level: 2, name: /^Oudejaarstrekking \d{4}/ })
    .locator("xpath=..");
  const ticket = yearEnd
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: "KB12345", exact: true }) });
  await expect(ticket.getByRole("cell", { name: "Extra deelname", exact: true })).toBeVisible();
});

test("change an item from /mijn/abonnementen: the verified monthly amount before confirming, and the next issued tickets follow it", async ({
  page,
  backend,
}) => {
  const db = databaseOf(backend);
  const subscription = await demoSubscription(db);
  await logIn(page, "/mijn/abonnementen");
  await card(page, subscription.id).getByRole("link", { name: "Wijzigen" }).click();
  await expectURL(page, new RegExp(`/mijn/abonnement/${subscription.id}/aanpassen$`));
  await waitForHydration(page);
  // A whole ticket (EUR 17.50) and a street of fifths (10 x EUR 3.50): EUR 52.50 a month.
  await expect(page.getByText("€ 52,50").first()).toBeVisible();

  const street = page.getByRole("region", { name: /^Lot 2: Straat/ });
  await street.getByRole("radio", { name: /^Heel lot/ }).check();
  await street.getByRole("checkbox", { name: /^Speel mee met XL/ }).check();
  // The street becomes ten whole tickets with XL: 10 x (EUR 17.50 + EUR 2.50); verified by the shop first.
  await expect(street.getByText("Nieuw bedrag per maand: € 217,50 (was € 52,50)")).toBeVisible();
  await expect(street.getByText(/^Gaat in vanaf de Maandtrekking \w+ \d{4}/)).toBeVisible();
  await street.getByRole("button", { name: "Wijziging bevestigen" }).click();
  await expect(page.getByText(/Je wijziging is opgeslagen/)).toBeVisible();

  // The change takes effect from the next draw not yet issued; the first draw's tickets stay fifths.
  const [change] = await db
    .select({ drawId: subscriptionChanges.effectiveDrawId })
    .from(subscriptionChanges)
    .where(eq(subscriptionChanges.subscriptionId, subscription.id));
  const drawId = change?.drawId ?? 0;
  expect(drawId).toBeGreaterThan(subscription.firstDrawId);
  const streetId = subscription.itemIds[1] as number;
  const fractionsIn = async (draw: number) =>
    (
      await db
        .select({ fraction: tickets.fraction, withXl: tickets.withXl })
        .from(tickets)
        .where(and(eq(tickets.subscriptionItemId, streetId), eq(tickets.drawId, draw)))
    ).map((ticket) => `${ticket.fraction}${ticket.withXl ? " XL" : ""}`);
  expect(await fractionsIn(subscription.firstDrawId)).toEqual(Array(10).fill("ONE_FIFTH"));

  // Issuing that draw (the jobs' work) gives the street as ten whole tickets with XL, on /mijn/loten too.
  await issueDraw(services(db), drawId, { subscriptionIds: [subscription.id] });
  expect(await fractionsIn(drawId)).toEqual(Array(10).fill("WHOLE XL"));
  const [draw] = await db.select({ name: draws.name }).from(draws).where(eq(draws.id, drawId));
  await page.goto("/mijn/loten");
  const section = page
    .getByRole("heading", { level: 2, name: new RegExp(`^${draw?.name}`) })
    .locator("xpath=..");
  const rows = section
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: "Straat (10 loten)", exact: true }) });
  await expect(rows).toHaveCount(10);
  for (const row of await rows.all()) {
    await expect(row.getByRole("cell", { name: "Heel lot", exact: true })).toBeVisible();
    await expect(row.getByRole("cell", { name: "Ja", exact: true })).toBeVisible();
  }
});

test("cancel in three steps: what to stop, the retention offers with an equal 'Nee, toch opzeggen', the confirmation and its e-mail", async ({
  page,
  backend,
}) => {
  const db = databaseOf(backend);
  const subscription = await demoSubscription(db);
  await logIn(page, "/mijn/abonnementen");
  await card(page, subscription.id).getByRole("link", { name: "Opzeggen" }).click();
  await expectURL(page, new RegExp(`/mijn/abonnement/${subscription.id}/opzeggen`));

  // Step 1 of 3.
  await expect(page.getByText("Stap 1 van 3")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Wat wil je opzeggen?" })).toBeVisible();
  await page.getByRole("button", { name: "Verder" }).click();

  // Step 2 of 3: the CMS's offers, and declining just as prominent as accepting.
  await expect(page.getByText("Stap 2 van 3")).toBeVisible();
  for (const offer of ["3 maanden halve prijs", "Speel met een vijfde lot", "3 maanden pauze"]) {
    await expect(page.getByRole("article", { name: offer })).toBeVisible();
  }
  const decline = page.getByRole("button", { name: "Nee, toch opzeggen" });
  const accept = page.getByRole("article", { name: "3 maanden halve prijs" }).getByRole("button");
  expect(await decline.getAttribute("class")).toBe(await accept.getAttribute("class"));
  const [declineBox, acceptBox] = [await decline.boundingBox(), await accept.boundingBox()];
  expect(Math.round(declineBox?.height ?? 0)).toBe(Math.round(acceptBox?.height ?? -1));
  await decline.click();

  // Step 3 of 3: cancelled, the last draw it plays in, and the e-mail in the outbox.
  await expect(page.getByRole("heading", { name: "Je abonnement is opgezegd" })).toBeVisible();
  await expect(page.getByText(/^Je speelt voor het laatst mee in de Maandtrekking \w+ \d{4}/)).toBeVisible();
  await expect(page.getByText(`We hebben je een bevestiging gemaild naar ${DEMO.email}.`)).toBeVisible();
  const [row] = await db
    .select({ status: subscriptions.status })
    .from(subscriptions)
    .where(eq(subscriptions.id, subscription.id));
  expect(row?.status).toBe("cancelled");
  const mails = await db
    .select({ kind: outboxEmails.kind, recipient: outboxEmails.recipient, data: outboxEmails.data })
    .from(outboxEmails)
    .innerJoin(subscriptionChanges, eq(subscriptionChanges.id, outboxEmails.subscriptionChangeId))
    .where(eq(subscriptionChanges.subscriptionId, subscription.id));
  expect(mails).toEqual([
    {
      kind: "subscription-cancellation",
      recipient: DEMO.email,
      data: expect.objectContaining({ subscriptionId: subscription.id, whole: true }),
    },
  ]);

  // Issue 43: the card says since when and its last draw, without a monthly amount or change links.
  await page.goto("/mijn/abonnementen");
  const cancelled = card(page, subscription.id);
  await expect(cancelled.getByText("Opgezegd", { exact: true })).toBeVisible();
  await expect(cancelled.getByText(/^Opgezegd op \d{1,2} \w+ \d{4}$/)).toBeVisible();
  await expect(cancelled.getByText("Laatste trekking", { exact: true })).toBeVisible();
  await expect(cancelled.getByText("Per maand", { exact: true })).toHaveCount(0);
  await expect(cancelled.getByRole("link", { name: /Wijzigen|Opzeggen/ })).toHaveCount(0);
});

test("cancel, then accept a retention offer: the subscription stays, with three draws at half price", async ({
  page,
  backend,
}) => {
  const db = databaseOf(backend);
  const subscription = await demoSubscription(db);
  await logIn(page, `/mijn/abonnement/${subscription.id}/opzeggen`);
  await page.getByRole("button", { name: "Verder" }).click();
  const offer = page.getByRole("article", { name: "3 maanden halve prijs" });
  // Half of EUR 52.50 for the next draw.
  await expect(offer.getByText("Je volgende trekking: € 26,25")).toBeVisible();
  await offer.getByRole("button", { name: "Ja, dit wil ik" }).click();

  await expect(page.getByRole("heading", { name: "Fijn dat je blijft" })).toBeVisible();
  await expect(page.getByText("Je hebt gekozen voor: 3 maanden halve prijs.")).toBeVisible();
  const [row] = await db
    .select({ status: subscriptions.status, discounts: subscriptions.discounts })
    .from(subscriptions)
    .where(eq(subscriptions.id, subscription.id));
  expect(row?.status).toBe("active");
  expect(row?.discounts).toMatchObject([
    { offerId: "drie-maanden-halve-prijs", draws: 3, discountPercent: 50 },
  ]);

  await page.getByRole("link", { name: "Naar mijn abonnementen" }).click();
  await expect(card(page, subscription.id).getByText("Actief")).toBeVisible();
  await expect(card(page, subscription.id).getByText("€ 26,25").first()).toBeVisible();
  // Issue 43: the accepted offer is on the card, with the draw it lasts until.
  await expect(
    card(page, subscription.id).getByText(
      /^3 maanden halve prijs: 50% korting op nog 3 trekkingen, tot en met Maandtrekking \w+ \d{4} \(\d{1,2} \w+ \d{4}\)$/,
    ),
  ).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("change an item in two posts; a choice changed after its price is priced again before it applies", async ({
    page,
    backend,
  }) => {
    const subscription = await demoSubscription(databaseOf(backend));
    await logInThroughApi(page);
    await page.goto(`/mijn/abonnement/${subscription.id}/aanpassen`);
    let street = page.getByRole("region", { name: /^Lot 2: Straat/ });
    await street.getByRole("radio", { name: /^Heel lot/ }).check();
    await street.getByRole("button", { name: "Nieuw bedrag berekenen" }).click();
    street = page.getByRole("region", { name: /^Lot 2: Straat/ });
    await expect(street.getByText("Nieuw bedrag per maand: € 192,50 (was € 52,50)")).toBeVisible();

    // XL ticked after the price was shown: confirming prices it again instead of applying it unseen.
    await street.getByRole("checkbox", { name: /^Speel mee met XL/ }).check();
    await street.getByRole("button", { name: "Wijziging bevestigen" }).click();
    street = page.getByRole("region", { name: /^Lot 2: Straat/ });
    await expect(street.getByText(/^Je keuze is veranderd nadat het bedrag was berekend/)).toBeVisible();
    await expect(street.getByText("Nieuw bedrag per maand: € 217,50 (was € 52,50)")).toBeVisible();
    await street.getByRole("button", { name: "Wijziging bevestigen" }).click();
    await expect(page.getByText(/Je wijziging is opgeslagen/)).toBeVisible();
    await expect(page.getByText(/Per maand betaal je dan €\s217,50/)).toBeVisible();
  });

  test("cancel in three posts: what to stop, 'Nee, toch opzeggen', the confirmation", async ({
    page,
    backend,
  }) => {
    const subscription = await demoSubscription(databaseOf(backend));
    await logInThroughApi(page);
    await page.goto(`/mijn/abonnement/${subscription.id}/opzeggen`);
    await page.getByRole("button", { name: "Verder" }).click();
    await page.getByRole("button", { name: "Nee, toch opzeggen" }).click();
    await expect(page.getByRole("heading", { name: "Je abonnement is opgezegd" })).toBeVisible();
    await expect(page.getByText(`We hebben je een bevestiging gemaild naar ${DEMO.email}.`)).toBeVisible();
  });
});
