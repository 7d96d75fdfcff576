import { randomInt } from "node:crypto";
import { and, eq, inArray, isNull, lt, lte, ne, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Db, Tx } from "@/src/backend/db/database.server";
import { enqueueJob } from "@/src/backend/db/job-queue/enqueue.server";
import { PAY_PRIZES_JOB } from "@/src/backend/db/job-queue/job-names";
import { queueEmail } from "@/src/backend/db/outbox/outbox.server";
import { draws, giftTicketStores, giftTickets, players, tickets } from "@/src/backend/db/schema";
import type {
  GiftChoice,
  GiftPreview,
  GiftQuote,
  RedeemedGift,
  StoredGift,
} from "@/src/contract/gift-tickets";
import { emailProblem } from "@/src/domain/contact/email-address";
import { DomainError } from "@/src/domain/domain-error";
import {
  formatGiftCode,
  type GiftTicketOffer,
  MAX_SEND_DAYS_AHEAD,
  newGiftCode,
  normaliseGiftCode,
  sendDateProblem,
} from "@/src/domain/gift-tickets/gift-rules";
import { maskEmailAddress } from "@/src/domain/portal/email-change";
import { lineTotal } from "@/src/domain/tickets/basket-math";
import type { StlBasketTicket } from "@/src/domain/tickets/basket-ticket";
import { OrderError } from "@/src/domain/tickets/order-error";
import { amsterdamIsoDate } from "@/src/lib/amsterdam-time";
import { formatDate } from "@/src/lib/format";
import { giftMessages, ticketMessages } from "@/src/lib/messages";
import { configureTicket, drawLookup } from "./sales.server";

/**
 * Gift tickets (issue 17): a gift is checked and priced by the server, kept in the giver's store while they
 * log in and pay, ordered as an ordinary order (the checkout's payment, idempotency and issuing), and its
 * ticket issued to nobody; the recipient gets an e-mail with a code on the send date, and the code redeems
 * the ticket once.
 */

/** Why a gift call is refused; the handler answers it as problem details, with `errors` per field. */
export type GiftErrorCode =
  | "NotFound"
  | "Invalid"
  | "Unavailable"
  | "EmailValidationError"
  | "InvalidEmailAddressError"
  | "VoucherCodeNotFoundError"
  | "VoucherCodeAlreadyClaimedError";

export class GiftError extends DomainError<GiftErrorCode> {
  constructor(code: GiftErrorCode, errors?: Record<string, string[]>) {
    super(code, errors);
    this.name = "GiftError";
  }
}

const CONFIGURE_REASONS: Record<string, string> = {
  drawClosed: ticketMessages.drawClosed,
  unknownDraw: giftMessages.draw,
  fraction: ticketMessages.fraction,
};

/** The gift as a basket line: one single ticket, no XL, no chosen end digits. */
async function giftLine(db: Db, choice: GiftChoice, now: Date): Promise<StlBasketTicket> {
  const result = await configureTicket(
    db,
    {
      drawId: choice.drawId,
      productType: "SingleTicket",
      fraction: choice.fraction,
      withXl: false,
      quantity: 1,
      multiplier: 1,
      endDigits: [],
      isUpsell: false,
    },
    now,
  );
  if (!result.ok) {
    const message = CONFIGURE_REASONS[result.reason] ?? giftMessages.draw;
    throw new GiftError("Invalid", { [result.field === "fraction" ? "fraction" : "drawId"]: [message] });
  }
  return result.ticket;
}

/**
 * Checks a gift against the page's block and the rules (ticket offered, draw on sale, an address a ticket
 * can go to, a send date from today to 90 days ahead) and prices it. Every problem at once, per field.
 */
export async function quoteGift(
  db: Db,
  offer: GiftTicketOffer | undefined,
  choice: GiftChoice,
  now: Date,
): Promise<{ quote: GiftQuote; line: StlBasketTicket }> {
  if (!offer) throw new GiftError("NotFound");
  const errors: Record<string, string[]> = {};
  if (!offer.fractions.includes(choice.fraction)) errors.fraction = [giftMessages.fractionNotOffered];
  const emailCode = emailProblem(choice.recipientEmail);
  if (emailCode) {
    errors.recipientEmail = [
      emailCode === "EmailValidationError" ? giftMessages.emailInvalid : giftMessages.emailRefused,
    ];
  }
  const dateProblem = sendDateProblem(choice.sendOn, now);
  if (dateProblem) {
    errors.sendOn = [
      dateProblem === "past"
        ? giftMessages.sendOnPast
        : dateProblem === "tooFar"
          ? giftMessages.sendOnTooFar(MAX_SEND_DAYS_AHEAD)
          : giftMessages.sendOn,
    ];
  }
  let line: StlBasketTicket | undefined;
  try {
    line = await giftLine(db, choice, now);
  } catch (error) {
    if (!(error instanceof GiftError)) throw error;
    Object.assign(errors, error.errors);
  }
  const draw = await drawLookup(db, now)(choice.drawId);
  // The recipient gets the ticket before its draw, so it never plays for nobody.
  if (line && draw && !dateProblem && choice.sendOn > amsterdamIsoDate(draw.salesCloseAt)) {
    errors.sendOn = [giftMessages.sendOnAfterDraw(formatDate(draw.salesCloseAt))];
  }
  if (!line || Object.keys(errors).length > 0) {
    const code = Object.keys(errors).length === 1 && emailCode ? emailCode : "Invalid";
    throw new GiftError(code, errors);
  }
  return {
    line,
    quote: {
      choice: { ...choice, recipientEmail: choice.recipientEmail.trim().toLowerCase() },
      draw: {
        drawId: choice.drawId,
        name: draw?.name ?? "",
        drawDate: (draw?.drawAt ?? now).toISOString(),
      },
      priceInCents: lineTotal(line),
    },
  };
}

/**
 * Keeps the visitor's gift under its id (`PUT store/{id}`): checked and priced first. An id another visitor
 * holds is not theirs to write: NotFound, and nothing changes.
 */
export async function putGiftStore(
  db: Db,
  store: {
    id: string;
    visitorKey: string;
    pageId: string;
    offer: GiftTicketOffer | undefined;
    choice: GiftChoice;
  },
  now: Date,
): Promise<StoredGift> {
  const { quote } = await quoteGift(db, store.offer, store.choice, now);
  const [row] = await db
    .insert(giftTicketStores)
    .values({
      id: store.id,
      visitorKey: store.visitorKey,
      pageId: store.pageId,
      choice: quote.choice,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: giftTicketStores.id,
      set: { pageId: store.pageId, choice: quote.choice, updatedAt: now },
      setWhere: eq(giftTicketStores.visitorKey, store.visitorKey),
    })
    .returning({ id: giftTicketStores.id });
  if (!row) throw new GiftError("NotFound");
  // A visitor keeps their latest few gifts in progress, no more: the rest of their stores go.
  await db.execute(sql`
    delete from ${giftTicketStores} where ${giftTicketStores.visitorKey} = ${store.visitorKey}
      and ${giftTicketStores.id} not in (
        select ${giftTicketStores.id} from ${giftTicketStores}
        where ${giftTicketStores.visitorKey} = ${store.visitorKey}
        order by ${giftTicketStores.updatedAt} desc limit ${STORES_PER_VISITOR})`);
  return { id: store.id, pageId: store.pageId, quote };
}

/** How many gifts in progress one visitor keeps. */
const STORES_PER_VISITOR = 10;

/** The visitor's stored gift (`GET store/{id}`), checked and priced again; another visitor's is NotFound. */
export async function getGiftStore(
  db: Db,
  store: {
    id: string;
    visitorKey: string;
    offerFor: (pageId: string) => Promise<GiftTicketOffer | undefined>;
  },
  now: Date,
): Promise<StoredGift> {
  const [row] = await db
    .select()
    .from(giftTicketStores)
    .where(and(eq(giftTicketStores.id, store.id), eq(giftTicketStores.visitorKey, store.visitorKey)));
  if (!row) throw new GiftError("NotFound");
  const { quote } = await quoteGift(db, await store.offerFor(row.pageId), row.choice as GiftChoice, now);
  return { id: row.id, pageId: row.pageId, quote };
}

/** A gift as the order carries it to `startCheckout`, which records it with the order. */
export type GiftOrder = { pageId: string; storeId: string; choice: GiftChoice };

const CODE_ATTEMPTS = 5;

/**
 * Records the gift of a new order (state pending), under a fresh code; in the order's transaction. A store
 * already ordered (a second tab, the back button) is refused: one gift per store, unless its payment failed.
 */
export async function recordGift(tx: Tx | Db, order: { id: string; playerId: string }, gift: GiftOrder) {
  const [ordered] = await tx
    .select({ id: giftTickets.id })
    .from(giftTickets)
    .where(and(eq(giftTickets.storeId, gift.storeId), ne(giftTickets.state, "cancelled")));
  if (ordered) throw new OrderError("TransactionAlreadyProcessedError");
  for (let attempt = 1; ; attempt++) {
    const [row] = await tx
      .insert(giftTickets)
      .values({
        storeId: gift.storeId,
        code: newGiftCode(randomInt),
        pageId: gift.pageId,
        orderId: order.id,
        giverId: order.playerId,
        drawId: gift.choice.drawId,
        fraction: gift.choice.fraction,
        recipientName: gift.choice.recipientName,
        recipientEmail: gift.choice.recipientEmail,
        message: gift.choice.message || null,
        sendOn: gift.choice.sendOn,
        state: "pending",
      })
      .onConflictDoNothing()
      .returning({ id: giftTickets.id });
    if (row) return row;
    // A store ordered at the same moment by another request: the unique index on the store held.
    const [raced] = await tx
      .select({ id: giftTickets.id })
      .from(giftTickets)
      .where(and(eq(giftTickets.storeId, gift.storeId), ne(giftTickets.state, "cancelled")));
    if (raced) throw new OrderError("TransactionAlreadyProcessedError");
    if (attempt >= CODE_ATTEMPTS) throw new Error("No free gift code");
  }
}

/** The job that e-mails gifts whose send date has come (decision 13). */
export const SEND_GIFTS_JOB = "send-gift-tickets";

/**
 * When a gift's order is settled (in the settlement's transaction): paid makes the issued ticket nobody's
 * until it is redeemed and queues the e-mail job; anything else cancels the gift.
 */
export async function settleGift(tx: Tx, order: { id: string; status: string }): Promise<void> {
  const [gift] = await tx
    .select({ id: giftTickets.id })
    .from(giftTickets)
    .where(and(eq(giftTickets.orderId, order.id), eq(giftTickets.state, "pending")));
  if (!gift) return;
  if (order.status !== "paid") {
    await tx.update(giftTickets).set({ state: "cancelled" }).where(eq(giftTickets.id, gift.id));
    return;
  }
  const [ticket] = await tx
    .update(tickets)
    .set({ playerId: null })
    .where(eq(tickets.orderId, order.id))
    .returning({ id: tickets.id });
  await tx
    .update(giftTickets)
    .set({ state: "paid", ticketId: ticket?.id ?? null })
    .where(eq(giftTickets.id, gift.id));
  await enqueueJob(tx, { name: SEND_GIFTS_JOB, payload: {} });
}

/**
 * E-mails every paid gift whose send date (Amsterdam) has come, once each (outbox key `gift:{id}`), with
 * the code and the redeem link's path. Answers how many went out.
 */
export async function sendDueGifts(services: { db: Db; logger: Logger; now: () => Date }) {
  const { db } = services;
  const due = await db
    .select({
      gift: giftTickets,
      giverFirstName: players.firstName,
      drawName: draws.name,
      drawAt: draws.drawAt,
    })
    .from(giftTickets)
    .innerJoin(players, eq(players.id, giftTickets.giverId))
    .innerJoin(draws, eq(draws.id, giftTickets.drawId))
    .where(and(eq(giftTickets.state, "paid"), lte(giftTickets.sendOn, amsterdamIsoDate(services.now()))))
    .limit(500);
  let sent = 0;
  for (const row of due) {
    await db.transaction(async (tx) => {
      const [marked] = await tx
        .update(giftTickets)
        .set({ state: "sent", sentAt: services.now() })
        .where(and(eq(giftTickets.id, row.gift.id), eq(giftTickets.state, "paid")))
        .returning({ id: giftTickets.id });
      if (!marked) return;
      await queueEmail(tx, giftEmail(row, `gift:${row.gift.id}`));
      sent++;
    });
  }
  if (sent > 0) services.logger.info({ sent }, "gift tickets e-mailed");
  return sent;
}

type GiftEmailRow = {
  gift: typeof giftTickets.$inferSelect;
  giverFirstName: string;
  drawName: string;
  drawAt: Date;
};

/** The recipient's e-mail of a gift: her code and the link that redeems it. */
function giftEmail({ gift, giverFirstName, drawName, drawAt }: GiftEmailRow, key: string) {
  const code = formatGiftCode(gift.code);
  return {
    kind: "gift-ticket" as const,
    key,
    recipient: gift.recipientEmail,
    data: {
      recipientName: gift.recipientName,
      giverName: giverFirstName,
      message: gift.message,
      fraction: gift.fraction as "WHOLE" | "ONE_FIFTH",
      draw: { name: drawName, date: amsterdamIsoDate(drawAt) },
      code,
      redeemPath: `/cadeau/verzilveren?code=${encodeURIComponent(code)}`,
    },
  };
}

/** A giver sends a gift's e-mail again once in this window, however often she asks. */
export const GIFT_RESEND_WINDOW_MS = 10 * 60_000;

/**
 * The giver sends the recipient's e-mail again (issue 43: the giver's overview of sent gifts), for a gift of
 * the order `orderId` that was sent and not yet redeemed. Asking again within ten minutes queues nothing
 * more (the outbox key of the window). Answers the address it goes to, masked.
 */
export async function resendGift(
  services: { db: Db; now: () => Date },
  giverId: string,
  orderId: string,
): Promise<{ sentTo: string }> {
  const [row] = await services.db
    .select({
      gift: giftTickets,
      giverFirstName: players.firstName,
      drawName: draws.name,
      drawAt: draws.drawAt,
    })
    .from(giftTickets)
    .innerJoin(players, eq(players.id, giftTickets.giverId))
    .innerJoin(draws, eq(draws.id, giftTickets.drawId))
    .where(and(eq(giftTickets.orderId, orderId), eq(giftTickets.giverId, giverId)))
    .limit(1);
  if (!row) throw new GiftError("NotFound");
  if (row.gift.state !== "sent") {
    throw new GiftError("Invalid", {
      orderId: [giftMessages.resendNotPossible(row.gift.state === "redeemed")],
    });
  }
  const window = Math.floor(services.now().getTime() / GIFT_RESEND_WINDOW_MS);
  await services.db.transaction((tx) =>
    queueEmail(tx, giftEmail(row, `gift:${row.gift.id}:again:${window}`)),
  );
  return { sentTo: maskEmailAddress(row.gift.recipientEmail) };
}

/**
 * What a code gives, before it is redeemed (issue 43): the giver's first name, her message and the ticket.
 * A used code is `VoucherCodeAlreadyClaimedError`; an unknown one, or a gift not paid, is not found.
 */
export async function previewGift(db: Db, input: string): Promise<GiftPreview> {
  const code = normaliseGiftCode(input);
  if (!code) throw new GiftError("VoucherCodeNotFoundError", { code: [giftMessages.code] });
  const [row] = await db
    .select({
      state: giftTickets.state,
      fraction: giftTickets.fraction,
      message: giftTickets.message,
      giverName: players.firstName,
      drawId: draws.id,
      drawName: draws.name,
      drawAt: draws.drawAt,
    })
    .from(giftTickets)
    .innerJoin(players, eq(players.id, giftTickets.giverId))
    .innerJoin(draws, eq(draws.id, giftTickets.drawId))
    .where(eq(giftTickets.code, code))
    .limit(1);
  if (row?.state === "redeemed") {
    throw new GiftError("VoucherCodeAlreadyClaimedError", { code: [giftMessages.alreadyRedeemed] });
  }
  if (!row || (row.state !== "paid" && row.state !== "sent")) {
    throw new GiftError("VoucherCodeNotFoundError", { code: [giftMessages.notFound] });
  }
  return {
    giverName: row.giverName,
    message: row.message ?? "",
    fraction: row.fraction as GiftPreview["fraction"],
    draw: { drawId: row.drawId, name: row.drawName, drawDate: row.drawAt.toISOString() },
  };
}

/**
 * Redeems a code for a player: the gift's ticket becomes theirs, once. Of two redeems at once exactly one
 * wins (a conditional update); the other hears the code is used.
 */
export async function redeemGift(db: Db, playerId: string, input: string): Promise<RedeemedGift> {
  return db.transaction((tx) => redeemGiftIn(tx, playerId, input));
}

/** `redeemGift` inside the caller's transaction (the iDIN redemption records its own rows with it). */
export async function redeemGiftIn(tx: Tx, playerId: string, input: string): Promise<RedeemedGift> {
  const code = normaliseGiftCode(input);
  if (!code) throw new GiftError("VoucherCodeNotFoundError", { code: [giftMessages.code] });
  const [gift] = await tx
    .update(giftTickets)
    .set({ state: "redeemed", redeemedBy: playerId, redeemedAt: sql`now()` })
    .where(and(eq(giftTickets.code, code), inArray(giftTickets.state, ["paid", "sent"])))
    .returning();
  if (!gift?.ticketId) {
    const [existing] = await tx
      .select({ state: giftTickets.state })
      .from(giftTickets)
      .where(eq(giftTickets.code, code));
    if (existing?.state === "redeemed") {
      throw new GiftError("VoucherCodeAlreadyClaimedError", { code: [giftMessages.alreadyRedeemed] });
    }
    throw new GiftError("VoucherCodeNotFoundError", { code: [giftMessages.notFound] });
  }
  const [ticket] = await tx
    .update(tickets)
    .set({ playerId })
    .where(and(eq(tickets.id, gift.ticketId), isNull(tickets.playerId)))
    .returning({ number: tickets.number });
  if (!ticket) throw new Error(`The ticket of gift ${gift.id} is someone's already`);
  const [draw] = await tx.select().from(draws).where(eq(draws.id, gift.drawId));
  // Redeemed after its result came out: its prize is paid now (paying is safe to run again).
  if (draw?.publishedAt && draw.publishedAt <= new Date()) {
    await enqueueJob(tx, { name: PAY_PRIZES_JOB, payload: { drawId: gift.drawId } });
  }
  return {
    number: ticket.number,
    fraction: gift.fraction as RedeemedGift["fraction"],
    draw: {
      drawId: gift.drawId,
      name: draw?.name ?? "",
      drawDate: (draw?.drawAt ?? new Date()).toISOString(),
    },
  };
}

/**
 * The giver's confirmation of a paid gift order (outbox kind `gift-order-confirmation`, once per order): who
 * gets the ticket and when, instead of the checkout's "your tickets". Answers false for an order without a
 * gift.
 */
export async function queueGiftConfirmation(
  tx: Tx,
  order: { id: string; playerId: string; totalCents: number },
  issued: ReadonlyArray<{ number: string }>,
  giver: { email: string; firstName: string },
): Promise<boolean> {
  const [gift] = await tx
    .select({ gift: giftTickets, drawName: draws.name, drawAt: draws.drawAt })
    .from(giftTickets)
    .innerJoin(draws, eq(draws.id, giftTickets.drawId))
    .where(eq(giftTickets.orderId, order.id));
  if (!gift) return false;
  await queueEmail(tx, {
    kind: "gift-order-confirmation",
    recipient: giver.email,
    playerId: order.playerId,
    data: {
      firstName: giver.firstName,
      totalCents: order.totalCents,
      recipientName: gift.gift.recipientName,
      sendOn: gift.gift.sendOn,
      ticketNumber: issued[0]?.number ?? "",
      draw: { name: gift.drawName, date: amsterdamIsoDate(gift.drawAt) },
    },
    orderId: order.id,
  });
  return true;
}

/** Stores older than this are dropped (a gift not ordered by then is abandoned). */
const STORE_KEPT_MS = 30 * 24 * 3_600_000;

/** Drops abandoned gift stores: they hold a recipient's name and address and nothing needs them. */
export async function pruneGiftStores(db: Db, now: Date): Promise<number> {
  const dropped = await db
    .delete(giftTicketStores)
    .where(lt(giftTicketStores.updatedAt, new Date(now.getTime() - STORE_KEPT_MS)))
    .returning({ id: giftTicketStores.id });
  return dropped.length;
}
