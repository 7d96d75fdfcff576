import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useId, useState, useSyncExternalStore } from "react";
import { Link } from "react-router";
import { endpointQueryKey } from "@/src/api/client/query-client";
import { type VerifiedBasket, verifyBasket } from "@/src/api/contract/tickets";
import { ApiProvider, useApiClients } from "@/src/app/api-context";
import { PageFrame, pageTitle } from "@/src/app/components/page-frame";
import { lineTotal } from "@/src/domain/tickets/basket-math";
import type { BasketTicket, EndDigitsPair, StlBasketTicket } from "@/src/domain/tickets/basket-ticket";
import {
  BASKET_UNIT_LIMIT,
  END_DIGIT_COUNT,
  FRACTION_LABELS,
  PRODUCT_LABELS,
  UNCHOSEN_DIGIT,
} from "@/src/domain/tickets/catalogue";
import {
  basketSnapshot,
  removeFromBasket,
  updateBasketTicket,
  useBasket,
} from "@/src/features/basket/basket-store";
import { validateBasketTicket } from "@/src/features/basket/window-basket";
import { createFlash } from "@/src/features/flash/flash";
import { showFlash } from "@/src/features/flash/flash-messages";
import { formatDate, formatDateTime, formatEuroCents } from "@/src/lib/format";
import { basket, basketPage, general } from "@/src/lib/messages";
import type { Route } from "./+types/basket";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle(basketPage.title) },
  { name: "robots", content: "noindex" },
];

/** Nothing to load (the basket lives in the browser); a loader makes client navigations pass the route rules. */
export const loader = () => ({});

/** /winkelmandje: the basket, checked against the open draws and current prices (spec sections 2, 4, 8). */
export default function BasketPage() {
  return (
    <PageFrame title={basketPage.title}>
      <ApiProvider>
        <BasketContents />
      </ApiProvider>
    </PageFrame>
  );
}

const noSubscription = () => () => {};

/** False in the server render and the hydration render, true after: the basket is only known in the browser. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

function BasketContents() {
  const hydrated = useHydrated();
  const { tickets, units } = useBasket();
  const verification = useBasketVerification(tickets);

  if (!hydrated) return <p aria-busy="true">{basketPage.loading}</p>;
  if (tickets.length === 0) {
    return (
      <section className="basket basket--empty">
        <p>{basketPage.empty}</p>
        <Link to="/loten" className="button">
          {basketPage.emptyLink}
        </Link>
      </section>
    );
  }

  const total = tickets.reduce((sum, ticket) => sum + lineTotal(ticket), 0);
  const blocked = tickets.some((ticket) => {
    const status = verification.items.get(ticket.basketItemId)?.status;
    return status !== undefined && status !== "ok";
  });

  return (
    <section className="basket">
      <ul className="basket__items" aria-label={basketPage.itemsLabel}>
        {tickets.map((ticket) => (
          <BasketItem
            key={ticket.basketItemId}
            ticket={ticket}
            verified={verification.items.get(ticket.basketItemId)}
            repriced={verification.repriced.has(ticket.basketItemId)}
          />
        ))}
      </ul>
      <p className="basket__check" role="status">
        {verification.checking ? basketPage.verifying : null}
      </p>
      {verification.error ? (
        <p className="form-error" role="alert">
          {verification.error}
        </p>
      ) : null}
      <dl className="basket__summary">
        <dt>{basketPage.total}</dt>
        <dd>
          <strong>{formatEuroCents(total)}</strong> <span className="muted">({basketPage.units(units)})</span>
        </dd>
      </dl>
      <div className="basket__actions">
        {blocked ? (
          <>
            <button type="button" className="button" disabled aria-describedby="basket-checkout-blocked">
              {basketPage.checkout}
            </button>
            <p id="basket-checkout-blocked">{basketPage.checkoutBlocked}</p>
          </>
        ) : (
          <Link to="/afrekenen" className="button">
            {basketPage.checkout}
          </Link>
        )}
      </div>
    </section>
  );
}

type VerifiedItem = VerifiedBasket["items"][number];

type Verification = {
  /** The server's verdict per basket item id; missing until the first check answered. */
  items: ReadonlyMap<string, VerifiedItem>;
  /** Items whose prices were replaced by the server's on this visit; the player is told so. */
  repriced: ReadonlySet<string>;
  checking: boolean;
  error: string | undefined;
};

/**
 * POST /api/basket/verify for the basket as it is now. Keyed by the tickets, so a changed basket is
 * checked again and the check still in flight is cancelled (spec section 5). New prices from the server
 * replace the ones in the basket. A failed check leaves the page usable: the order is checked again when
 * it is placed.
 */
function useBasketVerification(tickets: readonly BasketTicket[]): Verification {
  const { shop } = useApiClients();
  const [repriced, setRepriced] = useState<ReadonlySet<string>>(() => new Set());
  const query = useQuery({
    queryKey: [...endpointQueryKey(verifyBasket), tickets],
    queryFn: ({ signal }) => shop.call(verifyBasket, { body: { tickets: [...tickets] }, signal }),
    enabled: tickets.length > 0,
    placeholderData: keepPreviousData,
    throwOnError: false,
  });

  const fresh = query.isPlaceholderData ? undefined : query.data;
  useEffect(() => {
    if (!fresh) return;
    const updated = fresh.items.filter(
      (item) =>
        item.status === "priceChanged" &&
        item.ticket !== null &&
        applyServerPrices(item.basketItemId, item.ticket),
    );
    if (updated.length > 0) {
      setRepriced((current) => new Set([...current, ...updated.map((item) => item.basketItemId)]));
    }
  }, [fresh]);

  return {
    items: new Map(query.data?.items.map((item) => [item.basketItemId, item])),
    repriced,
    checking: query.isFetching,
    error: query.isError && !query.isFetching ? errorMessage(query.error) : undefined,
  };
}

function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : general.generic;
}

/** Takes over the server's prices and closing time; false when there was nothing to change. */
function applyServerPrices(basketItemId: string, serverTicket: BasketTicket): boolean {
  const current = basketSnapshot().find((ticket) => ticket.basketItemId === basketItemId);
  if (current?._type !== "StlBasketTicket" || serverTicket._type !== "StlBasketTicket") return false;
  const patch = {
    pricePerTicketInCents: serverTicket.pricePerTicketInCents,
    pricePerTicketWithAddOnInCents: serverTicket.pricePerTicketWithAddOnInCents,
    expireDateTime: serverTicket.expireDateTime,
  };
  if (
    patch.pricePerTicketInCents === current.pricePerTicketInCents &&
    patch.pricePerTicketWithAddOnInCents === current.pricePerTicketWithAddOnInCents &&
    Date.parse(patch.expireDateTime) === Date.parse(current.expireDateTime)
  ) {
    return false;
  }
  return changeTicket(basketItemId, patch) === "updated";
}

/**
 * Changes an item through the store. An item another tab removed meanwhile is simply gone (the store has
 * re-read the cookie and the list follows); over the limit the store shows the error flash itself.
 */
function changeTicket(basketItemId: string, patch: Record<string, unknown>): "updated" | "refused" {
  try {
    return updateBasketTicket(basketItemId, patch, validateBasketTicket) === "updated"
      ? "updated"
      : "refused";
  } catch {
    return "refused";
  }
}

function itemTitle(ticket: BasketTicket): string {
  if (ticket._type === "MjsBasketTicket") return basketPage.millionGame;
  return `${PRODUCT_LABELS[ticket.productType]} · ${FRACTION_LABELS[ticket.fraction]}`;
}

function BasketItem({
  ticket,
  verified,
  repriced,
}: {
  ticket: BasketTicket;
  verified: VerifiedItem | undefined;
  repriced: boolean;
}) {
  const titleId = useId();
  const status = verified?.status;
  const draw = verified?.draw;
  const classic = ticket._type === "StlBasketTicket" ? ticket : undefined;
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
    <li className="basket-item" data-status={status ?? "unchecked"}>
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
        {classic && !closed ? <XlOption ticket={classic} /> : null}
      </div>
      {closed ? null : <QuantityField ticket={ticket} describedBy={titleId} />}
      <p className="basket-item__total">
        <span className="muted">{basketPage.lineTotal}</span> {formatEuroCents(lineTotal(ticket))}
      </p>
      <button
        type="button"
        className="link-button basket-item__remove"
        aria-describedby={titleId}
        onClick={() => removeFromBasket(ticket.basketItemId)}
      >
        {basketPage.remove}
      </button>
      {notice ? (
        <p className={`basket-item__notice basket-item__notice--${status ?? "priceChanged"}`}>{notice}</p>
      ) : null}
    </li>
  );
}

/** The XL option, offered when the item has an XL price (or already has XL, so it can be switched off). */
function XlOption({ ticket }: { ticket: StlBasketTicket }) {
  if (ticket.pricePerTicketWithAddOnInCents === undefined && !ticket.withXl) return null;
  return (
    <label className="form-field--checkbox basket-item__xl">
      <input
        type="checkbox"
        checked={ticket.withXl}
        onChange={(event) => changeTicket(ticket.basketItemId, { withXl: event.currentTarget.checked })}
      />{" "}
      {basketPage.withXl}
    </label>
  );
}

/**
 * The quantity as a field with steppers. Typing is kept as a draft until the field is left or Enter is
 * pressed, so "12" is not applied as "1" first; 0 removes the item, an empty or invalid value is undone.
 */
function QuantityField({ ticket, describedBy }: { ticket: BasketTicket; describedBy: string }) {
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
    if (changeTicket(ticket.basketItemId, { quantity }) === "refused") setDraft(String(ticket.quantity));
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
