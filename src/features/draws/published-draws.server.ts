import { and, desc, eq, isNotNull, lte } from "drizzle-orm";
import type { EndpointInput } from "@/src/api/contract/define";
import type { Draw, getPublishedDraws } from "@/src/api/contract/draws";
import type { Db } from "@/src/db/database.server";
import { draws } from "@/src/db/schema";
import { drawStatusAt } from "@/src/domain/draw-status";

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
