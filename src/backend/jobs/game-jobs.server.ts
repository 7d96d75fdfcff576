import type { Db } from "@/src/backend/db/database.server";
import { enqueueJob } from "@/src/backend/db/job-queue/enqueue.server";
import { drawGame } from "@/src/backend/slices/games-of-chance/games.server";
import type { GamePage } from "@/src/domain/games-of-chance/game-page";
import { gameState } from "@/src/domain/games-of-chance/game-rules";
import type { JobHandlers } from "./worker.server";

/** Draws every game of chance that has ended and is not drawn yet (issue 19); safe to run again. */
export const DRAW_GAMES_JOB = "draw-ended-games";

/**
 * The games' job (issue 19; decision 13): after a game ends, its draw picks the winners with a recorded seed
 * and queues their e-mails, as `npm run games:draw` does by hand. A game drawn before is left as it is.
 * Swept every hour.
 */
export function gameJobHandlers(services: {
  db: Db;
  now: () => Date;
  games: () => Promise<readonly GamePage[]>;
}): JobHandlers {
  return {
    [DRAW_GAMES_JOB]: async (_payload, { logger }) => {
      const now = services.now();
      for (const game of await services.games()) {
        if (gameState(game, now) !== "ended") continue;
        const drawn = await drawGame(services.db, game, now);
        if (drawn.drawnAt.getTime() === now.getTime()) {
          logger.info({ pageId: game.pageId, winners: drawn.winners.length, seed: drawn.seed }, "game drawn");
        }
      }
    },
  };
}

export async function scheduleGameJobs(db: Db, now: Date, options: { manual?: boolean } = {}): Promise<void> {
  await enqueueJob(db, {
    name: DRAW_GAMES_JOB,
    key: options.manual ? undefined : `${DRAW_GAMES_JOB}:${now.toISOString().slice(0, 13)}`,
    payload: {},
  });
}
