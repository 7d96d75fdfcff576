import { randomBytes, randomInt } from "node:crypto";
import type { Page } from "@playwright/test";
import { and, desc, eq, lte } from "drizzle-orm";
import type { Db } from "@/src/backend/db/database.server";
import { draws, gameEntries, players, retailTickets, tickets } from "@/src/backend/db/schema";
import { signGameLink } from "@/src/backend/slices/games-of-chance/games.server";
import { TICKET_LETTERS } from "@/src/domain/tickets/ticket-letters";
import { hashPassword } from "@/src/lib/password.server";
import { TEST_SESSION_SECRET } from "@/tests/support/shop-server";
import { expect, expectURL, test, waitForHydration } from "./fixtures";

/**
 * Issue 19's journeys on the seeded game /win-een-auto: a logged-in player enters two online tickets and
 * then types one of them again (a duplicate), and sees per ticket what entered and what failed; a shop
 * ticket's barcode enters with the reCAPTCHA; a personal link from an e-mail enters with one click.
 */

const PASSWORD = "Winactie-2026!";
const CONDITIONS = "Ik ga akkoord met de actievoorwaarden van deze winactie.";

function databaseOf(backend: { embedded?: { db: Db } }): Db {
  if (!backend.embedded) throw new Error("the journey needs the API server's embedded database");
  return backend.embedded.db;
}

function ticketNumber(): string {
  const letter = () => TICKET_LETTERS[randomInt(TICKET_LETTERS.length)];
  return `${letter()}${letter()}${String(randomInt(100_000)).padStart(5, "0")}`;
}

async function playerWithTickets(db: Db, count: number) {
  const email = `winnaar.${randomBytes(4).toString("hex")}@example.nl`;
  const [player] = await db
    .insert(players)
    .values({
      customerNumber: `7${randomBytes(4).readUInt32BE() % 100_000_000}`.padEnd(9, "0"),
      email,
      passwordHash: await hashPassword(PASSWORD),
      firstName: "Wim",
      lastName: "Winnaar",
      birthDate: "1975-03-03",
      street: "Dorpsstraat",
      houseNumber: 9,
      postalCode: "1234AB",
      city: "Kroondorp",
      validationState: "Validated",
    })
    .returning();
  // The latest classic draw that took place: this year's, so its tickets count for the game.
  const [draw] = await db
    .select()
    .from(draws)
    .where(and(eq(draws.gameType, "KROON"), lte(draws.drawAt, new Date())))
    .orderBy(desc(draws.drawAt))
    .limit(1);
  const own = await db
    .insert(tickets)
    .values(
      Array.from({ length: count }, () => ({
        drawId: draw!.id,
        number: ticketNumber(),
        playerId: player!.id,
        productType: "SingleTicket",
        fraction: "WHOLE",
        withXl: false,
        multiplier: 1,
        purchaseType: "Online",
        groupIndex: 0,
      })),
    )
    .returning();
  return { email, playerId: player!.id, tickets: own, drawId: draw!.id };
}

async function logIn(page: Page, email: string) {
  await page.goto(`/inloggen?returnUrl=${encodeURIComponent("/winactie/win-een-auto")}`);
  await waitForHydration(page);
  await page.getByLabel("E-mailadres").fill(email);
  await page.getByLabel("Wachtwoord").fill(PASSWORD);
  await page.getByRole("button", { name: "Inloggen" }).click();
  await expectURL(page, /\/winactie\/win-een-auto$/);
}

test("a player enters two online tickets, types one of them again, and sees which entered and which failed", async ({
  page,
  backend,
}) => {
  const db = databaseOf(backend);
  const player = await playerWithTickets(db, 2);
  const [first, second] = player.tickets;
  await page.goto("/win-een-auto");
  await page.getByRole("link", { name: "Doe mee" }).click();
  await expect(page.getByRole("link", { name: "Log in om mee te doen met je loten" })).toBeVisible();
  await logIn(page, player.email);

  const online = page.getByRole("form", { name: "Doe mee met je online loten" });
  await online.getByLabel(new RegExp(`^${first!.number}`)).check();
  await online.getByLabel(new RegExp(`^${second!.number}`)).check();
  await online.getByLabel(new RegExp(CONDITIONS)).check();
  await online.getByRole("button", { name: "Doe mee met deze loten" }).click();
  const entered = page.getByRole("list", { name: "Loten die meedoen" });
  await expect(entered.getByRole("listitem")).toHaveText([first!.number, second!.number].sort());
  await expect(page.getByText("Je doet nu 2 van de maximaal 5 keer mee.")).toBeVisible();

  // The same ticket typed in again is a duplicate, and says so at its number.
  const typed = page.getByRole("form", { name: "Lotnummer of winkellot invullen" });
  await typed.getByLabel("Je lotnummers").fill(first!.number.toLowerCase());
  await typed.getByLabel(new RegExp(CONDITIONS)).check();
  await waitForHydration(page);
  await typed.getByLabel("Ik ben geen robot").check();
  await typed.getByRole("button", { name: "Doe mee met deze lotnummers" }).click();
  await expect(page.getByRole("heading", { name: "Meedoen is niet gelukt" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Loten die niet meedoen" }).getByRole("listitem")).toHaveText([
    `${first!.number}: Je hebt een lotnummer dubbel ingevoerd.`,
  ]);
  await expect(page.getByText(new RegExp(`${second!.number} · .* · doet al mee`))).toBeVisible();
  expect(await db.select().from(gameEntries).where(eq(gameEntries.playerId, player.playerId))).toHaveLength(
    2,
  );
});

test("a shop ticket's barcode enters with the reCAPTCHA, and an e-mail link enters with one click", async ({
  page,
  backend,
}) => {
  const db = databaseOf(backend);
  const player = await playerWithTickets(db, 1);
  const [shopTicket] = await db
    .insert(tickets)
    .values({
      drawId: player.drawId,
      number: ticketNumber(),
      productType: "SingleTicket",
      fraction: "WHOLE",
      withXl: false,
      multiplier: 1,
      purchaseType: "Retail",
      groupIndex: 0,
    })
    .returning();
  const barcode = `87${String(randomInt(10 ** 9)).padStart(9, "0")}12`;
  await db.insert(retailTickets).values({ barcode, ticketId: shopTicket!.id });

  await logIn(page, player.email);
  const typed = page.getByRole("form", { name: "Lotnummer of winkellot invullen" });
  await typed.getByLabel("Barcode (de cijfers onder de streepjescode)").fill(barcode);
  await typed.getByLabel(new RegExp(CONDITIONS)).check();
  // Without the reCAPTCHA ticked the barcode is refused, in the spec's words (issue 43: not "ongeldig").
  await typed.getByRole("button", { name: "Doe mee met dit winkellot" }).click();
  await expect(page.getByText("Je moet de reCaptcha nog invullen.")).toBeVisible();
  await expect(page.getByText("De reCaptcha is ongeldig")).toHaveCount(0);
  const again = page.getByRole("form", { name: "Lotnummer of winkellot invullen" });
  await again.getByLabel("Barcode (de cijfers onder de streepjescode)").fill(barcode);
  await again.getByLabel(new RegExp(CONDITIONS)).check();
  await waitForHydration(page);
  await again.getByLabel("Ik ben geen robot").check();
  await again.getByRole("button", { name: "Doe mee met dit winkellot" }).click();
  await expect(page.getByRole("list", { name: "Loten die meedoen" }).getByRole("listitem")).toHaveText([
    shopTicket!.number,
  ]);

  // The e-mail's personal link: no login, one click.
  await page.context().clearCookies();
  const data = signGameLink(
    TEST_SESSION_SECRET,
    { pageId: "win-een-auto", playerId: player.playerId, ticketIds: [player.tickets[0]!.id] },
    new Date(),
  );
  await page.goto(`/winactie/win-een-auto/link?data=${encodeURIComponent(data)}`);
  await expect(page.getByText("Hallo Wim, met één klik doen deze loten mee:")).toBeVisible();
  const form = page.getByRole("form", { name: "Meedoen met je loten uit de e-mail" });
  await form.getByLabel(new RegExp(CONDITIONS)).check();
  await form.getByRole("button", { name: "Ja, ik doe mee" }).click();
  await expect(page.getByRole("list", { name: "Loten die meedoen" }).getByRole("listitem")).toHaveText([
    player.tickets[0]!.number,
  ]);
  // A tampered link is refused.
  await page.goto(`/winactie/win-een-auto/link?data=${encodeURIComponent(`${data.slice(0, -3)}abc`)}`);
  await expect(page.getByRole("alert")).toHaveText(
    "Deze link is niet geldig. Gebruik de link uit je e-mail, of doe mee op de pagina van de winactie.",
  );
});
