import { count, eq } from "drizzle-orm";
import { resultFor } from "@/src/domain/results/generate-result";
import {
  ALL_MONTHS,
  drawAmount,
  drawMonth,
  type SubscriptionItemPlan,
} from "@/src/domain/subscriptions/plan";
import { hashPassword } from "@/src/lib/password.server";
import type { Db } from "./database.server";
import { postWalletMovement } from "./ledger/ledger.server";
import {
  deposits,
  drawResults,
  draws,
  experimentGroups,
  experiments,
  orders,
  players,
  retailTickets,
  subscriptionCollections,
  subscriptionItems,
  subscriptions,
  tickets,
} from "./schema";
import { seedCampaigns } from "./seed-campaigns";
import { type SeedDraw, seedDraws } from "./seed-draws";
import { seedGames } from "./seed-games";

/** The demo player of the seed data (README). */
export const DEMO_PLAYER = {
  email: "speler@kroonloterij.example",
  password: "Kroonloterij2026!",
  customerNumber: "100000001",
} as const;

/**
 * Realistic demo data (DESIGN section 6). Idempotent: rows that exist are left as they are, draws get
 * their status refreshed for the current date.
 */
export async function seedDatabase(db: Db, now = new Date()): Promise<void> {
  const rows = seedDraws(now);
  for (let start = 0; start < rows.length; start += 200) {
    await db
      .insert(draws)
      .values(rows.slice(start, start + 200))
      .onConflictDoNothing();
  }

  await db
    .insert(experiments)
    .values([
      { key: "checkout-knop", description: "Tekst en kleur van de afrekenknop" },
      { key: "homepage-hero", description: "Jackpot of aftelklok bovenaan de homepage" },
    ])
    .onConflictDoNothing();
  await db
    .insert(experimentGroups)
    .values([
      {
        experimentKey: "checkout-knop",
        name: "control",
        weight: 50,
        variant: { label: "Afrekenen", color: "accent" },
      },
      {
        experimentKey: "checkout-knop",
        name: "b",
        weight: 50,
        variant: { label: "Veilig afrekenen", color: "brand" },
      },
      { experimentKey: "homepage-hero", name: "control", weight: 70, variant: { hero: "jackpot" } },
      { experimentKey: "homepage-hero", name: "countdown", weight: 30, variant: { hero: "countdown" } },
    ])
    .onConflictDoNothing();

  await db
    .insert(players)
    .values({
      customerNumber: DEMO_PLAYER.customerNumber,
      email: DEMO_PLAYER.email,
      passwordHash: await hashPassword(DEMO_PLAYER.password),
      firstName: "Anna",
      middleName: "van der",
      lastName: "Berg",
      birthDate: "1980-05-17",
      street: "Dorpsstraat",
      houseNumber: 12,
      houseNumberExtension: "A",
      postalCode: "1234AB",
      city: "Kroondorp",
      iban: "NL67INGB0006543210",
      playerState: "Active",
      validationState: "Validated",
    })
    .onConflictDoNothing();
  await seedDemoParticipations(db, rows);
  await seedDemoSubscription(db, rows, now);
  await seedResults(db, rows, now);
  await seedRetailTickets(db, rows);
  await seedDemoWallet(db);
  await seedCampaigns(db, now, DEMO_PLAYER.email);
  await seedGames(db, DEMO_PLAYER.email);
}

/** The demo deposit's transaction id (README): the seed makes it once. */
export const DEMO_DEPOSIT_TRANSACTION_ID = "0d3e0000-0000-4000-8000-000000000001";

/**
 * The demo player's wallet (issue 16): a paid iDEAL deposit of EUR 50, posted to the ledger as every
 * deposit is. Prizes of her published tickets are paid in by the `pay-prizes` job, as for anyone.
 */
async function seedDemoWallet(db: Db): Promise<void> {
  const [player] = await db
    .select({ id: players.id })
    .from(players)
    .where(eq(players.email, DEMO_PLAYER.email));
  if (!player) return;
  await db.transaction(async (tx) => {
    await tx
      .insert(deposits)
      .values({
        transactionId: DEMO_DEPOSIT_TRANSACTION_ID,
        playerId: player.id,
        method: "ideal",
        amountCents: 5_000,
        status: "paid",
        completedAt: new Date(),
      })
      .onConflictDoNothing({ target: deposits.transactionId });
    const [deposit] = await tx
      .select({ id: deposits.id })
      .from(deposits)
      .where(eq(deposits.transactionId, DEMO_DEPOSIT_TRANSACTION_ID));
    if (!deposit) return;
    await postWalletMovement(tx, {
      key: `deposit:${deposit.id}`,
      kind: "deposit",
      playerId: player.id,
      walletCents: 5_000,
      description: "Storting via iDEAL",
    });
  });
}

/**
 * Results for every draw whose results are out (and for the draws still to be drawn nothing). The next
 * jackpot of a classic draw is the jackpot of the next draw of the same game.
 */
async function seedResults(db: Db, rows: readonly SeedDraw[], now: Date): Promise<void> {
  const values: Array<typeof drawResults.$inferInsert> = [];
  for (const [index, draw] of rows.entries()) {
    if (draw.publishedAt > now) continue;
    const next = rows.slice(index + 1).find((candidate) => candidate.gameType === draw.gameType);
    const nextJackpot = next?.jackpotCents ?? draw.jackpotCents;
    const result = resultFor(draw, nextJackpot);
    values.push({ drawId: draw.id, result, jackpotFell: result.jackpot.fell });
  }
  for (let start = 0; start < values.length; start += 50) {
    await db
      .insert(drawResults)
      .values(values.slice(start, start + 50))
      .onConflictDoNothing();
  }
}

/** The barcodes printed on retail tickets (README): one fifth and one whole in the last published draw and the next. */
export const RETAIL_BARCODES = [
  { barcode: "8712345000017", number: "WA10017", fraction: "ONE_FIFTH", draw: "last" },
  { barcode: "8712345000024", number: "WB20024", fraction: "WHOLE", draw: "last" },
  { barcode: "8712345000031", number: "WC30031", fraction: "WHOLE", draw: "next" },
  { barcode: "8712345000048", number: "WD40048", fraction: "ONE_FIFTH", draw: "next" },
] as const;

async function seedRetailTickets(db: Db, rows: readonly SeedDraw[]): Promise<void> {
  const classic = rows.filter((draw) => draw.gameType === "KROON" && draw.kind === "regular");
  const draws = {
    next: classic.find((draw) => draw.status === "open"),
    last: classic.filter((draw) => draw.status === "published").at(-1),
  };
  for (const retail of RETAIL_BARCODES) {
    const draw = draws[retail.draw];
    if (!draw) continue;
    const [ticket] = await db
      .insert(tickets)
      .values({
        drawId: draw.id,
        number: retail.number,
        productType: "SingleTicket",
        fraction: retail.fraction,
        withXl: false,
        multiplier: 1,
        purchaseType: "Retail",
        groupIndex: 0,
      })
      .onConflictDoNothing()
      .returning({ id: tickets.id });
    if (ticket)
      await db
        .insert(retailTickets)
        .values({ barcode: retail.barcode, ticketId: ticket.id })
        .onConflictDoNothing();
  }
}

/**
 * The demo player's tickets from other channels, so /mijn/loten shows every purchase type: a retail ticket
 * and an extra participation in the last draw (her subscription's tickets come with it, below).
 */
async function seedDemoParticipations(db: Db, rows: readonly SeedDraw[]): Promise<void> {
  const [player] = await db
    .select({ id: players.id })
    .from(players)
    .where(eq(players.email, DEMO_PLAYER.email));
  if (!player) return;
  const classic = rows.filter((draw) => draw.gameType === "KROON" && draw.kind === "regular");
  const last = classic.filter((draw) => draw.status === "published").at(-1);
  const ticket = (
    drawId: number,
    number: string,
    purchaseType: string,
    extra: Partial<typeof tickets.$inferInsert> = {},
  ) => ({
    drawId,
    number,
    playerId: player.id,
    productType: "SingleTicket",
    fraction: "WHOLE",
    withXl: false,
    multiplier: 1,
    purchaseType,
    groupIndex: 0,
    ...extra,
  });
  const values = last
    ? [
        ticket(last.id, "DR40718", "Retail", { fraction: "ONE_FIFTH", groupIndex: 1 }),
        ticket(last.id, "HE77002", "OneTimePlay", { groupIndex: 2 }),
      ]
    : [];
  if (values.length > 0) await db.insert(tickets).values(values).onConflictDoNothing();
  if (last) await seedDemoOrder(db, player.id, last, ticket(last.id, "KM31415", "Online", { withXl: true }));
}

/** The demo order's transaction id: one order, however often the seed runs. */
const DEMO_ORDER_TRANSACTION_ID = "5eed0043-0000-4000-8000-000000000001";

/**
 * A paid online order of the demo player in the last published draw (issue 43), so `/mijn/bestellingen`
 * shows an order with its ticket beside her subscription's collections and deposit.
 */
async function seedDemoOrder(
  db: Db,
  playerId: string,
  draw: SeedDraw,
  ticket: typeof tickets.$inferInsert,
): Promise<void> {
  const orderedAt = new Date(draw.salesCloseAt.getTime() - 3 * 86_400_000);
  await db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        transactionId: DEMO_ORDER_TRANSACTION_ID,
        playerId,
        pageId: "loten",
        status: "paid",
        contentHash: "seed",
        lines: [],
        totalCents: 2_000,
        paymentMethod: "ideal",
        createdAt: orderedAt,
        completedAt: orderedAt,
      })
      .onConflictDoNothing()
      .returning({ id: orders.id });
    if (order)
      await tx
        .insert(tickets)
        .values({ ...ticket, orderId: order.id })
        .onConflictDoNothing();
  });
}

/** The demo subscription's mandate id (README): the seed makes it once. */
export const DEMO_MANDATE_ID = "KRL-DEMO000001";

/** The demo subscription's items: a whole XL ticket with a fixed number, and a street of fifths. */
const DEMO_ITEMS = [
  {
    productType: "SingleTicket",
    fractionType: "WHOLE",
    withXl: true,
    endDigits: null,
    withFixedTicketNumber: true,
    participatingMonths: [...ALL_MONTHS],
    multiplier: 1,
    fixedNumber: "KB12345",
  },
  {
    productType: "Street",
    fractionType: "ONE_FIFTH",
    withXl: false,
    endDigits: null,
    withFixedTicketNumber: false,
    participatingMonths: [...ALL_MONTHS],
    multiplier: 1,
    fixedNumber: null,
  },
] as const satisfies ReadonlyArray<SubscriptionItemPlan & { fixedNumber: string | null }>;

/**
 * The demo player's subscription (taken out on the `abonnement` form): active, with the last three past
 * regular draws issued and paid (the first by iDEAL, then by direct debit), so /mijn/abonnementen and
 * /mijn/loten show it. The draw on sale is the jobs' to issue (`npm start` runs them). Written as the
 * issuance leaves it, without running it: the seed is part of the database layer.
 */
async function seedDemoSubscription(db: Db, rows: readonly SeedDraw[], now: Date): Promise<void> {
  const [player] = await db
    .select({ id: players.id, iban: players.iban, firstName: players.firstName, lastName: players.lastName })
    .from(players)
    .where(eq(players.email, DEMO_PLAYER.email));
  const past = rows
    .filter((draw) => draw.gameType === "KROON" && draw.kind === "regular" && draw.salesCloseAt <= now)
    .slice(-3);
  const first = past[0];
  if (!player || !first) return;
  const startedAt = new Date(first.salesCloseAt.getTime() - 7 * 86_400_000);
  const [subscription] = await db
    .insert(subscriptions)
    .values({
      playerId: player.id,
      pageId: "abonnement",
      status: "active",
      startDrawId: first.id,
      startedAt,
      iban: player.iban ?? "NL67INGB0006543210",
      accountHolder: `${player.firstName.charAt(0)}. ${player.lastName}`,
      mandateId: DEMO_MANDATE_ID,
      mandateSignedAt: startedAt,
    })
    .onConflictDoNothing({ target: subscriptions.mandateId })
    .returning({ id: subscriptions.id });
  if (!subscription) return;
  const items = await db
    .insert(subscriptionItems)
    .values(
      DEMO_ITEMS.map((item) => ({
        subscriptionId: subscription.id,
        productType: item.productType,
        fraction: item.fractionType,
        withXl: item.withXl,
        endDigits: item.endDigits,
        withFixedTicketNumber: item.withFixedTicketNumber,
        fixedNumber: item.fixedNumber,
        participatingMonths: item.participatingMonths,
        multiplier: item.multiplier,
        createdAt: startedAt,
      })),
    )
    .returning({ id: subscriptionItems.id });
  const [single, street] = items;
  if (!single || !street) return;
  await insertDemoCollections(db, subscription.id, past);
  await insertDemoTickets(db, player.id, past, { single: single.id, street: street.id });
}

/** The past draws' collections, paid: the first by iDEAL (the sign-up), then by direct debit. */
async function insertDemoCollections(
  db: Db,
  subscriptionId: number,
  past: readonly SeedDraw[],
): Promise<void> {
  await db.insert(subscriptionCollections).values(
    past.map((draw, index) => ({
      subscriptionId,
      drawId: draw.id,
      amountCents: drawAmount(DEMO_ITEMS, drawMonth(draw.drawAt)),
      method: index === 0 ? "ideal" : "directDebit",
      state: "paid",
      purchaseType: "Subscription",
      createdAt: new Date(draw.salesCloseAt.getTime() - 10 * 86_400_000),
      settledAt: new Date(draw.salesCloseAt.getTime() - 5 * 86_400_000),
    })),
  );
}

/** The items' tickets in the past draws: the single's fixed number and the street's ten numbers. */
async function insertDemoTickets(
  db: Db,
  playerId: string,
  past: readonly SeedDraw[],
  itemIds: { single: number; street: number },
): Promise<void> {
  const ticket = (drawId: number, number: string, item: (typeof DEMO_ITEMS)[number], itemId: number) => ({
    drawId,
    number,
    playerId,
    productType: item.productType,
    fraction: item.fractionType,
    withXl: item.withXl,
    multiplier: item.multiplier,
    purchaseType: "Subscription",
    groupIndex: itemId === itemIds.single ? 0 : 1,
    subscriptionItemId: itemId,
  });
  await db
    .insert(tickets)
    .values(
      past.flatMap((draw) => [
        ticket(draw.id, DEMO_ITEMS[0].fixedNumber, DEMO_ITEMS[0], itemIds.single),
        // A street plays ten consecutive numbers, new ones every draw.
        ...Array.from({ length: 10 }, (_, last) =>
          ticket(
            draw.id,
            `KS${String(draw.id % 1000).padStart(3, "0")}4${last}`,
            DEMO_ITEMS[1],
            itemIds.street,
          ),
        ),
      ]),
    )
    .onConflictDoNothing();
}

/** Seeds an empty database (start-up of the embedded database); a database with draws is left alone. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ total: count() }).from(draws);
  if ((row?.total ?? 0) > 0) return false;
  await seedDatabase(db);
  return true;
}
