import { data } from "react-router";
import { verifyBasket } from "@/src/api/contract/tickets";
import { PageFrame, pageTitle } from "@/src/app/components/page-frame";
import { asPlayer, requirePlayer } from "@/src/app/lib/require-player.server";
import { requestContext } from "@/src/app/request-context";
import { ApiProvider } from "@/src/components/api-context";
import { basketFromRequest, checkoutId } from "@/src/features/checkout/checkout.server";
import { CheckoutForm } from "@/src/features/checkout/checkout-form";
import { checkout } from "@/src/lib/messages";
import type { Route } from "./+types/checkout";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle(checkout.title) },
  { name: "robots", content: "noindex" },
];

/**
 * Checkout (behind `auth`: an anonymous player goes to the portal and comes back here). The basket is
 * verified on the server before anything is shown, so the player sees the prices that will be charged.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const player = await requirePlayer(ctx, request);
  const secure = ctx.services.config.secureCookies;
  const basket = basketFromRequest(request, secure);
  const verified = await asPlayer(
    ctx,
    request,
    ctx.clients.shop.call(verifyBasket, { body: { tickets: [...basket] } }),
  );
  const transaction = checkoutId(request, secure);
  return data(
    { verified, transactionId: transaction.id, email: player.email },
    { headers: transaction.setCookie ? { "Set-Cookie": transaction.setCookie } : undefined },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => {
  const result = new Headers({ "Cache-Control": "private, no-store" });
  const cookie = loaderHeaders.get("Set-Cookie");
  if (cookie) result.set("Set-Cookie", cookie);
  return result;
};

export default function CheckoutPage({ loaderData }: Route.ComponentProps) {
  return (
    <PageFrame title={checkout.title} intro={checkout.intro}>
      <ApiProvider>
        <CheckoutForm verified={loaderData.verified} transactionId={loaderData.transactionId} />
      </ApiProvider>
    </PageFrame>
  );
}
