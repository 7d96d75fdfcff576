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
import { formatDate, formatEuroCents } from "@/src/lib/format";
import { general, subscriptionChangeMessages, subscriptionEditPage as text } from "@/src/lib/messages";
import type { ApiCaller } from "@/src/shop/client/api-caller";
import { ApiError } from "@/src/shop/client/api-error";
import { type EditAnswer, FIELDS, INTENTS, type Intent } from "./edit-answer";
import type { EditDetails } from "./edit-details";
import {
  addFormFromPost,
  checkAddForm,
  checkItemForm,
  editErrorsByInput,
  emptyAddForm,
  itemFormFromPost,
  quotedKey,
} from "./item-form";

/**
 * The server side of `/mijn/abonnement/{id}/aanpassen`: what the page reads and what its forms' posts do.
 * `shop` is the shop API as the logged-in player (an ended session goes to the login page).
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type EditPageData = {
  details: EditDetails;
  /**
   * What adding the form's default choice (one whole single ticket) would do (issue 43): the add form
   * shows its new monthly amount and confirm button from the first render, also without JavaScript.
   * Undefined when no items can be added, or the shop did not price it.
   */
  addQuote: SubscriptionChangeQuote | undefined;
  outstandingInCents: number;
  transactionIds: { add: string; items: Record<number, { update: string; remove: string }> };
};

/**
 * The subscription's edit details, what a locked one owes (issue 40: the page says so with the way to pay
 * it, instead of forms the shop would refuse) and a transaction id per form shown, so confirming twice
 * applies the change once. Undefined for another player's (or an unknown) id.
 */
export async function loadEditPage(
  shop: ApiCaller,
  subscriptionId: number,
): Promise<EditPageData | undefined> {
  let details: EditDetails;
  try {
    details = await shop.call(getSubscriptionChangeDetails, { query: { subscriptionId } });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return undefined;
    throw error;
  }
  return {
    details,
    addQuote: await defaultAddQuote(shop, details),
    outstandingInCents: details.status === "locked" ? await outstandingOf(shop, details.subscriptionId) : 0,
    transactionIds: {
      add: crypto.randomUUID(),
      items: Object.fromEntries(
        details.items.map((item) => [item.id, { update: crypto.randomUUID(), remove: crypto.randomUUID() }]),
      ) as Record<number, { update: string; remove: string }>,
    },
  };
}

/** The quote of the add form's default choice, when items can be added; a refusal leaves the form to ask. */
async function defaultAddQuote(
  shop: ApiCaller,
  details: EditDetails,
): Promise<SubscriptionChangeQuote | undefined> {
  if (details.status !== "active" || details.items.length >= details.maxItems) return undefined;
  const checked = checkAddForm(details.subscriptionId, emptyAddForm(), details.maxQuantity);
  if (!checked.ok) return undefined;
  try {
    return await shop.call(verifyAddSubscriptionItems, { body: checked.body });
  } catch (error) {
    if (error instanceof ApiError && error.status > 0 && error.status < 500) return undefined;
    throw error;
  }
}

async function outstandingOf(shop: ApiCaller, subscriptionId: number): Promise<number> {
  const { subscriptions } = await shop.call(getSubscriptions);
  return subscriptions.find((subscription) => subscription.id === subscriptionId)?.outstandingInCents ?? 0;
}

/** A post of the page's forms whose token, intent and transaction id have been checked. */
type EditPost = { post: URLSearchParams; intent: Intent; transactionId: string; shop: ApiCaller };

export function editAnswer(value: EditAnswer, status = 200) {
  return data<EditAnswer>(value, { status });
}

/**
 * One post of the page's forms (its anti-forgery token already checked): `verify*` asks the shop what the
 * change would do and shows the form again with the quote (the page without JavaScript); `update`, `add`
 * and `remove` apply it under the form's transaction id and show what changed.
 */
export async function editSubscription(shop: ApiCaller, subscriptionId: number, post: URLSearchParams) {
  const intent = post.get(FIELDS.intent) as Intent;
  const transactionId = post.get(FIELDS.transactionId) ?? "";
  if (!INTENTS.includes(intent) || !UUID.test(transactionId))
    return editAnswer({ kind: "failed", formError: general.generic }, 400);
  const itemId = Number(post.get(FIELDS.itemId));
  const edit: EditPost = { post, intent, transactionId, shop };

  if (intent === "verifyUpdate" || intent === "update") return updateItem(edit, itemId);
  if (intent === "verifyAdd" || intent === "add") return addItems(edit, subscriptionId);
  return removeItem(edit, itemId);
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

/** Changes an item: quoted first, applied only as it was priced. */
async function updateItem({ post, intent, transactionId, shop }: EditPost, itemId: number) {
  const values = itemFormFromPost(post);
  const checked = checkItemForm(itemId, values);
  if (!checked.ok) return editAnswer({ kind: "update", itemId, values, errors: checked.errors }, 422);
  try {
    // Only what was priced is applied: a form changed after its quote (without JavaScript) is priced again.
    const priced = post.get(FIELDS.quoted) === quotedKey(checked.body);
    if (intent === "verifyUpdate" || !priced) {
      const quote = await shop.call(verifyUpdateSubscriptionItem, { body: checked.body });
      const formError = priced ? undefined : text.quoteChanged;
      return editAnswer({ kind: "update", itemId, values, quote, errors: {}, formError });
    }
    const applied = await shop.call(updateSubscriptionItem, { body: { ...checked.body, transactionId } });
    return editAnswer({ kind: "applied", message: appliedMessage(applied) });
  } catch (error) {
    const { status, ...refused } = refusalOf(error);
    return editAnswer({ kind: "update", itemId, values, ...refused }, status);
  }
}

/** Adds items: quoted first, applied only as they were priced. */
async function addItems({ post, intent, transactionId, shop }: EditPost, subscriptionId: number) {
  const values = addFormFromPost(post);
  const checked = checkAddForm(subscriptionId, values, MAX_SUBSCRIPTION_QUANTITY);
  if (!checked.ok) return editAnswer({ kind: "add", values, errors: checked.errors }, 422);
  try {
    const priced = post.get(FIELDS.quoted) === quotedKey(checked.body);
    if (intent === "verifyAdd" || !priced) {
      const quote = await shop.call(verifyAddSubscriptionItems, { body: checked.body });
      const formError = priced ? undefined : text.quoteChanged;
      return editAnswer({ kind: "add", values, quote, errors: {}, formError });
    }
    const applied = await shop.call(addSubscriptionItems, { body: { ...checked.body, transactionId } });
    return editAnswer({ kind: "applied", message: appliedMessage(applied) });
  } catch (error) {
    const { status, ...refused } = refusalOf(error);
    return editAnswer({ kind: "add", values, ...refused }, status);
  }
}

/** Removes an item (quoted with `verifyRemove`); the shop refuses to remove the last one. */
async function removeItem({ intent, transactionId, shop }: EditPost, itemId: number) {
  if (!Number.isSafeInteger(itemId) || itemId < 1)
    return editAnswer({ kind: "failed", formError: general.generic }, 400);
  try {
    if (intent === "verifyRemove") {
      const quote: SubscriptionChangeQuote = await shop.call(verifyRemoveSubscriptionItems, {
        body: { subscriptionItems: [itemId] },
      });
      return editAnswer({ kind: "remove", itemId, quote });
    }
    const applied = await shop.call(removeSubscriptionItems, {
      body: { subscriptionItems: [itemId], transactionId },
    });
    return editAnswer({ kind: "applied", message: appliedMessage(applied) });
  } catch (error) {
    const { status, errors, formError } = refusalOf(error);
    const messages = [formError, ...Object.values(errors)].filter((message): message is string =>
      Boolean(message),
    );
    return editAnswer(
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
