import { data, Link, redirect } from "react-router";
import { getDeposit } from "@/src/contract/wallet";
import { CachePolicy } from "@/src/lib/cache-policy";
import { createFlash } from "@/src/lib/flash/flash";
import { flashCookieHeader } from "@/src/lib/flash/flash.server";
import { walletPage as text } from "@/src/lib/messages";
import { PageFrame, pageMeta } from "@/src/shop/app/components/page-frame";
import { PaymentPending } from "@/src/shop/app/components/payment-pending";
import { asPlayer, requirePlayer } from "@/src/shop/app/lib/require-player.server";
import { usePollWhilePending } from "@/src/shop/app/lib/use-poll-while-pending";
import { requestContext } from "@/src/shop/app/request-context";
import { ApiError } from "@/src/shop/client/api-error";
import { isTransactionId } from "@/src/shop/slices/checkout/checkout.server";
import { depositRetryPath } from "@/src/shop/slices/wallet/deposit-retry";
import type { Route } from "./+types/account-wallet-deposit";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(text.resultTitle),
  { name: "robots", content: "noindex" },
];

/** What a deposit that did not go through says. */
const ENDED = { cancelled: text.cancelled, failed: text.failed, expired: text.expired } as const;

/**
 * Where the payment page sends the player back after a deposit (`/mijn/saldo/storting?transactionId=`).
 * The deposit's state comes from the provider through the portal, never from the query string; another
 * player's or an unknown deposit is "not found". One that did not go through sends the player back to the
 * deposit form with its amount and the reason (issue 40).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  await requirePlayer(ctx, request);
  const transactionId = new URL(request.url).searchParams.get("transactionId") ?? "";
  const result = isTransactionId(transactionId)
    ? await asPlayer(ctx, request, ctx.clients.portal.call(getDeposit, { params: { transactionId } })).catch(
        (error: unknown) => {
          if (error instanceof ApiError && error.status === 404) return undefined;
          throw error;
        },
      )
    : undefined;
  if (result && result.status !== "paid" && result.status !== "pending") {
    const message = ENDED[result.status];
    const flash = flashCookieHeader(createFlash(message, "warning", false), {
      secure: ctx.services.config.secureCookies,
    });
    throw redirect(depositRetryPath(result.transactionId), { headers: { "Set-Cookie": flash } });
  }
  return data({ result }, { status: result ? 200 : 404 });
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": CachePolicy.private });

export default function DepositResultPage({ loaderData }: Route.ComponentProps) {
  const { result } = loaderData;
  usePollWhilePending(result?.status === "pending");
  const back = (
    <p>
      <Link to="/mijn/saldo">{text.backToWallet}</Link>
    </p>
  );
  if (!result) {
    return (
      <PageFrame title={text.resultTitle} intro={text.notFound}>
        {back}
      </PageFrame>
    );
  }
  if (result.status === "pending") {
    return (
      <PageFrame title={text.pendingTitle} intro={text.pending}>
        <PaymentPending checking={text.pending}>{back}</PaymentPending>
      </PageFrame>
    );
  }
  if (result.status === "paid") {
    return (
      <PageFrame title={text.paidTitle} intro={text.paid(result.amountInCents)}>
        {back}
      </PageFrame>
    );
  }
  return (
    <PageFrame title={text.resultTitle} intro={ENDED[result.status]}>
      {back}
    </PageFrame>
  );
}
