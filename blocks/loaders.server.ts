import type { CountdownFields } from "@/content-models/countdown";
import type { DrawResultsFields } from "@/content-models/draw-results";
import type { MarkdownTextFields } from "@/content-models/markdown-text";
import type { MillionGameFields } from "@/content-models/million-game";
import type { TicketCheckerFields } from "@/content-models/ticket-checker";
import type { TicketConfiguratorFields } from "@/content-models/ticket-configurator";
import type { ApiClients } from "@/src/api/client/api-caller";
import { ApiError } from "@/src/api/client/api-error";
import type { DrawSummary } from "@/src/api/contract/results";
import { getDrawResult, getDrawResults, getTicketCheckerDraws } from "@/src/api/contract/results";
import { getPriceDetails, type PriceDetails } from "@/src/api/contract/tickets";
import { renderMarkdown } from "@/src/lib/markdown.server";
import type { BlockLoader } from "./block-props";
import type { CountdownData } from "./countdown/countdown-data";
import type { DrawResultsData } from "./draw-results/draw-results";

/** The page id the million game is priced for; its block has no page id of its own. */
export const MILLION_GAME_PAGE_ID = "miljoenenspel";
/** The page id the countdown asks the draws on sale under. */
const COUNTDOWN_PAGE_ID = "aftellen";

/**
 * Server data loaders of the blocks that need one (DESIGN section 4). They read through the shop API
 * client (in-process or the operator's API), never the database; a failure marks only its block.
 */
export function createBlockLoaders(clients: ApiClients): Partial<Record<string, BlockLoader>> {
  const { shop } = clients;
  const countdown = async (props: CountdownFields): Promise<CountdownData | undefined> => {
    const details = await shop.call(getPriceDetails, { params: { pageId: COUNTDOWN_PAGE_ID } });
    const draw = (props.gameType ?? "KROON") === "MILJOENENSPEL" ? details.millionGame : details.draws[0];
    return draw
      ? { drawName: draw.name, drawAt: draw.drawDate, salesCloseAt: draw.salesCloseDateTime }
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
    shop.call(getPriceDetails, { params: { pageId: props.pageId } });
  // null: no million-game draw is on sale (the block says so).
  const millionGame = async (_props: MillionGameFields): Promise<PriceDetails["millionGame"]> =>
    (await shop.call(getPriceDetails, { params: { pageId: MILLION_GAME_PAGE_ID } })).millionGame;
  // The latest classic result (none before the first publication) and the recent draws with their own pages.
  const drawResults = async (_props: DrawResultsFields): Promise<DrawResultsData> => {
    const { draws: past } = await shop.call(getDrawResults, { query: { gameType: "KROON", limit: 12 } });
    const latest = past[0];
    const details = latest
      ? await shop.call(getDrawResult, { params: { drawId: latest.drawId } }).catch((error: unknown) => {
          // Published between the two calls' caches: shown as "no result yet" rather than a failed block.
          if (error instanceof ApiError && error.status === 404) return undefined;
          throw error;
        })
      : undefined;
    return { details, past };
  };
  // What GET /api/draw-results/ticket-checker answers: the checkable draws, newest first.
  const ticketChecker = async (_props: TicketCheckerFields): Promise<DrawSummary[]> =>
    (await shop.call(getTicketCheckerDraws)).draws;
  return {
    countdown: countdown as BlockLoader,
    markdownText: markdownText as BlockLoader,
    ticketConfigurator: ticketConfigurator as BlockLoader,
    millionGame: millionGame as BlockLoader,
    drawResults: drawResults as BlockLoader,
    ticketChecker: ticketChecker as BlockLoader,
  };
}
