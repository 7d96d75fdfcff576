import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import type { Logger } from "pino";
import { readSnapshot, snapshotFile, writeSnapshot } from "./migrated-snapshot.server";
import { type Broadcast, postgresBroadcast } from "./notifications.server";
import { pgliteAssets } from "./pglite-assets.server";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open transaction of `Db`, as `db.transaction` hands it to its callback. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** Messages to every process on this database (PostgreSQL only; PGlite serves one process). */
  broadcast?: Broadcast;
  ping: () => Promise<void>;
  close: () => Promise<void>;
  /** PostgreSQL's connection pool, as `pg` counts it (the metrics, decision 23); PGlite has none. */
  pool?: { readonly totalCount: number; readonly idleCount: number; readonly waitingCount: number };
};

export const MIGRATIONS_DIR = path.resolve("drizzle");

/**
 * An in-memory PGlite that starts from the migrated archive when there is one; otherwise a new one, which
 * is migrated and archived for the next. Migrating after the load finds nothing left to do.
 */
async function openInMemory(snapshotDir: string | undefined): Promise<PGlite> {
  const file = snapshotFile(MIGRATIONS_DIR, snapshotDir);
  const archive = file ? readSnapshot(file) : undefined;
  const assets = await pgliteAssets();
  if (archive) {
    try {
      const client = new PGlite({ ...assets, loadDataDir: archive });
      await client.waitReady;
      return client;
    } catch {
      // A damaged archive: start from scratch, and the archive is written again below.
    }
  }
  const client = new PGlite(assets);
  await client.waitReady;
  if (file) {
    await migratePglite(drizzlePglite(client) as never, { migrationsFolder: MIGRATIONS_DIR });
    await writeSnapshot(client, file);
  }
  return client;
}

/**
 * Opens the database (DESIGN section 6, decision 3): PostgreSQL through `pg` when a URL is given, else
 * PGlite in `dataDir` (`memory://` keeps it in memory). Migrations are applied before it is returned, so
 * the embedded database is warm before the first request.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
  /** Where the PostgreSQL notification connection reports that it dropped. */
  logger?: Logger;
  /** Where an in-memory database finds (and leaves) its migrated archive; see migrated-snapshot.server.ts. */
  snapshotDir?: string;
}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // A connection the server ends while it sits idle in the pool (a restart, a failover, an operator)
    // is an 'error' event on the pool, which would end the process without a listener. The pool drops
    // that connection and opens a new one for the next query, so this only has to say so.
    pool.on("error", (error) =>
      options.logger?.warn({ err: error }, "idle database connection lost; the pool opens a new one"),
    );
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR });
    return {
      db,
      kind: "postgres",
      broadcast: postgresBroadcast(pool, options.databaseUrl, options.logger),
      ping: async () => void (await pool.query("select 1")),
      pool,
      close: () => pool.end(),
    };
  }
  const inMemory = options.dataDir === "memory://";
  if (!inMemory) mkdirSync(options.dataDir, { recursive: true });
  const client = inMemory
    ? await openInMemory(options.snapshotDir)
    : new PGlite({ ...(await pgliteAssets()), dataDir: options.dataDir });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
  await db.execute(sql`select 1`);
  return {
    db,
    kind: "pglite",
    ping: async () => void (await client.query("select 1")),
    close: () => client.close(),
  };
}
