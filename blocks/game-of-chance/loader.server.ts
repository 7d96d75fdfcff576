import type { GameOfChanceFields } from "@/content-models/game-of-chance";
import { type GameInfo, getGameOptIns } from "@/src/contract/games-of-chance";
import type { BlockLoaderContext } from "../block-props";

/** The game as the shop API has it (its state, and its winners once drawn), so the block renders on the server. */
export function loadGameOfChance(
  props: GameOfChanceFields,
  { clients }: BlockLoaderContext,
): Promise<GameInfo> {
  return clients.shop.call(getGameOptIns, { params: { pageId: props.pageId } });
}
