import { and, desc, eq, isNotNull, lte } from "drizzle-orm";
import { type Draw, getPublishedDraws } from "@/src/api/contract/draws";
import { draws } from "@/src/db/schema";
import { drawStatusAt } from "@/src/domain/draw-status";
import { implement } from "../router";

type DrawRow = typeof draws.$inferSelect;

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

export const drawHandlers = [
  implement(getPublishedDraws, async ({ query }, { services, res }) => {
    const now = services.now();
    const rows = await services.db
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
    res.setHeader("Cache-Control", "public, max-age=60, stale-while-revalidate=300");
    return { draws: rows.map((row) => toDraw(row, now)) };
  }),
];
