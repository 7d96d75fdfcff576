import { z } from "zod";
import type { Db } from "@/src/backend/db/database.server";
import { enqueueJob } from "@/src/backend/db/job-queue/enqueue.server";
import { queueGameInvitations } from "@/src/backend/slices/games-of-chance/game-invitations.server";
import { drawGame } from "@/src/backend/slices/games-of-chance/games.server";
import type { GamePage } from "@/src/domain/games-of-chance/game-page";
import { gameState } from "@/src/domain/games-of-chance/game-rules";
import type { JobHandlers } from "./worker.server";

/** Draws every game of chance that has ended and is not drawn yet (issue 19); safe to run again. */
export const DRAW_GAMES_JOB = "draw-ended-games";
/** Queues `invite-to-game` for every open game with personal links (issue 42). */
export const INVITE_TO_OPEN_GAMES_JOB = "invite-to-open-games";
/** Queues a game's invitations {pageId}; safe to run again (one e-mail per game and player). */
export const INVITE_TO_GAME_JOB = "invite-to-game";

const GamePayload = z.object({ pageId: z.string().min(1) });

/**
 * The games' jobs (issues 19 and 42; decision 13), swept every hour:
 * - after a game ends, its draw picks the winners with a recorded seed and queues their e-mails, as
 *   `npm run games:draw` does by hand; a game drawn before is left as it is;
 * - once a game is open, its invitations are queued by one `invite-to-game` job per game (keyed by the
 *   page, so the sweeps after it queue none; once pruned, a month on, a run invites only players who were
 *   not invited before). Without the secret that signs the personal links, no game is invited.
 */
export function gameJobHandlers(services: {
  db: Db;
  now: () => Date;
  games: () => Promise<readonly GamePage[]>;
  /** Signs the personal links in the invitations: the session secret, as the API that reads them has it. */
  linkSecret?: string;
}): JobHandlers {
  const { db, linkSecret } = services;
  return {
    [DRAW_GAMES_JOB]: async (_payload, { logger }) => {
      const now = services.now();
      for (const game of await services.games()) {
        if (gameState(game, now) !== "ended") continue;
        const drawn = await drawGame(db, game, now);
        if (drawn.drawnAt.getTime() === now.getTime()) {
          logger.info({ pageId: game.pageId, winners: drawn.winners.length, seed: drawn.seed }, "game drawn");
        }
      }
    },
    [INVITE_TO_OPEN_GAMES_JOB]: async () => {
      if (!linkSecret) return;
      const now = services.now();
      for (const game of await services.games()) {
        if (gameState(game, now) !== "open" || !game.entryMethods.includes("link")) continue;
        await enqueueJob(db, {
          name: INVITE_TO_GAME_JOB,
          key: `${INVITE_TO_GAME_JOB}:${game.pageId}`,
          payload: { pageId: game.pageId },
        });
      }
    },
    [INVITE_TO_GAME_JOB]: async (payload, { logger }) => {
      const { pageId } = GamePayload.parse(payload);
      if (!linkSecret) throw new Error("no secret to sign the game's personal links with");
      const now = services.now();
      const game = (await services.games()).find((candidate) => candidate.pageId === pageId);
      // Taken off the site, or over, since it was queued: nobody is invited to it any more.
      if (!game || gameState(game, now) !== "open") return;
      const queued = await queueGameInvitations(db, game, { secret: linkSecret, now });
      logger.info({ pageId, queued }, "game invitations queued");
    },
  };
}

export async function scheduleGameJobs(db: Db, now: Date, options: { manual?: boolean } = {}): Promise<void> {
  const hour = now.toISOString().slice(0, 13);
  await Promise.all(
    [DRAW_GAMES_JOB, INVITE_TO_OPEN_GAMES_JOB].map((name) =>
      enqueueJob(db, { name, key: options.manual ? undefined : `${name}:${hour}`, payload: {} }),
    ),
  );
}
