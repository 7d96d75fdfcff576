import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { players } from "@/src/backend/db/schema";
import { DEMO_PLAYER } from "@/src/backend/db/seed";
import { signUnsubscribeToken } from "@/src/backend/emails/unsubscribe-token";
import { TEST_SESSION_SECRET } from "../support/shop-server";
import { expect, test, waitForHydration } from "./fixtures";
import { axeFindings, checkPage, layoutFindings, textSpacingFindings } from "./layout-checks";
import { logInThroughApi } from "./player-steps";

/**
 * Issue 21: every CMS page and app page at 320, 360 and 1280 px, with no element sticking out of the
 * viewport, no form control overlapping another, and no WCAG 2.2 AA violation axe-core finds; issue 43:
 * no word or amount broken inside, no content cut off or running out of its box, no select cutting off
 * its option, and none of these with WCAG's text spacing either (layout-checks.ts). Pages of
 * later issues come in by themselves: the CMS pages from the seed content, the app pages with a
 * parameter from the links the CMS pages carry.
 */

/** Every published CMS page of the seed content. */
const CMS_PAGES = readdirSync("content/entries")
  .map((file) => JSON.parse(readFileSync(path.join("content/entries", file), "utf8")))
  .filter((entry) => entry.sys?.contentType?.sys?.id === "page" && typeof entry.fields?.path === "string")
  .map((entry) => entry.fields.path as string)
  .filter((pagePath) => !pagePath.startsWith("/mijn"))
  .sort();

/** App pages that need no parameter. */
const APP_PAGES = [
  "/trekkingsuitslag/controleren",
  "/winkelmandje",
  "/abonnement/afsluiten?pageId=abonnement",
  "/inloggen",
  "/aanmelden",
  "/toestemming",
  "/klantenservice/bericht",
];

/** The player's own pages (logged in as the demo player). */
const ACCOUNT_PAGES = [
  "/mijn",
  "/mijn/profiel",
  "/mijn/loten",
  "/mijn/loten/winkellot-toevoegen",
  "/mijn/abonnementen",
  "/mijn/saldo",
  "/mijn/bestellingen",
  "/mijn/voorkeuren",
  "/mijn/leeftijdscontrole",
  "/mijn/voordeel",
];

/** App pages reached with a parameter or from a form, as a player arrives at them without one. */
const APP_PAGES_WITH_PARAMETERS = [
  "/actie/aanbod?pagina=proefabonnement",
  "/cadeau/verzilveren",
  "/winactie/win-een-auto",
  // The boulevard game's answer (issue 43 item 4): a boulevard's result and its 100 numbers.
  "/boulevardspel/uitslag?boulevard=KB123&delen=5",
  // The e-mails' links (issue 42), as opened from an e-mail: an unsubscribe link of the demo player (whose
  // id is random per run, so added in the test) and a confirmation link.
  "/actie/bevestigen?token=bevestig-mij",
  "/e-mailadres-bevestigen?token=bevestig-mij",
];

/** The mailbox simulator's pages (issue 42), without scripts: a person reads the shop's e-mails there. */
const MAILBOX_PAGES = [
  "/postbus",
  "/postbus/voorbeelden",
  "/postbus/voorbeelden/subscription-confirmation",
  "/postbus/voorbeelden/contact-confirmation",
];

test.describe("layout and accessibility of every page", () => {
  for (const pagePath of [...CMS_PAGES, ...APP_PAGES]) {
    test(`${pagePath} at 320, 360 and 1280 px`, async ({ sweepPage }) => {
      expect(await checkPage(sweepPage, pagePath)).toEqual([]);
    });
  }

  test("a draw's results and the pages reached with a parameter, at 320, 360 and 1280 px", async ({
    sweepPage: page,
    backend,
  }) => {
    test.setTimeout(120_000);
    const results = await (await page.request.get("/trekkingsuitslag")).text();
    const draw = /href="(\/trekkingsuitslag\/(?!controleren)[^"/?]+)"/.exec(results)?.[1];
    expect(draw).toBeDefined();
    const findings: string[] = [];
    const [demo] = await backend
      .embedded!.db.select({ id: players.id })
      .from(players)
      .where(eq(players.email, DEMO_PLAYER.email));
    const token = signUnsubscribeToken(TEST_SESSION_SECRET, { playerId: demo!.id, vertical: "kroonloterij" });
    const unsubscribe = `/afmelden?token=${encodeURIComponent(token)}`;
    for (const link of [draw ?? "", ...APP_PAGES_WITH_PARAMETERS, unsubscribe])
      findings.push(...(await checkPage(page, link)).map((f) => `${link}: ${f}`));
    for (const link of MAILBOX_PAGES)
      findings.push(...(await checkPage(page, link, { hydrates: false })).map((f) => `${link}: ${f}`));
    expect(findings).toEqual([]);
  });

  test("the player's own pages, logged in, at 320, 360 and 1280 px", async ({ page }) => {
    test.setTimeout(120_000);
    await logInThroughApi(page);
    const findings: string[] = [];
    for (const pagePath of ACCOUNT_PAGES)
      findings.push(...(await checkPage(page, pagePath)).map((f) => `${pagePath}: ${f}`));
    expect(findings).toEqual([]);
  });
});

test.describe("the checks themselves", () => {
  test("fail on an element wider than the viewport, on overlapping controls and on poor contrast", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto("/over-ons");
    await waitForHydration(page); // what is added below must not be replaced by React
    expect(await layoutFindings(page)).toEqual([]);
    await page.evaluate(() => {
      const wide = document.createElement("div");
      wide.className = "te-breed";
      wide.style.width = "600px";
      wide.textContent = "Breed";
      document.querySelector("main")?.append(wide);
      const form = document.createElement("form");
      form.innerHTML =
        '<input name="voornaam" style="display:block;width:200px"><input name="achternaam" style="display:block;width:200px;margin-top:-10px">';
      document.querySelector("main")?.append(form);
      const faint = document.createElement("p");
      faint.textContent = "Nauwelijks leesbaar";
      faint.style.cssText = "color:#bbb;background:#fff";
      document.querySelector("main")?.append(faint);
    });
    const layout = await layoutFindings(page);
    expect(layout.join("\n")).toMatch(/the page is \d+px wide in a 360px viewport: div\.te-breed/);
    expect(layout.join("\n")).toContain("input[name=voornaam] overlaps input[name=achternaam]");
    expect((await axeFindings(page)).join("\n")).toMatch(/^color-contrast/m);
  });

  test("fail on a word broken inside, content cut off, a select cutting off its option and text spacing", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto("/over-ons");
    await waitForHydration(page);
    expect(await textSpacingFindings(page)).toEqual([]);
    await page.evaluate(() => {
      const main = document.querySelector("main");
      const add = (html: string) => main?.insertAdjacentHTML("beforeend", html);
      // A word and an amount the browser must break inside to fit a 40 px box.
      add('<p class="te-smal" style="width:40px;overflow-wrap:anywhere">Lotnummer</p>');
      add('<p class="te-smal-bedrag" style="width:40px;overflow-wrap:anywhere">€\u00a03,50</p>');
      // An amount whose euro sign and number are split over two lines at an ordinary space.
      add('<p class="los-bedrag" style="width:3ch">€ 30</p>');
      // Accepted: a break at a hyphen, a slash and a no-break-joined amount that fits.
      add('<p class="mag-breken" style="width:6ch">zelf-lot en/of €\u00a03</p>');
      add(
        '<div class="afgekapt" style="width:80px;overflow:hidden;white-space:nowrap">Maandtrekking december</div>',
      );
      add(
        '<table style="table-layout:fixed;width:120px"><tr><td class="te-vol" style="white-space:nowrap">Oudejaarstrekking</td><td>x</td></tr></table>',
      );
      add(
        '<select class="te-krap" style="width:100px"><option>Maandtrekking december 2026</option></select>',
      );
      add('<p class="vaste-hoogte" style="height:1.2em;line-height:1;overflow:hidden">Een regel tekst</p>');
    });
    const layout = (await layoutFindings(page)).join("\n");
    expect(layout).toContain("word broken inside: 'Lotnummer' in p.te-smal");
    expect(layout).toContain("amount broken inside: '€\u00a03,50' in p.te-smal-bedrag");
    expect(layout).toContain("amount broken inside: '€ 30' in p.los-bedrag");
    expect(layout).not.toContain("mag-breken");
    expect(layout).toMatch(/div\.afgekapt cuts off its content \(\d+px wide in 80px\)/);
    expect(layout).toContain("text runs out of td.te-vol into the next cell");
    expect(layout).toContain("select.te-krap cuts off 'Maandtrekking december 2026'");
    // The fixed-height box holds its line until WCAG's text spacing makes the line higher.
    expect(layout).not.toContain("p.vaste-hoogte");
    expect((await textSpacingFindings(page)).join("\n")).toMatch(
      /^text spacing: p\.vaste-hoogte cuts off its content \(\d+px high in \d+px\)$/m,
    );
    // The text spacing is gone again afterwards.
    expect(await page.locator("#layout-check-text-spacing").count()).toBe(0);
  });
});
