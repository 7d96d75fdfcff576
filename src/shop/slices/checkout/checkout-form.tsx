import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link, useRevalidator } from "react-router";
import type { BasketAdjustment } from "@/src/contract/action-codes";
import type { EndpointInput } from "@/src/contract/define";
import { storeBasket, type VerifiedBasket } from "@/src/contract/tickets";
import { IDEAL_ISSUERS } from "@/src/domain/payments/ideal-issuers";
import type { CheckoutPaymentMethod } from "@/src/domain/payments/payment-method";
import { encodeBasketCookie } from "@/src/domain/tickets/basket-cookie";
import { FRACTION_LABELS, PRODUCT_LABELS } from "@/src/domain/tickets/catalogue";
import { formatDate, formatEuroCents, formatSignedEuroCents } from "@/src/lib/format";
import { actionPage, checkout, myTickets } from "@/src/lib/messages";
import type { ApiError } from "@/src/shop/client/api-error";
import { useApiClients } from "@/src/shop/components/api-context";
import { FormToken } from "@/src/shop/components/form-token";
import { trackBeginCheckout, trackPaymentInfo } from "./checkout-analytics";
import { CHECKOUT_COOKIE_NAME } from "./checkout-cookie";

/** What the player chose when the page's action answered (a failed payment start without JavaScript). */
export type CheckoutChoice = { paymentMethod: CheckoutPaymentMethod; issuer?: string; error?: string };

/** The form's field holding the tickets the page shows, as the basket cookie writes them. */
export const CHECKOUT_TICKETS_FIELD = "tickets";

type CheckoutFormProps = {
  verified: VerifiedBasket;
  /** The player's campaign offers in the basket (issue 18) and the total with them, as the order prices them. */
  offers?: { adjustments: readonly BasketAdjustment[]; totalInCents: number };
  /** The player's balance; the checkout offers paying from it when it covers the order (issue 16, item 4). */
  balanceInCents?: number;
  transactionId: string;
  choice?: CheckoutChoice;
  /** This browser's anti-forgery token, which the action checks (the API call with JavaScript asks its own). */
  token: string;
};

type AppliedOffer = Extract<BasketAdjustment, { status: "applies" }>;

/** What is ordered: the tickets the page shows, the offers that apply and the total with them. */
function orderOf(verified: VerifiedBasket, offers: CheckoutFormProps["offers"]) {
  const applied = (offers?.adjustments ?? []).flatMap((offer) => (offer.status === "applies" ? [offer] : []));
  const totalInCents = offers && applied.length > 0 ? offers.totalInCents : verified.totalInCents;
  // What the page shows and prices is what is ordered, even if another tab changed the basket since.
  const ordered = verified.items.flatMap((item) => (item.ticket ? [item.ticket] : []));
  return { applied, totalInCents, ordered };
}

type Order = ReturnType<typeof orderOf>;

/**
 * The order summary (as the server verified it) and the payment choice. Paying stores the basket under
 * the checkout's transaction id and sends the browser to the payment page; a second click, a retry or a
 * second tab sends the same id, so the server keeps it at one order. With JavaScript the page calls the
 * shop API itself; without it (or before hydration) the form posts to the checkout's action, which does
 * the same on the server and redirects to the payment page.
 */
export function CheckoutForm({
  verified,
  offers,
  balanceInCents,
  transactionId,
  choice,
  token,
}: CheckoutFormProps) {
  const [method, setMethod] = useState<CheckoutPaymentMethod>(choice?.paymentMethod ?? "ideal");
  const [issuer, setIssuer] = useState(choice?.issuer ?? "");
  const order = orderOf(verified, offers);
  const { pending, error, pay } = usePay({
    transactionId,
    order,
    method,
    issuer,
    initialError: choice?.error,
  });
  const { totalInCents, ordered } = order;
  const orderKey = encodeBasketCookie(ordered);

  // The funnel's checkout step, once per order the page shows (a revalidation with the same order adds none).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the order's key stands for the tickets and total
  useEffect(() => {
    if (ordered.length > 0) trackBeginCheckout(ordered, totalInCents);
  }, [orderKey, totalInCents]);

  if (verified.items.length === 0) return <EmptyCheckout />;

  const problems = verified.items.filter((item) => item.status !== "ok");
  return (
    <form className="checkout" method="post" action="/afrekenen" onSubmit={pay} aria-busy={pending}>
      <FormToken token={token} />
      <input type="hidden" name={CHECKOUT_TICKETS_FIELD} value={encodeBasketCookie(ordered)} />
      <OrderSummary items={verified.items} applied={order.applied} totalInCents={totalInCents} />

      <PaymentMethods
        balanceInCents={balanceInCents}
        totalInCents={totalInCents}
        method={method}
        onMethod={setMethod}
        issuer={issuer}
        onIssuer={setIssuer}
      />

      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <p className="checkout__actions">
        <Link to="/winkelmandje">{checkout.backToBasket}</Link>
        <button type="submit" className="button" disabled={pending || problems.length > 0 || !verified.valid}>
          {pending ? checkout.paying : checkout.pay(formatEuroCents(totalInCents))}
        </button>
      </p>
    </form>
  );
}

function EmptyCheckout() {
  return (
    <div className="checkout">
      <p>{checkout.emptyBasket}</p>
      <Link to="/loten" className="button">
        {checkout.toTickets}
      </Link>
    </div>
  );
}

/** What the payment start refused, in Dutch: the reason at the payment method, else the call's text. */
function refusalOf(caught: Error): string {
  const apiError = caught as ApiError;
  return apiError.fieldErrors?.paymentMethod?.[0] ?? apiError.message;
}

/**
 * Starts the payment through the shop API: stores the basket and goes to the payment page. A rolled-back
 * transaction or a changed basket reloads the page's data, so the next click orders what it shows.
 */
function usePay({
  transactionId,
  order: { ordered, totalInCents },
  method,
  issuer,
  initialError,
}: {
  transactionId: string;
  order: Order;
  method: CheckoutPaymentMethod;
  issuer: string;
  initialError: string | undefined;
}) {
  const { shop } = useApiClients();
  const revalidator = useRevalidator();
  const payment = useMutation({
    mutationFn: (body: EndpointInput<typeof storeBasket>["body"]) => shop.call(storeBasket, { body }),
    onSuccess: (started) => window.location.assign(started.redirectUrl),
    onError: (caught) => {
      const { code } = caught as ApiError;
      if (code === "TransactionRolledbackError") {
        // The earlier attempt is over: the next click starts a new order under a new id.
        // biome-ignore lint/suspicious/noDocumentCookie: the checkout id cookie is shared by the tabs of this browser
        document.cookie = `${CHECKOUT_COOKIE_NAME}=; Max-Age=0; Path=/`;
        void revalidator.revalidate();
      } else if (code === "BasketItemInvalidError") {
        void revalidator.revalidate();
      }
    },
  });
  // Once the payment started, the browser is on its way to the payment page: the button stays busy.
  const pending = payment.isPending || payment.isSuccess;
  const error = payment.isError ? refusalOf(payment.error) : payment.isIdle ? initialError : undefined;

  function pay(event: React.FormEvent) {
    event.preventDefault();
    if (pending) return;
    trackPaymentInfo(transactionId, ordered, totalInCents, method);
    payment.mutate({
      transactionId,
      tickets: ordered,
      paymentMethod: method,
      issuer: method === "ideal" && issuer ? issuer : undefined,
    });
  }
  return { pending, error, pay };
}

function OrderSummary({
  items,
  applied,
  totalInCents,
}: {
  items: VerifiedBasket["items"];
  applied: readonly AppliedOffer[];
  totalInCents: number;
}) {
  return (
    <section aria-labelledby="checkout-summary">
      <h2 id="checkout-summary">{checkout.summary}</h2>
      <ul className="checkout__lines">
        {items.map((item) => (
          <li
            key={item.basketItemId}
            className={item.status === "ok" ? undefined : "checkout__line--problem"}
          >
            {item.ticket ? <LineLabel ticket={item.ticket} draw={item.draw} /> : checkout.basketProblem}
            <span className="checkout__amount">{formatEuroCents(item.lineTotalInCents)}</span>
            {item.status !== "ok" ? <p className="form-error">{checkout.basketProblem}</p> : null}
          </li>
        ))}
        {applied.map((offer) => (
          <li key={offer.activationId} className="checkout__line--offer">
            <span>
              {actionPage.orderDiscountTitle} {offer.campaignName}: {offer.label}
            </span>
            <span className="checkout__amount">{formatSignedEuroCents(offer.amountInCents)}</span>
          </li>
        ))}
      </ul>
      <p className="checkout__total">
        {checkout.total}: <strong>{formatEuroCents(totalInCents)}</strong>
      </p>
    </section>
  );
}

function PaymentMethods({
  balanceInCents,
  totalInCents,
  method,
  onMethod,
  issuer,
  onIssuer,
}: {
  balanceInCents: number | undefined;
  totalInCents: number;
  method: CheckoutPaymentMethod;
  onMethod: (method: CheckoutPaymentMethod) => void;
  issuer: string;
  onIssuer: (issuer: string) => void;
}) {
  return (
    <fieldset className="checkout__methods">
      <legend>{checkout.paymentMethod}</legend>
      {balanceInCents !== undefined && balanceInCents >= totalInCents && totalInCents > 0 ? (
        <MethodRadio value="balance" method={method} onMethod={onMethod}>
          {checkout.balance(formatEuroCents(balanceInCents))}
        </MethodRadio>
      ) : balanceInCents ? (
        <p className="muted">{checkout.balanceTooLow(formatEuroCents(balanceInCents))}</p>
      ) : null}
      <MethodRadio value="ideal" method={method} onMethod={onMethod}>
        {checkout.ideal}
      </MethodRadio>
      {method === "ideal" ? (
        <label className="checkout__bank">
          {checkout.bank}
          <select name="issuer" value={issuer} onChange={(event) => onIssuer(event.target.value)}>
            <option value="">{checkout.bankLater}</option>
            {IDEAL_ISSUERS.map((bank) => (
              <option key={bank.id} value={bank.id}>
                {bank.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <MethodRadio value="creditcard" method={method} onMethod={onMethod}>
        {checkout.creditcard}
      </MethodRadio>
    </fieldset>
  );
}

function MethodRadio({
  value,
  method,
  onMethod,
  children,
}: {
  value: CheckoutPaymentMethod;
  method: CheckoutPaymentMethod;
  onMethod: (method: CheckoutPaymentMethod) => void;
  children: React.ReactNode;
}) {
  return (
    <label>
      <input
        type="radio"
        name="paymentMethod"
        value={value}
        checked={method === value}
        onChange={() => onMethod(value)}
      />{" "}
      {children}
    </label>
  );
}

type VerifiedItem = VerifiedBasket["items"][number];

function LineLabel({
  ticket,
  draw,
}: {
  ticket: NonNullable<VerifiedItem["ticket"]>;
  draw: VerifiedItem["draw"];
}) {
  if (ticket._type === "MjsBasketTicket") {
    return (
      <span>
        {myTickets.ticketCount(ticket.quantity)} {myTickets.millionGame}
        {draw ? ` · ${draw.name}` : ""}
      </span>
    );
  }
  const parts = [
    `${ticket.quantity} × ${PRODUCT_LABELS[ticket.productType]}`,
    FRACTION_LABELS[ticket.fraction],
    ticket.withXl ? "XL" : undefined,
    ticket.multiplier > 1 ? myTickets.multiplier(ticket.multiplier) : undefined,
    draw ? `${draw.name} (${formatDate(draw.drawDate)})` : undefined,
  ].filter(Boolean);
  return <span>{parts.join(" · ")}</span>;
}
