import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { subscriptionResult as text } from "@/src/lib/messages";
import { PageFrame } from "@/src/shop/app/components/page-frame";
import { PaymentPending } from "@/src/shop/app/components/payment-pending";
import { usePollWhilePending } from "@/src/shop/app/lib/use-poll-while-pending";
import { trackSubscriptionPurchase } from "@/src/shop/slices/subscriptions/subscription-analytics";
import { SubscriptionConfirmation } from "@/src/shop/slices/subscriptions/subscription-confirmation";
import type { Route } from "../+types/subscription-result";

export function SubscriptionResultPage({
  loaderData,
}: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const view = loaderData.view;
  const location = useLocation();

  usePollWhilePending(view === "pending");
  const paid = loaderData.view === "paid" ? loaderData.result : undefined;
  const pageId = new URLSearchParams(location.search).get("pageId") ?? "";
  useEffect(() => {
    if (paid) trackSubscriptionPurchase(pageId, paid);
  }, [paid, pageId]);

  if (loaderData.view === "notFound") {
    return (
      <PageFrame title={text.title} intro={text.notFound}>
        <Link to="/mijn/abonnementen">{text.toMySubscriptions}</Link>
      </PageFrame>
    );
  }
  if (loaderData.view === "pending") {
    return (
      <PageFrame title={text.pendingTitle} intro={text.pendingIntro}>
        <PaymentPending checking={text.checking}>
          <p>
            <a href={`${location.pathname}${location.search}`}>{text.refresh}</a>
          </p>
        </PaymentPending>
      </PageFrame>
    );
  }
  if (loaderData.view === "failed") {
    return (
      <PageFrame title={text.failedTitle}>
        <p role="alert">{loaderData.message}</p>
        <p>
          <Link to={loaderData.backLink} className="button">
            {text.tryAgain}
          </Link>
        </p>
      </PageFrame>
    );
  }
  return (
    <PageFrame title={text.paidTitle} intro={text.paidIntro(loaderData.email)}>
      <SubscriptionConfirmation result={loaderData.result} sweepstake={loaderData.sweepstake} />
      <p>
        <Link to="/mijn/abonnementen">{text.toMySubscriptions}</Link>
      </p>
    </PageFrame>
  );
}
