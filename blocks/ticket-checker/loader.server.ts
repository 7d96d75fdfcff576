import type { TicketCheckerFields } from "@/content-models/ticket-checker";
import { type DrawSummary, getTicketCheckerDraws } from "@/src/contract/results";
import type { BlockLoaderContext } from "../block-props";

/** What GET /api/draw-results/ticket-checker answers: the checkable draws, newest first. */
export async function loadTicketChecker(
  _props: TicketCheckerFields,
  { clients }: BlockLoaderContext,
): Promise<DrawSummary[]> {
  return (await clients.shop.call(getTicketCheckerDraws)).draws;
}
