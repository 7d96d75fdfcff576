import { type HandlerContext, implement } from "@/src/backend/http/router";
import type { SessionPlayer } from "@/src/backend/http/session/session.server";
import {
  addItems,
  type ChangeActor,
  removeItems,
  subscriptionChangeDetails,
  updateItem,
  verifyAddItems,
  verifyRemoveItems,
  verifyUpdateItem,
} from "@/src/backend/slices/subscriptions/item-changes.server";
import {
  applyXlUpsell as addXlUpsell,
  applyDrawUpsell as playDrawUpsell,
  verifyDrawUpsell as quoteDrawUpsell,
  verifyXlUpsell as quoteXlUpsell,
} from "@/src/backend/slices/subscriptions/upsell.server";
import {
  addSubscriptionItems,
  applyDrawUpsell,
  applyXlUpsell,
  getSubscriptionChangeDetails,
  removeSubscriptionItems,
  updateSubscriptionItem,
  verifyAddSubscriptionItems,
  verifyDrawUpsell,
  verifyRemoveSubscriptionItems,
  verifyUpdateSubscriptionItem,
  verifyXlUpsell,
} from "@/src/contract/subscription-changes";
import { lookupOf } from "@/src/domain/page-content";
import { CachePolicy } from "@/src/lib/cache-policy";
import { answering } from "./answering";

/**
 * Changing a subscription (issue 15): the edit page's details, adding, changing and removing items, and
 * the XL and extra-draw upsells. Every apply call runs under its transaction id (change-transaction.server.ts).
 * Answers are the player's own: never kept by a cache.
 */

/** The logged-in player, now; the answer is marked private and not to be stored. */
function actorOf(context: HandlerContext & { player: SessionPlayer }): ChangeActor {
  context.res.setHeader("Cache-Control", CachePolicy.private);
  return { db: context.services.db, now: context.services.now(), playerId: context.player.id };
}

/** The CMS's upsell blocks by page id. */
function upsellsOf(context: HandlerContext) {
  return lookupOf(context.services.pageContent, "subscriptionUpsell");
}

export const subscriptionChangeHandlers = [
  implement(getSubscriptionChangeDetails, ({ query }, context) =>
    answering(() => subscriptionChangeDetails(actorOf(context), query.subscriptionId)),
  ),

  implement(verifyAddSubscriptionItems, ({ body }, context) =>
    answering(() => verifyAddItems(actorOf(context), body)),
  ),

  implement(addSubscriptionItems, ({ body }, context) => answering(() => addItems(actorOf(context), body))),

  implement(verifyUpdateSubscriptionItem, ({ body }, context) =>
    answering(() => verifyUpdateItem(actorOf(context), body)),
  ),

  implement(updateSubscriptionItem, ({ body }, context) =>
    answering(() => updateItem(actorOf(context), body)),
  ),

  implement(verifyRemoveSubscriptionItems, ({ body }, context) =>
    answering(() => verifyRemoveItems(actorOf(context), body)),
  ),

  implement(removeSubscriptionItems, ({ body }, context) =>
    answering(() => removeItems(actorOf(context), body)),
  ),

  implement(verifyXlUpsell, ({ params, body }, context) =>
    answering(() => quoteXlUpsell(actorOf(context), upsellsOf(context), params.pageId, body)),
  ),

  implement(verifyDrawUpsell, ({ params, body }, context) =>
    answering(() => quoteDrawUpsell(actorOf(context), upsellsOf(context), params.pageId, body)),
  ),

  implement(applyXlUpsell, ({ params, body }, context) =>
    answering(() => addXlUpsell(actorOf(context), upsellsOf(context), params.pageId, body)),
  ),

  implement(applyDrawUpsell, ({ params, body }, context) =>
    answering(() => playDrawUpsell(actorOf(context), upsellsOf(context), params.pageId, body)),
  ),
];
