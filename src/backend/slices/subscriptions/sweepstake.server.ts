import { randomInt } from "node:crypto";
import { and, count, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "@/src/backend/db/database.server";
import { sweepstakeEntries } from "@/src/backend/db/schema";
import type { SweepstakeResult } from "@/src/contract/subscriptions";
import type { Sweepstake } from "@/src/domain/subscriptions/plan";

/**
 * The sign-up sweepstake (issue 14, item 5): an order's result is decided once, on the server, in the
 * transaction that turns its paid sign-up into a subscription, and read back unchanged ever after. Nothing
 * a browser sends takes part in it.
 */

/** What an order keeps of the sweepstake it entered (the page's, as it was when the order was stored). */
export type SweepstakeSnapshot = Omit<Sweepstake, "endsAt"> & { endsAt: string };

/**
 * Decides an order's entry: it wins with a chance of one in `oddsOneIn` while prizes last. Entries of one
 * sweepstake are decided one at a time (a transaction-scoped advisory lock on its id), so two sign-ups
 * paid at the same moment cannot both take the last prize. At most one entry per order.
 */
export async function enterSweepstake(
  tx: Tx,
  subscriptionOrderId: string,
  sweepstake: SweepstakeSnapshot,
): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${sweepstake.id}))`);
  const [wins] = await tx
    .select({ total: count() })
    .from(sweepstakeEntries)
    .where(and(eq(sweepstakeEntries.sweepstakeId, sweepstake.id), eq(sweepstakeEntries.won, true)));
  const won =
    (wins?.total ?? 0) < sweepstake.numberOfPrizes && randomInt(Math.max(1, sweepstake.oddsOneIn)) === 0;
  await tx
    .insert(sweepstakeEntries)
    .values({
      subscriptionOrderId,
      sweepstakeId: sweepstake.id,
      won,
      prizeText: won ? sweepstake.prizeText : null,
    })
    .onConflictDoNothing();
  return won;
}

/**
 * The result of an order as the player sees it: `pending` until its first payment is settled, then what
 * was decided; `notEntered` when the page had no open sweepstake or the order was never paid.
 */
export async function sweepstakeOutcome(
  db: Db,
  order: { id: string; status: string; sweepstake: SweepstakeSnapshot | null },
  transactionId: string,
): Promise<SweepstakeResult> {
  const { sweepstake } = order;
  if (!sweepstake || (order.status !== "pending" && order.status !== "paid")) {
    return { orderId: transactionId, status: "notEntered", prizeText: null };
  }
  if (order.status === "pending") {
    return { orderId: transactionId, status: "pending", prizeText: sweepstake.prizeText };
  }
  const [entry] = await db
    .select()
    .from(sweepstakeEntries)
    .where(eq(sweepstakeEntries.subscriptionOrderId, order.id))
    .limit(1);
  if (!entry) return { orderId: transactionId, status: "notEntered", prizeText: null };
  return {
    orderId: transactionId,
    status: entry.won ? "won" : "lost",
    prizeText: sweepstake.prizeText,
  };
}
