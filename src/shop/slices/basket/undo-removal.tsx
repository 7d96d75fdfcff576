import { type FormEvent, useEffect, useRef, useState } from "react";
import { encodeBasketCookie } from "@/src/domain/tickets/basket-cookie";
import type { BasketTicket } from "@/src/domain/tickets/basket-ticket";
import { basketUndo as text } from "@/src/lib/messages";
import { itemTitle } from "./basket-item-row";
import { addToBasket, type BasketNotificationState } from "./basket-store";
import { UNDO_FIELD } from "./server-basket";

/**
 * The line the player just removed from this tab's basket (the remove button, or quantity 0), to offer it
 * back; `initial` is the one the page's action removed without JavaScript. Another tab's removal, which
 * this tab only reads, is not the player's doing here and offers nothing.
 */
export function useRemovedLine(
  tickets: readonly BasketTicket[],
  notification: BasketNotificationState,
  initial: BasketTicket | undefined,
) {
  const [removed, setRemoved] = useState(initial);
  const previous = useRef(tickets);
  useEffect(() => {
    const before = previous.current;
    previous.current = tickets;
    if (notification !== "removed") return;
    const gone = before.find((ticket) => !tickets.some((now) => now.basketItemId === ticket.basketItemId));
    if (gone) setRemoved(gone);
  }, [tickets, notification]);
  return { removed, forget: () => setRemoved(undefined) };
}

/**
 * "… is uit je winkelmandje gehaald. [Ongedaan maken]" (issue 43). A form that posts the line to the
 * basket page's action, so it works without JavaScript; with it, the line goes back into this tab's store.
 * It takes the focus when it appears, as the removed line's controls are gone: the notice itself, not its
 * button, so the Enter that set the quantity to 0 does not press it; Tab goes on to the button.
 */
export function UndoRemoval({
  ticket,
  hydrated,
  onDone,
}: {
  ticket: BasketTicket;
  hydrated: boolean;
  onDone: () => void;
}) {
  const ref = useRef<HTMLFormElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a newly removed line takes the focus again
  useEffect(() => {
    if (hydrated) ref.current?.focus();
  }, [ticket, hydrated]);
  const restore = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Over the limit (the player added more since) the store shows its own error and nothing changes.
    if (addToBasket(ticket) === "added") onDone();
  };
  return (
    <form
      ref={ref}
      tabIndex={-1}
      aria-label={text.removed(itemTitle(ticket))}
      className="basket-undo"
      method="post"
      action="/winkelmandje"
      onSubmit={hydrated ? restore : undefined}
    >
      <input type="hidden" name="intent" value="undo" />
      <input type="hidden" name={UNDO_FIELD} value={encodeBasketCookie([ticket])} />
      <p role="status">
        {text.removed(itemTitle(ticket))}{" "}
        <button type="submit" className="link-button">
          {text.undo}
        </button>
      </p>
    </form>
  );
}
