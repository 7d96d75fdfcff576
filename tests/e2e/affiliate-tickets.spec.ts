import { randomBytes } from "node:crypto";
import { request as httpRequest } from "node:http";
import { eq } from "drizzle-orm";
import type { Db } from "@/src/backend/db/database.server";
import { orders, tickets } from "@/src/backend/db/schema";
import { DEMO_PLAYER } from "@/src/backend/db/seed";
import { affiliateReport, reportCsv } from "@/src/backend/slices/affiliate-tickets/affiliate-report.server";
import { approvePayment } from "./checkout-steps";
import { BOTH_SHAPES, expect, expectURL, test, waitForHydration } from "./fixtures";
import { checkPage } from "./layout-checks";
import { confirmAgeAtBank, registerOn } from "./player-steps";

/**
 * Issue 17's third journey: a visitor lands on De Bladwijzer's page on its own host (bladwijzer.localhost),
 * takes the partner's offer, registers through the portal (the offer is kept meanwhile), confirms her age
 * and gets the free Miljoenenspel ticket; the month's partner report lists the order under the partner.
 *
 * On one process only: in the two-process shape the portal is another origin (PORTAL_ORIGIN), and a
 * partner's host shares its login cookie only under a common parent domain (COOKIE_DOMAIN), which
 * 127.0.0.1 and bladwijzer.localhost do not have.
 */

function databaseOf(backend: { embedded?: { db: Db } }): Db {
  if (!backend.embedded) throw new Error("the journey needs the API server's embedded database");
  return backend.embedded.db;
}

test("a visitor on De Bladwijzer's host registers and gets the partner's ticket; the report lists the order", async ({
  page,
  shop,
  backend,
}) => {
  const partnerSite = shop.url.replace("127.0.0.1", "bladwijzer.localhost");
  await page.goto(`${partnerSite}/partner/bladwijzer`);
  const offer = page.getByRole("region", { name: "Welkomstcadeau voor klanten van De Bladwijzer" });
  await expect(offer.getByText("Gratis Miljoenenspel-lot van De Bladwijzer")).toBeVisible();
  // In the partner's style: its colour and typeface, its name in the header.
  const colours = await page.getByRole("banner").evaluate((header) => {
    const style = getComputedStyle(header);
    return { background: style.backgroundColor, font: style.fontFamily };
  });
  expect(colours).toEqual({ background: "rgb(31, 77, 58)", font: 'Georgia, "Times New Roman", serif' });
  await expect(page.getByRole("banner")).toContainText("De Bladwijzer");
  await offer.getByRole("button", { name: "Ik wil dit lot" }).click();

  // The offer is kept while she registers: the portal's form comes back to it.
  await expectURL(page, /\/partnerlot\?lot=[0-9a-f-]{36}$/);
  const kept = page.url();
  await expect(
    page.getByText(/^Het lot speelt mee in het Miljoenenspel van \d{1,2} \w+ \d{4}\.$/),
  ).toBeVisible();
  await page.getByRole("link", { name: "Account aanmaken" }).click();
  await registerOn(page, `lezer.${randomBytes(4).toString("hex")}@example.nl`);
  await page.getByRole("link", { name: "Verder" }).click();
  await expectURL(page, kept);

  // A ticket plays online: her age is confirmed once at her bank, then the offer again.
  await page.getByRole("button", { name: "Lot ophalen" }).click();
  await expectURL(page, /\/mijn\/leeftijdscontrole\?returnUrl=%2Fpartnerlot%3Flot%3D/);
  await confirmAgeAtBank(page);
  await expectURL(page, kept);
  await page.getByRole("button", { name: "Lot ophalen" }).click();
  const claimed = page.getByRole("status").filter({
    hasText: /^Gelukt! Lot [A-Z]{2}\d{5} speelt mee in het Miljoenenspel van \d{1,2} \w+ \d{4}\./,
  });
  await expect(claimed).toBeVisible();
  const number = /Lot ([A-Z]{2}\d{5})/.exec((await claimed.textContent()) ?? "")?.[1] as string;
  await page.getByRole("link", { name: "Naar Mijn loten" }).click();
  await expect(page.getByRole("cell", { name: number, exact: true })).toBeVisible();

  // Once per player: the offer says so instead of offering it again.
  await page.goto(kept);
  await expect(
    page
      .getByRole("status")
      .filter({ hasText: "Je hebt dit aanbod al gebruikt. Het is één keer per speler te krijgen." }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Lot ophalen" })).toHaveCount(0);

  // The month's partner report counts the order under De Bladwijzer's host and page.
  const month = new Date().toISOString().slice(0, 7);
  const rows = await affiliateReport(databaseOf(backend), month);
  const row = rows.find((candidate) => candidate.partner === "bladwijzer.localhost");
  expect(row).toMatchObject({ pageId: "bladwijzer-welkom", amountCents: 0 });
  expect(row?.orders).toBeGreaterThanOrEqual(1);
  expect(reportCsv(month, rows)).toContain(`${month};bladwijzer.localhost;bladwijzer-welkom;`);
});

/**
 * Issue 40: what a player buys on a partner's white-label host is the partner's sale, whatever the flow:
 * tickets through the basket here. The host's home is the partner's page, and another partner's page is
 * not shown there. Logged in on the partner's host itself (its own cookies), so on both shapes.
 */
test("tickets bought on the tankstation's host are credited to it; its home is its page, not another partner's", {
  tag: BOTH_SHAPES,
}, async ({ page, shop, backend }) => {
  const partnerSite = shop.url.replace("127.0.0.1", "tankstation.localhost");
  await page.goto(`${partnerSite}/`);
  await expectURL(page, `${partnerSite}/partner/tankstation`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // Another partner's page goes to the shop's own host (asked without following: the one-process shape's
  // BASE_URL may be a host that does not resolve here).
  const other = await answerOnHost(shop.url, "/partner/bladwijzer", new URL(partnerSite).host);
  expect(other.status).toBe(302);
  expect(other.location).toMatch(/^http:\/\/(shop\.test|127\.0\.0\.1:\d+)\/partner\/bladwijzer$/);

  // Logged in on the partner's host, as its login form's script does.
  await page.goto(`${partnerSite}/loten`);
  await page.evaluate(async ({ email, password }) => {
    const headers = { "X-Requested-With": "XMLHttpRequest", "content-type": "application/json" };
    const { token } = (await (await fetch("/api/authentication/get-token", { headers })).json()) as {
      token: string;
    };
    const login = await fetch("/api/authentication/login", {
      method: "POST",
      headers: { ...headers, RequestVerificationToken: token },
      body: JSON.stringify({ email, password }),
    });
    if (!login.ok) throw new Error(`login ${login.status}`);
  }, DEMO_PLAYER);

  await page.goto(`${partnerSite}/loten`);
  await waitForHydration(page);
  await expect(page.getByText("Loten van Kroonloterij, verkocht via Tankstation.")).toBeVisible();
  await page
    .getByRole("form", { name: "Stel je loten samen" })
    .getByRole("button", { name: "In winkelmandje" })
    .click();
  await expect(page.getByText("Je loten liggen in je winkelmandje.")).toBeVisible();
  await page.goto(`${partnerSite}/winkelmandje`);
  await page.getByRole("link", { name: "Afrekenen" }).click();
  await expectURL(page, `${partnerSite}/afrekenen`);
  await waitForHydration(page);
  await page.getByRole("button", { name: /^Betaal € / }).click();
  await expectURL(page, /\/betaalsimulator\/tr_/);
  await page.getByLabel("Kies je bank").selectOption({ label: "ING" });
  const [number] = await approvePayment(page);
  expect(page.url().startsWith(partnerSite)).toBe(true);

  const db = databaseOf(backend);
  const [order] = await db
    .select({ partner: orders.affiliatePartner, pageId: orders.pageId })
    .from(orders)
    .innerJoin(tickets, eq(tickets.orderId, orders.id))
    .where(eq(tickets.number, number as string));
  expect(order).toEqual({ partner: "tankstation.localhost", pageId: "winkelmandje" });
  const month = new Date().toISOString().slice(0, 7);
  const row = (await affiliateReport(db, month)).find(
    (candidate) => candidate.partner === "tankstation.localhost" && candidate.pageId === "winkelmandje",
  );
  expect(row?.orders).toBeGreaterThanOrEqual(1);
});

/**
 * Issue 43, item 6: the partner's header has the shop's basket and login, and for a player "Mijn" and the
 * logout, in one row on a phone. Logged in through the login link on the partner's host itself.
 */
test("on De Bladwijzer's host the header has the basket, the login back to the page and, logged in, Mijn", async ({
  page,
  shop,
}) => {
  await page.setViewportSize({ width: 390, height: 800 });
  const partnerSite = shop.url.replace("127.0.0.1", "bladwijzer.localhost");
  await page.goto(`${partnerSite}/partner/bladwijzer`);
  await waitForHydration(page);
  const header = page.getByRole("banner");
  const oneRow = async () => {
    expect((await header.boundingBox())?.height ?? 0).toBeLessThan(90);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
  };
  await expect(header).toContainText("De Bladwijzer");
  await expect(header.getByRole("link", { name: /^Winkelmandje/ })).toBeVisible();
  await oneRow();
  await header.getByRole("link", { name: "Inloggen" }).click();
  await expectURL(page, `${partnerSite}/inloggen?returnUrl=${encodeURIComponent("/partner/bladwijzer")}`);
  await waitForHydration(page);
  await page.getByLabel("E-mailadres").fill(DEMO_PLAYER.email);
  await page.getByLabel("Wachtwoord").fill(DEMO_PLAYER.password);
  await page.getByRole("button", { name: "Inloggen" }).click();
  await expectURL(page, `${partnerSite}/partner/bladwijzer`);

  await expect(header.getByRole("link", { name: "Mijn", exact: true })).toBeVisible();
  await expect(header.getByRole("button", { name: "Uitloggen" })).toBeVisible();
  await expect(header.getByRole("link", { name: "Inloggen" })).toHaveCount(0);
  await oneRow();

  // The basket's count, as in the shop's header.
  await page.goto(`${partnerSite}/loten`);
  await waitForHydration(page);
  await page
    .getByRole("form", { name: "Stel je loten samen" })
    .getByRole("button", { name: "In winkelmandje" })
    .click();
  await expect(header.getByRole("link", { name: /^Winkelmandje, \d+ lo(t|ten)$/ })).toBeVisible();
  await oneRow();
  await header.getByRole("link", { name: "Mijn", exact: true }).click();
  await expectURL(page, `${partnerSite}/mijn`);
  // The logged-in partner header with a basket, at 360 and 1280 px: in the viewport and without axe findings.
  expect(await checkPage(page, `${partnerSite}/partner/bladwijzer`)).toEqual([]);
});

/**
 * Issue 43, item 6: a partner's page reached without its partner (no code, or not on the partner's host)
 * says how to get the offer instead of offering what the API refuses; with the code it offers it.
 */
test("/dagblad without the code explains how to get the offer; with the code it offers it", async ({
  page,
  shop,
}) => {
  const offer = page.getByRole("region", { name: "Lezersaanbieding: een heel lot voor € 9,95" });
  const order = offer.getByRole("button", { name: "Ik wil dit lot" });
  const explanation = offer.getByText(
    /^Deze aanbieding is er voor lezers en klanten van Het Dagblad\. Open de link/,
  );
  await page.goto("/dagblad");
  await waitForHydration(page);
  await expect(explanation).toBeVisible();
  await expect(order).toHaveCount(0);

  await page.goto("/dagblad?partner=DAGBLAD");
  await waitForHydration(page);
  await expect(order).toBeVisible();
  await expect(explanation).toHaveCount(0);

  // De Bladwijzer's page off its host: the way there instead of the offer, and there the offer.
  await page.goto("/partner/bladwijzer");
  const welcome = page.getByRole("region", { name: "Welkomstcadeau voor klanten van De Bladwijzer" });
  await expect(welcome.getByText(/^Deze aanbieding is er voor klanten van De Bladwijzer\./)).toBeVisible();
  await expect(welcome.getByRole("button", { name: "Ik wil dit lot" })).toHaveCount(0);
  await welcome.getByRole("link", { name: "Naar de aanbieding op de website van De Bladwijzer" }).click();
  await expectURL(page, `${shop.url.replace("127.0.0.1", "bladwijzer.localhost")}/partner/bladwijzer`);
  await expect(welcome.getByRole("button", { name: "Ik wil dit lot" })).toBeVisible();
});

/** A page's status and redirect as a host asks for it (node:http: fetch() may not set Host). */
function answerOnHost(
  base: string,
  path: string,
  host: string,
): Promise<{ status?: number; location?: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    httpRequest({ host: hostname, port, path, headers: { host } }, (response) => {
      response.resume();
      response.on("end", () => resolve({ status: response.statusCode, location: response.headers.location }));
    })
      .on("error", reject)
      .end();
  });
}
