import { and, asc, eq, gt } from "drizzle-orm";
import type { CountdownFields } from "@/content-models/countdown";
import type { DrawResultsFields } from "@/content-models/draw-results";
import type { MarkdownTextFields } from "@/content-models/markdown-text";
import type { MillionGameFields } from "@/content-models/million-game";
import type { TicketCheckerFields } from "@/content-models/ticket-checker";
import type { TicketConfiguratorFields } from "@/content-models/ticket-configurator";
import type { DrawSummary } from "@/src/api/contract/results";
import type { PriceDetails } from "@/src/api/contract/tickets";
import { renderMarkdown } from "@/src/cms/markdown.server";
import type { BlockLoader } from "@/src/cms/resolve-page.server";
import type { Db } from "@/src/db/database.server";
import { draws } from "@/src/db/schema";
import {
  checkableDraws,
  latestPublishedResult,
  listDrawSummaries,
} from "@/src/features/results/results.server";
import { priceDetails } from "@/src/features/tickets/sales.server";
import type { CountdownData } from "./countdown/countdown-data";
import type { DrawResultsData } from "./draw-results/draw-results";

/** The page id the million game is priced for; its block has no page id of its own. */
export const MILLION_GAME_PAGE_ID = "miljoenenspel";

/** Server data loaders of the blocks that need one (DESIGN section 4), bound to their data. */
export function createBlockLoaders(db: Db): Partial<Record<string, BlockLoader>> {
  const countdown = async (props: CountdownFields): Promise<CountdownData | undefined> => {
    const [draw] = await db
      .select()
      .from(draws)
      .where(and(eq(draws.gameType, props.gameType ?? "KROON"), gt(draws.salesCloseAt, new Date())))
      .orderBy(asc(draws.salesCloseAt))
      .limit(1);
    return draw
      ? {
          drawName: draw.name,
          drawAt: draw.drawAt.toISOString(),
          salesCloseAt: draw.salesCloseAt.toISOString(),
        }
      : undefined;
  };
  // Markdown becomes HTML here so markdown-it never reaches a client bundle; the source is not sent.
  const markdownText = async (props: MarkdownTextFields) => {
    const html = renderMarkdown(props.body);
    (props as Partial<MarkdownTextFields>).body = undefined;
    return { html };
  };
  // What GET /api/tickets/{pageId}/configurator/price-details answers, so the block renders on the server.
  const ticketConfigurator = (props: TicketConfiguratorFields): Promise<PriceDetails> =>
    priceDetails(db, props.pageId, new Date());
  // null: no million-game draw is on sale (the block says so).
  const millionGame = async (_props: MillionGameFields): Promise<PriceDetails["millionGame"]> =>
    (await priceDetails(db, MILLION_GAME_PAGE_ID, new Date())).millionGame;
  // The latest classic result (none before the first publication) and the recent draws with their own pages.
  const drawResults = async (_props: DrawResultsFields): Promise<DrawResultsData> => {
    const [details, past] = await Promise.all([
      latestPublishedResult(db),
      listDrawSummaries(db, { gameType: "KROON", limit: 12 }),
    ]);
    return { details, past };
  };
  // What GET /api/draw-results/ticket-checker answers: the checkable draws, newest first.
  const ticketChecker = (_props: TicketCheckerFields): Promise<DrawSummary[]> => checkableDraws(db);
  return {
    countdown: countdown as BlockLoader,
    markdownText: markdownText as BlockLoader,
    ticketConfigurator: ticketConfigurator as BlockLoader,
    millionGame: millionGame as BlockLoader,
    drawResults: drawResults as BlockLoader,
    ticketChecker: ticketChecker as BlockLoader,
  };
}
