import { redirect } from "react-router";
import { getOutstandingPayment } from "@/src/contract/subscriptions";
import { subscriptionPayPath } from "@/src/domain/subscriptions/subscription-paths";
import { CachePolicy } from "@/src/lib/cache-policy";
import { createFlash, type FlashMessage } from "@/src/lib/flash/flash";
import { flashCookieHeader } from "@/src/lib/flash/flash.server";
import { formatEuroCents } from "@/src/lib/format";
import { mySubscriptions as text } from "@/src/lib/messages";
import { asPlayer, requirePlayer } from "@/src/shop/app/lib/require-player.server";
import { requestContext } from "@/src/shop/app/request-context";
import { ApiError } from "@/src/shop/client/api-error";
import { isTransactionId } from "@/src/shop/slices/checkout/checkout.server";
import type { Route } from "./+types/subscription-payment-result";

const ENDED = {
  cancelled: text.paymentCancelled,
  failed: text.paymentFailed,
  expired: text.paymentExpired,
} as const;

/**
 * `/mijn/abonnementen/betaling?subscriptionId=&transactionId=`, where the payment page sends the player back
 * after paying what a locked subscription owes (issue 40). How it went comes from the shop API (which asks the
 * provider), never from the query string; the player goes back to the subscription with the message.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  await requirePlayer(ctx, request);
  const query = new URL(request.url).searchParams;
  const subscriptionId = Number(query.get("subscriptionId"));
  const transactionId = query.get("transactionId") ?? "";
  const result =
    Number.isSafeInteger(subscriptionId) && subscriptionId > 0 && isTransactionId(transactionId)
      ? await asPlayer(
          ctx,
          request,
          ctx.clients.shop.call(getOutstandingPayment, {
            params: { subscriptionId, transactionId: transactionId.toLowerCase() },
          }),
        ).catch((error: unknown) => {
          if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return undefined;
          throw error;
        })
      : undefined;
  let flash: FlashMessage;
  if (!result) flash = createFlash(text.paymentUnknown, "warning", false);
  else if (result.status === "paid")
    flash = createFlash(text.paid(formatEuroCents(result.amountInCents)), "success", false);
  else if (result.status === "pending") flash = createFlash(text.paymentPending, "information", false);
  else flash = createFlash(ENDED[result.status], "warning", false);
  const target = result ? subscriptionPayPath(subscriptionId) : "/mijn/abonnementen";
  throw redirect(target, {
    headers: { "Set-Cookie": flashCookieHeader(flash, { secure: ctx.services.config.secureCookies }) },
  });
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": CachePolicy.private });
