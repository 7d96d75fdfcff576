import type { MillionGameFields } from "@/content-models/million-game";
import { addToBasket } from "@/src/shop/slices/basket/basket-store";
import { isMillionGameDraw } from "@/src/shop/slices/tickets/million-game/million-game-draw";
import { MillionGameSale } from "@/src/shop/slices/tickets/million-game/million-game-sale";
import type { BlockComponentProps } from "../block-props";

/** CMS block: tickets for the next million-game draw, which its loader found (null when none is open). */
export default function MillionGame({ block }: BlockComponentProps) {
  const props = block.props as MillionGameFields;
  const draw = isMillionGameDraw(block.data) ? block.data : undefined;
  return <MillionGameSale title={props.title} draw={draw} addToBasket={addToBasket} />;
}
