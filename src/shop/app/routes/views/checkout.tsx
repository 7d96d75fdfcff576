import { checkout } from "@/src/lib/messages";
import { PageFrame } from "@/src/shop/app/components/page-frame";
import { ApiProvider } from "@/src/shop/components/api-context";
import { CheckoutForm } from "@/src/shop/slices/checkout/checkout-form";
import type { Route } from "../+types/checkout";

export function CheckoutPage({
  loaderData,
  actionData,
}: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  return (
    <PageFrame title={checkout.title} intro={checkout.intro}>
      <ApiProvider>
        <CheckoutForm
          verified={loaderData.verified}
          offers={loaderData.offers}
          balanceInCents={loaderData.balanceInCents}
          transactionId={loaderData.transactionId}
          choice={actionData}
          token={loaderData.token}
        />
      </ApiProvider>
    </PageFrame>
  );
}
