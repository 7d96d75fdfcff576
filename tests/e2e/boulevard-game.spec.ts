import { randomBytes, randomInt } from "node:crypto";
import type { Page } from "@playwright/test";
import type { Db } from "@/src/backend/db/database.server";
import { players, tickets } from "@/src/backend/db/schema";
import { boulevardNumbers } from "@/src/domain/results/boulevard";
import { TICKET_LETTERS } from "@/src/domain/tickets/ticket-letters";
import { formatEuroCents } from "@/src/lib/format";
import { hashPassword } from "@/src/lib/password.server";
import { expect, expectURL, test, waitForHydration } from "./fixtures";
import { axeFindings, layoutFindings } from "./layout-checks";
import { logInThroughApi } from "./player-steps";

/**
 * Issue 43 item 4: the boulevard game. A player finds it from the results page, enters a boulevard and
 * its shares and sees its 100 numbers and its result in the latest draw on a phone; bad input is refused
 * in Dutch at its field; the address holds the query (Back, a shared link); the form works before the
 * page's code arrives; and a player's boulevard on /mijn/loten links there with its shares filled in.
 */

const PHONE = { width: 390, height: 844 };

type BoulevardAnswer = { drawId: number; totalInCents: number; perShareInCents: number; prizes: unknown[] };

/** What the shop API answers for a boulevard: the figures the page must show. */
async function apiAnswer(page: Page, boulevardId: string, shares: number): Promise<BoulevardAnswer> {
  const response = await page.request.get(`/api/boulevardgame/${boulevardId}?shares=${shares}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as BoulevardAnswer;
}

/** Text as the page shows an amount: `€ 12,50` with a non-breaking space. */
const shown = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ /g, "\\s"));

async function expectFitsTheScreen(page: Page) {
  expect(await layoutFindings(page)).toEqual([]);
  expect(await axeFindings(page)).toEqual([]);
}

test("a player enters a boulevard and its shares on a phone and sees its 100 numbers and its result; bad input is refused in Dutch", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto("/trekkingsuitslag");
  await page.getByRole("link", { name: "Naar het boulevardspel" }).click();
  await expectURL(page, /\/boulevardspel$/);
  const form = page.getByRole("form", { name: "Bekijk de uitslag van je boulevard" });
  await expect(form.getByLabel("Aantal delen")).toHaveValue("1");
  await form.getByLabel("Boulevardnummer").fill("kb 123");
  await form.getByLabel("Aantal delen").fill("5");
  await form.getByRole("button", { name: "Bekijk de uitslag" }).click();

  // The address is the query: shared or bookmarked, it shows the same.
  await expectURL(page, /\/boulevardspel\/uitslag\?boulevard=kb\+123&delen=5$/);
  await expect(page.getByRole("heading", { level: 1, name: "Uitslag boulevard KB123" })).toBeVisible();
  const answer = await apiAnswer(page, "KB123", 5);
  const numbers = page.getByRole("list", { name: "De 100 lotnummers van boulevard KB123" });
  await expect(numbers.getByRole("listitem")).toHaveCount(100);
  await expect(numbers.getByRole("listitem").first()).toContainText("KB12300");
  await expect(numbers.getByRole("listitem").last()).toContainText("KB12399");
  // A boulevard always wins the two-end-digit prize (shared/domain.md).
  expect(answer.prizes.length).toBeGreaterThan(0);
  await expect(
    page.getByText(shown(`Je boulevard won samen ${formatEuroCents(answer.totalInCents)}.`)),
  ).toBeVisible();
  await expect(
    page.getByText(shown(`Verdeeld over 5 delen is jouw deel ${formatEuroCents(answer.perShareInCents)}.`)),
  ).toBeVisible();
  await expect(page.getByRole("table", { name: "Lotnummers met een prijs" }).getByRole("row")).toHaveCount(
    answer.prizes.length + 1,
  );
  await expectFitsTheScreen(page);

  // Another boulevard from the same page: one whose letters no ticket has, then shares out of range.
  await waitForHydration(page);
  const other = page.getByRole("form", { name: "Bekijk een andere boulevard" });
  await other.getByLabel("Boulevardnummer").fill("IO123");
  await other.getByRole("button", { name: "Bekijk de uitslag" }).click();
  await expectURL(page, /\?boulevard=IO123&delen=5$/);
  const id = page.getByRole("textbox", { name: "Boulevardnummer" });
  await expect(id).toHaveAccessibleDescription(
    /^Deze boulevard bestaat niet: lotnummers hebben nooit de letters I, O of Q\./,
  );
  await expect(id).toHaveAttribute("aria-invalid", "true");
  await waitForHydration(page);
  await expect(id).toBeFocused();
  await expectFitsTheScreen(page);

  await id.fill("AB123");
  await page.getByRole("textbox", { name: "Aantal delen" }).fill("250");
  await page.getByRole("button", { name: "Bekijk de uitslag" }).click();
  await expect(page.getByRole("textbox", { name: "Aantal delen" })).toHaveAccessibleDescription(
    /^Vul een aantal delen van 1 tot en met 100 in\./,
  );
  await expect(page.getByText(/not filled|Bad request/i)).toHaveCount(0);

  // Back: the boulevard before, as it was.
  await page.goBack();
  await expectURL(page, /\?boulevard=IO123&delen=5$/);
  await page.goBack();
  await expectURL(page, /\?boulevard=kb\+123&delen=5$/);
  await expect(page.getByRole("heading", { level: 1, name: "Uitslag boulevard KB123" })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form asks on the server: an empty id is refused in Dutch, then the result shows", async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/boulevardspel");
    const form = page.getByRole("form", { name: "Bekijk de uitslag van je boulevard" });
    await form.getByRole("button", { name: "Bekijk de uitslag" }).click();
    await expectURL(page, /\/boulevardspel\/uitslag\?boulevard=&delen=1$/);
    await expect(page.getByRole("textbox", { name: "Boulevardnummer" })).toHaveAccessibleDescription(
      /^Vul het nummer van je boulevard in\./,
    );
    await page.getByRole("textbox", { name: "Boulevardnummer" }).fill("CS456");
    await page.getByRole("button", { name: "Bekijk de uitslag" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Uitslag boulevard CS456" })).toBeVisible();
    await expect(
      page.getByRole("list", { name: "De 100 lotnummers van boulevard CS456" }).getByRole("listitem"),
    ).toHaveCount(100);
  });
});

/** A player with a fifth of a boulevard in the latest published classic draw (100 tickets, as the shop issues them). */
async function playerWithBoulevard(db: Db, drawId: number) {
  const email = `boulevard.${randomBytes(4).toString("hex")}@example.nl`;
  const password = "Boulevard-2026!";
  const [player] = await db
    .insert(players)
    .values({
      customerNumber: `8${randomBytes(4).readUInt32BE() % 100_000_000}`.padEnd(9, "0"),
      email,
      passwordHash: await hashPassword(password),
      firstName: "Bo",
      lastName: "Levard",
      birthDate: "1980-05-05",
      street: "Boulevard",
      houseNumber: 1,
      postalCode: "1234AB",
      city: "Kroondorp",
      validationState: "Validated",
    })
    .returning();
  const letter = () => TICKET_LETTERS[randomInt(TICKET_LETTERS.length)];
  const boulevardId = `${letter()}${letter()}${String(randomInt(1000)).padStart(3, "0")}`;
  await db.insert(tickets).values(
    boulevardNumbers(boulevardId).map((number) => ({
      drawId,
      number,
      playerId: player!.id,
      productType: "Boulevard",
      fraction: "ONE_FIFTH",
      withXl: false,
      multiplier: 1,
      purchaseType: "Online",
      groupIndex: 0,
    })),
  );
  return { email, password, boulevardId };
}

test("a player's boulevard in the latest draw links from /mijn/loten to its result, a fifth as 5 shares", async ({
  page,
  backend,
}) => {
  if (!backend.embedded) throw new Error("the journey needs the API server's embedded database");
  const latest = await page.request.get("/api/draw-results?gameType=KROON&limit=1");
  const { draws } = (await latest.json()) as { draws: Array<{ drawId: number }> };
  const player = await playerWithBoulevard(backend.embedded.db, draws[0]!.drawId);
  await logInThroughApi(page, player);

  await page.setViewportSize(PHONE);
  await page.goto("/mijn/loten");
  await page
    .getByRole("link", { name: `Bekijk de uitslag van je boulevard ${player.boulevardId} per lotnummer` })
    .click();
  await expectURL(page, new RegExp(`/boulevardspel/uitslag\\?boulevard=${player.boulevardId}&delen=5$`));
  await expect(
    page.getByRole("heading", { level: 1, name: `Uitslag boulevard ${player.boulevardId}` }),
  ).toBeVisible();
  const answer = await apiAnswer(page, player.boulevardId, 5);
  await expect(
    page.getByText(shown(`Verdeeld over 5 delen is jouw deel ${formatEuroCents(answer.perShareInCents)}.`)),
  ).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Aantal delen" })).toHaveValue("5");
});
