import { eq } from "drizzle-orm";
import { drawWinners } from "@/src/domain/games-of-chance/draw-winners";
import { maskedName } from "@/src/domain/games-of-chance/game-rules";
import type { Db } from "./database.server";
import { gameDraws, gameEntries, players } from "./schema";

/** The finished demo game (issue 19; README "Games of chance"): its content page is /zomerwinactie. */
export const FINISHED_GAME = {
  pageId: "zomerwinactie",
  seed: "zomerwinactie-2026-09-01",
  prizes: 1,
} as const;

/**
 * The finished game's entries and draw, so its page shows a winner: the demo player and three players of
 * the summer mailing took part with one click; the draw is made from the recorded seed, as `npm run
 * games:draw` would. Idempotent: a game drawn before is left as it is.
 */
export async function seedGames(db: Db, demoPlayerEmail: string): Promise<void> {
  const [drawn] = await db.select().from(gameDraws).where(eq(gameDraws.pageId, FINISHED_GAME.pageId));
  if (drawn) return;
  const [demo] = await db.select().from(players).where(eq(players.email, demoPlayerEmail));
  if (!demo) return;
  const optIns = [] as { id: string; version: string; text: string }[];
  await db
    .insert(gameEntries)
    .values({
      pageId: FINISHED_GAME.pageId,
      playerId: demo.id,
      method: "subscribe",
      optIns,
      createdAt: new Date("2026-07-15T10:00:00Z"),
    })
    .onConflictDoNothing();
  const entries = await db
    .select({ entry: gameEntries, player: players })
    .from(gameEntries)
    .innerJoin(players, eq(players.id, gameEntries.playerId))
    .where(eq(gameEntries.pageId, FINISHED_GAME.pageId));
  const byId = new Map(entries.map((row) => [row.entry.id, row]));
  const winners = drawWinners([...byId.keys()], FINISHED_GAME.prizes, FINISHED_GAME.seed).map((entryId) => {
    const row = byId.get(entryId)!;
    return {
      entryId,
      ticketNumber: row.entry.ticketNumber,
      name: maskedName(row.player.firstName, row.player.lastName),
    };
  });
  await db
    .insert(gameDraws)
    .values({
      pageId: FINISHED_GAME.pageId,
      seed: FINISHED_GAME.seed,
      entries: entries.length,
      winners,
      drawnAt: new Date("2026-09-01T09:00:00Z"),
    })
    .onConflictDoNothing();
}
