import { HttpProblem } from "@/src/backend/http/problem-error";
import { type HandlerContext, implement } from "@/src/backend/http/router";
import type { SessionPlayer } from "@/src/backend/http/session/session.server";
import {
  type Candidate,
  enterTickets,
  gameInfo,
  linkPreview,
  manualCandidates,
  onlineCandidates,
  onlineTickets,
  readGameLinkData,
  retailCandidate,
  subscribeOnce,
} from "@/src/backend/slices/games-of-chance/games.server";
import {
  enterGameByLink,
  enterManualGameTickets,
  enterOnlineGameTickets,
  enterRetailGameTicket,
  getGameOptIns,
  getOnlineGameTickets,
  readGameLink,
  subscribeToGame,
} from "@/src/contract/games-of-chance";
import type { GamePage } from "@/src/domain/games-of-chance/game-page";
import { CachePolicy } from "@/src/lib/cache-policy";

/** Runs a game call, the player's own; the router answers a refusal (GameError) with its reasons. */
async function answering<T>(context: HandlerContext, work: () => Promise<T>): Promise<T> {
  context.res.setHeader("Cache-Control", CachePolicy.private);
  return work();
}

/** Typed numbers and barcodes need a ticked reCAPTCHA (against guessing other players' tickets). */
async function requireRecaptcha(context: HandlerContext, token: string | undefined): Promise<void> {
  if (token && (await context.services.recaptcha.verify(token, context.req.ip))) return;
  context.log.warn({ event: "game_recaptcha_refused" }, "game entry refused: no valid reCAPTCHA");
  throw new HttpProblem(400, { code: "RecaptchaNotValidError" });
}

function pageOf(context: HandlerContext, pageId: string) {
  return context.services.pageContent?.("gameOfChance", pageId);
}

/** Enters the logged-in player's tickets the given way (online, typed numbers, a barcode). */
function enterAsPlayer(
  context: HandlerContext & { player: SessionPlayer },
  pageId: string,
  method: "online" | "manual" | "retail",
  optIns: readonly { id: string; text: string }[],
  candidates: (page: GamePage) => Promise<Candidate[]>,
) {
  return answering(context, async () =>
    enterTickets(
      context.services.db,
      { page: await pageOf(context, pageId), playerId: context.player.id, method, candidates, optIns },
      context.services.now(),
    ),
  );
}

/** Promotional games of chance (issue 19). */
export const gameOfChanceHandlers = [
  implement(getGameOptIns, async ({ params }, context) =>
    answering(context, async () =>
      gameInfo(context.services.db, await pageOf(context, params.pageId), context.services.now()),
    ),
  ),

  implement(subscribeToGame, async ({ params, body }, context) =>
    answering(context, async () =>
      subscribeOnce(
        context.services.db,
        { page: await pageOf(context, params.pageId), playerId: context.player.id, optIns: body.optIns },
        context.services.now(),
      ),
    ),
  ),

  implement(getOnlineGameTickets, async ({ params }, context) =>
    answering(context, async () =>
      onlineTickets(context.services.db, await pageOf(context, params.pageId), context.player.id),
    ),
  ),

  implement(enterOnlineGameTickets, async ({ params, body }, context) =>
    enterAsPlayer(context, params.pageId, "online", body.optIns, (page) =>
      onlineCandidates(context.services.db, page, context.player.id, body.ticketIds),
    ),
  ),

  implement(enterManualGameTickets, async ({ params, body }, context) =>
    enterAsPlayer(context, params.pageId, "manual", body.optIns, async (page) => {
      await requireRecaptcha(context, body.gRecaptchaResponse);
      return manualCandidates(context.services.db, page, context.player.id, body.ticketNumbers);
    }),
  ),

  implement(enterRetailGameTicket, async ({ params, body }, context) =>
    enterAsPlayer(context, params.pageId, "retail", body.optIns, async (page) => {
      await requireRecaptcha(context, body.gRecaptchaResponse);
      return [await retailCandidate(context.services.db, page, context.player.id, body.barcode)];
    }),
  ),

  implement(readGameLink, async ({ params, query }, context) =>
    answering(context, async () =>
      linkPreview(
        context.services.db,
        await pageOf(context, params.pageId),
        context.services.config.sessionSecret,
        query.data,
        context.services.now(),
      ),
    ),
  ),

  implement(enterGameByLink, async ({ params, body }, context) =>
    answering(context, async () => {
      const { db, config } = context.services;
      const now = context.services.now();
      const link = readGameLinkData(config.sessionSecret, params.pageId, body.data, now);
      return enterTickets(
        db,
        {
          page: await pageOf(context, params.pageId),
          playerId: link.playerId,
          method: "link",
          candidates: (page) => onlineCandidates(db, page, link.playerId, link.ticketIds),
          optIns: body.optIns,
        },
        now,
      );
    }),
  ),
];
