import type { Logger } from "pino";
import { gameOfChanceModel } from "@/content-models/game-of-chance";
import type { GamePage } from "@/src/domain/games-of-chance/game-page";
import { blocksByPageId } from "./blocks-by-page-id";
import type { ContentEntry, ContentSource } from "./source/types";
import type { OfferProblem } from "./subscription-offers";

/** The game of chance blocks (`gameOfChance` entries, issue 19) by page id, as the shop API serves them. */
export function gamePages(
  entries: readonly ContentEntry[],
  report: (problem: OfferProblem) => void,
): Map<string, GamePage> {
  return blocksByPageId(entries, report, {
    schema: gameOfChanceModel.schema,
    part: "gameOfChance",
    what: "game of chance block",
    toValue: (fields) => ({
      pageId: fields.pageId,
      title: fields.title,
      prizeText: fields.prizeText,
      numberOfPrizes: fields.numberOfPrizes,
      startsAt: new Date(fields.startDate),
      endsAt: new Date(fields.endDate),
      maxParticipations: fields.maxParticipations,
      rule: {
        ticketsFrom: fields.ticketsFrom,
        ticketsUntil: fields.ticketsUntil,
        productTypes: [...new Set(fields.productTypes ?? [])],
      },
      entryMethods: [...new Set(fields.entryMethods ?? [])],
      optIns: [...new Set(fields.optIns ?? [])],
      requiredOptIns: [...new Set(fields.requiredOptIns ?? [])],
    }),
  });
}

/** Every valid game of chance of the content source (the draw job's list); invalid entries are logged. */
export async function allGamePages(
  source: Pick<ContentSource, "getEntriesOfType">,
  logger: Pick<Logger, "warn">,
): Promise<GamePage[]> {
  const entries = await source.getEntriesOfType("gameOfChance", { preview: false });
  return [
    ...gamePages(entries, (problem) =>
      logger.warn(problem, "content problem: invalid game of chance"),
    ).values(),
  ];
}
