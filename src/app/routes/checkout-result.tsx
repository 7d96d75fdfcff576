import { useEffect } from "react";
import { data, Link, redirect } from "react-router";
import { ApiError } from "@/src/api/client/api-error";
import { continueOrder } from "@/src/api/contract/tickets";
import { PageFrame, pageMeta } from "@/src/app/components/page-frame";
import { PaymentPending } from "@/src/app/components/payment-pending";
import { requirePlayer } from "@/src/app/lib/require-player.server";
import { usePollWhilePending } from "@/src/app/lib/use-poll-while-pending";
import { requestContext } from "@/src/app/request-context";
import { createFlash } from "@/src/components/flash/flash";
import { flashCookieHeader } from "@/src/components/flash/flash.server";
import { expiredBasketCookie } from "@/src/domain/tickets/basket-cookie";
import { clearBasket } from "@/src/features/basket/basket-store";
import { endCheckoutCookie, isTransactionId } from "@/src/features/checkout/checkout.server";
import { trackPurchase } from "@/src/features/checkout/checkout-analytics";
import { IssuedTicketList } from "@/src/features/checkout/issued-ticket-list";
import { OrderOffers } from "@/src/features/tickets/actions/order-offers";
import { checkout } from "@/src/lib/messages";
import type { Route } from "./+types/checkout-result";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(checkout.resultTitle),
  { name: "robots", content: "noindex" },
];

/** The page id the basket's orders are stored under (spec section 7). */
const CHECKOUT_PAGE_ID = "winkelmandje";

/**
 * Where the payment page sends the player back. The order's state comes from the provider (through the
 * order service), never from the query string. Cancelled or failed: back to the intact basket.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const player = await requirePlayer(ctx, request);
  const secure = ctx.services.config.secureCookies;
  const transactionId = new URL(request.url).searchParams.get("transactionId") ?? "";
  const result = isTransactionId(transactionId)
    ? await ctx.clients.shop
        .call(continueOrder, { params: { pageId: CHECKOUT_PAGE_ID }, body: { transactionId } })
        .catch((error: unknown) => {
          // Another player's or an unknown transaction: the same "not found" for both.
          if (error instanceof ApiError && error.status === 404) return undefined;
          throw error;
        })
    : undefined;
  if (!result) return data({ result: undefined, email: player.email }, { status: 404 });
  if (result.status === "pending") return { result, email: player.email };
  const headers = new Headers();
  headers.append("Set-Cookie", endCheckoutCookie(secure));
  if (result.status === "paid") {
    // The tickets are issued: this basket is done, also for a browser that runs no JavaScript.
    headers.append("Set-Cookie", expiredBasketCookie({ secure, domain: ctx.services.config.cookieDomain }));
    return data({ result, email: player.email }, { headers });
  }
  const message =
    result.status === "cancelled"
      ? checkout.cancelled
      : result.status === "expired"
        ? checkout.expired
        : checkout.failed;
  headers.append("Set-Cookie", flashCookieHeader(createFlash(message, "warning", false), { secure }));
  throw redirect("/winkelmandje", { headers });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => {
  const result = new Headers({ "Cache-Control": "private, no-store" });
  for (const cookie of loaderHeaders.getSetCookie()) result.append("Set-Cookie", cookie);
  return result;
};

export default function CheckoutResultPage({ loaderData }: Route.ComponentProps) {
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
