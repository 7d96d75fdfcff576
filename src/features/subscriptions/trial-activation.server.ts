import { and, eq, or } from "drizzle-orm";
import type { Tx } from "@/src/db/database.server";
import { actionActivations } from "@/src/db/schema";

/**
 * The activation of a campaign's trial subscription (issue 18) follows the sign-up that takes it out, as
 * an order's activations follow the order: reserved by the sign-up in the transaction that stores it, used
 * when its first payment is paid, given back when that payment fails.
 */

/**
 * Reserves the activation for the sign-up; false when it is no longer the player's open activation (used
 * by another sign-up meanwhile, a second tab). A retry of the same sign-up finds it reserved already.
 */
export async function reserveTrialActivation(
  tx: Tx,
  activation: { id: string; playerId: string; subscriptionOrderId: string },
): Promise<boolean> {
  const [reserved] = await tx
    .update(actionActivations)
    .set({ status: "reserved", subscriptionOrderId: activation.subscriptionOrderId, inBasket: false })
    .where(
      and(
        eq(actionActivations.id, activation.id),
        eq(actionActivations.playerId, activation.playerId),
        or(
          eq(actionActivations.status, "activated"),
          and(
            eq(actionActivations.status, "reserved"),
            eq(actionActivations.subscriptionOrderId, activation.subscriptionOrderId),
          ),
        ),
      ),
    )
    .returning({ id: actionActivations.id });
  return reserved !== undefined;
}

/** Used once the sign-up is paid; activated again (the player may try once more) when it is not. */
export async function settleTrialActivation(
  tx: Tx,
  subscriptionOrder: { id: string; status: string },
  now: Date,
): Promise<void> {
  if (subscriptionOrder.status === "pending") return;
  const reservedBySignUp = and(
    eq(actionActivations.subscriptionOrderId, subscriptionOrder.id),
    eq(actionActivations.status, "reserved"),
  );
  await tx
    .update(actionActivations)
    .set(
      subscriptionOrder.status === "paid"
        ? { status: "used", usedAt: now }
        : { status: "activated", subscriptionOrderId: null },
    )
    .where(reservedBySignUp);
}
