import {
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

/** Subscriptions, their items, orders, collections, changes and sweepstake entries. Part of the database schema (DESIGN section 6); `index.ts` collects the parts. */

/**
 * Subscriptions (spec sections 3 and 7; shared/domain.md, Subscriptions). A subscription exists from the
 * moment its first payment is paid (a sign-up in `subscription_orders` before that); its direct-debit
 * mandate is part of it. Ids are numbers, as the route `/mijn/abonnement/{subscription}/aanpassen` has them.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity({ startWith: 100_001 }),
    playerId: uuid("player_id")
      .notNull()
      .references(() => players.id),
    /** The CMS page id of the form it was taken out on. */
    pageId: text("page_id").notNull(),
    /** active | locked (a collection failed and is unpaid) | cancelled */
    status: text("status").notNull(),
    /** The first draw it plays in. */
    startDrawId: integer("start_draw_id")
      .notNull()
      .references(() => draws.id),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    /** The SEPA mandate: the payer's IBAN, its id and the moment the player accepted it. */
    iban: text("iban").notNull(),
    accountHolder: text("account_holder").notNull(),
    mandateId: text("mandate_id").notNull().unique(),
    mandateSignedAt: timestamp("mandate_signed_at", { withTimezone: true }).notNull(),
    /** The trial or other promotion it was taken out with: its id, label, draws, discount and whether a trial. */
    promotion: jsonb("promotion").$type<{
      id: string;
      label: string;
      draws: number;
      discountPercent: number;
      trial: boolean;
    }>(),
    /** The draw whose collection failed while locked; issuing goes on for one draw after it, then pauses. */
    lockedDrawId: integer("locked_draw_id").references(() => draws.id),
    /**
     * How it was taken out: online | phone | retail. Only one taken out online can be cancelled online
     * (shared/domain.md); the others through customer service (`SubscriptionNotCancelableError`).
     */
    channel: text("channel").notNull().default("online"),
    /**
     * Retention discounts the player accepted instead of cancelling: the discount applies to `draws` draws
     * from its draw index `fromIndex` (0 is the subscription's first draw), as a promotion does from 0.
     */
    discounts: jsonb("discounts")
      .$type<
        Array<{ offerId: string; label: string; fromIndex: number; draws: number; discountPercent: number }>
      >()
      .notNull()
      .default([]),
    /** A pause the player accepted instead of cancelling: no draws are issued from `pausedFrom` to `pausedUntil` (both included). */
    pausedFrom: timestamp("paused_from", { withTimezone: true }),
    pausedUntil: timestamp("paused_until", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** Set on cancellation: the last draw it plays in (its latest issued draw); null when it played none. */
    lastDrawId: integer("last_draw_id").references(() => draws.id),
  },
  (table) => [
    index("subscriptions_player_idx").on(table.playerId),
    index("subscriptions_status_idx").on(table.status),
  ],
);

/** What a subscription plays: one item per ticket (a single ticket, a street or a boulevard). */
export const subscriptionItems = pgTable(
  "subscription_items",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity({ startWith: 500_001 }),
    subscriptionId: bigint("subscription_id", { mode: "number" })
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    productType: text("product_type").notNull(),
    fraction: text("fraction").notNull(),
    withXl: boolean("with_xl").notNull(),
    /** Chosen end digits of a single ticket ([-1, 7] when only the last is chosen); null for others. */
    endDigits: jsonb("end_digits").$type<[number, number]>(),
    withFixedTicketNumber: boolean("with_fixed_ticket_number").notNull(),
    /**
     * The number it plays every draw when fixed (a street's or boulevard's first number). Unique: no two
     * items hold the same fixed number.
     */
    fixedNumber: text("fixed_number").unique(),
    /** Months (1-12) whose regular draw it plays in. */
    participatingMonths: jsonb("participating_months").$type<number[]>().notNull(),
    multiplier: integer("multiplier").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp("removed_at", { withTimezone: true }),
  },
  (table) => [index("subscription_items_subscription_idx").on(table.subscriptionId)],
);

/**
 * Taking out a subscription: what the player chose, priced by the server, under its transaction id (the
 * idempotency key) until the first payment settles. Paid creates the subscription in the same transaction.
 */
export const subscriptionOrders = pgTable(
  "subscription_orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    transactionId: uuid("transaction_id").notNull().unique(),
    playerId: uuid("player_id")
      .notNull()
      .references(() => players.id),
    pageId: text("page_id").notNull(),
    /**
     * pending -> paid | cancelled | failed | expired | superseded (another sign-up of the player on the same
     * page replaced it while it was pending; its payment is in `superseded_sign_up_payments`)
     */
    status: text("status").notNull(),
    contentHash: text("content_hash").notNull(),
    /** The verified choice, with the mandate details and the first draw. */
    request: jsonb("request").$type<Record<string, unknown>>().notNull(),
    firstAmountCents: integer("first_amount_cents").notNull(),
    monthlyAmountCents: integer("monthly_amount_cents").notNull(),
    paymentId: text("payment_id").unique(),
    paymentUrl: text("payment_url"),
    subscriptionId: bigint("subscription_id", { mode: "number" }).references(() => subscriptions.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (table) => [index("subscription_orders_player_idx").on(table.playerId, table.createdAt)],
);

/**
 * First payments of sign-ups that another sign-up replaced (issue 40): the player went back from the payment
 * page and sent the form again (changed), or took out the same page's subscription under another id. Only one
 * sign-up per player and page is in progress; a superseded payment that is approved late creates nothing and
 * is refunded into the wallet (`refunded`), one that ends unpaid is `closed`.
 */
export const supersededSignUpPayments = pgTable(
  "superseded_sign_up_payments",
  {
    paymentId: text("payment_id").primaryKey(),
    subscriptionOrderId: uuid("subscription_order_id")
      .notNull()
      .references(() => subscriptionOrders.id),
    playerId: uuid("player_id")
      .notNull()
      .references(() => players.id),
    amountCents: integer("amount_cents").notNull(),
    /** open -> refunded | closed */
    state: text("state").notNull().default("open"),
    supersededAt: timestamp("superseded_at", { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (table) => [index("superseded_sign_up_payments_state_idx").on(table.state, table.supersededAt)],
);

/**
 * One collection per subscription and draw it plays in: the amount, and how it was collected (the first by
 * iDEAL, then by direct debit). Its row is written with the draw's tickets, so a draw is issued once.
 */
export const subscriptionCollections = pgTable(
  "subscription_collections",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subscriptionId: bigint("subscription_id", { mode: "number" })
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    drawId: integer("draw_id")
      .notNull()
      .references(() => draws.id),
    amountCents: integer("amount_cents").notNull(),
    /** ideal | directDebit */
    method: text("method").notNull(),
    /** pending (not yet sent) -> submitted -> paid | failed */
    state: text("state").notNull(),
    /** The direct-debit provider's id of the collection, once submitted. */
    debitId: text("debit_id").unique(),
    purchaseType: text("purchase_type").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("subscription_collections_draw_idx").on(table.subscriptionId, table.drawId),
    index("subscription_collections_state_idx").on(table.state),
  ],
);

/**
 * Paying what a locked subscription owes (issue 40): its failed collections, by iDEAL or from the balance,
 * under the transaction id of the form (the idempotency key). Paid marks those collections paid and unlocks
 * the subscription in the same database transaction.
 */
export const collectionPayments = pgTable(
  "collection_payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    transactionId: uuid("transaction_id").notNull().unique(),
    subscriptionId: bigint("subscription_id", { mode: "number" })
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    playerId: uuid("player_id")
      .notNull()
      .references(() => players.id),
    /** The failed collections it pays, as they were when it started. */
    collectionIds: jsonb("collection_ids").$type<string[]>().notNull(),
    amountCents: integer("amount_cents").notNull(),
    /** ideal | balance */
    method: text("method").notNull(),
    /** pending -> paid | cancelled | failed | expired */
    status: text("status").notNull(),
    paymentId: text("payment_id").unique(),
    paymentUrl: text("payment_url"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (table) => [index("collection_payments_subscription_idx").on(table.subscriptionId, table.createdAt)],
);

/**
 * Changes of a subscription under their transaction id (issue 15): items added, changed or removed,
 * upsells, a retention offer accepted, a cancellation. The transaction id is the idempotency key: a
 * replay of the same change answers `answer` again; anything else under that id is refused.
 */
export const subscriptionChanges = pgTable(
  "subscription_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    transactionId: uuid("transaction_id").notNull().unique(),
    playerId: uuid("player_id")
      .notNull()
      .references(() => players.id),
    subscriptionId: bigint("subscription_id", { mode: "number" })
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    /** addItems | updateItem | removeItems | upsellXl | upsellDraw | retentionOffer | cancel */
    kind: text("kind").notNull(),
    /** Hash of the request, to tell a replay from another change under the same id. */
    contentHash: text("content_hash").notNull(),
    /** The draw the change takes effect from (null for a cancellation of a subscription that has none left). */
    effectiveDrawId: integer("effective_draw_id").references(() => draws.id),
    /** The API's answer to the change, answered again on a replay. */
    answer: jsonb("answer").$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("subscription_changes_subscription_idx").on(table.subscriptionId, table.kind, table.createdAt),
  ],
);

/** Entries of a sign-up sweepstake: one per subscription order, decided by the server when it is paid. */
export const sweepstakeEntries = pgTable(
  "sweepstake_entries",
  {
    subscriptionOrderId: uuid("subscription_order_id")
      .primaryKey()
      .references(() => subscriptionOrders.id),
    sweepstakeId: text("sweepstake_id").notNull(),
    won: boolean("won").notNull(),
    prizeText: text("prize_text"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("sweepstake_entries_sweepstake_idx").on(table.sweepstakeId, table.won)],
);

/**
 * The bank simulator's own records (an outside party in production: the bank's SEPA collection and transfer
 * services): collections of subscriptions and transfers of withdrawals. The shop never reads this table; it
 * asks the direct-debit adapter.
 */
export const simulatedDebits = pgTable(
  "simulated_debits",
  {
    id: text("id").primaryKey(),
    reference: text("reference").notNull().unique(),
    iban: text("iban").notNull(),
    /** The mandate a collection is taken under; none for a transfer. */
    mandateId: text("mandate_id"),
    /** collection (a direct debit from the player) | transfer (a payout to the player) */
    kind: text("kind").notNull().default("collection"),
    amountCents: integer("amount_cents").notNull(),
    description: text("description").notNull(),
    /** submitted -> paid | failed (a failed collection can still be paid later; a failed transfer is final) */
    status: text("status").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (table) => [index("simulated_debits_status_idx").on(table.status, table.createdAt)],
);
