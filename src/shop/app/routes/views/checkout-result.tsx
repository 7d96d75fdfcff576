import { useEffect } from "react";
import { Link } from "react-router";
import { checkout } from "@/src/lib/messages";
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
    clearBasket();
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
  return (
    <PageFrame title={checkout.paidTitle} intro={checkout.paidIntro(email)}>
      <OrderOffers adjustments={result.adjustments} totalInCents={result.totalInCents} />
      <IssuedTicketList draws={result.draws} tickets={result.tickets} heading={checkout.ticketNumbers} />
      <p>
        <Link to="/mijn/loten">{checkout.toMyTickets}</Link>
      </p>
    </PageFrame>
  );
}
