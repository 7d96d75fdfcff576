import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
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
import { players } from "./players";
import { subscriptionItems } from "./subscriptions";

/** Basket orders, the tickets they issue and simulated payments. Part of the database schema (DESIGN section 6); `index.ts` collects the parts. */

/** A campaign offer applied to an order (issue 18). */
export type OrderAdjustment = {
  activationId: string;
  label: string;
  amountInCents: number;
  discountInCents: number;
};

/**
 * Orders of tickets. The transaction id is the idempotency key: one order per id, whatever retries or
 * tabs send. `lines` is the verified basket with the server's prices at the time of ordering.
 */
export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    transactionId: uuid("transaction_id").notNull().unique(),
    /** The order number a player sees on the confirmation, in /mijn/bestellingen and in e-mails (issue 43). */
    orderNumber: bigint("order_number", { mode: "number" })
      .notNull()
      .unique()
      .generatedAlwaysAsIdentity({ startWith: 100001 }),
    playerId: uuid("player_id")
      .notNull()
      .references(() => players.id),
    pageId: text("page_id"),
    /**
     * The partner (issue 17) whose affiliate page the order came from: its white-label host or partner
     * code, lower case; the monthly partner report counts by it.
     */
    affiliatePartner: text("affiliate_partner"),
    /**
     * The order is a partner's offer itself (issue 17): only these count against the offer's per-player
     * limit. Other orders on a partner's host carry the partner too (issue 40), for the report only.
     */
    affiliateOffer: boolean("affiliate_offer").notNull().default(false),
    /** pending -> paid | cancelled | failed | expired */
    status: text("status").notNull(),
    /** Hash of the ordered lines, to tell a retry of the same basket from a different one. */
    contentHash: text("content_hash").notNull(),
    lines: jsonb("lines").$type<unknown[]>().notNull(),
    totalCents: integer("total_cents").notNull(),
    paymentMethod: text("payment_method").notNull(),
    paymentId: text("payment_id").unique(),
    /** Where the player pays while the payment is open (the provider's checkout page). */
    paymentUrl: text("payment_url"),
    /**
     * Campaign offers applied to the order (issue 18), as the server priced them: `[{ activationId, label,
     * amountInCents, discountInCents }]`; `totalCents` includes their amounts, `lines` their tickets.
     */
    adjustments: jsonb("adjustments").$type<OrderAdjustment[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (table) => [
    index("orders_player_idx").on(table.playerId, table.createdAt),
    index("orders_affiliate_idx")
      .on(table.affiliatePartner, table.createdAt)
      .where(sql`${table.affiliatePartner} is not null`),
  ],
);

/** Issued tickets: a number is unique per draw. Streets and boulevards are runs sharing a group. */
export const tickets = pgTable(
  "tickets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    drawId: integer("draw_id")
      .notNull()
      .references(() => draws.id),
    number: text("number").notNull(),
    playerId: uuid("player_id").references(() => players.id),
    orderId: uuid("order_id").references(() => orders.id),
    productType: text("product_type").notNull(),
    fraction: text("fraction").notNull(),
    withXl: boolean("with_xl").notNull(),
    multiplier: integer("multiplier").notNull(),
    purchaseType: text("purchase_type").notNull(),
    groupIndex: integer("group_index").notNull(),
    /** The subscription item a ticket was issued for (purchase type Subscription or TrialSubscription). */
    subscriptionItemId: bigint("subscription_item_id", { mode: "number" }).references(
      (): AnyPgColumn => subscriptionItems.id,
    ),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("tickets_draw_number_idx").on(table.drawId, table.number),
    index("tickets_player_idx").on(table.playerId, table.drawId),
    index("tickets_order_idx").on(table.orderId),
    index("tickets_subscription_item_idx").on(table.subscriptionItemId, table.drawId),
  ],
);

/**
 * The payment simulator's own records (an outside party in production: iDEAL, credit cards). The shop
 * never reads this table; it asks the provider adapter for a payment's status.
 */
export const simulatedPayments = pgTable("simulated_payments", {
  id: text("id").primaryKey(),
  amountCents: integer("amount_cents").notNull(),
  description: text("description").notNull(),
  method: text("method").notNull(),
  issuer: text("issuer"),
  /** open -> paid | cancelled | failed | expired */
  status: text("status").notNull(),
  reference: text("reference").notNull(),
  returnUrl: text("return_url").notNull(),
  notifyUrl: text("notify_url"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  completedAt: timestamp("completed_at", { withTimezone: true }),
});
