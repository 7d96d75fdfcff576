import { data, redirect } from "react-router";
import { continueOrder } from "@/src/contract/tickets";
import { expiredBasketCookie } from "@/src/domain/tickets/basket-cookie";
import { CachePolicy } from "@/src/lib/cache-policy";
import { createFlash } from "@/src/lib/flash/flash";
import { flashCookieHeader } from "@/src/lib/flash/flash.server";
import { checkout, giftMessages } from "@/src/lib/messages";
import { pageMeta } from "@/src/shop/app/components/page-frame";
import { requirePlayer } from "@/src/shop/app/lib/require-player.server";
import { requestContext } from "@/src/shop/app/request-context";
import { ApiError } from "@/src/shop/client/api-error";
import { deferred } from "@/src/shop/components/deferred-hydration";
import { endCheckoutCookie, isTransactionId } from "@/src/shop/slices/checkout/checkout.server";
import { giftPaymentPath } from "@/src/shop/slices/gift-tickets/gift-page";
import type { Route } from "./+types/checkout-result";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(checkout.resultTitle),
  { name: "robots", content: "noindex" },
];

/** The page id the basket's orders are stored under (spec section 7). */
const CHECKOUT_PAGE_ID = "winkelmandje";

/** What a payment that did not go through says, for the basket's order and for a gift's. */
const NOT_PAID = {
  basket: { cancelled: checkout.cancelled, failed: checkout.failed, expired: checkout.expired },
  gift: {
    cancelled: giftMessages.paymentCancelled,
    failed: giftMessages.paymentFailed,
    expired: giftMessages.paymentExpired,
  },
} as const;

/**
 * Where the payment page sends the player back. The order's state comes from the provider (through the
 * order service), never from the query string. Cancelled or failed: back to what was being paid for, as it
 * was (issue 40): the intact basket, or a gift's payment page with the gift the giver's store keeps.
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
    // The basket's tickets are issued: this basket is done, also for a browser that runs no JavaScript.
    // A gift was not in the basket, which stays as it is.
    if (!result.gift) {
      headers.append("Set-Cookie", expiredBasketCookie({ secure, domain: ctx.services.config.cookieDomain }));
    }
    return data({ result, email: player.email }, { headers });
  }
  const message = NOT_PAID[result.gift ? "gift" : "basket"][result.status];
  headers.append("Set-Cookie", flashCookieHeader(createFlash(message, "warning", false), { secure }));
  throw redirect(result.gift ? giftPaymentPath(result.gift.storeId) : "/winkelmandje", { headers });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => {
  const result = new Headers({ "Cache-Control": CachePolicy.private });
  for (const cookie of loaderHeaders.getSetCookie()) result.append("Set-Cookie", cookie);
  return result;
};

/** The page itself loads after the layout (decision 16): until then its links and forms work as HTML. */
const View = deferred(() => import("./views/checkout-result").then((module) => module.CheckoutResultPage));

export default function CheckoutResultPage({ loaderData, actionData }: Route.ComponentProps) {
  return <View loaderData={loaderData} actionData={actionData} />;
}
