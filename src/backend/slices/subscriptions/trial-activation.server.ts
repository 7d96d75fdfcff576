import { holdActivations, settleHeldActivations } from "@/src/backend/db/activation-holds";
import type { Tx } from "@/src/backend/db/database.server";

/**
 * The activation of a campaign's trial subscription (issue 18) follows the sign-up that takes it out, as
 * an order's activations follow the order (src/backend/db/activation-holds.ts): reserved by the sign-up in the
 * transaction that stores it, used when its first payment is paid, given back when that payment fails.
 */

/**
 * Reserves the activation for the sign-up (out of the basket); false when it is no longer the player's open
 * activation (used by another sign-up meanwhile, a second tab). A retry of the same sign-up finds it reserved.
 */
export async function reserveTrialActivation(
  tx: Tx,
  activation: { id: string; playerId: string; subscriptionOrderId: string },
): Promise<boolean> {
  const held = await holdActivations(
    tx,
    { column: "subscriptionOrderId", id: activation.subscriptionOrderId },
    { ids: [activation.id], playerId: activation.playerId, inBasket: false },
  );
  return held === 1;
}

/** Used once the sign-up is paid; activated again (the player may try once more) when it is not. */
export async function settleTrialActivation(
  tx: Tx,
  subscriptionOrder: { id: string; status: string },
  now: Date,
): Promise<void> {
  await settleHeldActivations(
    tx,
    { column: "subscriptionOrderId", id: subscriptionOrder.id, status: subscriptionOrder.status },
    now,
  );
}
