import { data } from "react-router";
import { z } from "zod";
import { resendGiftEmail } from "@/src/contract/gift-tickets";
import { getOrderHistory } from "@/src/contract/order-history";
import { CachePolicy } from "@/src/lib/cache-policy";
import { general, orderHistory, portal } from "@/src/lib/messages";
import { pageMeta } from "@/src/shop/app/components/page-frame";
import { readFormPost, textField } from "@/src/shop/app/lib/form-post.server";
import { checkFormToken, formToken } from "@/src/shop/app/lib/form-token.server";
import { asPlayer, requirePlayer } from "@/src/shop/app/lib/require-player.server";
import { requestContext } from "@/src/shop/app/request-context";
import { ApiError } from "@/src/shop/client/api-error";
import { deferred } from "@/src/shop/components/deferred-hydration";
import type { FormOutcomeState } from "@/src/shop/components/form-outcome";
import { apiQuery, historyPageQuery } from "@/src/shop/slices/order-history/history-query";
import type { Route } from "./+types/account-orders";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(orderHistory.title),
  { name: "robots", content: "noindex" },
];

/**
 * `/mijn/bestellingen` (issue 43, behind `auth`): every order, payment, collection and refund of the player,
 * read through the shop client, narrowed by the address's `soort`, `status` and `pagina`.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  await requirePlayer(ctx, request);
  const query = historyPageQuery(new URL(request.url).searchParams);
  const [history, token] = await Promise.all([
    asPlayer(ctx, request, ctx.clients.shop.call(getOrderHistory, { query: apiQuery(query) })),
    formToken(ctx),
  ]);
  return { history, query, token };
}

/**
 * The gift card's "Stuur de e-mail opnieuw" (with or without JavaScript): the recipient's e-mail of a sent,
 * unredeemed gift goes out again; the page says to which address, or why not.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  await requirePlayer(ctx, request);
  const form = await readFormPost(request);
  const answer = (status: number, outcome: FormOutcomeState) => data<FormOutcomeState>(outcome, { status });
  if (!(await checkFormToken(ctx, form)).valid) return answer(403, { formError: portal.formExpired });
  const orderId = z.uuid().safeParse(textField(form, "orderId"));
  if (!orderId.success) return answer(404, { formError: orderHistory.giftNotFound });
  try {
    const { sentTo } = await asPlayer(
      ctx,
      request,
      ctx.clients.shop.call(resendGiftEmail, { params: { orderId: orderId.data } }),
    );
    return answer(200, { notice: orderHistory.giftResent(sentTo) });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500 || error.status === 0) throw error;
    const reason = Object.values(error.fieldErrors).flat()[0] ?? general.generic;
    return answer(error.status, { formError: error.status === 404 ? orderHistory.giftNotFound : reason });
  }
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": CachePolicy.private });

/** The page itself loads after the layout (decision 16): until then its links and forms work as HTML. */
const View = deferred(() => import("./views/account-orders").then((module) => module.AccountOrdersPage));

export default function AccountOrdersPage({ loaderData, actionData }: Route.ComponentProps) {
  return <View loaderData={loaderData} actionData={actionData} />;
}
