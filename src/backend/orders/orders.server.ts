import { createHash, randomInt } from "node:crypto";
import { and, asc, count, desc, eq, inArray, ne } from "drizzle-orm";
import type { Logger } from "pino";
import type { Db, Tx } from "@/src/backend/db/database.server";
import { InsufficientBalanceError, postWalletMovement } from "@/src/backend/db/ledger/ledger.server";
import { creditOrderPoints } from "@/src/backend/db/loyalty/loyalty-points.server";
import { queueEmail } from "@/src/backend/db/outbox/outbox.server";
import {
  drawResults,
  draws,
  giftTickets,
  type OrderAdjustment,
  orders,
  players,
  prizePayouts,
  tickets,
} from "@/src/backend/db/schema";
import type { OrderResult, OrderStatus, Participations } from "@/src/contract/tickets";
import { withinLimit } from "@/src/domain/affiliate-tickets/affiliate-rules";
import { CHECKOUT_PAYMENT_METHODS, type CheckoutPaymentMethod } from "@/src/domain/payments/payment-method";
import type { PaymentProvider } from "@/src/domain/payments/payment-provider";
import { answerPaymentRetry, settledOrderStatus } from "@/src/domain/payments/payment-retry";
import { ticketPrizes } from "@/src/domain/results/prize-engine";
import { totalUnits } from "@/src/domain/tickets/basket-math";
import type { BasketTicket } from "@/src/domain/tickets/basket-ticket";
import { BASKET_UNIT_LIMIT } from "@/src/domain/tickets/catalogue";
import { OrderError } from "@/src/domain/tickets/order-error";
import { ticketNumbers } from "@/src/domain/tickets/ticket-numbers";
import { amsterdamIsoDate } from "@/src/lib/amsterdam-time";
import {
  actionMessages,
  affiliateMessages,
  basket as basketMessages,
  basketPage,
  walletMessages,
} from "@/src/lib/messages";
import {
  basketAdjustments,
  orderAdjustments,
  reserveActivations,
  settleActivations,
} from "./action-codes.server";
import { type GiftOrder, queueGiftConfirmation, recordGift, settleGift } from "./gift-tickets.server";
import { drawLookup, verifyBasketItems } from "./sales.server";
import { unpaidTicketIds } from "./unpaid-tickets.server";

/**
 * Orders of tickets (spec sections 7 and 8; DESIGN section 6). Every step that moves money or tickets is
 * idempotent on the transaction id:
 * - storing the same basket under the same id again answers the same payment, never a second order;
 * - an order is settled by one conditional update (`pending` -> final), so of two settlements (webhook
 *   and return page, or a replayed notification) exactly one issues tickets, in the same database
 *   transaction that marks the order paid: no tickets without payment, no payment without tickets;
 * - the payment status always comes from the provider, never from what a browser or callback claims.
 */

export type OrderServices = {
  db: Db;
  payments: PaymentProvider;
  logger: Logger;
  now: () => Date;
  /** Told once per order when it leaves `pending` (or is stored paid), after its transaction (the metrics). */
  onOrderSettled?: (status: OrderStatus) => void;
};
type OrderRow = typeof orders.$inferSelect;

export type CheckoutRequest = {
  playerId: string;
  transactionId: string;
  tickets: readonly BasketTicket[];
  paymentMethod: CheckoutPaymentMethod;
  issuer?: string;
  pageId?: string;
  /** A gift ticket (issue 17): recorded with the order; its ticket is nobody's until the code is redeemed. */
  gift?: GiftOrder;
  /**
   * A partner's offer (issue 17): the order records the partner, costs the offer's price (0: free, issued at
   * once), and is refused once the player took the offer (on this `pageId`) as often as it allows.
   */
  affiliate?: AffiliateOrder;
  /**
   * The partner whose white-label host the order was started on (issue 40): recorded on the order like an
   * affiliate offer's partner, so the partner report counts the sale.
   */
  partner?: string;
  /** Where the payment page sends the player back; the checkout's result page by default. */
  returnPath?: string;
};

export type AffiliateOrder = { partner: string; priceInCents: number; maxPerPlayer: number };

export type CheckoutStarted = {
  transactionId: string;
  status: OrderStatus;
  totalInCents: number;
  redirectUrl: string;
};

/** Where the payment page sends the player back to. */
export function paymentReturnPath(transactionId: string): string {
  return `/afrekenen/resultaat?transactionId=${encodeURIComponent(transactionId)}`;
}

const alreadyProcessed = () => new OrderError("TransactionAlreadyProcessedError");
const rolledBack = () => new OrderError("TransactionRolledbackError");

const ITEM_MESSAGES = {
  expired: basketPage.expired,
  priceChanged: basketPage.priceChanged,
  unavailable: basketMessages.itemNotFound,
} as const;

/**
 * A retry sends the same lines; item ids and display prices do not make a basket different. The campaign
 * offers applied (issue 18) are part of what was ordered.
 */
function contentHash(lines: readonly BasketTicket[], adjustments: readonly OrderAdjustment[] = []): string {
  const essence = lines.map(({ basketItemId: _id, ...line }) => line);
  const offers = adjustments.map(({ activationId, amountInCents }) => [activationId, amountInCents]);
  return createHash("sha256")
    .update(JSON.stringify(offers.length > 0 ? [essence, offers] : essence))
    .digest("hex");
}

async function findOrder(db: Db, transactionId: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.transactionId, transactionId)).limit(1);
  return row;
}

/** What the player orders, priced: the lines (with campaign offers' lines), their hash, total and offers. */
type PricedOrder = {
  lines: BasketTicket[];
  hash: string;
  totalCents: number;
  adjustments: OrderAdjustment[];
};

/**
 * Stores the basket as an order and starts its payment (POST /api/tickets/store). The basket is verified
 * first: a closed draw, an unknown product or a changed price refuses the order with
 * `BasketItemInvalidError` and per-item messages, and the basket in the browser stays as it is.
 */
export async function startCheckout(
  services: OrderServices,
  request: CheckoutRequest,
): Promise<CheckoutStarted> {
  const { db } = services;
  const verified = await verifyBasketItems(db, request.tickets, services.now());
  if (!verified.valid) {
    const errors: Record<string, string[]> = {};
    for (const item of verified.items) {
      if (item.status !== "ok") errors[`tickets.${item.basketItemId}`] = [ITEM_MESSAGES[item.status]];
    }
    if (totalUnits(request.tickets) > BASKET_UNIT_LIMIT) errors.tickets = [basketMessages.overLimit];
    throw new OrderError("BasketItemInvalidError", errors);
  }
  const order = await priceOrder(services, request, verified);
  if (request.paymentMethod === "balance" || order.totalCents === 0) {
    return payWithoutProvider(services, request, order);
  }

  const created = await storePendingOrder(db, request, order);
  if (!created) {
    const existing = await findOrder(db, request.transactionId);
    if (!existing) throw rolledBack();
    return answerRetry(services, existing, request.playerId, order.hash);
  }
  return startPayment(services, request, created);
}

/** The verified basket's lines with the player's campaign offers applied, or a partner's offer's price. */
async function priceOrder(
  services: OrderServices,
  request: CheckoutRequest,
  verified: Awaited<ReturnType<typeof verifyBasketItems>>,
): Promise<PricedOrder> {
  const basketLines = verified.items.map((item) => item.ticket as BasketTicket);
  // The player's campaign offers in the basket (issue 18); a gift or a partner's offer is an order of its own.
  const priced =
    request.gift || request.affiliate
      ? []
      : await basketAdjustments(
          services.db,
          {
            playerId: request.playerId,
            basketTotalInCents: verified.totalInCents,
            transactionId: request.transactionId,
          },
          services.now(),
        );
  const adjustments = orderAdjustments(priced);
  const offerLines = priced.flatMap((offer) => (offer.status === "applies" ? offer.lines : []));
  const lines = [...basketLines, ...offerLines];
  const hash = contentHash(lines, adjustments);
  const totalCents = request.affiliate
    ? request.affiliate.priceInCents
    : Math.max(0, verified.totalInCents + adjustments.reduce((sum, item) => sum + item.amountInCents, 0));
  return { lines, hash, totalCents, adjustments };
}

/** Stores the order `pending` with its gift and offers, in one transaction; undefined when the id is taken. */
async function storePendingOrder(
  db: Db,
  request: CheckoutRequest,
  order: PricedOrder,
): Promise<OrderRow | undefined> {
  return db.transaction(async (tx) => {
    await holdAffiliateLimit(tx, request);
    const [row] = await tx
      .insert(orders)
      .values({
        transactionId: request.transactionId,
        playerId: request.playerId,
        pageId: request.pageId ?? null,
        affiliatePartner: request.affiliate?.partner ?? request.partner ?? null,
        affiliateOffer: request.affiliate !== undefined,
        status: "pending",
        contentHash: order.hash,
        lines: order.lines,
        adjustments: order.adjustments,
        totalCents: order.totalCents,
        paymentMethod: request.paymentMethod,
      })
      .onConflictDoNothing({ target: orders.transactionId })
      .returning();
    if (row && request.gift) await recordGift(tx, row, request.gift);
    if (row) await holdActivations(tx, row);
    return row;
  });
}

/** Creates the stored order's payment: the payment page's address; a provider that refuses fails the order. */
async function startPayment(
  services: OrderServices,
  request: CheckoutRequest,
  created: OrderRow,
): Promise<CheckoutStarted> {
  const { db, payments, logger } = services;
  let payment: { paymentId: string; redirectUrl: string };
  try {
    payment = await payments.createPayment({
      reference: created.id,
      amountCents: created.totalCents,
      description: `Kroonloterij bestelling ${created.id.slice(0, 8).toUpperCase()}`,
      method: request.paymentMethod === "creditcard" ? "creditcard" : "ideal",
      issuer: request.issuer,
      returnUrl: request.returnPath ?? paymentReturnPath(request.transactionId),
    });
  } catch (error) {
    logger.error({ err: error, orderId: created.id }, "payment could not be created");
    const failed = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(orders)
        .set({ status: "failed", completedAt: services.now() })
        .where(eq(orders.id, created.id))
        .returning();
      if (row) {
        await settleGift(tx, row);
        await settleActivations(tx, row, services.now());
      }
      return row;
    });
    if (failed) services.onOrderSettled?.("failed");
    throw rolledBack();
  }
  await db
    .update(orders)
    .set({ paymentId: payment.paymentId, paymentUrl: payment.redirectUrl })
    .where(eq(orders.id, created.id));
  logger.info({ orderId: created.id, totalCents: created.totalCents }, "order stored");
  return {
    transactionId: request.transactionId,
    status: "pending",
    totalInCents: created.totalCents,
    redirectUrl: payment.redirectUrl,
  };
}

/**
 * Reserves the campaign offers an order applies (issue 18), in the transaction that stores it; an offer
 * another order took meanwhile (a second tab) refuses this one, and nothing is stored.
 */
async function holdActivations(tx: Tx, order: OrderRow): Promise<void> {
  if (await reserveActivations(tx, order)) return;
  throw new OrderError("VoucherCodeAlreadyClaimedError", { actionCode: [actionMessages.taken] });
}

/**
 * The limit of a partner's offer (issue 17): under the player's row lock, so two tabs take turns, the
 * player's orders of the offer on its page that are paid or being paid (other than this transaction's, a
 * retry) must be fewer than the offer allows. Nothing to check for an order without an offer.
 */
async function holdAffiliateLimit(tx: Tx, request: CheckoutRequest): Promise<void> {
  if (!request.affiliate) return;
  await tx.select({ id: players.id }).from(players).where(eq(players.id, request.playerId)).for("update");
  const [row] = await tx
    .select({ taken: count() })
    .from(orders)
    .where(
      and(
        eq(orders.playerId, request.playerId),
        eq(orders.pageId, request.pageId ?? ""),
        // The offer's own orders: another ticket bought on the partner's page (issue 40) takes none of it.
        eq(orders.affiliateOffer, true),
        inArray(orders.status, ["paid", "pending"]),
        ne(orders.transactionId, request.transactionId),
      ),
    );
  if (!withinLimit(request.affiliate, row?.taken ?? 0)) {
    throw new OrderError("MaximumNumberOfParticipationsReachedError", {
      offer: [affiliateMessages.limitReached(request.affiliate.maxPerPlayer)],
    });
  }
}

/**
 * An order paid without the payment provider: from the wallet (issue 16, item 4; decision 14), or one that
 * costs nothing (a partner's free ticket, issue 17). In one database transaction the order is stored, its
 * amount taken from the balance (ledger key `order:{id}`, under the wallet's lock), its tickets issued and
 * its confirmation queued; so it is all or nothing. A balance that does not cover the order stores nothing
 * (`InsufficientBalanceError`). The same transaction id again (a double click, a second tab) waits for the
 * first and answers it: never a second payment.
 */
async function payWithoutProvider(
  services: OrderServices,
  request: CheckoutRequest,
  order: PricedOrder,
): Promise<CheckoutStarted> {
  const { db, logger } = services;
  const method = order.totalCents === 0 ? "free" : "balance";
  const answer: CheckoutStarted = {
    transactionId: request.transactionId,
    status: "paid",
    totalInCents: order.totalCents,
    redirectUrl: request.returnPath ?? paymentReturnPath(request.transactionId),
  };
  const [player] = await db
    .select({ email: players.email, firstName: players.firstName })
    .from(players)
    .where(eq(players.id, request.playerId));
  if (!player) throw rolledBack();
  const drawNames = await drawNamesOf(services, order.lines);
  try {
    const stored = await db.transaction((tx) =>
      storePaidOrder(tx, services, request, { ...order, method }, { player, drawNames }),
    );
    if (stored) {
      services.onOrderSettled?.("paid");
      logger.info(
        { orderId: stored.id, totalCents: stored.totalCents, method },
        "order paid without the provider",
      );
      return answer;
    }
  } catch (error) {
    if (error instanceof InsufficientBalanceError) {
      throw new OrderError("InsufficientBalanceError", {
        paymentMethod: [walletMessages.balanceTooLow(error.balanceCents)],
      });
    }
    throw error;
  }
  const existing = await findOrder(db, request.transactionId);
  if (!existing || existing.playerId !== request.playerId) throw alreadyProcessed();
  if (existing.paymentMethod !== method) {
    return answerRetry(services, existing, request.playerId, order.hash);
  }
  if (existing.contentHash !== order.hash) throw alreadyProcessed();
  return { ...answer, totalInCents: existing.totalCents };
}

/**
 * Inside the order's one transaction: stores it paid, takes its amount from the balance (unless free),
 * issues its tickets and queues its confirmation; undefined when the transaction id is taken.
 */
async function storePaidOrder(
  tx: Tx,
  services: OrderServices,
  request: CheckoutRequest,
  order: PricedOrder & { method: "free" | "balance" },
  mail: { player: { email: string; firstName: string }; drawNames: Map<number, DrawName> },
): Promise<OrderRow | undefined> {
  const { method } = order;
  await holdAffiliateLimit(tx, request);
  const [created] = await tx
    .insert(orders)
    .values({
      transactionId: request.transactionId,
      playerId: request.playerId,
      pageId: request.pageId ?? null,
      affiliatePartner: request.affiliate?.partner ?? request.partner ?? null,
      affiliateOffer: request.affiliate !== undefined,
      status: "paid",
      contentHash: order.hash,
      lines: order.lines,
      adjustments: order.adjustments,
      totalCents: order.totalCents,
      paymentMethod: method,
      completedAt: services.now(),
    })
    .onConflictDoNothing({ target: orders.transactionId })
    .returning();
  if (!created) return undefined;
  if (request.gift) await recordGift(tx, created, request.gift);
  await holdActivations(tx, created);
  await settleActivations(tx, created, services.now());
  if (method === "balance") {
    await postWalletMovement(tx, {
      key: `order:${created.id}`,
      kind: "order",
      playerId: request.playerId,
      walletCents: -order.totalCents,
      description: `Bestelling ${created.id.slice(0, 8).toUpperCase()}`,
    });
  }
  const issued = await issueTickets(tx, created);
  await queueConfirmation(tx, created, issued, mail.player, mail.drawNames);
  await settleGift(tx, created);
  await creditOrderPoints(tx, created, created.completedAt ?? services.now());
  return created;
}

/** The names and dates of the draws of an order's lines, for its confirmation e-mail. */
async function drawNamesOf(
  services: OrderServices,
  lines: readonly BasketTicket[],
): Promise<Map<number, DrawName>> {
  const lookup = drawLookup(services.db, services.now());
  const drawNames = new Map<number, DrawName>();
  for (const line of lines) {
    const draw = await lookup(line.drawId);
    if (draw) drawNames.set(draw.id, { name: draw.name, drawAt: draw.drawAt });
  }
  return drawNames;
}

/**
 * The same transaction id again (a double click, a retry, a second tab with the same basket): the open
 * payment of the same basket is answered again; anything else says what happened to the order.
 */
async function answerRetry(
  services: OrderServices,
  order: OrderRow,
  playerId: string,
  hash: string,
): Promise<CheckoutStarted> {
  const verdict = await answerPaymentRetry(
    order,
    { playerId, contentHash: hash },
    {
      reload: () => findOrder(services.db, order.transactionId),
      settle: (paymentId) => settlePayment(services, paymentId),
    },
  );
  if (verdict.outcome === "alreadyProcessed") throw alreadyProcessed();
  if (verdict.outcome === "rolledBack") throw rolledBack();
  return {
    transactionId: verdict.order.transactionId,
    status: "pending",
    totalInCents: verdict.order.totalCents,
    redirectUrl: verdict.paymentUrl,
  };
}

/**
 * Brings an order in line with its payment, as the provider reports it. Safe to call any number of times
 * and concurrently (notification, return page, replays): one conditional update wins, and only the winner
 * issues the tickets, queues the confirmation and credits a member's Kroonpunten, in the same transaction.
 */
export async function settlePayment(
  services: OrderServices,
  paymentId: string,
): Promise<OrderStatus | undefined> {
  const { db, payments, logger } = services;
  // The player's name and address come along: the confirmation e-mail needs them.
  const [row] = await db
    .select({ order: orders, email: players.email, firstName: players.firstName })
    .from(orders)
    .innerJoin(players, eq(players.id, orders.playerId))
    .where(eq(orders.paymentId, paymentId))
    .limit(1);
  if (!row) return undefined;
  const { order } = row;
  if (order.status !== "pending") return order.status as OrderStatus;
  const payment = await payments.getPayment(paymentId);
  const verdict = settledOrderStatus(payment, order.totalCents);
  if (!verdict) return "pending";
  if (verdict.amountMismatch) {
    logger.error(
      { orderId: order.id, paymentId, paid: payment?.amountCents },
      "payment amount differs from the order",
    );
  }
  const settled = verdict.status;
  // Draw names for the e-mail, read before the transaction (from the cache of draws on sale when it can).
  const drawNames =
    settled === "paid"
      ? await drawNamesOf(services, order.lines as BasketTicket[])
      : new Map<number, DrawName>();
  const won = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(orders)
      .set({ status: settled, completedAt: services.now() })
      .where(and(eq(orders.id, order.id), eq(orders.status, "pending")))
      .returning();
    if (!updated) return false;
    if (settled === "paid") {
      const issued = await issueTickets(tx, updated);
      await queueConfirmation(tx, updated, issued, { email: row.email, firstName: row.firstName }, drawNames);
      await creditOrderPoints(tx, updated, updated.completedAt ?? services.now());
    }
    await settleGift(tx, updated);
    await settleActivations(tx, updated, services.now());
    return true;
  });
  if (won) {
    services.onOrderSettled?.(settled);
    logger.info({ orderId: order.id, status: settled }, "order settled");
    return settled;
  }
  // Another settlement won the race; its outcome is the order's.
  const [final] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
  return (final?.status as OrderStatus | undefined) ?? settled;
}

type DrawName = { name: string; drawAt: Date };

type IssuedRow = { drawId: number; number: string };
const ISSUE_ATTEMPTS = 25;

/**
 * Gives every ticket of the order its numbers. A number already taken in the draw (a rare collision) makes
 * the whole ticket (all 10 of a street) try other numbers, so runs stay consecutive.
 */
async function issueTickets(tx: Tx, order: OrderRow): Promise<IssuedRow[]> {
  const issued: IssuedRow[] = [];
  let group = 0;
  for (const line of order.lines as BasketTicket[]) {
    const productType = line._type === "MjsBasketTicket" ? "MillionGame" : line.productType;
    for (let index = 0; index < line.quantity; index++) {
      const pair = line._type === "StlBasketTicket" ? line.endDigits[index] : undefined;
      const values = (numbers: string[]) =>
        numbers.map((number) => ({
          drawId: line.drawId,
          number,
          playerId: order.playerId,
          orderId: order.id,
          productType,
          fraction: line._type === "StlBasketTicket" ? line.fraction : "WHOLE",
          withXl: line._type === "StlBasketTicket" ? line.withXl : false,
          multiplier: line._type === "StlBasketTicket" ? line.multiplier : 1,
          purchaseType: "Online",
          groupIndex: group,
        }));
      for (let attempt = 1; ; attempt++) {
        const numbers = ticketNumbers(productType, pair, randomInt);
        const inserted = await tx
          .insert(tickets)
          .values(values(numbers))
          .onConflictDoNothing({ target: [tickets.drawId, tickets.number] })
          .returning({ id: tickets.id });
        if (inserted.length === numbers.length) {
          issued.push(...numbers.map((number) => ({ drawId: line.drawId, number })));
          break;
        }
        if (inserted.length > 0) {
          await tx.delete(tickets).where(
            inArray(
              tickets.id,
              inserted.map((row) => row.id),
            ),
          );
        }
        if (attempt >= ISSUE_ATTEMPTS) throw new Error(`No free ticket numbers in draw ${line.drawId}`);
      }
      group++;
    }
  }
  return issued;
}

/** The confirmation e-mail, into the outbox in the same transaction as the tickets (at most once). */
async function queueConfirmation(
  tx: Tx,
  order: OrderRow,
  issued: IssuedRow[],
  player: { email: string; firstName: string },
  drawNames: ReadonlyMap<number, DrawName>,
): Promise<void> {
  // A gift's giver is told what happens to the gift, not that the ticket is theirs.
  if (await queueGiftConfirmation(tx, order, issued, player)) return;
  const drawIds = [...new Set(issued.map((row) => row.drawId))].sort(
    (a, b) => (drawNames.get(a)?.drawAt.getTime() ?? 0) - (drawNames.get(b)?.drawAt.getTime() ?? 0),
  );
  // Every issued ticket's draw is in `drawNames`: it was read (from the cache or the table) by its id.
  const drawsOfOrder = drawIds.flatMap((drawId) => {
    const draw = drawNames.get(drawId);
    if (!draw) return [];
    const numbers = issued.filter((row) => row.drawId === drawId).map((row) => row.number);
    return [{ name: draw.name, date: amsterdamIsoDate(draw.drawAt), numbers }];
  });
  await queueEmail(tx, {
    kind: "order-confirmation",
    recipient: player.email,
    playerId: order.playerId,
    data: { firstName: player.firstName, totalCents: order.totalCents, draws: drawsOfOrder },
    orderId: order.id,
  });
}

/** The order behind a transaction id for its player, settled with the provider first when still open. */
export async function orderResult(
  services: OrderServices,
  playerId: string,
  transactionId: string,
): Promise<OrderResult | undefined> {
  let order = await findOrder(services.db, transactionId);
  if (!order || order.playerId !== playerId) return undefined;
  if (order.status === "pending" && order.paymentId) {
    await settlePayment(services, order.paymentId);
    order = (await findOrder(services.db, transactionId)) ?? order;
  }
  const rows = await services.db
    .select({ ticket: tickets, draw: draws })
    .from(tickets)
    .innerJoin(draws, eq(draws.id, tickets.drawId))
    .where(eq(tickets.orderId, order.id))
    .orderBy(asc(draws.drawAt), asc(tickets.groupIndex), asc(tickets.number));
  const [gift] = await services.db
    .select({
      storeId: giftTickets.storeId,
      pageId: giftTickets.pageId,
      recipientName: giftTickets.recipientName,
      sendOn: giftTickets.sendOn,
      drawName: draws.name,
    })
    .from(giftTickets)
    .innerJoin(draws, eq(draws.id, giftTickets.drawId))
    .where(eq(giftTickets.orderId, order.id))
    .limit(1);
  const drawList = new Map<number, OrderResult["draws"][number]>();
  for (const { draw } of rows) {
    drawList.set(draw.id, { drawId: draw.id, name: draw.name, drawDate: draw.drawAt.toISOString() });
  }
  return {
    transactionId: order.transactionId,
    status: order.status as OrderStatus,
    totalInCents: order.totalCents,
    draws: [...drawList.values()],
    tickets: rows.map(({ ticket }) => toIssuedTicket(ticket)),
    adjustments: order.adjustments.map(({ label, amountInCents, discountInCents }) => ({
      label,
      amountInCents,
      discountInCents,
    })),
    ...(gift ? { gift } : {}),
    orderNumber: String(order.orderNumber),
    // A free order (a partner's free ticket) was paid by nobody: its confirmation names no method.
    ...(isCheckoutPaymentMethod(order.paymentMethod) ? { paymentMethod: order.paymentMethod } : {}),
    orderedAt: order.createdAt.toISOString(),
  };
}

function isCheckoutPaymentMethod(method: string): method is CheckoutPaymentMethod {
  return (CHECKOUT_PAYMENT_METHODS as readonly string[]).includes(method);
}

/** An issued ticket as the API shows it (the order's result, /mijn/bestellingen). */
export function toIssuedTicket(ticket: typeof tickets.$inferSelect): OrderResult["tickets"][number] {
  return {
    drawId: ticket.drawId,
    number: ticket.number,
    productType: ticket.productType as OrderResult["tickets"][number]["productType"],
    fraction: ticket.fraction as OrderResult["tickets"][number]["fraction"],
    withXl: ticket.withXl,
    multiplier: ticket.multiplier,
    purchaseType: ticket.purchaseType as OrderResult["tickets"][number]["purchaseType"],
    group: ticket.groupIndex,
  };
}

/**
 * The player's tickets per draw, the coming draws first (GET /api/participations, /mijn/loten). Tickets of a
 * draw whose result is published carry what they won (fraction, XL and multiplier applied).
 */
export async function listParticipations(
  db: Db,
  playerId: string,
  now = new Date(),
): Promise<Participations> {
  const rows = await db
    .select({
      ticket: tickets,
      draw: draws,
      result: drawResults.result,
      payout: prizePayouts.state,
      gift: giftTickets.id,
    })
    .from(tickets)
    .innerJoin(draws, eq(draws.id, tickets.drawId))
    .leftJoin(drawResults, eq(drawResults.drawId, tickets.drawId))
    .leftJoin(prizePayouts, eq(prizePayouts.ticketId, tickets.id))
    .leftJoin(giftTickets, eq(giftTickets.ticketId, tickets.id))
    .where(eq(tickets.playerId, playerId))
    .orderBy(desc(draws.drawAt), asc(tickets.orderId), asc(tickets.groupIndex), asc(tickets.number));
  const unpaid = await unpaidTicketIds(db, playerId);
  const byDraw = new Map<number, Participations["draws"][number]>();
  for (const { ticket, draw, result, payout, gift } of rows) {
    const published = Boolean(result && draw.publishedAt && draw.publishedAt <= now);
    let entry = byDraw.get(draw.id);
    if (!entry) {
      entry = {
        drawId: draw.id,
        name: draw.name,
        drawDate: draw.drawAt.toISOString(),
        gameType: draw.gameType as "KROON" | "MILJOENENSPEL",
        resultPublished: published,
        tickets: [],
      };
      byDraw.set(draw.id, entry);
    }
    const issued = {
      ...toIssuedTicket(ticket),
      ...(unpaid.has(ticket.id) ? { unpaid: true as const } : {}),
      ...(gift ? { gift: true as const } : {}),
    };
    const prizeInCents =
      published && result
        ? ticketPrizes(result, {
            number: issued.number,
            fraction: issued.fraction,
            withXl: issued.withXl,
            multiplier: issued.multiplier,
          }).totalInCents
        : undefined;
    const paid =
      payout === "credited" || payout === "claim" ? { payout: payout as "credited" | "claim" } : {};
    entry.tickets.push(prizeInCents === undefined ? issued : { ...issued, prizeInCents, ...paid });
  }
  return { draws: upcomingFirst([...byDraw.values()], now) };
}

/**
 * The draws still to come first, the next one first (issue 43: it was listed last, after later ones), then
 * the draws that took place, the latest first. `draws` comes newest first.
 */
function upcomingFirst<D extends { drawDate: string }>(draws: readonly D[], now: Date): D[] {
  const upcoming = draws.filter((draw) => Date.parse(draw.drawDate) > now.getTime());
  const past = draws.filter((draw) => Date.parse(draw.drawDate) <= now.getTime());
  return [...upcoming.reverse(), ...past];
}
