import { randomBytes } from "node:crypto";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import { type Database, type Db, openDatabase } from "@/src/backend/db/database.server";
import { rowsOf } from "@/src/backend/db/rows";
import { draws, players, subscriptionItems, subscriptions } from "@/src/backend/db/schema";
import { seedDatabase } from "@/src/backend/db/seed";
import { ALL_MONTHS, type SubscriptionPromotion } from "@/src/domain/subscriptions/plan";
import { scratchDatabase } from "./scratch-database";

/**
 * Subscriptions made straight in the database for the issuance's tests and benchmark: what a paid sign-up
 * leaves behind (the sign-up itself is the API's, tested there).
 */

/**
 * A seeded database of the test's own: an in-memory PGlite, or, when TEST_DATABASE_URL is set, a fresh
 * PostgreSQL database (dropped by `close`). `url` is set for PostgreSQL, for a second process.
 */
export async function openTestDatabase(): Promise<{
  database: Database;
  url?: string;
  close: () => Promise<void>;
}> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ dataDir: "memory://" });
    await seedDatabase(database.db);
    return { database, close: () => database.close() };
  }
  const scratch = await scratchDatabase(serverUrl, "kl_subs");
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir: "memory://", poolSize: 4 });
  await seedDatabase(database.db);
  return {
    database,
    url: scratch.url,
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

/** The regular draws of the classic lottery whose sales are open at `now`, in date order. */
export async function regularDrawsOnSale(db: Db, now = new Date()) {
  return db
    .select()
    .from(draws)
    .where(and(eq(draws.gameType, "KROON"), eq(draws.kind, "regular"), gt(draws.salesCloseAt, now)))
    .orderBy(asc(draws.drawAt));
}

/** A player of its own, so a test counts only what it made. */
export async function createPlayer(db: Db): Promise<string> {
  const tag = randomBytes(6).toString("hex");
  const [player] = await db
    .insert(players)
    .values({
      customerNumber: `T${tag}`,
      email: `speler-${tag}@example.test`,
      passwordHash: "not-a-hash",
      firstName: "Test",
      lastName: "Speler",
      birthDate: "1980-01-01",
      street: "Teststraat",
      houseNumber: 1,
      postalCode: "1234AB",
      city: "Testdorp",
      // An adult whose age iDIN confirmed, as every player who pays has been.
      validationState: "Validated",
    })
    .returning({ id: players.id });
  return (player as { id: string }).id;
}

export type ItemFixture = Partial<typeof subscriptionItems.$inferInsert> & {
  productType?: "SingleTicket" | "Street" | "Boulevard";
};

export async function createSubscription(
  db: Db,
  options: {
    playerId?: string;
    startDrawId: number;
    items: ItemFixture[];
    promotion?: SubscriptionPromotion | null;
    status?: "active" | "locked" | "cancelled";
    lockedDrawId?: number;
  },
): Promise<{ id: number; playerId: string; itemIds: number[] }> {
  const playerId = options.playerId ?? (await createPlayer(db));
  const [subscription] = await db
    .insert(subscriptions)
    .values({
      playerId,
      pageId: "abonnement",
      status: options.status ?? "active",
      startDrawId: options.startDrawId,
      iban: "NL91ABNA0417164300",
      accountHolder: "T. Speler",
      mandateId: `KL-${randomBytes(8).toString("hex")}`,
      mandateSignedAt: new Date(),
      promotion: options.promotion ?? null,
      lockedDrawId: options.lockedDrawId,
    })
    .returning({ id: subscriptions.id });
  const id = (subscription as { id: number }).id;
  const items = await db
    .insert(subscriptionItems)
    .values(
      options.items.map((item) => ({
        productType: "SingleTicket",
        fraction: "WHOLE",
        withXl: false,
        withFixedTicketNumber: false,
        participatingMonths: [...ALL_MONTHS],
        multiplier: 1,
        ...item,
        subscriptionId: id,
      })),
    )
    .returning({ id: subscriptionItems.id });
  return { id, playerId, itemIds: items.map((item) => item.id) };
}

/**
 * Many subscriptions at once, in a few set-based statements (the benchmark's 100,000): one player each,
 * a realistic mix of items by the subscription's position: mostly single tickets (some fifths, some XL,
 * some with end digits), a tenth streets, one in 500 a boulevard, one in 20 two items, and about 30% with a
 * fixed number. One in ten plays every month but one (never `drawMonth`). Answers the tag of their players.
 */
export async function createManySubscriptions(
  db: Db,
  options: { count: number; startDrawId: number; drawMonth: number },
): Promise<string> {
  const tag = `b${randomBytes(4).toString("hex")}`;
  const skipped = (options.drawMonth % 12) + 1;
  const someMonths = ALL_MONTHS.filter((month) => month !== skipped);
  await db.execute(sql`
    insert into players (customer_number, email, password_hash, first_name, last_name, birth_date, street,
      house_number, postal_code, city)
    select ${tag} || '-' || g, ${tag} || '-' || g || '@example.test', 'not-a-hash', 'Bench', 'Speler',
      '1980-01-01', 'Benchstraat', 1, '1234AB', 'Benchdorp'
    from generate_series(1, ${options.count}::int) g`);
  await db.execute(sql`
    insert into subscriptions (player_id, page_id, status, start_draw_id, iban, account_holder, mandate_id,
      mandate_signed_at)
    select id, 'abonnement', 'active', ${options.startDrawId}::int, 'NL91ABNA0417164300', 'Bench Speler',
      'KL-' || customer_number, now()
    from players where customer_number like ${`${tag}-%`}
    order by customer_number`);
  await db.execute(sql`
    with mine as (
      select s.id, row_number() over (order by s.id) as n
      from subscriptions s join players p on p.id = s.player_id
      where p.customer_number like ${`${tag}-%`}),
    shaped as (
      select id, n,
        case when n % 500 = 0 then 'Boulevard' when n % 10 = 3 then 'Street' else 'SingleTicket' end as product,
        case when n % 100 between 60 and 74 or n % 10 = 3 then 'ONE_FIFTH' else 'WHOLE' end as fraction,
        (n % 100 between 75 and 84) as xl,
        (n * 7 % 10 < 3) as fixed,
        case when n % 10 = 7 then ${JSON.stringify(someMonths)}::jsonb else ${JSON.stringify(ALL_MONTHS)}::jsonb end
          as months,
        case when n % 100 between 40 and 49 then jsonb_build_array(-1, (n % 10)::int) end as end_digits
      from mine)
    insert into subscription_items (subscription_id, product_type, fraction, with_xl, end_digits,
      with_fixed_ticket_number, participating_months, multiplier)
    select id, product, fraction, xl, case when product = 'SingleTicket' then end_digits end, fixed, months, 1
    from shaped
    union all
    select id, 'Street', 'ONE_FIFTH', false, null, false, ${JSON.stringify(ALL_MONTHS)}::jsonb, 1
    from shaped where n % 20 = 11`);
  return tag;
}

/** How many tickets an item of this product has in a draw. */
export const TICKETS_PER_PRODUCT = sql`(case product_type when 'Street' then 10 when 'Boulevard' then 100 else 1 end)`;

/**
 * What a draw's issue left of the subscriptions of `tag` (or all): the numbers taken twice in the draw,
 * the subscriptions that play it but have no collection, the items that play it without exactly their
 * tickets, and the tickets and collections there are.
 */
export async function issueIntegrity(db: Db, drawId: number, month: number, tag?: string) {
  const mine = tag
    ? sql`join players p on p.id = s.player_id and p.customer_number like ${`${tag}-%`}`
    : sql``;
  const [row] = rowsOf(
    await db.execute(sql`
      select
        (select count(*) - count(distinct number) from tickets where draw_id = ${drawId})::int as duplicates,
        (select count(*) from subscriptions s ${mine}
          where exists (select 1 from subscription_items i where i.subscription_id = s.id
            and i.removed_at is null and i.participating_months @> jsonb_build_array(${month}::int))
          and not exists (select 1 from subscription_collections c
            where c.subscription_id = s.id and c.draw_id = ${drawId}))::int as without_collection,
        (select count(*) from subscription_items i join subscriptions s on s.id = i.subscription_id ${mine}
          where i.removed_at is null and i.participating_months @> jsonb_build_array(${month}::int)
          and ${TICKETS_PER_PRODUCT} <> (select count(*) from tickets t
            where t.subscription_item_id = i.id and t.draw_id = ${drawId}))::int as items_wrong,
        (select count(*) from tickets t join subscription_items i on i.id = t.subscription_item_id
          join subscriptions s on s.id = i.subscription_id ${mine} where t.draw_id = ${drawId})::int as tickets,
        (select count(*) from subscription_collections c join subscriptions s on s.id = c.subscription_id ${mine}
          where c.draw_id = ${drawId})::int as collections,
        (select count(*) from subscriptions s ${mine})::int as subscriptions`),
  );
  return {
    duplicates: Number(row?.duplicates),
    withoutCollection: Number(row?.without_collection),
    itemsWrong: Number(row?.items_wrong),
    tickets: Number(row?.tickets),
    collections: Number(row?.collections),
    subscriptions: Number(row?.subscriptions),
  };
}
