import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { capturedLogger } from "@/tests/support/captured-logs";
import { scratchDatabase } from "@/tests/support/scratch-database";
import { until } from "@/tests/support/until";
import { type Database, openDatabase } from "./database.server";

/**
 * The shop outlives a restart of its PostgreSQL server (the peak-day test, `npm run bench:peak`). Needs a
 * PostgreSQL server (TEST_DATABASE_URL, as in CI).
 */
const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)("openDatabase on PostgreSQL", () => {
  const { logger, logs } = capturedLogger();
  let database: Database;
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>;

  const admin = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    scratch = await scratchDatabase(serverUrl as string, "kl_test");
    database = await openDatabase({ databaseUrl: scratch.url, dataDir: "memory://", poolSize: 4, logger });
  });

  afterAll(async () => {
    await database?.close();
    await scratch?.drop();
  });

  it("keeps running when the server ends its idle connections, and answers again on new ones", async () => {
    // Several connections at once, so the pool holds idle ones afterwards.
    await Promise.all(Array.from({ length: 4 }, () => database.ping()));
    // What a restart or failover does to every session: the server terminates them.
    const ended = await admin(async (client) => {
      const { rowCount } = await client.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
        [scratch.name],
      );
      return rowCount ?? 0;
    });
    expect(ended).toBeGreaterThan(0);
    await until(
      () => logs.some((line) => line.msg === "idle database connection lost; the pool opens a new one"),
      "the pool to notice",
    );
    // A query may still meet a terminated connection whose 'error' event has not come yet (under load it
    // does): it fails, the pool drops that connection, and the next query gets a new one.
    await until(
      () =>
        database.ping().then(
          () => true,
          () => false,
        ),
      "a query on a new connection",
    );
    await expect(database.db.execute(sql`select 1`)).resolves.toBeDefined();
  });
});
