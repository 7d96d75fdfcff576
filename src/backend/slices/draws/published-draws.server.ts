import { and, desc, eq, isNotNull, lte } from "drizzle-orm";
import type { Db } from "@/src/backend/db/database.server";
import { draws } from "@/src/backend/db/schema";
import type { EndpointInput } from "@/src/contract/define";
import type { Draw, getPublishedDraws } from "@/src/contract/draws";
import { drawStatusAt } from "@/src/domain/draw-status";
import { TtlCache } from "@/src/lib/ttl-cache";

type DrawRow = typeof draws.$inferSelect;
type Query = EndpointInput<typeof getPublishedDraws>["query"];

export function toDraw(row: DrawRow, now: Date): Draw {
  return {
    drawId: row.id,
    gameType: row.gameType as Draw["gameType"],
    kind: row.kind as Draw["kind"],
    runningNumber: row.runningNumber,
    name: row.name,
    drawDate: row.drawAt.toISOString(),
    salesCloseDateTime: row.salesCloseAt.toISOString(),
    status: drawStatusAt(now, row),
    jackpotInCents: row.jackpotCents,
  };
}

/** Published draws, newest first: the one query behind the API endpoint and the pages' SSR prefetch. */
export async function listPublishedDraws(db: Db, now: Date, query: Query): Promise<{ draws: Draw[] }> {
  const rows = await db
    .select()
    .from(draws)
    .where(
      and(
        isNotNull(draws.publishedAt),
        lte(draws.publishedAt, now),
        query.gameType ? eq(draws.gameType, query.gameType) : undefined,
      ),
    )
    .orderBy(desc(draws.drawAt))
    .limit(query.limit);
  return { draws: rows.map((row) => toDraw(row, now)) };
}

/**
 * Published results change only when a draw is published, yet this is the busiest read after a draw:
 * each instance keeps the answer for a few seconds (the CDN keeps it longer, see Cache-Control).
 */
export const PUBLISHED_DRAWS_TTL_MS = 5_000;
const caches = new WeakMap<Db, TtlCache<{ draws: Draw[] }>>();

export function cachedPublishedDraws(db: Db, query: Query): Promise<{ draws: Draw[] }> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new TtlCache(PUBLISHED_DRAWS_TTL_MS);
    caches.set(db, cache);
  }
  return cache.get(JSON.stringify([query.gameType ?? null, query.limit]), () =>
    listPublishedDraws(db, new Date(), query),
  );
}
