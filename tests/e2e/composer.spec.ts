import type { Browser } from "@playwright/test";
import type { TestShop } from "../support/shop-server";
import {
  composeCampaignPage,
  eindredacteur,
  fields,
  logIn as logInTo,
  publishReviewedPage,
  redacteur,
} from "./composer-steps";
import { expect, test } from "./fixtures";
import { axeFindings } from "./layout-checks";

/**
 * Issue 44's journey: a redacteur composes a campaign page from a hero, a text, an action-code block and
 * a ticket configurator in the composer, moves a block with the keyboard, previews it at 390 px and asks
 * for review; an eindredacteur publishes it and it is live on the shop within 5 s; an edited hero is
 * scheduled a few seconds ahead and goes live by the job queue; the previous version is restored. axe
 * checks the composer's screens (Puck's included) at 1280 px. The shop here has a content folder of its
 * own, since a publish writes files into it.
 */
let shop: TestShop;
const PATH = "/zomeractie";

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ composerShop }) => {
  shop = composerShop;
});

const logIn = (browser: Browser, editor: { email: string; password: string }) =>
  logInTo(browser, shop.url, editor);

test("a redacteur composes a campaign page and an eindredacteur publishes and schedules it", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  // Anyone but an editor: the shop's 404, and no composer API.
  const anonymous = await browser.newPage();
  expect((await anonymous.goto(`${shop.url}/redactie`))?.status()).toBe(404);
  expect((await anonymous.request.get(`${shop.url}/redactie/api/paginas`)).status()).toBe(401);

  const page = await logIn(browser, redacteur);
  expect(await axeFindings(page)).toEqual([]);

  await composeCampaignPage(page, "Zomeractie", PATH, "Zomer vol prijzen");
  expect(await axeFindings(page)).toEqual([]);

  // The shop's own rendering of the concept at a phone's width.
  await page.getByRole("button", { name: "Telefoon (390 px)" }).click();
  await page.getByRole("button", { name: "Voorbeeld", exact: true }).click();
  const preview = page.frameLocator('iframe[title="Voorbeeld"]');
  await expect(preview.getByRole("heading", { name: "Zomer vol prijzen" })).toBeVisible();
  await expect(page.locator('iframe[title="Voorbeeld"]')).toHaveAttribute("width", "390");

  await page.getByRole("button", { name: "Review vragen" }).click();
  await expect(page.locator(".composer-ok")).toHaveText("Review gevraagd.");
  // Not live before it is published.
  expect((await anonymous.goto(`${shop.url}${PATH}`))?.status()).toBe(404);

  const final = await logIn(browser, eindredacteur);
  await publishReviewedPage(final, "Zomeractie");

  await expect
    .poll(async () => (await anonymous.goto(`${shop.url}${PATH}`))?.status(), { timeout: 5_000 })
    .toBe(200);
  await expect(anonymous.getByRole("heading", { name: "Zomer vol prijzen" })).toBeVisible();

  // The hero edited, and its publication scheduled a few seconds ahead: the job queue publishes it.
  await final.locator(".composer-block-name", { hasText: "Hero" }).click();
  await fields(final).getByLabel("Titel (verplicht) (max. 80)").fill("Zomer vol nog meer prijzen");
  await final.getByRole("button", { name: "Opslaan als concept" }).click();
  await expect(final.locator(".composer-ok")).toHaveText("Concept opgeslagen.");
  // Eight seconds ahead, in the browser's own time zone (the field's).
  const local = await final.evaluate(() => {
    const at = new Date(Date.now() + 8_000);
    return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 19);
  });
  await final.getByLabel("Datum en tijd van publicatie").fill(local);
  await final.getByRole("button", { name: "Publicatie plannen" }).click();
  await expect(final.locator(".composer-page-title .composer-status")).toHaveText("gepland");
  // The shop's answer as a new visitor gets it (a browser keeps an anonymous page a while: decision 5).
  await expect
    .poll(async () => (await fetch(`${shop.url}${PATH}`)).text(), { timeout: 25_000, intervals: [1_000] })
    .toContain("Zomer vol nog meer prijzen");

  // The version published first, restored as the concept.
  await final.reload();
  await final.getByRole("button", { name: "Versiegeschiedenis" }).click();
  const history = final.getByRole("region", { name: "Versiegeschiedenis" });
  await expect(history.getByRole("listitem").first()).toContainText("gepubliceerd door planning");
  expect(await axeFindings(final)).toEqual([]);
  await history
    .getByRole("listitem")
    .filter({ hasText: "gepubliceerd door Evert Eindredacteur" })
    .getByRole("button", { name: /Deze versie terugzetten/ })
    .click();
  await expect(final.locator(".composer-block-summary").first()).toHaveText("Zomer vol prijzen");
  await expect(final.locator(".composer-page-title .composer-status")).toHaveText("gewijzigd na publicatie");
});
