import { isValidSubscriptionId } from "@/src/domain/subscriptions/subscription-paths";
import { CachePolicy } from "@/src/lib/cache-policy";
import { portal, subscriptionEditPage as text } from "@/src/lib/messages";
import { pageMeta } from "@/src/shop/app/components/page-frame";
import { readFormPost } from "@/src/shop/app/lib/form-post.server";
import { checkFormToken, formToken } from "@/src/shop/app/lib/form-token.server";
import { assertValidParams, notFound } from "@/src/shop/app/lib/not-found";
import { playerShop, requirePlayer } from "@/src/shop/app/lib/require-player.server";
import { requestContext } from "@/src/shop/app/request-context";
import { deferred } from "@/src/shop/components/deferred-hydration";
import {
  editAnswer,
  editSubscription,
  loadEditPage,
} from "@/src/shop/slices/subscriptions/edit/edit-page.server";
import type { Route } from "./+types/account-subscription-edit";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(text.title),
  { name: "robots", content: "noindex" },
];

/**
 * `/mijn/abonnement/{id}/aanpassen` (behind `auth`): the subscription's items, what it costs a month and
 * from which draw a change takes effect, with a form per item, one to add items and one to remove an item.
 * Another player's (or an unknown) subscription is the 404 page.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  assertValidParams(request, isValidSubscriptionId(params.subscription));
  const ctx = context.get(requestContext);
  await requirePlayer(ctx, request);
  const page = await loadEditPage(playerShop(ctx, request), Number(params.subscription));
  if (!page) notFound(request);
  return { ...page, token: await formToken(ctx) };
}

/** The page's forms (a plain post, with or without JavaScript), each under its own transaction id. */
export async function action({ request, params, context }: Route.ActionArgs) {
  assertValidParams(request, isValidSubscriptionId(params.subscription));
  const ctx = context.get(requestContext);
  await requirePlayer(ctx, request);
  const post = await readFormPost(request);
  if (!(await checkFormToken(ctx, post)).valid) {
    ctx.log.warn({ event: "subscription_edit_refused" }, "edit form without a valid anti-forgery token");
    return editAnswer({ kind: "failed", formError: portal.formExpired }, 403);
  }
  return editSubscription(playerShop(ctx, request), Number(params.subscription), post);
}

/**
 * After every post the loader runs again, also after a refusal: the page shows the subscription as it is
 * now, and every form gets a new transaction id (one refused as already processed or rolled back is not
 * sent again). The forms keep what the player chose through the action's answer.
 */
export const shouldRevalidate = () => true;

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": CachePolicy.private });

/** The page itself loads after the layout (decision 16): until then its links and forms work as HTML. */
const View = deferred(() =>
  import("./views/account-subscription-edit").then((module) => module.AccountSubscriptionEditPage),
);

export default function AccountSubscriptionEditPage({ loaderData, actionData }: Route.ComponentProps) {
  return <View loaderData={loaderData} actionData={actionData} />;
}
