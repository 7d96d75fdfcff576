/**
 * Kroonpunten, the loyalty programme (issue 20, item 6): a member earns 1 point per whole euro of a paid
 * ticket order, credited when the order is paid (the choice), and only for orders paid once the
 * player had joined. Cents that do not make a whole euro earn nothing and do not carry over.
 */

export const POINTS_PER_EURO = 1;

/** The points an order of this amount earns. */
export function pointsForAmount(amountInCents: number): number {
  if (!Number.isInteger(amountInCents) || amountInCents <= 0) return 0;
  return Math.floor(amountInCents / 100) * POINTS_PER_EURO;
}

/**
 * The points an order paid at `paidAt` earns its player: none when the player is not a member, or joined
 * only after the order was paid.
 */
export function pointsForPaidOrder(order: {
  totalCents: number;
  paidAt: Date;
  joinedAt: Date | null | undefined;
}): number {
  if (!order.joinedAt || order.joinedAt.getTime() > order.paidAt.getTime()) return 0;
  return pointsForAmount(order.totalCents);
}
