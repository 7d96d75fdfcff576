import { useEffect } from "react";
import { Link } from "react-router";
import type { OrderResult } from "@/src/contract/tickets";
import { amsterdamIsoDate } from "@/src/lib/amsterdam-time";
import { formatDate, formatEuroCents } from "@/src/lib/format";
import { checkout, orderHistory } from "@/src/lib/messages";
import { PageFrame } from "@/src/shop/app/components/page-frame";
import { PaymentPending } from "@/src/shop/app/components/payment-pending";
import { usePollWhilePending } from "@/src/shop/app/lib/use-poll-while-pending";
import { IssuedTicketList } from "@/src/shop/components/issued-ticket-list";
import { OrderOffers } from "@/src/shop/slices/action-codes/order-offers";
import { clearBasket } from "@/src/shop/slices/basket/basket-store";
import { trackPurchase } from "@/src/shop/slices/checkout/checkout-analytics";
import type { Route } from "../+types/checkout-result";

export function CheckoutResultPage({ loaderData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { result, email } = loaderData;
  const status = result?.status;

  useEffect(() => {
    if (status !== "paid" || !result) return;
    // The tickets are issued: this basket is done (the basket cookie is this browser's, not the server's).
    if (!result.gift) clearBasket();
    trackPurchase(result);
  }, [status, result]);

  usePollWhilePending(status === "pending");

  if (!result) {
    return (
      <PageFrame title={checkout.resultTitle} intro={checkout.notFound}>
        <Link to="/mijn/loten">{checkout.toMyTickets}</Link>
      </PageFrame>
    );
  }
  if (result.status === "pending") {
    return (
      <PageFrame title={checkout.pendingTitle} intro={checkout.pendingIntro}>
        <PaymentPending checking={checkout.checking} />
      </PageFrame>
    );
  }
  if (result.gift) return <GiftConfirmation result={result} gift={result.gift} email={email} />;
  return (
    <PageFrame title={checkout.paidTitle} intro={checkout.paidIntro(email)}>
      <OrderSummary result={result} />
      <OrderOffers adjustments={result.adjustments} totalInCents={result.totalInCents} />
      <IssuedTicketList draws={result.draws} tickets={result.tickets} heading={checkout.ticketNumbers} />
      <p className="order-links">
        <Link to="/mijn/loten">{checkout.toMyTickets}</Link>
        <Link to="/mijn/bestellingen">{checkout.toMyOrders}</Link>
      </p>
    </PageFrame>
  );
}

/** "Today" or the day, for the gift's e-mail. */
function sendOnText(sendOn: string): string {
  return sendOn === amsterdamIsoDate(new Date()) ? "vandaag" : `op ${formatDate(sendOn)}`;
}

/** A gift's confirmation names the recipient, the draw and the day the gift goes out: its ticket is theirs. */
function GiftConfirmation({
  result,
  gift,
  email,
}: {
  result: OrderResult;
  gift: NonNullable<OrderResult["gift"]>;
  email: string;
}) {
  const name = gift.recipientName ?? "";
  return (
    <PageFrame
      title={checkout.giftPaidTitle}
      intro={
        gift.sendOn ? checkout.giftPaidIntro(name, sendOnText(gift.sendOn), email) : checkout.paidIntro(email)
      }
    >
      <OrderSummary result={result}>
        {gift.recipientName ? (
          <>
            <dt>{checkout.giftRecipient}</dt>
            <dd>{gift.recipientName}</dd>
          </>
        ) : null}
        {gift.drawName ? (
          <>
            <dt>{checkout.giftDraw}</dt>
            <dd>{gift.drawName}</dd>
          </>
        ) : null}
        {gift.sendOn ? (
          <>
            <dt>{checkout.giftSendOn}</dt>
            <dd>{formatDate(gift.sendOn)}</dd>
          </>
        ) : null}
      </OrderSummary>
      <p className="order-links">
        <Link to="/mijn/bestellingen">{checkout.toMyOrders}</Link>
      </p>
    </PageFrame>
  );
}

/** The order number, the amount, how it was paid and when: what a player quotes to customer service. */
function OrderSummary({ result, children }: { result: OrderResult; children?: React.ReactNode }) {
  return (
    <section aria-label={checkout.orderSummary}>
      <dl className="details order-summary">
        {result.orderNumber ? (
          <>
            <dt>{checkout.orderNumber}</dt>
            <dd>{result.orderNumber}</dd>
          </>
        ) : null}
        <dt>{checkout.orderTotal}</dt>
        <dd>{formatEuroCents(result.totalInCents)}</dd>
        {result.paymentMethod ? (
          <>
            <dt>{checkout.paidWith}</dt>
            <dd>{orderHistory.methods[result.paymentMethod]}</dd>
          </>
        ) : null}
        {result.orderedAt ? (
          <>
            <dt>{checkout.orderedOn}</dt>
            <dd>{formatDate(result.orderedAt)}</dd>
          </>
        ) : null}
        {children}
      </dl>
    </section>
  );
}
