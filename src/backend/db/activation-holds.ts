import { and, eq, inArray, or } from "drizzle-orm";
import type { Tx } from "./database.server";
import { actionActivations } from "./schema";

/**
 * Activations of action codes are held by what pays for them: an order of tickets (`orderId`) or the
 * sign-up of a campaign's trial subscription (`subscriptionOrderId`). Both follow the same steps: reserved
 * in the transaction that stores the order, used when it is paid, given back (activated again) when it is
 * not.
 */
export type ActivationHolder = { column: "orderId" | "subscriptionOrderId"; id: string };

const holderColumn = (holder: ActivationHolder) => actionActivations[holder.column];
/** The holder's column set to its id (held) or cleared (given back). */
const holderValue = (holder: ActivationHolder, id: string | null) =>
  holder.column === "orderId" ? { orderId: id } : { subscriptionOrderId: id };

/**
 * Reserves the activations for the holder; each must still be the player's and open, or already this
 * holder's (a retry). Returns how many it holds now: fewer than asked when another order took one
 * meanwhile (a second tab).
 */
export async function holdActivations(
  tx: Tx,
  holder: ActivationHolder,
  request: { ids: readonly string[]; playerId: string; inBasket?: boolean },
): Promise<number> {
  if (request.ids.length === 0) return 0;
  const reserved = await tx
    .update(actionActivations)
    .set({
      status: "reserved",
      ...holderValue(holder, holder.id),
      ...(request.inBasket === undefined ? {} : { inBasket: request.inBasket }),
    })
    .where(
      and(
        inArray(actionActivations.id, [...request.ids]),
        eq(actionActivations.playerId, request.playerId),
        or(
          eq(actionActivations.status, "activated"),
          and(eq(actionActivations.status, "reserved"), eq(holderColumn(holder), holder.id)),
        ),
      ),
    )
    .returning({ id: actionActivations.id });
  return reserved.length;
}

/**
 * Settles what the holder reserved, in the transaction that settles it: used when it is paid, given back
 * when it failed, was cancelled or expired; nothing while it is still pending.
 */
export async function settleHeldActivations(
  tx: Tx,
  holder: ActivationHolder & { status: string },
  now: Date,
): Promise<void> {
  if (holder.status === "pending") return;
  await tx
    .update(actionActivations)
    .set(
      holder.status === "paid"
        ? { status: "used", usedAt: now }
        : { status: "activated", ...holderValue(holder, null) },
    )
    .where(and(eq(holderColumn(holder), holder.id), eq(actionActivations.status, "reserved")));
}
