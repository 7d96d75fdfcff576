import { getSubscriptions } from "@/src/api/contract/subscriptions";
import { pageMeta } from "@/src/app/components/page-frame";
import { asPlayer, requirePlayer } from "@/src/app/lib/require-player.server";
import { requestContext } from "@/src/app/request-context";
import { deferred } from "@/src/components/deferred-hydration";
import { mySubscriptions as text } from "@/src/lib/messages";
import type { Route } from "./+types/my-subscriptions";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(text.title),
  { name: "robots", content: "noindex" },
];

/** /mijn/abonnementen (behind `auth` through the route rules): the player's subscriptions, newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  await requirePlayer(ctx, request);
  return asPlayer(ctx, request, ctx.clients.shop.call(getSubscriptions));
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/** The page itself loads after the layout (decision 16): until then its links and forms work as HTML. */
const View = deferred(() => import("./views/my-subscriptions").then((module) => module.MySubscriptionsPage));

export default function MySubscriptionsPage({ loaderData, actionData }: Route.ComponentProps) {
  return <View loaderData={loaderData} actionData={actionData} />;
}
