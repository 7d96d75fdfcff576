import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "@/src/backend/db/database.server";
import { subscriptions } from "@/src/backend/db/schema";
import type { SubscriptionChoice } from "@/src/contract/subscriptions";
import type { SubscriptionPromotion } from "@/src/domain/subscriptions/plan";
import { subscriptionMessages } from "@/src/lib/messages";
import { SubscriptionError } from "./subscription-error.server";

/**
 * A trial subscription (Proefabonnement, shared/domain.md) is for a player's first subscription: once the
 * player has (or had, also cancelled) a subscription taken out with a trial, a new one gets no trial. The
 * quote refuses it as the sign-up does: `InvalidChoice` with the Dutch message at the promotion's field.
 */

/** True when one of the player's subscriptions (any status) was taken out with a trial. */
export async function hasHadTrial(db: Db | Tx, playerId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.playerId, playerId), sql`(${subscriptions.promotion} ->> 'trial') = 'true'`))
    .limit(1);
  return Boolean(row);
}

/** The chosen promotion is a trial. */
export function choosesTrial(
  promotion: Pick<SubscriptionPromotion, "id" | "trial"> | null | undefined,
  choice: Pick<SubscriptionChoice, "chosenPromotionId">,
): boolean {
  return Boolean(promotion?.trial && choice.chosenPromotionId === promotion.id);
}

/** Refuses a trial for a player who had one (`InvalidChoice` at `chosenPromotionId`). */
export async function refuseRepeatedTrial(
  db: Db | Tx,
  playerId: string,
  promotion: Pick<SubscriptionPromotion, "id" | "trial"> | null | undefined,
  choice: Pick<SubscriptionChoice, "chosenPromotionId">,
): Promise<void> {
  if (!choosesTrial(promotion, choice)) return;
  if (await hasHadTrial(db, playerId)) {
    throw new SubscriptionError("InvalidChoice", { chosenPromotionId: [subscriptionMessages.trialOnce] });
  }
}
