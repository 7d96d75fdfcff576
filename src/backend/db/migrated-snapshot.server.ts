import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";

/**
 * A freshly migrated embedded database, kept as a data-directory archive, so the next in-memory database
 * starts from it instead of running PostgreSQL's initdb and every migration again (about 3 s against 1 s
 * here). It only ever holds the schema (no rows: the shop seeds after opening), and its name is a hash of
 * the migrations and the PGlite version, so a new migration or a PGlite upgrade makes a new one.
 * Everything here is best effort: without a usable archive the database is made from scratch.
 */
export const SNAPSHOT_DIR = path.resolve("node_modules/.cache/kroonloterij");

/** The archive's name per migrations folder: hashed once per process, not on every database opened. */
const archiveNames = new Map<string, string | undefined>();

/** The archive's file for these migrations and this PGlite, or undefined when either cannot be read. */
export function snapshotFile(migrationsDir: string, snapshotDir = SNAPSHOT_DIR): string | undefined {
  if (!archiveNames.has(migrationsDir)) archiveNames.set(migrationsDir, archiveName(migrationsDir));
  const name = archiveNames.get(migrationsDir);
  return name === undefined ? undefined : path.join(snapshotDir, name);
}

function archiveName(migrationsDir: string): string | undefined {
  try {
    const hash = createHash("sha256");
    hash.update(readFileSync(path.resolve("node_modules/@electric-sql/pglite/package.json")));
    const files = readdirSync(migrationsDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name))
      .sort();
    for (const file of files) hash.update(path.relative(migrationsDir, file)).update(readFileSync(file));
    return `pglite-migrated-${hash.digest("hex").slice(0, 16)}.tar`;
  } catch {
    return undefined;
  }
}

/** The archive as PGlite's `loadDataDir` takes it, or undefined when there is none yet. */
export function readSnapshot(file: string): Blob | undefined {
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    return undefined;
  }
}

/**
 * Writes the client's data directory as the archive; a temporary name and a rename, so a process that
 * reads it at the same time sees the whole archive or none.
 */
export async function writeSnapshot(client: PGlite, file: string): Promise<void> {
  const temporary = `${file}.${randomBytes(4).toString("hex")}.tmp`;
  try {
    const archive = await client.dumpDataDir("none");
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(temporary, Buffer.from(await archive.arrayBuffer()));
    renameSync(temporary, file);
  } catch {
    rmSync(temporary, { force: true });
  }
}
