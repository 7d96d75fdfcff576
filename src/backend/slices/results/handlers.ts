import { and, eq, isNull } from "drizzle-orm";
import { retailTickets, tickets } from "@/src/backend/db/schema";
import { HttpProblem } from "@/src/backend/http/problem-error";
import { implement } from "@/src/backend/http/router";
import {
  checkableDraws,
  checkTicketNumbers,
  latestPublishedResult,
  listDrawSummaries,
  nextPublicationAt,
  resultByDrawId,
} from "@/src/backend/slices/results/results.server";
import {
  checkTickets,
  getBoulevardGame,
  getBoulevardTickets,
  getDrawResult,
  getDrawResults,
  getTicketCheckerDraws,
  linkRetailTicket,
  unlinkRetailTicket,
} from "@/src/contract/results";
import {
  boulevardNumbers,
  isBoulevardId,
  isKnownBoulevard,
  normaliseBoulevardId,
  parseShares,
} from "@/src/domain/results/boulevard";
import { ticketPrizes } from "@/src/domain/results/prize-engine";
import { CachePolicy } from "@/src/lib/cache-policy";
import { boulevardMessages, resultsMessages } from "@/src/lib/messages";

/**
 * The boulevard a path names (2 letters and 3 digits, any case, spaces ignored): a missing one with the
 * spec's text (section 5), a malformed one 400, and one whose letters no ticket has 404.
 */
function boulevardId(raw: string): string {
  const id = normaliseBoulevardId(raw);
  if (id === "")
    throw new HttpProblem(400, {
      detail: boulevardMessages.idMissing,
      errors: { boulevardId: [boulevardMessages.idMissing] },
    });
  if (!isBoulevardId(id)) {
    throw new HttpProblem(400, {
      detail: resultsMessages.boulevardIdInvalid,
      errors: { boulevardId: [resultsMessages.boulevardIdInvalid] },
    });
  }
  return id;
}

function assertKnownBoulevard(id: string): void {
  if (!isKnownBoulevard(id)) {
    throw new HttpProblem(404, {
      detail: resultsMessages.boulevardUnknown,
      errors: { boulevardId: [resultsMessages.boulevardUnknown] },
    });
  }
}

export const resultHandlers = [
  implement(getDrawResults, async ({ query }, { services, res }) => {
    res.setHeader("Cache-Control", CachePolicy.results);
    const [draws, next] = await Promise.all([
      listDrawSummaries(services.db, query, services.now()),
      nextPublicationAt(services.db, services.now()),
    ]);
    return { draws, nextPublicationDate: next ? new Date(next).toISOString() : undefined };
  }),

  // Before `/api/draw-results/{drawId}`, which would otherwise take `ticket-checker` for a draw id.
  implement(getTicketCheckerDraws, async (_input, { services, res }) => {
    res.setHeader("Cache-Control", CachePolicy.results);
    return { draws: await checkableDraws(services.db, services.now()) };
  }),

  implement(getDrawResult, async ({ params }, { services, res }) => {
    const details = await resultByDrawId(services.db, params.drawId, services.now());
    if (!details) throw new HttpProblem(404, { detail: resultsMessages.drawNotPublished });
    res.setHeader("Cache-Control", CachePolicy.results);
    return details;
  }),

  implement(checkTickets, async ({ body }, { services, res }) => {
    res.setHeader("Cache-Control", CachePolicy.noStore);
    const checked = await checkTicketNumbers(services.db, body.drawId, body.tickets, services.now());
    if (!checked) {
      throw new HttpProblem(404, {
        detail: resultsMessages.drawNotPublished,
        errors: { drawId: [resultsMessages.drawNotPublished] },
      });
    }
    return { drawId: body.drawId, ...checked };
  }),

  implement(linkRetailTicket, async ({ body }, { services, player }) => {
    const [retail] = await services.db
      .select({ ticket: tickets })
      .from(retailTickets)
      .innerJoin(tickets, eq(tickets.id, retailTickets.ticketId))
      .where(eq(retailTickets.barcode, body.barcode))
      .limit(1);
    if (!retail) {
      throw new HttpProblem(404, {
        code: "RetailTicketNotFoundError",
        errors: { barcode: [resultsMessages.barcodeUnknown] },
      });
    }
    // One conditional update: of two players (or tabs) linking the same barcode, exactly one wins.
    const [linked] = await services.db
      .update(tickets)
      .set({ playerId: player.id })
      .where(and(eq(tickets.id, retail.ticket.id), isNull(tickets.playerId)))
      .returning();
    if (!linked) {
      throw new HttpProblem(409, {
        code: "RetailTicketAlreadyLinkedError",
        errors: { barcode: [resultsMessages.barcodeAlreadyLinked] },
      });
    }
    return {
      ticketId: linked.id,
      drawId: linked.drawId,
      ticketNumber: linked.number,
      fraction: linked.fraction as "WHOLE" | "HALF" | "ONE_FIFTH",
    };
  }),

  implement(unlinkRetailTicket, async ({ body }, { services, player }) => {
    const [unlinked] = await services.db
      .update(tickets)
      .set({ playerId: null })
      .where(
        and(
          eq(tickets.id, body.ticketId),
          eq(tickets.drawId, body.drawId),
          eq(tickets.playerId, player.id),
          eq(tickets.purchaseType, "Retail"),
        ),
      )
      .returning({ id: tickets.id });
    if (!unlinked) throw new HttpProblem(404, { code: "RetailTicketNotFoundError" });
    return undefined;
  }),

  implement(getBoulevardGame, async ({ params, query }, { services, res }) => {
    const id = boulevardId(params.boulevardId);
    if (!query.shares?.trim()) {
      throw new HttpProblem(400, {
        detail: boulevardMessages.idOrShareMissing,
        errors: { shares: [boulevardMessages.idOrShareMissing] },
      });
    }
    const shares = parseShares(query.shares);
    if (shares === undefined) {
      throw new HttpProblem(400, { errors: { shares: [resultsMessages.sharesInvalid] } });
    }
    assertKnownBoulevard(id);
    const latest = await latestPublishedResult(services.db, "KROON", services.now());
    if (!latest) throw new HttpProblem(404, { detail: resultsMessages.drawNotPublished });
    const prizes = boulevardNumbers(id).flatMap((number) => {
      const won = ticketPrizes(latest.result, { number, fraction: "WHOLE", withXl: false });
      return won.totalInCents > 0 ? [{ ticketNumber: number, amountInCents: won.totalInCents }] : [];
    });
    const totalInCents = prizes.reduce((sum, prize) => sum + prize.amountInCents, 0);
    res.setHeader("Cache-Control", CachePolicy.results);
    return {
      boulevardId: id,
      drawId: latest.draw.drawId,
      shares,
      prizes,
      totalInCents,
      perShareInCents: Math.floor(totalInCents / shares),
    };
  }),

  implement(getBoulevardTickets, async ({ params }, { res }) => {
    const id = boulevardId(params.boulevardId);
    assertKnownBoulevard(id);
    res.setHeader("Cache-Control", CachePolicy.derived);
    return { boulevardId: id, tickets: boulevardNumbers(id) };
  }),
];
