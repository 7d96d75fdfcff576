import { type HandlerContext, type Implementation, implement } from "@/src/backend/http/router";
import {
  type CancelServices,
  cancelSubscription as cancel,
  verifyCancel,
} from "@/src/backend/slices/subscriptions/cancellation.server";
import {
  acceptRetentionOffer as accept,
  retentionOffersOf,
} from "@/src/backend/slices/subscriptions/retention.server";
import {
  acceptRetentionOffer,
  cancelSubscription,
  getRetentionOffers,
  verifyCancelSubscription,
} from "@/src/contract/subscription-changes";
import { lookupOf } from "@/src/domain/page-content";
import { CachePolicy } from "@/src/lib/cache-policy";
import { answering } from "./answering";

/**
 * Cancelling a subscription online in at most three steps (issue 15): what it would stop, the retention
 * offers of the CMS's cancellation page, accepting one, and the cancellation with its e-mail.
 */

function cancelServices({ services }: HandlerContext): CancelServices {
  return {
    db: services.db,
    now: services.now,
    retentionOffers: lookupOf(services.pageContent, "subscriptionCancellation"),
  };
}

export const subscriptionCancellationHandlers: Implementation[] = [
  implement(verifyCancelSubscription, ({ body }, context) =>
    answering(async () => {
      context.res.setHeader("Cache-Control", CachePolicy.private);
      return verifyCancel(cancelServices(context), { playerId: context.player.id, ...body });
    }),
  ),

  implement(getRetentionOffers, ({ params, query }, context) =>
    answering(async () => {
      context.res.setHeader("Cache-Control", CachePolicy.private);
      return retentionOffersOf(
        cancelServices(context),
        context.player.id,
        params.pageId,
        query.subscriptionId,
      );
    }),
  ),

  implement(acceptRetentionOffer, ({ params, body }, context) =>
    answering(async () => {
      context.res.setHeader("Cache-Control", CachePolicy.private);
      return accept(cancelServices(context), { playerId: context.player.id, pageId: params.pageId, ...body });
    }),
  ),

  implement(cancelSubscription, ({ body }, context) =>
    answering(async () => {
      context.res.setHeader("Cache-Control", CachePolicy.private);
      return cancel(cancelServices(context), { playerId: context.player.id, ...body });
    }),
  ),
];
