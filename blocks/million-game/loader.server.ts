import type { MillionGameFields } from "@/content-models/million-game";
import { getPriceDetails, type PriceDetails } from "@/src/contract/tickets";
import { MILLION_GAME_PAGE_ID } from "@/src/shop/slices/tickets/million-game/million-game-draw";
import type { BlockLoaderContext } from "../block-props";

/** The next million-game draw on sale; null when there is none (the block says so). */
export async function loadMillionGame(
  _props: MillionGameFields,
  { clients }: BlockLoaderContext,
): Promise<PriceDetails["millionGame"]> {
  return (await clients.shop.call(getPriceDetails, { params: { pageId: MILLION_GAME_PAGE_ID } })).millionGame;
}
