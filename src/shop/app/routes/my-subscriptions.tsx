import { data, redirect } from "react-router";
import { getSubscriptions, payOutstanding } from "@/src/contract/subscriptions";
import { CachePolicy } from "@/src/lib/cache-policy";
import { takeFlash } from "@/src/lib/flash/flash.server";
import { general, portal, mySubscriptions as text } from "@/src/lib/messages";
import { pageMeta } from "@/src/shop/app/components/page-frame";
import { readFormPost } from "@/src/shop/app/lib/form-post.server";
import { checkFormToken, formToken } from "@/src/shop/app/lib/form-token.server";
import { asPlayer, requirePlayer } from "@/src/shop/app/lib/require-player.server";
import { walletBalance } from "@/src/shop/app/lib/wallet-balance.server";
import { requestContext } from "@/src/shop/app/request-context";
import { ApiError } from "@/src/shop/client/api-error";
import { deferred } from "@/src/shop/components/deferred-hydration";
import { isTransactionId } from "@/src/shop/slices/checkout/checkout.server";
import type { PayAnswer } from "@/src/shop/slices/subscriptions/outstanding-payment-form";
import type { Route } from "./+types/my-subscriptions";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(text.title),
  { name: "robots", content: "noindex" },
];

/**
 * /mijn/abonnementen (behind `auth` through the route rules): the player's subscriptions, newest first. A
 * locked one shows what it owes with "Nu betalen" (issue 40): the form's transaction id is made here, so a
 * double click pays once; the balance is shown for paying from it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  await requirePlayer(ctx, request);
  const { subscriptions } = await asPlayer(ctx, request, ctx.clients.shop.call(getSubscriptions));
  const owing = subscriptions.filter((subscription) => subscription.outstandingInCents > 0);
  const [token, balanceInCents] =
    owing.length > 0 ? await Promise.all([formToken(ctx), walletBalance(ctx)]) : [undefined, undefined];
  const taken = takeFlash(request, { secure: ctx.services.config.secureCookies });
  return data(
    {
      subscriptions,
      flash: taken?.flash,
      pay: token
        ? {
            token,
            balanceInCents,
            transactionIds: Object.fromEntries(
              owing.map((subscription) => [subscription.id, crypto.randomUUID()]),
            ),
          }
        : undefined,
    },
    { headers: taken ? { "Set-Cookie": taken.clear } : undefined },
  );
}

/** "Nu betalen" (a plain form post, with or without JavaScript): 303 to iDEAL, or to the result when paid from the balance. */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  await requirePlayer(ctx, request);
  const form = await readFormPost(request);
  const subscriptionId = Number(form.get("subscriptionId"));
  const refuse = (status: number, formError: string) =>
    data<PayAnswer>({ subscriptionId, formError }, { status });
  if (!(await checkFormToken(ctx, form)).valid) return refuse(403, portal.formExpired);
  const transactionId = String(form.get("transactionId") ?? "");
  const method = form.get("paymentMethod");
  if (!Number.isSafeInteger(subscriptionId) || subscriptionId <= 0 || !isTransactionId(transactionId)) {
    return refuse(400, general.generic);
  }
  if (method !== "ideal" && method !== "balance") return refuse(422, text.chooseMethod);
  try {
    const started = await asPlayer(
      ctx,
      request,
      ctx.clients.shop.call(payOutstanding, {
        params: { subscriptionId },
        body: { transactionId: transactionId.toLowerCase(), paymentMethod: method },
      }),
    );
    return redirect(started.redirectUrl, 303);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500 || error.status === 0) throw error;
    const message =
      error.fieldErrors.paymentMethod?.[0] ??
      error.fieldErrors.subscriptionId?.[0] ??
      (error.message || general.generic);
    return refuse(error.status, message);
  }
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => {
  const result = new Headers({ "Cache-Control": CachePolicy.private });
  for (const cookie of loaderHeaders.getSetCookie()) result.append("Set-Cookie", cookie);
  return result;
};

/** The page itself loads after the layout (decision 16): until then its links and forms work as HTML. */
const View = deferred(() => import("./views/my-subscriptions").then((module) => module.MySubscriptionsPage));

export default function MySubscriptionsPage({ loaderData, actionData }: Route.ComponentProps) {
  return <View loaderData={loaderData} actionData={actionData} />;
}
