import { refuseRefusedAge } from "@/src/backend/http/age-gate";
import { implement } from "@/src/backend/http/router";
import { loyaltyOverview, subscribeToLoyalty } from "@/src/backend/slices/loyalty/loyalty.server";
import { getLoyalty, subscribeLoyalty } from "@/src/contract/loyalty";
import { CachePolicy } from "@/src/lib/cache-policy";

/** Kroonpunten (issue 20, item 6): the membership with its points, and joining once. */
export const loyaltyHandlers = [
  implement(getLoyalty, async (_input, context) => {
    context.res.setHeader("Cache-Control", CachePolicy.private);
    return loyaltyOverview(context.services.db, context.player.id);
  }),

  implement(subscribeLoyalty, async (_input, context) => {
    context.res.setHeader("Cache-Control", CachePolicy.private);
    refuseRefusedAge(context.player);
    return subscribeToLoyalty(
      { db: context.services.db, logger: context.log, now: context.services.now },
      context.player.id,
    );
  }),
];
