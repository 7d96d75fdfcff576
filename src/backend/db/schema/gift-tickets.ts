import { sql } from "drizzle-orm";
import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { draws } from "./draws";
import { orders, tickets } from "./orders";
import { players } from "./players";

/** Gift tickets (issue 17). Part of the database schema (DESIGN section 6); `index.ts` collects the parts. */

/**
 * Gift tickets (issue 17): a ticket one player buys for someone else. The order is the giver's; the ticket
 * is issued with the order's payment but belongs to nobody until its code is redeemed. State: pending (not
 * paid) -> paid -> sent (the recipient's e-mail went out on `send_on`) -> redeemed; or cancelled when the
 * payment did not go through.
 */
export const giftTickets = pgTable(
  "gift_tickets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** 8 characters without look-alikes; unique, so one code redeems one ticket. */
    code: text("code").notNull().unique(),
    pageId: text("page_id").notNull(),
    orderId: uuid("order_id")
      .notNull()
      .unique()
      .references(() => orders.id),
    giverId: uuid("giver_id")
      .notNull()
      .references(() => players.id),
    /** The giver's store it was ordered from: one gift per store (unless its payment failed). */
    storeId: uuid("store_id").notNull(),
    drawId: integer("draw_id")
      .notNull()
      .references(() => draws.id),
    fraction: text("fraction").notNull(),
    recipientName: text("recipient_name").notNull(),
    recipientEmail: text("recipient_email").notNull(),
    message: text("message"),
    /** The day (Amsterdam) the recipient's e-mail goes out. */
    sendOn: date("send_on").notNull(),
    state: text("state").notNull(),
    ticketId: uuid("ticket_id")
      .unique()
      .references(() => tickets.id),
    redeemedBy: uuid("redeemed_by").references(() => players.id),
    redeemedAt: timestamp("redeemed_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("gift_tickets_due_idx").on(table.state, table.sendOn),
    uniqueIndex("gift_tickets_store_idx").on(table.storeId).where(sql`${table.state} <> 'cancelled'`),
  ],
);

/**
 * A gift flow's state while the giver fills it in, logs in and pays (`GET`/`PUT /api/gift-tickets/store/{id}`):
 * the visitor's own (the hash of their visitor cookie), so another visitor's store id finds nothing.
 */
export const giftTicketStores = pgTable(
  "gift_ticket_stores",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    visitorKey: text("visitor_key").notNull(),
    pageId: text("page_id").notNull(),
    choice: jsonb("choice").$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("gift_ticket_stores_visitor_idx").on(table.visitorKey, table.updatedAt)],
);

/**
 * Redeeming a gift without an account (issue 17): the visitor proves through iDIN that they are 18 or
 * older, then completes an account through the portal; the ticket is issued to that account. Bound to the
 * visitor's cookie, so another browser cannot continue it; a code still redeems once (`gift_tickets`).
 */
export const giftIdinRedemptions = pgTable(
  "gift_idin_redemptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    giftId: uuid("gift_id")
      .notNull()
      .references(() => giftTickets.id),
    visitorKey: text("visitor_key").notNull(),
    issuerId: text("issuer_id").notNull(),
    /** The iDIN provider's id of the authentication. */
    transactionId: text("transaction_id").notNull().unique(),
    /** pending -> verified | underage | cancelled | failed; verified -> redeemed */
    status: text("status").notNull(),
    sharedName: text("shared_name"),
    sharedBirthDate: date("shared_birth_date"),
    playerId: uuid("player_id").references(() => players.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (table) => [index("gift_idin_redemptions_gift_idx").on(table.giftId)],
);
