import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DEMO_PLAYER } from "@/src/backend/db/seed";
import { freePort } from "../support/listen";
import { csvRows, runOperatorScript } from "../support/operator-script";
import { startTestShop, type TestShop } from "../support/shop-server";
import { expect, expectURL, test, waitForHydration } from "./fixtures";

/**
 * Issue 43 item 7 as the marketing team meets it: the scripts run beside a shop started as `npm start`
 * starts it (the embedded database on disk, no SESSION_SECRET, its own BASE_URL), and what they print opens
 * in a browser: a personal game link enters with one click, a mailing's code is activated by the player on
 * the campaign page, and a draft's preview link shows the concept, while a link that is not signed answers
 * a Dutch page.
 */
const folder = mkdtempSync(path.join(tmpdir(), "kl-marketing-"));
const dataDir = path.join(folder, "data", "pglite");
let shop: TestShop;

/** A script beside the running shop: it says it asked the shop, not the database. */
async function runScript(script: string, args: string[]): Promise<string> {
  const { stdout, stderr } = await runOperatorScript(dataDir, script, args);
  expect(stderr).toContain("the running shop");
  return stdout;
}

test.describe.configure({ mode: "serial" });
test.use({ viewport: { width: 390, height: 844 } });

test.beforeAll(async () => {
  const port = await freePort();
  shop = await startTestShop({
    env: {
      PGLITE_DATA_DIR: dataDir,
      SESSION_SECRET: "",
      PORT: String(port),
      BASE_URL: `http://127.0.0.1:${port}`,
    },
  });
});

test.afterAll(async () => {
  await shop?.shutdown();
  rmSync(folder, { recursive: true, force: true });
});

test("a personal game link from games:links enters the player's tickets with one click", async ({ page }) => {
  test.setTimeout(90_000);
  const stdout = await runScript("games-links", ["--page", "win-een-auto", "--out", "-"]);
  const [, firstName = "", link = ""] = csvRows(stdout).find(([email]) => email === DEMO_PLAYER.email) ?? [];
  expect(link.startsWith(`${shop.url}/winactie/win-een-auto/link?data=`)).toBe(true);

  await page.goto(link);
  await expect(page.getByText(`Hallo ${firstName}, met één klik doen deze loten mee:`)).toBeVisible();
  const form = page.getByRole("form", { name: "Meedoen met je loten uit de e-mail" });
  await form.getByLabel("Ik ga akkoord met de actievoorwaarden van deze winactie.").check();
  await form.getByRole("button", { name: "Ja, ik doe mee" }).click();
  await expect(page.getByRole("heading", { name: "Je doet mee!" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Loten die meedoen" }).getByRole("listitem")).not.toHaveCount(
    0,
  );
});

test("a code from campaigns:codes is activated by the player on the campaign page", async ({ page }) => {
  test.setTimeout(90_000);
  const stdout = await runScript("campaigns-codes", [
    "--campaign",
    "kerstactie",
    "--count",
    "1",
    "--mailing",
    "journey",
    "--out",
    "-",
  ]);
  const [, printed = ""] = csvRows(stdout)[0] ?? [];
  expect(printed).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);

  await page.goto(`${shop.url}/inloggen`);
  await waitForHydration(page);
  await page.getByLabel("E-mailadres").fill(DEMO_PLAYER.email);
  await page.getByLabel("Wachtwoord").fill(DEMO_PLAYER.password);
  await page.getByRole("button", { name: "Inloggen" }).click();
  await page.waitForURL((url) => url.pathname !== "/inloggen", { waitUntil: "commit" });

  await page.goto(`${shop.url}/kerstactie`);
  const block = page.getByRole("form", { name: "Vul je persoonlijke code in" });
  await block.getByLabel("Actiecode").fill(printed);
  await block.getByRole("button", { name: "Code activeren" }).click();
  await expectURL(page, /\/actie\/aanbod\?pagina=kerstactie&geactiveerd=1$/);
  await expect(page.getByText("Je code is geactiveerd.")).toBeVisible();
});

test("content:preview-link opens the draft in preview; an altered link gets a Dutch page", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const link = (await runScript("content-preview-link", ["/nieuw-concept"])).trim();
  expect(link.startsWith(`${shop.url}/voorbeeldweergave?`)).toBe(true);

  await page.goto(link);
  await expectURL(page, `${shop.url}/nieuw-concept`);
  await expect(page.getByText("Voorbeeldweergave").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Extra trekking op Koningsdag" })).toBeVisible();

  await page.context().clearCookies();
  const altered = link.replace(/.$/, (last) => (last === "A" ? "B" : "A"));
  const answer = await page.goto(altered);
  expect(answer?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Deze voorbeeldlink is niet geldig" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "nl");
  // Without the preview the concept is not there for a visitor.
  const unpublished = await page.goto(`${shop.url}/nieuw-concept`);
  expect(unpublished?.status()).toBe(404);
});
