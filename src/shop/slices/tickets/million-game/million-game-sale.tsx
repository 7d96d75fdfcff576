import { useId } from "react";
import { millionGame as text } from "@/src/lib/messages";
import type { AddToBasket } from "../add-to-basket";
import { useClientNow } from "../use-client-now";
import type { MillionGameDraw } from "./million-game-draw";
import { type MillionGameAnswer, MillionGameForm } from "./million-game-form";

/**
 * Tickets for the weekly million game (spec sections 1, 3 and 9), straight into the basket, or a note
 * when no draw is on sale.
 */
export function MillionGameSale({
  title,
  draw,
  addToBasket,
  answered,
}: {
  title?: string;
  draw: MillionGameDraw | undefined;
  addToBasket: AddToBasket;
  answered?: MillionGameAnswer;
}) {
  const headingId = useId();
  const now = useClientNow();
  // Hides a draw whose sales closed after the page was rendered or cached.
  const open = draw && (now === undefined || Date.parse(draw.salesCloseDateTime) > now) ? draw : undefined;
  return (
    <section className="million-game" aria-labelledby={headingId}>
      <h2 id={headingId}>{title ?? text.defaultTitle}</h2>
      {open ? (
        <MillionGameForm draw={open} addToBasket={addToBasket} answered={answered} />
      ) : (
        <p>{text.noDraw}</p>
      )}
    </section>
  );
}
