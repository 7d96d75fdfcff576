import type { MillionGameFields } from "@/content-models/million-game";
import { getPriceDetails, type PriceDetails } from "@/src/contract/tickets";
import type { BlockLoaderContext } from "../block-props";

/** The page id the million game is priced for; its block has no page id of its own. */
export const MILLION_GAME_PAGE_ID = "miljoenenspel";

/** The next million-game draw on sale; null when there is none (the block says so). */
export async function loadMillionGame(
  _props: MillionGameFields,
  { clients }: BlockLoaderContext,
): Promise<PriceDetails["millionGame"]> {
  return (await clients.shop.call(getPriceDetails, { params: { pageId: MILLION_GAME_PAGE_ID } })).millionGame;
}
