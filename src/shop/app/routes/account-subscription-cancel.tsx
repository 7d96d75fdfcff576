import { randomUUID } from "node:crypto";
import { data } from "react-router";
import { z } from "zod";
import {
  acceptRetentionOffer,
  type CancelQuote,
  cancelSubscription,
  getRetentionOffers,
  verifyCancelSubscription,
} from "@/src/contract/subscription-changes";
import { getSubscriptions } from "@/src/contract/subscriptions";
import { CANCELLATION_PAGE_ID } from "@/src/domain/subscriptions/changes";
import { isValidSubscriptionId } from "@/src/domain/subscriptions/subscription-paths";
import { CachePolicy } from "@/src/lib/cache-policy";
import { portal, subscriptionChangeMessages, subscriptionCancelPage as text } from "@/src/lib/messages";
import { pageMeta } from "@/src/shop/app/components/page-frame";
import { readFormPost } from "@/src/shop/app/lib/form-post.server";
import { checkFormToken, formToken } from "@/src/shop/app/lib/form-token.server";
import { assertValidParams, notFound } from "@/src/shop/app/lib/not-found";
import { asPlayer, requirePlayer } from "@/src/shop/app/lib/require-player.server";
import { type RequestContext, requestContext } from "@/src/shop/app/request-context";
import { ApiError, messageFor } from "@/src/shop/client/api-error";
import { deferred } from "@/src/shop/components/deferred-hydration";
import {
  CANCEL_FIELD,
  type CancelAnswer,
  type CancelChoice,
  type CancelStart,
} from "@/src/shop/slices/subscriptions/cancel/cancel-flow";
import type { Route } from "./+types/account-subscription-cancel";

const ItemIdsSchema = z.array(z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER)).min(1);

export const meta: Route.MetaFunction = () => [
  ...pageMeta(text.title),
  { name: "robots", content: "noindex" },
];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": CachePolicy.private });

/** A subscription taken out by phone: only the customer service can cancel it (issue 43). */
const NOT_CANCELABLE = "SubscriptionNotCancelableError";

/**
 * A refusal of the shop API the flow shows as its Dutch text (spec section 8); anything else (a 5xx, no
 * answer, a 401 turned into the login redirect by `asPlayer`) goes on to the error page.
 */
function refusal(error: unknown): ApiError {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return error;
  throw error;
}

/**
 * `/mijn/abonnement/{id}/opzeggen` (behind `auth` through the route rules): step 1 for one of the
 * player's subscriptions (another player's id is a 404), with what cancelling the whole subscription
 * would stop. The flow's transaction id is made here, once per page load, so two tabs each have their own.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  assertValidParams(request, isValidSubscriptionId(params.subscription));
  const ctx = context.get(requestContext);
  await requirePlayer(ctx, request);
  const subscriptionId = Number(params.subscription);
  const { subscriptions } = await asPlayer(ctx, request, ctx.clients.shop.call(getSubscriptions));
  const subscription = subscriptions.find((candidate) => candidate.id === subscriptionId);
  if (!subscription) notFound(request);
  const start: CancelStart = {
    subscriptionId,
    items: subscription.items,
    transactionId: randomUUID(),
    token: await formToken(ctx),
    quote: null,
    blocked: null,
    byCustomerService: false,
  };
  if (!subscription.cancelableOnline) {
    return { ...start, blocked: messageFor(409, NOT_CANCELABLE), byCustomerService: true };
  }
  if (subscription.status === "cancelled") {
    return { ...start, blocked: messageFor(409, "SubscriptionAlreadyCanceledError") };
  }
  try {
    const quote = await asPlayer(
      ctx,
      request,
      ctx.clients.shop.call(verifyCancelSubscription, { body: { subscriptionId } }),
    );
    return { ...start, quote };
  } catch (error) {
    const refused = refusal(error);
    return { ...start, blocked: refused.message, byCustomerService: refused.code === NOT_CANCELABLE };
  }
}

/** Step 1's choice from a post: the chosen items, or null for the whole subscription. */
function choiceFrom(post: URLSearchParams): CancelChoice | undefined {
  if (post.get(CANCEL_FIELD.scope) !== "items") return { items: null };
  const items = ItemIdsSchema.safeParse(post.getAll(CANCEL_FIELD.item));
  return items.success ? { items: [...new Set(items.data)] } : undefined;
}

type Flow = {
  ctx: RequestContext;
  request: Request;
  subscriptionId: number;
  transactionId: string;
  token: string;
  choice: CancelChoice;
};

const choiceBody = (flow: Flow) => ({
  subscriptionId: flow.subscriptionId,
  ...(flow.choice.items ? { subscriptionItems: flow.choice.items } : {}),
});

function stopped(error: ApiError) {
  const restart = error.code === "TransactionRolledbackError";
  const byCustomerService = error.code === NOT_CANCELABLE;
  return data<CancelAnswer>(
    { step: "stopped", message: error.message, restart, byCustomerService },
    { status: error.status },
  );
}

function verify(flow: Flow): Promise<CancelQuote> {
  return asPlayer(
    flow.ctx,
    flow.request,
    flow.ctx.clients.shop.call(verifyCancelSubscription, { body: choiceBody(flow) }),
  );
}

async function offersFor(flow: Flow, quote: CancelQuote) {
  if (!quote.retentionOffers) return [];
  const answer = await asPlayer(
    flow.ctx,
    flow.request,
    flow.ctx.clients.shop.call(getRetentionOffers, {
      params: { pageId: CANCELLATION_PAGE_ID },
      query: { subscriptionId: flow.subscriptionId },
    }),
  );
  return answer.offers;
}

/** Step 2 (again): the offers that apply now, and why the last choice did not go through. */
async function offersStep(flow: Flow, notice: string | null, status = 200) {
  const quote = await verify(flow);
  const offers = await offersFor(flow, quote);
  const { transactionId, token, choice } = flow;
  return data<CancelAnswer>(
    { step: "offers", transactionId, token, choice, quote, offers, notice },
    { status },
  );
}

/** The cancellation under the flow's transaction id: step 3. */
async function cancel(flow: Flow, steps: number) {
  const player = await requirePlayer(flow.ctx, flow.request);
  const applied = await asPlayer(
    flow.ctx,
    flow.request,
    flow.ctx.clients.shop.call(cancelSubscription, {
      body: { ...choiceBody(flow), transactionId: flow.transactionId },
    }),
  );
  return data<CancelAnswer>({ step: "cancelled", applied, email: player.email || null, steps });
}

/** Step 1's "Verder": the offers, or, when step 1 promised none and none applies, the cancellation. */
async function choose(flow: Flow, offered: boolean) {
  const quote = await verify(flow);
  const offers = await offersFor(flow, quote);
  if (offers.length === 0 && !offered) return cancel(flow, 2);
  const { transactionId, token, choice } = flow;
  return data<CancelAnswer>({ step: "offers", transactionId, token, choice, quote, offers, notice: null });
}

/** An offer accepted instead of cancelling; one no longer available is said at step 2, which stays open. */
async function accept(flow: Flow, offerId: string) {
  const { offers } = await asPlayer(
    flow.ctx,
    flow.request,
    flow.ctx.clients.shop.call(getRetentionOffers, {
      params: { pageId: CANCELLATION_PAGE_ID },
      query: { subscriptionId: flow.subscriptionId },
    }),
  );
  try {
    const applied = await asPlayer(
      flow.ctx,
      flow.request,
      flow.ctx.clients.shop.call(acceptRetentionOffer, {
        params: { pageId: CANCELLATION_PAGE_ID },
        body: { transactionId: flow.transactionId, subscriptionId: flow.subscriptionId, offerId },
      }),
    );
    const offer = offers.find((candidate) => candidate.id === offerId) ?? null;
    return data<CancelAnswer>({ step: "kept", applied, offer });
  } catch (error) {
    const refused = refusal(error);
    const gone =
      refused.code === "NoOfferAvailableError" ||
      refused.code === "OfferNotAvailableError" ||
      refused.status === 422;
    if (!gone) throw refused;
    return offersStep(
      flow,
      refused.status === 422 ? subscriptionChangeMessages.unknownOffer : refused.message,
      409,
    );
  }
}

/**
 * Every step's post (decision 12: plain forms, with or without JavaScript): `choose` (step 1), `accept` an
 * offer or `cancel` (step 2). The answer is the step to show next; the API's refusals come back as their
 * Dutch texts on the page, never as the error page.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  assertValidParams(request, isValidSubscriptionId(params.subscription));
  const ctx = context.get(requestContext);
  await requirePlayer(ctx, request);
  const post = await readFormPost(request);
  const { valid, token } = await checkFormToken(ctx, post);
  const transactionId = z.uuid().safeParse(post.get(CANCEL_FIELD.transactionId));
  if (!valid || !transactionId.success) {
    return data<CancelAnswer>(
      { step: "stopped", message: portal.formExpired, restart: true },
      { status: 403 },
    );
  }
  const base = {
    ctx,
    request,
    subscriptionId: Number(params.subscription),
    transactionId: transactionId.data,
    token,
  };
  const choice = choiceFrom(post);
  if (!choice) {
    return data<CancelAnswer>(
      {
        step: "choose",
        transactionId: base.transactionId,
        token,
        choice: { items: [] },
        error: subscriptionChangeMessages.chooseItems,
      },
      { status: 422 },
    );
  }
  const flow: Flow = { ...base, choice };
  const intent = post.get(CANCEL_FIELD.intent);
  try {
    if (intent === "accept") return await accept(flow, post.get(CANCEL_FIELD.offerId) ?? "");
    if (intent === "cancel") return await cancel(flow, 3);
    return await choose(flow, post.get(CANCEL_FIELD.offered) === "true");
  } catch (error) {
    const refused = refusal(error);
    if (refused.status === 422 && intent !== "accept" && intent !== "cancel") {
      const message = Object.values(refused.fieldErrors).flat()[0] ?? refused.message;
      return data<CancelAnswer>(
        { step: "choose", transactionId: flow.transactionId, token, choice, error: message },
        { status: 422 },
      );
    }
    return stopped(refused);
  }
}

/** The page itself loads after the layout (decision 16): until then its links and forms work as HTML. */
const View = deferred(() =>
  import("./views/account-subscription-cancel").then((module) => module.AccountSubscriptionCancelPage),
);

export default function AccountSubscriptionCancelPage({ loaderData, actionData }: Route.ComponentProps) {
  return <View loaderData={loaderData} actionData={actionData} />;
}
