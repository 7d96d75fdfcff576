import { and, count, eq, inArray, lt } from "drizzle-orm";
import type { Db } from "@/src/backend/db/database.server";
import { affiliateTicketStores, orders } from "@/src/backend/db/schema";
import { type CheckoutStarted, type OrderServices, startCheckout } from "@/src/backend/orders/orders.server";
import { configureTicket, openDraws } from "@/src/backend/orders/sales.server";
import type { AffiliateQuote, StoredAffiliate } from "@/src/contract/affiliate-tickets";
import {
  type AffiliateOffer,
  matchPartner,
  offerWindowProblem,
} from "@/src/domain/affiliate-tickets/affiliate-rules";
import { DomainError } from "@/src/domain/domain-error";
import type { CheckoutPaymentMethod } from "@/src/domain/payments/payment-method";
import { lineTotal } from "@/src/domain/tickets/basket-math";
import { randomBasketItemId } from "@/src/domain/tickets/basket-rules";
import type { BasketTicket } from "@/src/domain/tickets/basket-ticket";
import { formatDate } from "@/src/lib/format";
import { affiliateMessages } from "@/src/lib/messages";

/**
 * Affiliate tickets (issue 17): a partner's offer on a page of ours. The offer (the page's `affiliateTicket`
 * block) is checked against the partner the call names, its start and end, and, for a logged-in player, how
 * often they took it; the visitor's flow is kept in a store of their own while they log in or register;
 * the ticket is then ordered as any order (free: issued at once; a partner price: through the payment),
 * recording the partner for the monthly report.
 */

export type AffiliateErrorCode = "NotFound" | "PartnerMismatch" | "OfferNotAvailableError";

export class AffiliateError extends DomainError<AffiliateErrorCode> {
  constructor(code: AffiliateErrorCode, errors?: Record<string, string[]>) {
    super(code, errors);
    this.name = "AffiliateError";
  }
}

/** Abandoned flows are dropped after this long (the daily clean-up). */
export const AFFILIATE_STORE_DAYS = 30;

/** The ticket the offer gives: of the next monthly draw on sale, or the next Miljoenenspel draw. */
async function offerLine(
  db: Db,
  offer: AffiliateOffer,
  now: Date,
): Promise<{ line: BasketTicket; draw: { id: number; name: string; drawAt: Date } } | undefined> {
  const open = await openDraws(db, now);
  if (offer.product === "MILLION_GAME") {
    const draw = open.millionGame;
    if (!draw) return undefined;
    return {
      line: { _type: "MjsBasketTicket", basketItemId: randomBasketItemId(), quantity: 1, drawId: draw.id },
      draw,
    };
  }
  for (const draw of open.classic.filter((candidate) => candidate.kind === "regular")) {
    const result = await configureTicket(
      db,
      {
        drawId: draw.id,
        productType: "SingleTicket",
        fraction: offer.product,
        withXl: false,
        quantity: 1,
        multiplier: 1,
        endDigits: [],
        isUpsell: false,
      },
      now,
    );
    if (result.ok) return { line: result.ticket, draw };
  }
  return undefined;
}

/** How often the player took the offer of this page: its orders paid or being paid (not other tickets). */
async function takenBy(db: Db, playerId: string, pageId: string): Promise<number> {
  const [row] = await db
    .select({ taken: count() })
    .from(orders)
    .where(
      and(
        eq(orders.playerId, playerId),
        eq(orders.pageId, pageId),
        eq(orders.affiliateOffer, true),
        inArray(orders.status, ["paid", "pending"]),
      ),
    );
  return row?.taken ?? 0;
}

/**
 * Checks the offer for the partner the call names (`Cms-Affiliate-Host`) and prices it: a page without an
 * affiliate block is `NotFound`, another partner `PartnerMismatch`, an offer that has not begun or is over
 * (or has no draw on sale) `OfferNotAvailableError`, each with the Dutch reason.
 */
export async function quoteAffiliate(
  db: Db,
  request: { offer: AffiliateOffer | undefined; partnerSent: string | undefined; playerId?: string },
  now: Date,
): Promise<{ quote: AffiliateQuote; line: BasketTicket; partner: string; offer: AffiliateOffer }> {
  const { offer } = request;
  if (!offer) throw new AffiliateError("NotFound");
  const partner = matchPartner(offer, request.partnerSent);
  if (!partner) throw new AffiliateError("PartnerMismatch", { partner: [affiliateMessages.wrongPartner] });
  const problem = offerWindowProblem(offer, now);
  if (problem) {
    const message =
      problem === "notStarted"
        ? affiliateMessages.notStarted(formatDate(offer.startsAt))
        : affiliateMessages.ended;
    throw new AffiliateError("OfferNotAvailableError", { offer: [message] });
  }
  const found = await offerLine(db, offer, now);
  if (!found) throw new AffiliateError("OfferNotAvailableError", { offer: [affiliateMessages.noDraw] });
  const { line, draw } = found;
  return {
    partner,
    line,
    offer,
    quote: {
      pageId: offer.pageId,
      partnerName: offer.partnerName,
      product: offer.product,
      draw: { drawId: draw.id, name: draw.name, drawDate: draw.drawAt.toISOString() },
      priceInCents: offer.priceInCents,
      normalPriceInCents: lineTotal(line),
      maxPerPlayer: offer.maxPerPlayer,
      endsAt: offer.endsAt.toISOString(),
      taken: request.playerId ? await takenBy(db, request.playerId, offer.pageId) : null,
    },
  };
}

/**
 * Keeps the visitor's flow (the page and the partner it came with, checked first) under the id the page
 * chose. The id is the visitor's: another visitor's id is `NotFound`, never overwritten.
 */
export async function putAffiliateStore(
  db: Db,
  request: {
    id: string;
    visitorKey: string;
    pageId: string;
    offer: AffiliateOffer | undefined;
    partnerSent: string | undefined;
    playerId?: string;
  },
  now: Date,
): Promise<StoredAffiliate> {
  const { quote, partner } = await quoteAffiliate(db, request, now);
  const [row] = await db
    .insert(affiliateTicketStores)
    .values({
      id: request.id,
      visitorKey: request.visitorKey,
      pageId: request.pageId,
      partner,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: affiliateTicketStores.id,
      set: { pageId: request.pageId, partner, updatedAt: now },
      setWhere: eq(affiliateTicketStores.visitorKey, request.visitorKey),
    })
    .returning({ id: affiliateTicketStores.id });
  if (!row) throw new AffiliateError("NotFound", { store: [affiliateMessages.storeNotFound] });
  return { id: row.id, pageId: request.pageId, quote };
}

/** The visitor's stored flow and its offer, checked and priced again (an offer may have ended in between). */
async function readStore(
  db: Db,
  request: {
    id: string;
    visitorKey: string;
    offerFor: (pageId: string) => Promise<AffiliateOffer | undefined>;
    playerId?: string;
  },
  now: Date,
) {
  const [row] = await db
    .select()
    .from(affiliateTicketStores)
    .where(
      and(eq(affiliateTicketStores.id, request.id), eq(affiliateTicketStores.visitorKey, request.visitorKey)),
    );
  if (!row) throw new AffiliateError("NotFound", { store: [affiliateMessages.storeNotFound] });
  const quoted = await quoteAffiliate(
    db,
    { offer: await request.offerFor(row.pageId), partnerSent: row.partner, playerId: request.playerId },
    now,
  );
  return { row, ...quoted };
}

/** The visitor's stored flow, checked and priced again; another visitor's id is `NotFound`. */
export async function getAffiliateStore(
  db: Db,
  request: Parameters<typeof readStore>[1],
  now: Date,
): Promise<StoredAffiliate> {
  const { row, quote } = await readStore(db, request, now);
  return { id: row.id, pageId: row.pageId, quote };
}

/**
 * Gets or buys the stored offer's ticket for the player under the transaction id (idempotent, as every
 * order): the order records the partner and costs the offer's price; a free one is issued at once. The
 * player may take the offer at most `maxPerPlayer` times (`MaximumNumberOfParticipationsReachedError`).
 */
export async function orderAffiliate(
  services: OrderServices,
  request: {
    playerId: string;
    pageId: string;
    storeId: string;
    visitorKey: string;
    offerFor: (pageId: string) => Promise<AffiliateOffer | undefined>;
    partnerSent: string | undefined;
    transactionId: string;
    paymentMethod: CheckoutPaymentMethod;
    issuer?: string;
  },
): Promise<CheckoutStarted> {
  // A store of another page than the call's finds no offer: not found. One read of the offer, one quote.
  const { row, offer, line } = await readStore(
    services.db,
    {
      id: request.storeId,
      visitorKey: request.visitorKey,
      offerFor: async (pageId) => (pageId === request.pageId ? request.offerFor(pageId) : undefined),
    },
    services.now(),
  );
  // A partner named by the call must be the one the flow came with.
  if (request.partnerSent && matchPartner(offer, request.partnerSent) !== row.partner) {
    throw new AffiliateError("PartnerMismatch", { partner: [affiliateMessages.wrongPartner] });
  }
  const returnPath = `/partnerlot?${new URLSearchParams({ lot: request.storeId, bestelling: request.transactionId })}`;
  return startCheckout(services, {
    playerId: request.playerId,
    transactionId: request.transactionId,
    tickets: [line],
    paymentMethod: request.paymentMethod,
    issuer: request.paymentMethod === "ideal" ? request.issuer : undefined,
    pageId: request.pageId,
    affiliate: { partner: row.partner, priceInCents: offer.priceInCents, maxPerPlayer: offer.maxPerPlayer },
    returnPath,
  });
}

/** Drops flows abandoned for `AFFILIATE_STORE_DAYS` (run daily with the gift stores' clean-up). */
export async function pruneAffiliateStores(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - AFFILIATE_STORE_DAYS * 86_400_000);
  const removed = await db
    .delete(affiliateTicketStores)
    .where(lt(affiliateTicketStores.updatedAt, cutoff))
    .returning({ id: affiliateTicketStores.id });
  return removed.length;
}
