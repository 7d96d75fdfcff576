import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { until } from "@/tests/support/until";
import { postgresBroadcast } from "./notifications.server";

/** LISTEN/NOTIFY between processes (decision 8); needs a PostgreSQL server (TEST_DATABASE_URL, as in CI). */
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)("postgresBroadcast", () => {
  const pool = new pg.Pool({ connectionString: url });
  afterAll(() => pool.end());

  it("delivers a message to every listener, and listens again after its connection is cut", async () => {
    const channel = `kl_test_${randomBytes(6).toString("hex")}`;
    const broadcast = postgresBroadcast(pool, url as string);
    const first: string[] = [];
    const second: string[] = [];
    let gaps = 0;
    const stopFirst = await broadcast.subscribe(
      channel,
      (payload) => first.push(payload),
      () => gaps++,
    );
    const stopSecond = await broadcast.subscribe(channel, (payload) => second.push(payload));
    await broadcast.publish(channel, "een");
    await until(() => first.length === 1 && second.length === 1, "both listeners");
    expect([first, second]).toEqual([["een"], ["een"]]);

    // An operator or a failover ends the listening sessions: they come back and say messages may be lost.
    await pool.query("select pg_terminate_backend(pid) from pg_stat_activity where query = $1", [
      `listen ${pg.escapeIdentifier(channel)}`,
    ]);
    await until(() => gaps === 1, "the first listener to reconnect");
    await broadcast.publish(channel, "twee");
    await until(() => first.includes("twee"), "a message after the reconnect");
    await stopFirst();
    await stopSecond();
    await broadcast.publish(channel, "drie");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(first).not.toContain("drie");
  }, 15_000);
});
