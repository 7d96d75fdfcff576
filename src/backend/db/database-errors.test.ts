import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { isTemporaryDatabaseError, safeDatabaseError } from "./database-errors";
import { players } from "./schema";

const postgres = (code: string, message = "failed") =>
  Object.assign(new pg.DatabaseError(message, 0, "error"), { severity: "ERROR", code });

describe("isTemporaryDatabaseError", () => {
  it("is true for a database that cannot answer now", async () => {
    // Nothing listens on port 1: the driver's own error, wrapped by drizzle as a query fails.
    const pool = new pg.Pool({ connectionString: "postgres://kroon@127.0.0.1:1/kroon", max: 1 });
    const failure = await drizzle(pool)
      .select()
      .from(players)
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    await pool.end();
    expect(isTemporaryDatabaseError(failure)).toBe(true);
    const ended = await pool.query("select 1").then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isTemporaryDatabaseError(ended)).toBe(true);

    for (const code of ["08006", "08001", "53300", "57P01", "57P03", "57014", "40001", "40P01", "55P03"]) {
      expect(isTemporaryDatabaseError(new Error("Failed query", { cause: postgres(code) })), code).toBe(true);
    }
    expect(isTemporaryDatabaseError(new Error("PGlite is closed"))).toBe(true);
    expect(isTemporaryDatabaseError(new Error("Connection terminated unexpectedly"))).toBe(true);
  });

  it("is false for a query the database refused, and for any other error", () => {
    for (const code of ["23505", "23514", "22021", "22P02", "42P01", "42703"]) {
      expect(isTemporaryDatabaseError(new Error("Failed query", { cause: postgres(code) })), code).toBe(
        false,
      );
    }
    expect(isTemporaryDatabaseError(new TypeError("cannot read properties of undefined"))).toBe(false);
    expect(isTemporaryDatabaseError(undefined)).toBe(false);
  });
});

describe("safeDatabaseError", () => {
  it("is undefined for an error that is not the database's", () => {
    expect(safeDatabaseError(new Error("x"))).toBeUndefined();
  });

  it("keeps the SQL text of PGlite's error and drops its parameters", () => {
    const error = Object.assign(
      postgres("23505", 'duplicate key value violates unique constraint "players_email_unique"'),
      {
        query: "insert into players (email) values ($1)",
        params: ["lieke@example.nl"],
        detail: "Key (email)=(lieke@example.nl) already exists.",
        constraint: "players_email_unique",
      },
    );
    expect(safeDatabaseError(error)).toEqual({
      type: "DatabaseError",
      message: 'duplicate key value violates unique constraint "players_email_unique"',
      query: "insert into players (email) values ($1)",
      code: "23505",
      severity: "ERROR",
      constraint: "players_email_unique",
    });
  });
});
