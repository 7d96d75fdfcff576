import { getOrderHistory } from "@/src/contract/order-history";
import { CachePolicy } from "@/src/lib/cache-policy";
import { orderHistory } from "@/src/lib/messages";
import { pageMeta } from "@/src/shop/app/components/page-frame";
import { asPlayer, requirePlayer } from "@/src/shop/app/lib/require-player.server";
import { requestContext } from "@/src/shop/app/request-context";
import { deferred } from "@/src/shop/components/deferred-hydration";
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
  const history = await asPlayer(
    ctx,
    request,
    ctx.clients.shop.call(getOrderHistory, { query: apiQuery(query) }),
  );
  return { history, query };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": CachePolicy.private });

/** The page itself loads after the layout (decision 16): until then its links and forms work as HTML. */
const View = deferred(() => import("./views/account-orders").then((module) => module.AccountOrdersPage));

export default function AccountOrdersPage({ loaderData, actionData }: Route.ComponentProps) {
  return <View loaderData={loaderData} actionData={actionData} />;
}
