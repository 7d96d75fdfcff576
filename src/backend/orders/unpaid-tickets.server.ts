import { and, eq } from "drizzle-orm";
import type { Db } from "@/src/backend/db/database.server";
import { subscriptionCollections, subscriptionItems, tickets } from "@/src/backend/db/schema";

/**
 * The player's subscription tickets whose draw's collection failed and is still unpaid (issue 40): /mijn/loten
 * marks them until the player pays what the subscription owes ("Nu betalen"), which marks the collection paid.
 */
export async function unpaidTicketIds(db: Db, playerId: string): Promise<Set<string>> {
  const rows = await db
    .select({ id: tickets.id })
    .from(tickets)
    .innerJoin(subscriptionItems, eq(subscriptionItems.id, tickets.subscriptionItemId))
    .innerJoin(
      subscriptionCollections,
      and(
        eq(subscriptionCollections.subscriptionId, subscriptionItems.subscriptionId),
        eq(subscriptionCollections.drawId, tickets.drawId),
      ),
    )
    .where(and(eq(tickets.playerId, playerId), eq(subscriptionCollections.state, "failed")));
  return new Set(rows.map((row) => row.id));
}
