import { useEffect, useId, useState } from "react";
import type { BasketTicket } from "@/src/domain/tickets/basket-ticket";
import { BASKET_UNIT_LIMIT } from "@/src/domain/tickets/catalogue";
import { createFlash } from "@/src/lib/flash/flash";
import { basket, basketPage } from "@/src/lib/messages";
import { showFlash } from "@/src/shop/components/flash/flash-messages";
import { changeBasketItem } from "./change-basket-item";

/**
 * A basket item's quantity as a field with steppers. Typing is kept as a draft until the field is left
 * or Enter is pressed, so "12" is not applied as "1" first; 0 removes the item (spec section 4), an empty
 * or invalid value is undone.
 */
export function QuantityStepper({ ticket, describedBy }: { ticket: BasketTicket; describedBy: string }) {
  const inputId = useId();
  const [draft, setDraft] = useState(String(ticket.quantity));
  useEffect(() => setDraft(String(ticket.quantity)), [ticket.quantity]);

  const apply = (quantity: number) => {
    if (quantity === ticket.quantity) return setDraft(String(ticket.quantity));
    if (!Number.isInteger(quantity) || quantity < 0) return setDraft(String(ticket.quantity));
    // More than 100 of anything is over the basket limit, whatever the rest of the basket holds.
    if (quantity > BASKET_UNIT_LIMIT) {
      showFlash(createFlash(basket.overLimit, "error"));
      return setDraft(String(ticket.quantity));
    }
    if (changeBasketItem(ticket.basketItemId, { quantity }) === "refused") setDraft(String(ticket.quantity));
  };
  const applyDraft = () => (draft.trim() === "" ? setDraft(String(ticket.quantity)) : apply(Number(draft)));

  return (
    <div className="basket-item__quantity">
      <label htmlFor={inputId}>{basketPage.quantity}</label>
      <div className="stepper">
        <button
          type="button"
          className="stepper__button"
          aria-label={basketPage.decrease}
          aria-describedby={describedBy}
          onClick={() => apply(ticket.quantity - 1)}
        >
          −
        </button>
        <input
          id={inputId}
          name="quantity"
          className="stepper__input"
          type="number"
          inputMode="numeric"
          min={0}
          max={BASKET_UNIT_LIMIT}
          value={draft}
          aria-describedby={describedBy}
          onChange={(event) => setDraft(event.currentTarget.value)}
          onBlur={applyDraft}
          onKeyDown={(event) => {
            if (event.key === "Enter") applyDraft();
          }}
        />
        <button
          type="button"
          className="stepper__button"
          aria-label={basketPage.increase}
          aria-describedby={describedBy}
          onClick={() => apply(ticket.quantity + 1)}
        >
          +
        </button>
      </div>
    </div>
  );
}
