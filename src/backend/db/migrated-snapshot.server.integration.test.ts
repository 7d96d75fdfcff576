import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { MIGRATIONS_DIR, openDatabase } from "./database.server";
import { snapshotFile, writeSnapshot } from "./migrated-snapshot.server";

const directory = mkdtempSync(path.join(tmpdir(), "kl-snapshot-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const tables = async (database: Awaited<ReturnType<typeof openDatabase>>) =>
  (
    (await database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
    )) as unknown as { rows: Array<{ table_name: string }> }
  ).rows.map((row) => row.table_name);

/**
 * Migrating from nothing is the slow part (about 20 s on two cores), so it happens once here: the first
 * database finds a damaged archive, migrates from scratch and archives itself; the others open from it.
 */
describe("in-memory databases start from the migrated archive", () => {
  it("migrates from scratch over a damaged archive, archives it, and opens the next from it with the same schema and no rows", async () => {
    const file = snapshotFile(MIGRATIONS_DIR, directory) as string;
    writeFileSync(file, "not an archive");
    const first = await openDatabase({ dataDir: "memory://", snapshotDir: directory });
    const firstTables = await tables(first);
    expect(firstTables).toContain("draws");
    await first.db.execute(sql`create table written_after_opening (id int)`);
    await first.close();
    expect(readdirSync(directory)).toEqual([path.basename(file)]);
    expect(readFileSync(file, "utf8").startsWith("not an archive")).toBe(false);

    const second = await openDatabase({ dataDir: "memory://", snapshotDir: directory });
    // The archive was taken before anything was written: every database starts migrated and on its own.
    expect(await tables(second)).toEqual(firstTables);
    const rows = await second.db.execute(sql`select count(*)::int as n from draws`);
    expect((rows as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(0);
    await second.close();
  });

  it("opens from the archive: a table only the archive has is there", async () => {
    const file = snapshotFile(MIGRATIONS_DIR, directory) as string;
    const source = await openDatabase({ dataDir: "memory://", snapshotDir: directory });
    await source.db.execute(sql`create table only_in_the_archive (id int)`);
    await writeSnapshot((source.db as unknown as { $client: PGlite }).$client, file);
    await source.close();
    const opened = await openDatabase({ dataDir: "memory://", snapshotDir: directory });
    expect(await tables(opened)).toContain("only_in_the_archive");
    await opened.close();
    rmSync(file);
  });

  it("names the archive after the migrations: another set of migrations gets another archive", () => {
    const other = mkdtempSync(path.join(tmpdir(), "kl-migrations-"));
    try {
      writeFileSync(path.join(other, "0000_other.sql"), "create table other (id int);");
      expect(snapshotFile(other, directory)).not.toBe(snapshotFile(MIGRATIONS_DIR, directory));
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});
