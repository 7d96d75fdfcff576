import { eq } from "drizzle-orm";
import type { Tx } from "@/src/backend/db/database.server";
import { loyaltyMembers, loyaltyPoints } from "@/src/backend/db/schema";
import { pointsForPaidOrder } from "@/src/domain/loyalty/loyalty-rules";
import { loyaltyMessages } from "@/src/lib/messages";

/**
 * Credits the Kroonpunten of a ticket order that has just been paid (issue 20, item 6), inside the
 * transaction that marks it paid, so an order is paid and credited together or not at all. Only a member
 * who had joined by the time of payment earns points; an order credits at most once (unique order id), so
 * a replayed settlement adds nothing. Answers the points credited.
 */
export async function creditOrderPoints(
  tx: Tx,
  order: { id: string; playerId: string; totalCents: number },
  paidAt: Date,
): Promise<number> {
  const [member] = await tx
    .select({ joinedAt: loyaltyMembers.joinedAt })
    .from(loyaltyMembers)
    .where(eq(loyaltyMembers.playerId, order.playerId));
  const points = pointsForPaidOrder({ totalCents: order.totalCents, paidAt, joinedAt: member?.joinedAt });
  if (points === 0) return 0;
  const credited = await tx
    .insert(loyaltyPoints)
    .values({
      playerId: order.playerId,
      orderId: order.id,
      points,
      description: loyaltyMessages.orderCredit(order.id.slice(0, 8).toUpperCase()),
      createdAt: paidAt,
    })
    .onConflictDoNothing({ target: loyaltyPoints.orderId })
    .returning({ id: loyaltyPoints.id });
  return credited.length > 0 ? points : 0;
}
