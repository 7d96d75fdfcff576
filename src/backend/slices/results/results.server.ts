import { and, asc, desc, eq, gt, gte, isNotNull, lte } from "drizzle-orm";
import type { Db } from "@/src/backend/db/database.server";
import { drawResults, draws } from "@/src/backend/db/schema";
import type { CheckedTicket, DrawResultDetails, DrawSummary } from "@/src/contract/results";
import type { DrawResult } from "@/src/domain/results/draw-result";
import { drawSlug } from "@/src/domain/results/draw-slug";
import { ticketPrizes } from "@/src/domain/results/prize-engine";
import type { Fraction } from "@/src/domain/tickets/catalogue";
import { TtlCache } from "@/src/lib/ttl-cache";

/**
 * Published results (spec section 7). A result counts from its draw's `published_at`: before that the
 * draw has no result for anyone, even when the row is already there. Reads are cached for a few seconds
 * per instance: after a draw this is the busiest data of the shop.
 */

type GameType = "KROON" | "MILJOENENSPEL";
type DrawRow = typeof draws.$inferSelect;
type Published = { draw: DrawRow; result: DrawResult; jackpotFell: boolean };

const RESULTS_TTL_MS = 5_000;
/** How far back the ticket checker goes: prizes can be claimed for 13 months. */
const CHECKABLE_MONTHS = 13;

const caches = new WeakMap<Db, TtlCache<unknown>>();
function cached<T>(db: Db, key: string, load: () => Promise<T>): Promise<T> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new TtlCache(RESULTS_TTL_MS, 500);
    caches.set(db, cache);
  }
  return cache.get(key, load) as Promise<T>;
}

function toSummary(draw: DrawRow, jackpotFell: boolean): DrawSummary {
  return {
    drawId: draw.id,
    name: draw.name,
    slug: drawSlug(draw.name),
    gameType: draw.gameType as GameType,
    kind: draw.kind as DrawSummary["kind"],
    drawDate: draw.drawAt.toISOString(),
    jackpotInCents: draw.jackpotCents,
    jackpotFell,
  };
}

function publishedBy(now: Date) {
  return and(isNotNull(draws.publishedAt), lte(draws.publishedAt, now));
}

async function loadPublished(db: Db, where: ReturnType<typeof and>, limit: number): Promise<Published[]> {
  const rows = await db
    .select({ draw: draws, result: drawResults.result, jackpotFell: drawResults.jackpotFell })
    .from(draws)
    .innerJoin(drawResults, eq(drawResults.drawId, draws.id))
    .where(where)
    .orderBy(desc(draws.drawAt))
    .limit(limit);
  return rows;
}

export function listDrawSummaries(
  db: Db,
  options: { gameType?: GameType; limit: number },
  now = new Date(),
): Promise<DrawSummary[]> {
  return cached(db, `list:${options.gameType ?? "all"}:${options.limit}`, async () => {
    const rows = await loadPublished(
      db,
      and(publishedBy(now), options.gameType ? eq(draws.gameType, options.gameType) : undefined),
      options.limit,
    );
    return rows.map((row) => toSummary(row.draw, row.jackpotFell));
  });
}

export function latestPublishedResult(
  db: Db,
  gameType: GameType = "KROON",
  now = new Date(),
): Promise<DrawResultDetails | undefined> {
  return cached(db, `latest:${gameType}`, async () => {
    const [row] = await loadPublished(db, and(publishedBy(now), eq(draws.gameType, gameType)), 1);
    return row ? { draw: toSummary(row.draw, row.jackpotFell), result: row.result } : undefined;
  });
}

export function resultByDrawId(
  db: Db,
  drawId: number,
  now = new Date(),
): Promise<DrawResultDetails | undefined> {
  return cached(db, `draw:${drawId}`, async () => {
    const [row] = await loadPublished(db, and(publishedBy(now), eq(draws.id, drawId)), 1);
    return row ? { draw: toSummary(row.draw, row.jackpotFell), result: row.result } : undefined;
  });
}

/** A draw by its slug; names are unique per game, so the slug is too. */
/** The draws a player can check tickets of: published in the last 13 months, newest first. */
export function checkableDraws(db: Db, now = new Date()): Promise<DrawSummary[]> {
  return cached(db, "checkable", async () => {
    const from = new Date(now);
    from.setUTCMonth(from.getUTCMonth() - CHECKABLE_MONTHS);
    const rows = await db
      .select({ draw: draws, jackpotFell: drawResults.jackpotFell })
      .from(draws)
      .innerJoin(drawResults, eq(drawResults.drawId, draws.id))
      .where(and(publishedBy(now), gte(draws.drawAt, from)))
      .orderBy(desc(draws.drawAt));
    return rows.map((row) => toSummary(row.draw, row.jackpotFell));
  });
}

export type TicketToCheck = { ticketNumber: string; fraction: Fraction; withXl: boolean };

/** The prizes of up to 10 numbers in one published draw; undefined when the draw has no result (yet). */
export async function checkTicketNumbers(
  db: Db,
  drawId: number,
  tickets: readonly TicketToCheck[],
  now = new Date(),
): Promise<{ results: CheckedTicket[]; totalInCents: number } | undefined> {
  const details = await resultByDrawId(db, drawId, now);
  if (!details) return undefined;
  const results = tickets.map((ticket) => {
    const won = ticketPrizes(details.result, {
      number: ticket.ticketNumber,
      fraction: ticket.fraction,
      withXl: ticket.withXl,
    });
    return { ...ticket, prizes: won.prizes, totalInCents: won.totalInCents };
  });
  return { results, totalInCents: results.reduce((sum, result) => sum + result.totalInCents, 0) };
}

/** The next moment a result is published (epoch ms), or undefined when none is scheduled. */
export function nextPublicationAt(db: Db, now = new Date()): Promise<number | undefined> {
  return cached(db, "next-publication", async () => {
    const [row] = await db
      .select({ at: draws.publishedAt })
      .from(draws)
      .where(gt(draws.publishedAt, now))
      .orderBy(asc(draws.publishedAt))
      .limit(1);
    return row?.at?.getTime();
  });
}
