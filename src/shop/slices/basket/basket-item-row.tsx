import { useId } from "react";
import { lineTotal } from "@/src/domain/tickets/basket-math";
import type { BasketTicket, EndDigitsPair, StlBasketTicket } from "@/src/domain/tickets/basket-ticket";
import {
  BASKET_UNIT_LIMIT,
  END_DIGIT_COUNT,
  FRACTION_LABELS,
  PRODUCT_LABELS,
  UNCHOSEN_DIGIT,
} from "@/src/domain/tickets/catalogue";
import { formatDate, formatDateTime, formatEuroCents } from "@/src/lib/format";
import { basket, basketPage } from "@/src/lib/messages";
import { removeFromBasket } from "./basket-store";
import { changeBasketItem } from "./change-basket-item";
import { QuantityStepper } from "./quantity-stepper";
import type { VerifiedItem } from "./use-verified-basket";

/** The basket page's form action: changes without JavaScript post here (`routes/basket.tsx`). */
export const BASKET_ACTION = "/winkelmandje";

/**
 * One line of the basket page: what the item is, its draw and options, the server's verdict on it
 * (spec section 8), its quantity and total, and a way to remove it. An item whose sale closed or that
 * cannot be bought can only be removed. With `form` (the server's render, before hydration or without
 * JavaScript) the controls post to the basket page's action instead of changing the browser's store;
 * `enteredQuantity` is what the player had typed when that action refused it.
 */
export function BasketItemRow({
  ticket,
  verified,
  repriced,
  form,
}: {
  ticket: BasketTicket;
  verified: VerifiedItem | undefined;
  repriced: boolean;
  form?: { enteredQuantity?: string };
}) {
  const titleId = useId();
  const formId = `${titleId}-form`;
  const status = verified?.status;
  const draw = verified?.draw;
  const closed = status === "expired" || status === "unavailable";
  const notice =
    status === "expired"
      ? basketPage.expired
      : status === "unavailable"
        ? basket.itemNotFound
        : status === "priceChanged" || repriced
          ? basketPage.priceChanged
          : undefined;

  return (
    // The row is the scope of its controls' input (src/lib/entered-fields.ts): what a player changed in the
    // server's form before hydration is handed to the store's controls that take its place.
    <li className="basket-item" data-status={status ?? "unchecked"} data-entry-scope={ticket.basketItemId}>
      {form ? (
        // Its controls sit in the row's grid and name it with `form=`; the form itself takes no cell. The
        // action checks the quantity and answers in Dutch, so the browser's own check stays out of it.
        <form id={formId} method="post" action={BASKET_ACTION} hidden noValidate>
          <input type="hidden" name="basketItemId" value={ticket.basketItemId} />
        </form>
      ) : null}
      <ItemDetails
        ticket={ticket}
        draw={draw}
        titleId={titleId}
        xlFormId={closed ? null : form ? formId : undefined}
      />
      {closed ? null : form ? (
        <QuantityForm ticket={ticket} formId={formId} describedBy={titleId} entered={form.enteredQuantity} />
      ) : (
        <QuantityStepper ticket={ticket} describedBy={titleId} />
      )}
      <p className="basket-item__total">
        <span className="muted">{basketPage.lineTotal}</span> {formatEuroCents(lineTotal(ticket))}
      </p>
      <RemoveButton ticket={ticket} formId={form ? formId : undefined} describedBy={titleId} />
      {notice ? (
        <p className={`basket-item__notice basket-item__notice--${status ?? "priceChanged"}`}>{notice}</p>
      ) : null}
    </li>
  );
}

/**
 * What the item is, its draw and options. `xlFormId`: null when the sale closed (no XL option), else the
 * form the XL option is sent with (undefined in the browser's store).
 */
function ItemDetails({
  ticket,
  draw,
  titleId,
  xlFormId,
}: {
  ticket: BasketTicket;
  draw: VerifiedItem["draw"] | undefined;
  titleId: string;
  xlFormId: string | null | undefined;
}) {
  const classic = ticket._type === "StlBasketTicket" ? ticket : undefined;
  return (
    <div className="basket-item__details">
      <h2 id={titleId} className="basket-item__title">
        {itemTitle(ticket)}
      </h2>
      <p className="basket-item__draw">
        {draw ? basketPage.drawOn(draw.name, formatDate(draw.drawDate)) : basketPage.draw(ticket.drawId)}
        {classic ? ` · ${basketPage.salesClose(formatDateTime(classic.expireDateTime))}` : null}
      </p>
      {classic && classic.multiplier > 1 ? <p>{basketPage.multiplier(classic.multiplier)}</p> : null}
      {classic ? (
        <p>
          {basketPage.endDigits}: {endDigitsText(classic)}
        </p>
      ) : null}
      {classic && xlFormId !== null ? <XlOption ticket={classic} formId={xlFormId} /> : null}
    </div>
  );
}

/** Removes the item: through the page's action in its form (`formId`), else from the browser's store. */
function RemoveButton({
  ticket,
  formId,
  describedBy,
}: {
  ticket: BasketTicket;
  formId: string | undefined;
  describedBy: string;
}) {
  if (formId) {
    return (
      <button
        type="submit"
        form={formId}
        name="intent"
        value="remove"
        className="link-button basket-item__remove"
        aria-describedby={describedBy}
      >
        {basketPage.remove}
      </button>
    );
  }
  return (
    <button
      type="button"
      className="link-button basket-item__remove"
      aria-describedby={describedBy}
      onClick={() => removeFromBasket(ticket.basketItemId)}
    >
      {basketPage.remove}
    </button>
  );
}

/** What a line is, as its heading names it: "Straat · Heel lot", "Miljoenenspel". */
export function itemTitle(ticket: BasketTicket): string {
  if (ticket._type === "MjsBasketTicket") return basketPage.millionGame;
  return `${PRODUCT_LABELS[ticket.productType]} · ${FRACTION_LABELS[ticket.fraction]}`;
}

/**
 * The XL option, offered when the item has an XL price (or already has XL, so it can be switched off).
 * In a form (`formId`) it is sent with the quantity's update button; `xlShown` tells the action that an
 * unchecked box means "without XL".
 */
/** Each XL box is named for its item: a screen reader's list of form fields tells them apart (issue 43). */
function XlFor({ ticket }: { ticket: StlBasketTicket }) {
  return <span className="visually-hidden">{basketPage.xlFor(itemTitle(ticket))}</span>;
}

function XlOption({ ticket, formId }: { ticket: StlBasketTicket; formId?: string }) {
  if (ticket.pricePerTicketWithAddOnInCents === undefined && !ticket.withXl) return null;
  if (formId) {
    return (
      <label className="form-field--checkbox basket-item__xl">
        <input type="hidden" form={formId} name="xlShown" value="1" />
        <input type="checkbox" form={formId} name="withXl" value="1" defaultChecked={ticket.withXl} />{" "}
        {basketPage.withXl} <XlFor ticket={ticket} />
      </label>
    );
  }
  return (
    <label className="form-field--checkbox basket-item__xl">
      <input
        type="checkbox"
        name="withXl"
        checked={ticket.withXl}
        onChange={(event) => changeBasketItem(ticket.basketItemId, { withXl: event.currentTarget.checked })}
      />{" "}
      {basketPage.withXl} <XlFor ticket={ticket} />
    </label>
  );
}

/**
 * The quantity without JavaScript: a number field and the button that sends it (Enter in the field
 * presses it, as the form's first submit button); 0 removes the item.
 */
function QuantityForm({
  ticket,
  formId,
  describedBy,
  entered,
}: {
  ticket: BasketTicket;
  formId: string;
  describedBy: string;
  entered: string | undefined;
}) {
  const inputId = `${formId}-quantity`;
  return (
    <div className="basket-item__quantity">
      <label htmlFor={inputId}>{basketPage.quantity}</label>
      <div className="stepper">
        <input
          id={inputId}
          form={formId}
          name="quantity"
          className="stepper__input"
          type="number"
          inputMode="numeric"
          min={0}
          max={BASKET_UNIT_LIMIT}
          defaultValue={entered ?? String(ticket.quantity)}
          aria-describedby={describedBy}
        />
        <button type="submit" form={formId} name="intent" value="update" className="button button--secondary">
          {basketPage.update}
        </button>
      </div>
    </div>
  );
}

/** The chosen end digits, one entry per ticket that has them; tickets without get random digits. */
function endDigitsText(ticket: StlBasketTicket): string {
  const parts = ticket.endDigits.map((pair) => pairText(pair, END_DIGIT_COUNT[ticket.productType]));
  const random = ticket.quantity - ticket.endDigits.length;
  if (random > 0)
    parts.push(parts.length === 0 ? basketPage.endDigitsRandom : basketPage.endDigitsRest(random));
  return parts.join(", ");
}

function pairText([first, second]: EndDigitsPair, count: 1 | 2): string {
  if (second === UNCHOSEN_DIGIT && (count === 1 || first === UNCHOSEN_DIGIT))
    return basketPage.endDigitsRandom;
  // A street chooses one digit: the second of the pair (catalogue.ts).
  if (count === 1) return String(second);
  const digit = (value: number) => (value === UNCHOSEN_DIGIT ? basketPage.endDigitAny : String(value));
  return `${digit(first)}${digit(second)}`;
}
