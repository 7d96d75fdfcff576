import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "@/src/backend/db/database.server";
import { DatabaseRateLimiter } from "./rate-limiter.server";

/** The limiter against a real (embedded) database: windows start at a key's first hit. */
let database: Database;
let limiter: DatabaseRateLimiter;
const RULE = { limit: 3, windowMs: 15 * 60_000 };

beforeAll(async () => {
  database = await openDatabase({ dataDir: "memory://" });
  limiter = new DatabaseRateLimiter(database.db);
});
afterAll(() => database?.close());

const at = (time: string) => new Date(`2026-12-31T${time}Z`);

describe("DatabaseRateLimiter", () => {
  it("counts hits around a clock boundary together (no reset at 12:15)", async () => {
    await limiter.consume("boundary", RULE, at("12:14:58"));
    await limiter.consume("boundary", RULE, at("12:14:59"));
    const third = await limiter.consume("boundary", RULE, at("12:15:01"));
    expect(third).toMatchObject({ allowed: true, remaining: 0 });
    expect(await limiter.count("boundary", RULE, at("12:15:02"))).toBe(3);
    const fourth = await limiter.consume("boundary", RULE, at("12:15:03"));
    expect(fourth.allowed).toBe(false);
    // The window runs 15 minutes from the first hit.
    expect(fourth.retryAfterSeconds).toBe(15 * 60 - 5);
    expect(await limiter.secondsLeft("boundary", RULE, at("12:15:03"))).toBe(15 * 60 - 5);
  });

  it("starts a new window once the old one has passed", async () => {
    await limiter.consume("expiry", RULE, at("10:00:00"));
    await limiter.consume("expiry", RULE, at("10:05:00"));
    expect(await limiter.count("expiry", RULE, at("10:15:01"))).toBe(0);
    const next = await limiter.consume("expiry", RULE, at("10:15:01"));
    expect(next).toMatchObject({ allowed: true, remaining: 2 });
  });

  it("counts concurrent hits, and reset forgets the key", async () => {
    const now = at("09:00:00");
    await Promise.all(Array.from({ length: 5 }, () => limiter.consume("burst", RULE, now)));
    expect(await limiter.count("burst", RULE, now)).toBe(5);
    await limiter.reset("burst");
    expect(await limiter.count("burst", RULE, now)).toBe(0);
  });
});
