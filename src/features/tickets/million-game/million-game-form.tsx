import { type FormEvent, useId, useState } from "react";
import { Link } from "react-router";
import { FormField } from "@/src/components/form-field";
import { BASKET_UNIT_LIMIT } from "@/src/domain/tickets/catalogue";
import { formatDateTime, formatEuroCents, formatWeekdayDate } from "@/src/lib/format";
import { millionGame as text } from "@/src/lib/messages";
import type { AddToBasket } from "../add-to-basket";
import { parseQuantity } from "../configurator/configurator-model";
import type { MillionGameDraw } from "./million-game-draw";

/**
 * The draw with its closing time and jackpot, and how many tickets to put in the basket. A ticket costs
 * the same for everyone, so nothing needs verifying first; checkout verifies the draw.
 */
export function MillionGameForm({ draw, addToBasket }: { draw: MillionGameDraw; addToBasket: AddToBasket }) {
  const id = useId();
  const [quantityText, setQuantityText] = useState("1");
  /** The last valid quantity, so the total stays meaningful while the input is being edited. */
  const [quantity, setQuantity] = useState(1);
  const [showError, setShowError] = useState(false);
  const [added, setAdded] = useState(false);
  const invalid = parseQuantity(quantityText, BASKET_UNIT_LIMIT) === undefined;
  const error = showError && invalid ? text.quantityError(BASKET_UNIT_LIMIT) : undefined;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = parseQuantity(quantityText, BASKET_UNIT_LIMIT);
    if (checked === undefined) {
      setShowError(true);
      setAdded(false);
      document.getElementById(`${id}-quantity`)?.focus();
      return;
    }
    // "overLimit": the basket store shows the error flash itself and changes nothing.
    setAdded(
      addToBasket({ _type: "MjsBasketTicket", basketItemId: "", quantity: checked, drawId: draw.drawId }) ===
        "added",
    );
  };

  return (
    <>
      <p className="million-game__draw">{draw.name}</p>
      <dl className="details">
        <dt>{text.drawDate}</dt>
        <dd>{formatWeekdayDate(draw.drawDate)}</dd>
        <dt>{text.salesClose}</dt>
        <dd>{formatDateTime(draw.salesCloseDateTime)}</dd>
        <dt>{text.jackpot}</dt>
        <dd>{formatEuroCents(draw.jackpotInCents)}</dd>
      </dl>
      <form className="portal-form million-game__form" onSubmit={onSubmit} noValidate aria-label={draw.name}>
        <FormField
          id={`${id}-quantity`}
          label={text.quantityLabel}
          hint={text.quantityHint(formatEuroCents(draw.pricePerTicketInCents))}
          error={error}
          name="quantity"
          type="number"
          inputMode="numeric"
          min={1}
          max={BASKET_UNIT_LIMIT}
          step={1}
          value={quantityText}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setQuantityText(value);
            const parsed = parseQuantity(value, BASKET_UNIT_LIMIT);
            if (parsed !== undefined) setQuantity(parsed);
            setAdded(false);
          }}
          onBlur={() => setShowError(true)}
        />
        <p role="status" aria-atomic="true" className="million-game__total">
          {text.total}: {formatEuroCents(quantity * draw.pricePerTicketInCents)}
        </p>
        <div className="portal-form__actions">
          <button type="submit" className="button">
            {text.submit}
          </button>
        </div>
        <div role="status">
          {added ? (
            <>
              {text.added} <Link to="/winkelmandje">{text.toBasket}</Link>
            </>
          ) : null}
        </div>
      </form>
    </>
  );
}
