import { and, eq, sql } from "drizzle-orm";
import type { RateLimitRule } from "@/src/api/contract/define";
import type { Db } from "@/src/db/database.server";
import { rateLimits } from "@/src/db/schema";

/**
 * Rate limiting per client and route (spec section 8: over the limit is `RateLimitError`). Fixed windows
 * counted in the database, so every instance behind the load balancer shares one count.
 */
export type RateLimitResult = { allowed: boolean; remaining: number; retryAfterSeconds: number };

export interface RateLimiter {
  consume(key: string, rule: RateLimitRule, now?: Date): Promise<RateLimitResult>;
  /** Hits counted so far in the current window, without adding one. */
  count(key: string, rule: RateLimitRule, now?: Date): Promise<number>;
  reset(key: string): Promise<void>;
}

export class DatabaseRateLimiter implements RateLimiter {
  constructor(private readonly db: Db) {}

  async count(key: string, rule: RateLimitRule, now = new Date()): Promise<number> {
    const windowStart = new Date(Math.floor(now.getTime() / rule.windowMs) * rule.windowMs);
    const [row] = await this.db
      .select({ hits: rateLimits.hits })
      .from(rateLimits)
      .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart)))
      .limit(1);
    return row?.hits ?? 0;
  }

  async reset(key: string): Promise<void> {
    await this.db.delete(rateLimits).where(eq(rateLimits.key, key));
  }

  async consume(key: string, rule: RateLimitRule, now = new Date()): Promise<RateLimitResult> {
    const windowStart = new Date(Math.floor(now.getTime() / rule.windowMs) * rule.windowMs);
    const result = await this.db.execute<{ hits: number }>(sql`
      insert into rate_limits (key, window_start, hits) values (${key}, ${windowStart.toISOString()}, 1)
      on conflict (key) do update set
        hits = case when rate_limits.window_start = excluded.window_start then rate_limits.hits + 1 else 1 end,
        window_start = excluded.window_start
      returning hits`);
    const rows = (
      Array.isArray(result) ? result : (result as { rows: Array<{ hits: number }> }).rows
    ) as Array<{ hits: number }>;
    const hits = Number(rows[0]?.hits ?? 1);
    const retryAfterSeconds = Math.max(
      1,
      Math.ceil((windowStart.getTime() + rule.windowMs - now.getTime()) / 1000),
    );
    return { allowed: hits <= rule.limit, remaining: Math.max(0, rule.limit - hits), retryAfterSeconds };
  }
}
