import { addToBasket } from "@/src/shop/slices/basket/basket-store";
import { MillionGameSale } from "@/src/shop/slices/tickets/million-game/million-game-sale";
import type { BlockViewProps } from "../block-view-props";

/** CMS block: tickets for the next million-game draw, which its loader found (null when none is open). */
export default function MillionGame({ block }: BlockViewProps<"millionGame">) {
  return (
    <MillionGameSale title={block.props.title} draw={block.data ?? undefined} addToBasket={addToBasket} />
  );
}
