import { and, asc, eq, gt, isNotNull, isNull, lte, ne, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Db } from "@/src/backend/db/database.server";
import { postWalletMovement } from "@/src/backend/db/ledger/ledger.server";
import { queueEmail } from "@/src/backend/db/outbox/outbox.server";
import { drawResults, draws, outboxEmails, players, prizePayouts, tickets } from "@/src/backend/db/schema";
import { DrawResultSchema } from "@/src/domain/results/draw-result";
import { ticketPrizes } from "@/src/domain/results/prize-engine";
import type { Fraction } from "@/src/domain/tickets/catalogue";
import { isPaidIntoWallet } from "@/src/domain/wallet/wallet-rules";

/**
 * Prizes paid in (issue 16, item 5; shared/domain.md): once a draw's result is published, every winning
 * ticket bought online (not a shop's ticket) is paid: up to EUR 10,100 into its player's wallet, higher
 * prizes marked to claim with customer service. Each ticket gets one `prize_payouts` row and at most one
 * ledger transaction (`prize:{ticketId}:{drawId}`), so a job that runs twice, or two at once, pays once.
 * Each player gets one e-mail per draw with what all their tickets won (outbox key `prize:{drawId}:{playerId}`).
 */

export type PrizeServices = { db: Db; logger: Logger; now: () => Date };

/** Tickets are read in pages of this many, so a draw of millions never sits in memory at once. */
const PAGE_SIZE = 2_000;

export type PrizeRun = { credited: number; claims: number; creditedCents: number };

export async function payDrawPrizes(services: PrizeServices, drawId: number): Promise<PrizeRun> {
  const { db, logger } = services;
  const [published] = await db
    .select({ name: draws.name, result: drawResults.result })
    .from(draws)
    .innerJoin(drawResults, eq(drawResults.drawId, draws.id))
    .where(and(eq(draws.id, drawId), isNotNull(draws.publishedAt), lte(draws.publishedAt, services.now())));
  const run: PrizeRun = { credited: 0, claims: 0, creditedCents: 0 };
  if (!published) return run;
  const result = DrawResultSchema.parse(published.result);

  let after = "00000000-0000-0000-0000-000000000000";
  for (;;) {
    const page = await db
      .select({
        id: tickets.id,
        number: tickets.number,
        fraction: tickets.fraction,
        withXl: tickets.withXl,
        multiplier: tickets.multiplier,
        playerId: tickets.playerId,
      })
      .from(tickets)
      .leftJoin(prizePayouts, eq(prizePayouts.ticketId, tickets.id))
      .where(
        and(
          eq(tickets.drawId, drawId),
          isNotNull(tickets.playerId),
          ne(tickets.purchaseType, "Retail"),
          isNull(prizePayouts.ticketId),
          gt(tickets.id, after),
        ),
      )
      .orderBy(asc(tickets.id))
      .limit(PAGE_SIZE);
    if (page.length === 0) break;
    after = page.at(-1)?.id ?? after;

    const winners = new Map<string, Array<{ ticketId: string; cents: number }>>();
    for (const ticket of page) {
      const { totalInCents } = ticketPrizes(result, {
        number: ticket.number,
        fraction: ticket.fraction as Fraction,
        withXl: ticket.withXl,
        multiplier: ticket.multiplier,
      });
      const cents = Math.round(totalInCents);
      if (cents <= 0 || !ticket.playerId) continue;
      const list = winners.get(ticket.playerId) ?? [];
      list.push({ ticketId: ticket.id, cents });
      winners.set(ticket.playerId, list);
    }
    for (const [playerId, won] of winners) {
      const paid = await payPlayer(services, { drawId, drawName: published.name, playerId, won });
      run.credited += paid.credited;
      run.claims += paid.claims;
      run.creditedCents += paid.creditedCents;
    }
  }
  await queuePrizeEmails(db, drawId, published.name);
  if (run.credited + run.claims > 0) logger.info({ drawId, ...run }, "prizes paid in");
  return run;
}

/**
 * One e-mail per player with prizes in the draw, with what all of them came to, for every such player who
 * has none yet (outbox key `prize:{drawId}:{playerId}`). Read from the payouts, so a run that stopped
 * after paying and before e-mailing is made good by the next.
 */
async function queuePrizeEmails(db: Db, drawId: number, drawName: string): Promise<void> {
  const rows = await db
    .select({
      playerId: prizePayouts.playerId,
      email: players.email,
      firstName: players.firstName,
      tickets: sql<number>`count(*)::int`,
      creditedCents: sql<string>`coalesce(sum(${prizePayouts.amountCents}) filter (where ${prizePayouts.state} = 'credited'), 0)`,
      claimCents: sql<string>`coalesce(sum(${prizePayouts.amountCents}) filter (where ${prizePayouts.state} = 'claim'), 0)`,
    })
    .from(prizePayouts)
    .innerJoin(players, eq(players.id, prizePayouts.playerId))
    .leftJoin(
      outboxEmails,
      eq(outboxEmails.key, sql`'prize:' || ${drawId} || ':' || ${prizePayouts.playerId}`),
    )
    .where(and(eq(prizePayouts.drawId, drawId), isNull(outboxEmails.id)))
    .groupBy(prizePayouts.playerId, players.email, players.firstName);
  for (const row of rows) {
    await queueEmail(db, {
      kind: "prize",
      key: `prize:${drawId}:${row.playerId}`,
      recipient: row.email,
      playerId: row.playerId,
      data: {
        firstName: row.firstName,
        drawName,
        tickets: Number(row.tickets),
        creditedCents: Number(row.creditedCents),
        claimCents: Number(row.claimCents),
      },
    });
  }
}

/** One player's winning tickets of a draw (of one page of tickets), in one transaction. */
async function payPlayer(
  services: PrizeServices,
  input: {
    drawId: number;
    drawName: string;
    playerId: string;
    won: Array<{ ticketId: string; cents: number }>;
  },
): Promise<PrizeRun> {
  const { drawId, drawName, playerId } = input;
  return services.db.transaction(async (tx) => {
    const run: PrizeRun = { credited: 0, claims: 0, creditedCents: 0 };
    for (const { ticketId, cents } of input.won) {
      const intoWallet = isPaidIntoWallet(cents);
      const [row] = await tx
        .insert(prizePayouts)
        .values({ ticketId, drawId, playerId, amountCents: cents, state: intoWallet ? "credited" : "claim" })
        .onConflictDoNothing({ target: prizePayouts.ticketId })
        .returning({ ticketId: prizePayouts.ticketId });
      if (!row) continue;
      if (!intoWallet) {
        run.claims++;
        continue;
      }
      const posted = await postWalletMovement(tx, {
        key: `prize:${ticketId}:${drawId}`,
        kind: "prize",
        playerId,
        walletCents: cents,
        description: `Prijs ${drawName}`,
      });
      await tx
        .update(prizePayouts)
        .set({ ledgerTransactionId: posted.transactionId })
        .where(eq(prizePayouts.ticketId, ticketId));
      run.credited++;
      run.creditedCents += cents;
    }
    return run;
  });
}

/** Draws published in the last `withinMs` (and not in the future): the ones the scheduler pays. */
export async function recentlyPublishedDraws(db: Db, now: Date, withinMs: number): Promise<number[]> {
  const rows = await db
    .select({ id: draws.id })
    .from(draws)
    .innerJoin(drawResults, eq(drawResults.drawId, draws.id))
    .where(and(lte(draws.publishedAt, now), gt(draws.publishedAt, new Date(now.getTime() - withinMs))));
  return rows.map((row) => row.id);
}
