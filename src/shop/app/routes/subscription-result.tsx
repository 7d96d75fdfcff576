import { data } from "react-router";
import { getSubscriptionOrder, getSweepstakeResult } from "@/src/contract/subscriptions";
import { PageIdSchema } from "@/src/contract/tickets";
import { CachePolicy } from "@/src/lib/cache-policy";
import { subscriptionResult as text } from "@/src/lib/messages";
import { pageMeta } from "@/src/shop/app/components/page-frame";
import { asPlayer, requirePlayer } from "@/src/shop/app/lib/require-player.server";
import { requestContext } from "@/src/shop/app/request-context";
import { ApiError } from "@/src/shop/client/api-error";
import { deferred } from "@/src/shop/components/deferred-hydration";
import { isTransactionId } from "@/src/shop/slices/checkout/checkout.server";
import { DEFAULT_FORM_PAGE, formPageLink } from "@/src/shop/slices/subscriptions/choice-form";
import { endSignUpCookie, signUpQuery } from "@/src/shop/slices/subscriptions/sign-up-step.server";
import type { Route } from "./+types/subscription-result";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(text.title),
  { name: "robots", content: "noindex" },
];

const FAILURE_MESSAGES = {
  failed: text.failed,
  cancelled: text.cancelled,
  expired: text.expired,
} as const;

/**
 * `/abonnement/resultaat?pageId=...&transactionId=...`, where the payment page sends the player back. The
 * sign-up's state comes from the shop API (which asks the payment provider), never from the query string.
 * Paid: the confirmation. Not paid: no subscription exists, and the way back to the form keeps the choice
 * this browser signed up with.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const player = await requirePlayer(ctx, request);
  const secure = ctx.services.config.secureCookies;
  const query = new URL(request.url).searchParams;
  const pageId = PageIdSchema.safeParse(query.get("pageId"));
  const transactionId = query.get("transactionId") ?? "";
  const result =
    pageId.success && isTransactionId(transactionId)
      ? await asPlayer(
          ctx,
          request,
          ctx.clients.shop.call(getSubscriptionOrder, {
            params: { pageId: pageId.data, orderId: transactionId.toLowerCase() },
          }),
        ).catch((error: unknown) => {
          // Another player's or an unknown sign-up: the same "not found" for both.
          if (error instanceof ApiError && error.status === 404) return undefined;
          throw error;
        })
      : undefined;
  if (!result || !pageId.success) return data({ view: "notFound" as const }, { status: 404 });
  if (result.status === "pending") return { view: "pending" as const };

  const headers = { "Set-Cookie": endSignUpCookie(secure) };
  if (result.status !== "paid") {
    const choice = signUpQuery(request, transactionId);
    return data(
      {
        view: "failed" as const,
        message: FAILURE_MESSAGES[result.status],
        backLink: choice ? formPageLink(choice) : DEFAULT_FORM_PAGE,
      },
      { headers },
    );
  }
  let sweepstake = result.sweepstake;
  if (sweepstake?.status === "pending") {
    // Decided by the server when the payment settled; asked again in case the order's answer predates it.
    sweepstake = await asPlayer(
      ctx,
      request,
      ctx.clients.shop.call(getSweepstakeResult, {
        params: { pageId: pageId.data, orderId: result.transactionId },
      }),
    );
  }
  return data({ view: "paid" as const, result, sweepstake, email: player.email }, { headers });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => {
  const result = new Headers({ "Cache-Control": CachePolicy.private });
  for (const cookie of loaderHeaders.getSetCookie()) result.append("Set-Cookie", cookie);
  return result;
};

/** The page itself loads after the layout (decision 16): until then its links and forms work as HTML. */
const View = deferred(() =>
  import("./views/subscription-result").then((module) => module.SubscriptionResultPage),
);

export default function SubscriptionResultPage({ loaderData, actionData }: Route.ComponentProps) {
  return <View loaderData={loaderData} actionData={actionData} />;
}
