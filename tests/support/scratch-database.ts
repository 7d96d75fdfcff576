import { randomBytes } from "node:crypto";
import pg from "pg";

/** One statement on a connection of its own to the server's default database (a database is made from outside it). */
async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Creates an empty database of its own (`<prefix>_<random hex>`) on the PostgreSQL server at `serverUrl`, so
 * tests and benchmarks never share one; `drop` removes it again, ending connections still open to it.
 */
export async function scratchDatabase(
  serverUrl: string,
  prefix: string,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  await onServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`),
  };
}
