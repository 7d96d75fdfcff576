import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { DrawResult } from "@/src/domain/results/draw-result";

/** Database schema (DESIGN section 6). Money is integer cents; times are timestamptz. */

export const players = pgTable("players", {
  id: uuid("id").primaryKey().defaultRandom(),
  customerNumber: text("customer_number").notNull().unique(),
  email: text("email").notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  firstName: text("first_name").notNull(),
  middleName: text("middle_name"),
  lastName: text("last_name").notNull(),
  birthDate: date("birth_date").notNull(),
  street: text("street").notNull(),
  houseNumber: integer("house_number").notNull(),
  houseNumberExtension: text("house_number_extension"),
  postalCode: text("postal_code").notNull(),
  city: text("city").notNull(),
  iban: text("iban").unique(),
  playerState: text("player_state").notNull().default("Active"),
  validationState: text("validation_state").notNull().default("NotValidated"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Server-side sessions of logged-in players; the cookie holds a random id, the table only its hash. */
export const sessions = pgTable(
  "sessions",
  {
    idHash: text("id_hash").primaryKey(),
    playerId: uuid("player_id")
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("sessions_player_idx").on(table.playerId)],
);

export const draws = pgTable(
  "draws",
  {
    id: integer("id").primaryKey(),
    gameType: text("game_type").notNull(),
    kind: text("kind").notNull(),
    runningNumber: integer("running_number").notNull(),
    name: text("name").notNull(),
    drawAt: timestamp("draw_at", { withTimezone: true }).notNull(),
    salesCloseAt: timestamp("sales_close_at", { withTimezone: true }).notNull(),
    status: text("status").notNull(),
    jackpotCents: bigint("jackpot_cents", { mode: "number" }).notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("draws_game_running_idx").on(table.gameType, table.runningNumber),
    index("draws_status_idx").on(table.status, table.drawAt),
  ],
);

export const experiments = pgTable("experiments", {
  key: text("key").primaryKey(),
  description: text("description").notNull(),
  active: boolean("active").notNull().default(true),
});

export const experimentGroups = pgTable(
  "experiment_groups",
  {
    experimentKey: text("experiment_key")
      .notNull()
      .references(() => experiments.key, { onDelete: "cascade" }),
    name: text("name").notNull(),
    weight: integer("weight").notNull(),
    variant: jsonb("variant")
      .$type<Record<string, string | number | boolean>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
  },
  (table) => [primaryKey({ columns: [table.experimentKey, table.name] })],
);

/** Fixed-window counters of the rate limiter, shared by every instance. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  hits: integer("hits").notNull(),
});

/**
 * Orders of tickets. The transaction id is the idempotency key: one order per id, whatever retries or
 * tabs send. `lines` is the verified basket with the server's prices at the time of ordering.
 */
export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    transactionId: uuid("transaction_id").notNull().unique(),
    playerId: uuid("player_id")
      .notNull()
      .references(() => players.id),
    pageId: text("page_id"),
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
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (table) => [index("orders_player_idx").on(table.playerId, table.createdAt)],
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
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("tickets_draw_number_idx").on(table.drawId, table.number),
    index("tickets_player_idx").on(table.playerId, table.drawId),
    index("tickets_order_idx").on(table.orderId),
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

/** E-mails to send; one per order and kind at most. A sender (outside this shop) delivers them. */
export const outboxEmails = pgTable(
  "outbox_emails",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    orderId: uuid("order_id").references(() => orders.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [uniqueIndex("outbox_order_kind_idx").on(table.orderId, table.kind)],
);

/** Published results; a draw's result row exists from its publication on (seeded for past draws). */
export const drawResults = pgTable("draw_results", {
  drawId: integer("draw_id")
    .primaryKey()
    .references(() => draws.id),
  result: jsonb("result").$type<DrawResult>().notNull(),
  jackpotFell: boolean("jackpot_fell").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Barcodes printed on tickets sold in shops. The ticket row exists from the sale (its number is taken in
 * the draw) without a player; linking the barcode gives it one.
 */
export const retailTickets = pgTable("retail_tickets", {
  barcode: text("barcode").primaryKey(),
  ticketId: uuid("ticket_id")
    .notNull()
    .unique()
    .references(() => tickets.id),
});
