import { data } from "react-router";
import { getLoyalty, type Loyalty, subscribeLoyalty } from "@/src/contract/loyalty";
import { getPlayerDetails } from "@/src/contract/player";
import { getSubscriptions } from "@/src/contract/subscriptions";
import { getWallet, type Wallet } from "@/src/contract/wallet";
import { CachePolicy } from "@/src/lib/cache-policy";
import { account, general, loyaltyMessages, portal } from "@/src/lib/messages";
import { pageMeta } from "@/src/shop/app/components/page-frame";
import { readFormPost } from "@/src/shop/app/lib/form-post.server";
import { checkFormToken, formToken } from "@/src/shop/app/lib/form-token.server";
import { asPlayer, requirePlayer } from "@/src/shop/app/lib/require-player.server";
import { requestContext } from "@/src/shop/app/request-context";
import { ApiError } from "@/src/shop/client/api-error";
import { deferred } from "@/src/shop/components/deferred-hydration";
import type { FormOutcomeState } from "@/src/shop/components/form-outcome";
import { JOIN_LOYALTY } from "@/src/shop/slices/loyalty/loyalty-summary";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(account.overviewTitle),
  { name: "robots", content: "noindex" },
];

/** The /mijn overview (behind `auth` through the route rules). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  await requirePlayer(ctx, request);
  const [details, token, subscriptionCounts, wallet, loyalty] = await Promise.all([
    asPlayer(ctx, request, ctx.clients.shop.call(getPlayerDetails)),
    formToken(ctx),
    activeSubscriptionCount(ctx.clients.shop.call(getSubscriptions)),
    walletOrNothing(ctx.clients.portal.call(getWallet)),
    loyaltyOrNothing(ctx.clients.shop.call(getLoyalty)),
  ]);
  // A refund into the wallet (a superseded sign-up's payment approved late, issue 40) is shown here too.
  const refund = wallet?.transactions.find((movement) => movement.kind === "refund");
  return {
    details,
    token,
    activeSubscriptions: subscriptionCounts?.active,
    lockedSubscriptions: subscriptionCounts?.locked ?? 0,
    balanceInCents: wallet?.balanceInCents,
    latestRefund: refund
      ? { amountInCents: refund.amountInCents, description: refund.description, at: refund.at }
      : null,
    loyalty,
  };
}

/** The wallet; undefined when the portal cannot say right now, so the overview still shows. */
async function walletOrNothing(call: Promise<Wallet>): Promise<Wallet | undefined> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError) return undefined;
    throw error;
  }
}

/** The Kroonpunten membership; undefined when the shop cannot say right now, so the overview still shows. */
async function loyaltyOrNothing(call: Promise<Loyalty>): Promise<Loyalty | undefined> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError) return undefined;
    throw error;
  }
}

/**
 * Joining Kroonpunten from the overview (issue 20, item 6), with or without JavaScript: the page shows the
 * welcome, or that the player already is a member (a second tab, a resent form).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  await requirePlayer(ctx, request);
  const form = await readFormPost(request);
  const answer = (status: number, outcome: FormOutcomeState) => data<FormOutcomeState>(outcome, { status });
  if (form.get(JOIN_LOYALTY.name) !== JOIN_LOYALTY.value) return answer(400, { formError: general.generic });
  if (!(await checkFormToken(ctx, form)).valid) {
    ctx.log.warn({ event: "loyalty_form_refused" }, "loyalty form without a valid anti-forgery token");
    return answer(403, { formError: portal.formExpired });
  }
  try {
    await asPlayer(ctx, request, ctx.clients.shop.call(subscribeLoyalty));
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500 || error.status === 0) throw error;
    if (error.code === "LoyaltyAlreadySubscribedError") return answer(200, { notice: error.message });
    return answer(error.status, { formError: error.message || general.generic });
  }
  return answer(200, { notice: loyaltyMessages.joined });
}

/**
 * How many of the player's subscriptions run (active, or locked by an unpaid collection, which still runs
 * once it is paid: issue 40) and how many of those are locked; undefined when the shop cannot say right now,
 * so the overview still shows (its link to /mijn/abonnementen does not need the number).
 */
async function activeSubscriptionCount(
  call: Promise<{ subscriptions: Array<{ status: string }> }>,
): Promise<{ active: number; locked: number } | undefined> {
  try {
    const { subscriptions } = await call;
    const locked = subscriptions.filter((subscription) => subscription.status === "locked").length;
    const active = subscriptions.filter((subscription) => subscription.status === "active").length;
    return { active: active + locked, locked };
  } catch (error) {
    if (error instanceof ApiError) return undefined;
    throw error;
  }
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": CachePolicy.private });

/** The page itself loads after the layout (decision 16): until then its links and forms work as HTML. */
const View = deferred(() => import("./views/account").then((module) => module.AccountPage));

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  return <View loaderData={loaderData} actionData={actionData} />;
}
