import { like, or } from "drizzle-orm";
import { rateLimits } from "@/src/backend/db/schema";
import type { ApiHarness } from "./api-harness";

/**
 * Forgets what the rate limits counted under keys starting with any of `prefixes`: the API tests all call
 * from one client address, so each test starts with nothing counted.
 */
export async function forgetRateLimits(api: ApiHarness, prefixes: readonly string[]): Promise<void> {
  await api.database.db
    .delete(rateLimits)
    .where(or(...prefixes.map((prefix) => like(rateLimits.key, `${prefix}%`))));
}
