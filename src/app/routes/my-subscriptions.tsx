import { Link } from "react-router";
import { getSubscriptions } from "@/src/api/contract/subscriptions";
import { PageFrame, pageMeta } from "@/src/app/components/page-frame";
import { asPlayer, requirePlayer } from "@/src/app/lib/require-player.server";
import { requestContext } from "@/src/app/request-context";
import { DEFAULT_FORM_PAGE } from "@/src/features/subscriptions/choice-form";
import { SubscriptionCard } from "@/src/features/subscriptions/subscription-card";
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

export default function MySubscriptionsPage({ loaderData }: Route.ComponentProps) {
  return (
    <PageFrame title={text.title} intro={text.intro}>
      {loaderData.subscriptions.length === 0 ? (
        <p>
          {text.empty} <Link to={DEFAULT_FORM_PAGE}>{text.takeOne}</Link>
        </p>
      ) : (
        loaderData.subscriptions.map((subscription) => (
          <SubscriptionCard key={subscription.id} subscription={subscription} />
        ))
      )}
    </PageFrame>
  );
}
