import { eq, sql } from "drizzle-orm";
import type { Db } from "@/src/backend/db/database.server";
import { rowsOf } from "@/src/backend/db/rows";
import { rateLimits } from "@/src/backend/db/schema";
import type { RateLimitRule } from "@/src/contract/define";

/**
 * Rate limiting per client and route (spec section 8: over the limit is `RateLimitError`), counted in the
 * database so every instance behind the load balancer shares one count. A window starts at its key's
 * first hit, not at a clock boundary: hits in quick succession always count together (with windows on
 * the clock, three failed logins around 12:15 could fall into two windows and never ask for a reCAPTCHA).
 */
export type RateLimitResult = { allowed: boolean; remaining: number; retryAfterSeconds: number };

type Row = { hits: number; window_start: string | Date };

export interface RateLimiter {
  consume(key: string, rule: RateLimitRule, now?: Date): Promise<RateLimitResult>;
  /** Hits counted so far in the current window, without adding one. */
  count(key: string, rule: RateLimitRule, now?: Date): Promise<number>;
  /** Seconds until the current window of the key ends (at least 1). */
  secondsLeft(key: string, rule: RateLimitRule, now?: Date): Promise<number>;
  reset(key: string): Promise<void>;
}

export class DatabaseRateLimiter implements RateLimiter {
  constructor(private readonly db: Db) {}

  private async current(key: string, rule: RateLimitRule, now: Date) {
    const [row] = await this.db
      .select({ hits: rateLimits.hits, windowStart: rateLimits.windowStart })
      .from(rateLimits)
      .where(eq(rateLimits.key, key))
      .limit(1);
    if (!row || row.windowStart.getTime() <= now.getTime() - rule.windowMs) return undefined;
    return row;
  }

  async count(key: string, rule: RateLimitRule, now = new Date()): Promise<number> {
    return (await this.current(key, rule, now))?.hits ?? 0;
  }

  async secondsLeft(key: string, rule: RateLimitRule, now = new Date()): Promise<number> {
    const row = await this.current(key, rule, now);
    const end = (row?.windowStart.getTime() ?? now.getTime()) + rule.windowMs;
    return Math.max(1, Math.ceil((end - now.getTime()) / 1000));
  }

  async reset(key: string): Promise<void> {
    await this.db.delete(rateLimits).where(eq(rateLimits.key, key));
  }

  async consume(key: string, rule: RateLimitRule, now = new Date()): Promise<RateLimitResult> {
    const cutoff = new Date(now.getTime() - rule.windowMs).toISOString();
    // One statement, so concurrent hits on any instance are all counted: a window still open takes the
    // hit, an expired one starts again at this hit.
    const result = await this.db.execute(sql`
      insert into rate_limits (key, window_start, hits) values (${key}, ${now.toISOString()}, 1)
      on conflict (key) do update set
        hits = case when rate_limits.window_start > ${cutoff}::timestamptz then rate_limits.hits + 1 else 1 end,
        window_start = case when rate_limits.window_start > ${cutoff}::timestamptz
          then rate_limits.window_start else excluded.window_start end
      returning hits, window_start`);
    const [row] = rowsOf<Row>(result);
    const hits = Number(row?.hits ?? 1);
    const windowStart = row ? new Date(row.window_start) : now;
    const retryAfterSeconds = Math.max(
      1,
      Math.ceil((windowStart.getTime() + rule.windowMs - now.getTime()) / 1000),
    );
    return { allowed: hits <= rule.limit, remaining: Math.max(0, rule.limit - hits), retryAfterSeconds };
  }
}
