import { Link } from "react-router";
import { mySubscriptions as text } from "@/src/lib/messages";
import { PageFrame } from "@/src/shop/app/components/page-frame";
import { DEFAULT_FORM_PAGE } from "@/src/shop/slices/subscriptions/choice-form";
import { OutstandingPaymentForm } from "@/src/shop/slices/subscriptions/outstanding-payment-form";
import { SubscriptionCard } from "@/src/shop/slices/subscriptions/subscription-card";
import type { Route } from "../+types/my-subscriptions";

export function MySubscriptionsPage({
  loaderData,
  actionData,
}: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { pay } = loaderData;
  return (
    <PageFrame title={text.title} intro={text.intro}>
      {loaderData.subscriptions.length === 0 ? (
        <p>
          {text.empty} <Link to={DEFAULT_FORM_PAGE}>{text.takeOne}</Link>
        </p>
      ) : (
        loaderData.subscriptions.map((subscription) => (
          <SubscriptionCard
            key={subscription.id}
            subscription={subscription}
            payForm={
              pay?.transactionIds[subscription.id] ? (
                <OutstandingPaymentForm
                  subscriptionId={subscription.id}
                  outstandingInCents={subscription.outstandingInCents}
                  balanceInCents={pay.balanceInCents}
                  transactionId={pay.transactionIds[subscription.id] ?? ""}
                  token={pay.token}
                  answer={actionData?.subscriptionId === subscription.id ? actionData : undefined}
                />
              ) : undefined
            }
          />
        ))
      )}
    </PageFrame>
  );
}
