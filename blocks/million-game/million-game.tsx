import { type FormEvent, useId, useState } from "react";
import { Link } from "react-router";
import type { MillionGameFields } from "@/content-models/million-game";
import type { PriceDetails } from "@/src/api/contract/tickets";
import { FormField } from "@/src/components/form-field";
import { BASKET_UNIT_LIMIT } from "@/src/domain/tickets/catalogue";
import { addToBasket } from "@/src/features/basket/basket-store";
import { formatDateTime, formatEuroCents, formatWeekdayDate } from "@/src/lib/format";
import { millionGame as text } from "@/src/lib/messages";
import type { BlockComponentProps } from "../registry";
import { parseQuantity } from "@/src/features/tickets/configurator/configurator-model";
import { useClientNow } from "@/src/features/tickets/use-client-now";

/** The next million-game draw on sale, as the block's loader finds it (null when none is open). */
export type MillionGameDraw = NonNullable<PriceDetails["millionGame"]>;

function isMillionGameDraw(value: unknown): value is MillionGameDraw {
  const draw = value as Partial<MillionGameDraw> | null | undefined;
  return (
    typeof draw === "object" &&
    draw !== null &&
    typeof draw.drawId === "number" &&
    typeof draw.salesCloseDateTime === "string" &&
    typeof draw.pricePerTicketInCents === "number"
  );
}

/**
 * CMS block: tickets for the weekly million game (spec sections 1, 3 and 9), straight into the basket.
 * A ticket costs the same for everyone, so nothing needs verifying first; checkout verifies the draw.
 */
export default function MillionGame({ block }: BlockComponentProps) {
  const props = block.props as MillionGameFields;
  const headingId = useId();
  const now = useClientNow();
  const data = isMillionGameDraw(block.data) ? block.data : undefined;
  // Hides a draw whose sales closed after the page was rendered or cached.
  const draw = data && (now === undefined || Date.parse(data.salesCloseDateTime) > now) ? data : undefined;
  return (
    <section className="million-game" aria-labelledby={headingId}>
      <h2 id={headingId}>{props.title ?? text.defaultTitle}</h2>
      {draw ? <MillionGameForm draw={draw} /> : <p>{text.noDraw}</p>}
    </section>
  );
}

function MillionGameForm({ draw }: { draw: MillionGameDraw }) {
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
