import { type FormEvent, useId, useState } from "react";
import { Link } from "react-router";
import { BASKET_UNIT_LIMIT } from "@/src/domain/tickets/catalogue";
import { formatDateTime, formatEuroCents, formatWeekdayDate } from "@/src/lib/format";
import { millionGame as text } from "@/src/lib/messages";
import { FormField } from "@/src/shop/components/form-field";
import type { AddToBasket } from "../add-to-basket";
import { ADD_TO_BASKET_ACTION } from "../configurator/configurator-form";
import { parseQuantity } from "../configurator/configurator-model";
import type { MillionGameDraw } from "./million-game-draw";

/** The form as the server's action answered a post without JavaScript: what was typed, and why it was refused. */
export type MillionGameAnswer = { quantityText: string; error: string };

/** The quantity as typed and as a number (undefined while invalid), its message, and adding the tickets. */
function useMillionGameQuantity(
  {
    draw,
    addToBasket,
    answered,
  }: { draw: MillionGameDraw; addToBasket: AddToBasket; answered?: MillionGameAnswer },
  inputId: string,
) {
  const [quantityText, setQuantityText] = useState(answered?.quantityText ?? "1");
  const [showError, setShowError] = useState(false);
  const [serverError, setServerError] = useState(answered?.error);
  const [added, setAdded] = useState(false);
  // No total for a quantity in error (issue 43: it showed the last valid one's).
  const quantity = parseQuantity(quantityText, BASKET_UNIT_LIMIT);
  const invalid = quantity === undefined;
  const error = (showError && invalid ? text.quantityError(BASKET_UNIT_LIMIT) : undefined) ?? serverError;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = parseQuantity(quantityText, BASKET_UNIT_LIMIT);
    if (checked === undefined) {
      setShowError(true);
      setAdded(false);
      document.getElementById(inputId)?.focus();
      return;
    }
    // "overLimit": the basket store shows the error flash itself and changes nothing.
    setAdded(
      addToBasket({ _type: "MjsBasketTicket", basketItemId: "", quantity: checked, drawId: draw.drawId }) ===
        "added",
    );
  };
  const type = (value: string) => {
    setQuantityText(value);
    setServerError(undefined);
    setAdded(false);
  };
  return { quantityText, quantity, error, added, onSubmit, type, leave: () => setShowError(true) };
}

/**
 * The draw with its closing time and jackpot, and how many tickets to put in the basket. A ticket costs
 * the same for everyone, so nothing needs verifying first; checkout verifies the draw. Without
 * JavaScript the form posts to the add-to-basket action, which asks the shop API for the ticket.
 */
export function MillionGameForm({
  draw,
  addToBasket,
  answered,
}: {
  draw: MillionGameDraw;
  addToBasket: AddToBasket;
  answered?: MillionGameAnswer;
}) {
  const id = useId();
  const { quantityText, quantity, error, added, onSubmit, type, leave } = useMillionGameQuantity(
    { draw, addToBasket, answered },
    `${id}-quantity`,
  );

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
      <form
        className="portal-form million-game__form"
        method="post"
        action={ADD_TO_BASKET_ACTION}
        onSubmit={onSubmit}
        noValidate
        aria-label={draw.name}
      >
        <input type="hidden" name="kind" value="millionGame" />
        <input type="hidden" name="drawId" value={draw.drawId} />
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
          onChange={(event) => type(event.currentTarget.value)}
          onBlur={leave}
        />
        <p role="status" aria-atomic="true" className="million-game__total">
          {text.total}:{" "}
          {quantity === undefined ? text.noTotal : formatEuroCents(quantity * draw.pricePerTicketInCents)}
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
