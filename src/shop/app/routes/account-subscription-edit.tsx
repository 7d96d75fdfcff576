import { data } from "react-router";
import {
  addSubscriptionItems,
  getSubscriptionChangeDetails,
  removeSubscriptionItems,
  type SubscriptionChangeApplied,
  type SubscriptionChangeQuote,
  updateSubscriptionItem,
  verifyAddSubscriptionItems,
  verifyRemoveSubscriptionItems,
  verifyUpdateSubscriptionItem,
} from "@/src/contract/subscription-changes";
import { getSubscriptions } from "@/src/contract/subscriptions";
import { describeItem } from "@/src/domain/subscriptions/item-description";
import { MAX_SUBSCRIPTION_QUANTITY } from "@/src/domain/subscriptions/plan";
import { isValidSubscriptionId } from "@/src/domain/subscriptions/subscription-paths";
import { CachePolicy } from "@/src/lib/cache-policy";
import { formatDate, formatEuroCents } from "@/src/lib/format";
import {
  general,
  portal,
  subscriptionChangeMessages,
  subscriptionEditPage as text,
} from "@/src/lib/messages";
import { pageMeta } from "@/src/shop/app/components/page-frame";
import { readFormPost } from "@/src/shop/app/lib/form-post.server";
import { checkFormToken, formToken } from "@/src/shop/app/lib/form-token.server";
import { assertValidParams, notFound } from "@/src/shop/app/lib/not-found";
import { asPlayer, requirePlayer } from "@/src/shop/app/lib/require-player.server";
import { type RequestContext, requestContext } from "@/src/shop/app/request-context";
import { ApiError } from "@/src/shop/client/api-error";
import { deferred } from "@/src/shop/components/deferred-hydration";
import {
  type EditAnswer,
  FIELDS,
  INTENTS,
  type Intent,
} from "@/src/shop/slices/subscriptions/edit/edit-answer";
import {
  addFormFromPost,
  checkAddForm,
  checkItemForm,
  editErrorsByInput,
  itemFormFromPost,
  quotedKey,
} from "@/src/shop/slices/subscriptions/edit/item-form";
import type { Route } from "./+types/account-subscription-edit";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(text.title),
  { name: "robots", content: "noindex" },
];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The subscription's edit details; another player's (or an unknown) id is the 404 page. */
async function detailsOf(ctx: RequestContext, request: Request, subscriptionId: number) {
  try {
    return await asPlayer(
      ctx,
      request,
      ctx.clients.shop.call(getSubscriptionChangeDetails, { query: { subscriptionId } }),
    );
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) notFound(request);
    throw error;
  }
}

/**
 * What a locked subscription owes (issue 40): the page says so with the way to pay it, instead of forms
 * the shop would refuse (`SubscriptionLockedError`).
 */
async function outstandingOf(ctx: RequestContext, request: Request, subscriptionId: number) {
  const { subscriptions } = await asPlayer(ctx, request, ctx.clients.shop.call(getSubscriptions));
  return subscriptions.find((subscription) => subscription.id === subscriptionId)?.outstandingInCents ?? 0;
}

/**
 * `/mijn/abonnement/{id}/aanpassen` (behind `auth`): the subscription's items, what it costs a month and
 * from which draw a change takes effect, with a form per item, one to add items and one to remove an item.
 * Each form carries its own transaction id (made here, once per form shown), so confirming twice applies
 * the change once.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  assertValidParams(request, isValidSubscriptionId(params.subscription));
  const ctx = context.get(requestContext);
  await requirePlayer(ctx, request);
  const details = await detailsOf(ctx, request, Number(params.subscription));
  return {
    details,
    outstandingInCents:
      details.status === "locked" ? await outstandingOf(ctx, request, details.subscriptionId) : 0,
    token: await formToken(ctx),
    transactionIds: {
      add: crypto.randomUUID(),
      items: Object.fromEntries(
        details.items.map((item) => [item.id, { update: crypto.randomUUID(), remove: crypto.randomUUID() }]),
      ) as Record<number, { update: string; remove: string }>,
    },
  };
}

/** What the confirmation says: from which draw the subscription plays with which items, and the amount. */
function appliedMessage(applied: SubscriptionChangeApplied): string[] {
  const items = applied.subscription.items.map(describeItem).join("; ");
  return [
    text.applied,
    ...(applied.effectiveDraw
      ? [
          text.appliedFrom(
            text.drawOn(applied.effectiveDraw.name, formatDate(applied.effectiveDraw.drawDate)),
            items,
          ),
        ]
      : []),
    text.appliedMonthly(formatEuroCents(applied.monthlyAmountAfterInCents)),
  ];
}

type Refused = { status: number; errors: Record<string, string>; formError?: string };

/** A refusal of the shop as the form shows it; a failure of the shop itself is the error page. */
function refusalOf(error: unknown): Refused {
  if (!(error instanceof ApiError) || error.status >= 500 || error.status === 0) throw error;
  const { byInput, unmatched } = editErrorsByInput(error.fieldErrors);
  const formError =
    unmatched[0] ?? (Object.keys(byInput).length === 0 ? error.message || general.generic : undefined);
  return { status: error.status, errors: byInput, formError };
}

/**
 * The page's forms (a plain post, with or without JavaScript): `verify*` asks the shop what the change
 * would do and shows the form again with the quote (the page without JavaScript); `update`, `add` and
 * `remove` apply it under the form's transaction id and show what changed.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  assertValidParams(request, isValidSubscriptionId(params.subscription));
  const ctx = context.get(requestContext);
  await requirePlayer(ctx, request);
  const post = await readFormPost(request);
  if (!(await checkFormToken(ctx, post)).valid) {
    ctx.log.warn({ event: "subscription_edit_refused" }, "edit form without a valid anti-forgery token");
    return answer({ kind: "failed", formError: portal.formExpired }, 403);
  }
  const intent = post.get(FIELDS.intent) as Intent;
  const transactionId = post.get(FIELDS.transactionId) ?? "";
  if (!INTENTS.includes(intent) || !UUID.test(transactionId))
    return answer({ kind: "failed", formError: general.generic }, 400);
  const subscriptionId = Number(params.subscription);
  const itemId = Number(post.get(FIELDS.itemId));
  const edit: EditPost = {
    post,
    intent,
    transactionId,
    call: (promise) => asPlayer(ctx, request, promise),
    shop: ctx.clients.shop,
  };

  if (intent === "verifyUpdate" || intent === "update") return updateItem(edit, itemId);
  if (intent === "verifyAdd" || intent === "add") return addItems(edit, subscriptionId);
  return removeItem(edit, itemId);
}

/** A post of the page's forms whose token, intent and transaction id have been checked. */
type EditPost = {
  post: URLSearchParams;
  intent: Intent;
  transactionId: string;
  /** A call of the shop as the logged-in player (an ended session goes to the login page). */
  call: <T>(promise: Promise<T>) => Promise<T>;
  shop: RequestContext["clients"]["shop"];
};

function answer(value: EditAnswer, status = 200) {
  return data<EditAnswer>(value, { status });
}

/** Changes an item: quoted first, applied only as it was priced. */
async function updateItem({ post, intent, transactionId, call, shop }: EditPost, itemId: number) {
  const values = itemFormFromPost(post);
  const checked = checkItemForm(itemId, values);
  if (!checked.ok) return answer({ kind: "update", itemId, values, errors: checked.errors }, 422);
  try {
    // Only what was priced is applied: a form changed after its quote (without JavaScript) is priced again.
    const priced = post.get(FIELDS.quoted) === quotedKey(checked.body);
    if (intent === "verifyUpdate" || !priced) {
      const quote = await call(shop.call(verifyUpdateSubscriptionItem, { body: checked.body }));
      const formError = priced ? undefined : text.quoteChanged;
      return answer({ kind: "update", itemId, values, quote, errors: {}, formError });
    }
    const applied = await call(
      shop.call(updateSubscriptionItem, { body: { ...checked.body, transactionId } }),
    );
    return answer({ kind: "applied", message: appliedMessage(applied) });
  } catch (error) {
    const { status, ...refused } = refusalOf(error);
    return answer({ kind: "update", itemId, values, ...refused }, status);
  }
}

/** Adds items: quoted first, applied only as they were priced. */
async function addItems({ post, intent, transactionId, call, shop }: EditPost, subscriptionId: number) {
  const values = addFormFromPost(post);
  const checked = checkAddForm(subscriptionId, values, MAX_SUBSCRIPTION_QUANTITY);
  if (!checked.ok) return answer({ kind: "add", values, errors: checked.errors }, 422);
  try {
    const priced = post.get(FIELDS.quoted) === quotedKey(checked.body);
    if (intent === "verifyAdd" || !priced) {
      const quote = await call(shop.call(verifyAddSubscriptionItems, { body: checked.body }));
      const formError = priced ? undefined : text.quoteChanged;
      return answer({ kind: "add", values, quote, errors: {}, formError });
    }
    const applied = await call(shop.call(addSubscriptionItems, { body: { ...checked.body, transactionId } }));
    return answer({ kind: "applied", message: appliedMessage(applied) });
  } catch (error) {
    const { status, ...refused } = refusalOf(error);
    return answer({ kind: "add", values, ...refused }, status);
  }
}

/** Removes an item (quoted with `verifyRemove`); the shop refuses to remove the last one. */
async function removeItem({ intent, transactionId, call, shop }: EditPost, itemId: number) {
  if (!Number.isSafeInteger(itemId) || itemId < 1)
    return answer({ kind: "failed", formError: general.generic }, 400);
  try {
    if (intent === "verifyRemove") {
      const quote: SubscriptionChangeQuote = await call(
        shop.call(verifyRemoveSubscriptionItems, { body: { subscriptionItems: [itemId] } }),
      );
      return answer({ kind: "remove", itemId, quote });
    }
    const applied = await call(
      shop.call(removeSubscriptionItems, {
        body: { subscriptionItems: [itemId], transactionId },
      }),
    );
    return answer({ kind: "applied", message: appliedMessage(applied) });
  } catch (error) {
    const { status, errors, formError } = refusalOf(error);
    const messages = [formError, ...Object.values(errors)].filter((message): message is string =>
      Boolean(message),
    );
    return answer(
      {
        kind: "remove",
        itemId,
        formError: messages[0],
        lastItem: status === 422 && messages.includes(subscriptionChangeMessages.lastItem),
      },
      status,
    );
  }
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
