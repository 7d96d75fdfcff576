import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
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
  /**
   * playerValidationState (spec section 3): NotValidated -> Validated (iDIN proved 18+) | Refused (iDIN
   * said under 18) | Review (iDIN's name or date of birth differs from the account: customer service).
   */
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
    /** The sign-up a subscription e-mail is about (its confirmation), at most once per kind. */
    subscriptionOrderId: uuid("subscription_order_id").references((): AnyPgColumn => subscriptionOrders.id),
    /** The change a subscription e-mail is about (a cancellation's confirmation), at most once per kind. */
    subscriptionChangeId: uuid("subscription_change_id").references(
      (): AnyPgColumn => subscriptionChanges.id,
    ),
    /** Any other e-mail that must go at most once (a draw's prize e-mail to a player: `prize:{drawId}:{playerId}`). */
    key: text("key").unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("outbox_order_kind_idx").on(table.orderId, table.kind),
    uniqueIndex("outbox_subscription_order_kind_idx").on(table.subscriptionOrderId, table.kind),
    uniqueIndex("outbox_subscription_change_kind_idx").on(table.subscriptionChangeId, table.kind),
  ],
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
 * The job queue (decision 13): jobs run by any process on the database, claimed with `FOR UPDATE SKIP
 * LOCKED`. `key` makes enqueueing idempotent: a job with the same key is not queued twice.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    key: text("key").unique(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    /** queued -> running -> done | failed (after its last attempt) */
    state: text("state").notNull().default("queued"),
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(5),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (table) => [index("jobs_due_idx").on(table.state, table.runAt)],
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

/**
 * Age validations through iDIN (issue 16): one per attempt, under the iDIN provider's transaction id. The
 * result is recorded once (the return and a replay of it answer the same); `returnPath` is where the
 * player's flow continues (a checkout, a sign-up).
 */
export const ageValidations = pgTable(
  "age_validations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    playerId: uuid("player_id")
      .notNull()
      .references(() => players.id),
    issuerId: text("issuer_id").notNull(),
    /** The provider's id of the authentication; unique, so a return is recorded once. */
    transactionId: text("transaction_id").notNull().unique(),
    /** pending -> validated | underage | mismatch | cancelled | failed */
    status: text("status").notNull(),
    returnPath: text("return_path").notNull(),
    /** What the bank shared (name as the bank has it, date of birth), for customer service on a mismatch. */
    sharedName: text("shared_name"),
    sharedBirthDate: date("shared_birth_date"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (table) => [index("age_validations_player_idx").on(table.playerId, table.createdAt)],
);

/**
 * The iDIN simulator's own records (an outside party in production: the banks' identity service). The
 * shop never reads this table; it asks the iDIN adapter.
 */
export const simulatedIdin = pgTable("simulated_idin", {
  id: text("id").primaryKey(),
  issuerId: text("issuer_id").notNull(),
  reference: text("reference").notNull(),
  returnUrl: text("return_url").notNull(),
  /** open -> approved | cancelled | failed */
  status: text("status").notNull(),
  /** What the simulated bank shares on approval. */
  name: text("name"),
  birthDate: date("birth_date"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  completedAt: timestamp("completed_at", { withTimezone: true }),
});

/**
 * The wallet (issue 16, items 3 and 6): one row per player who has used it, holding the monthly deposit
 * limit (a raise counts from `pending_limit_from`). The row is also what a movement out of the wallet
 * locks, so two payments or withdrawals at once take turns and the balance cannot go below zero.
 */
export const wallets = pgTable("wallets", {
  playerId: uuid("player_id")
    .primaryKey()
    .references(() => players.id),
  monthlyDepositLimitCents: integer("monthly_deposit_limit_cents").notNull(),
  pendingLimitCents: integer("pending_limit_cents"),
  pendingLimitFrom: timestamp("pending_limit_from", { withTimezone: true }),
  limitChangedAt: timestamp("limit_changed_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The double-entry ledger (DESIGN section 6; decision 14): every movement of money is one transaction under
 * an idempotency key, with entries that add up to zero. A player's balance is the sum of their `wallet`
 * entries; nothing else stores it.
 */
export const ledgerTransactions = pgTable(
  "ledger_transactions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** `deposit:{id}`, `order:{id}`, `prize:{ticketId}:{drawId}`, `withdrawal:{id}`, `refund:{id}`. */
    idempotencyKey: text("idempotency_key").notNull().unique(),
    /** deposit | order | prize | refund | withdrawal */
    kind: text("kind").notNull(),
    playerId: uuid("player_id")
      .notNull()
      .references(() => players.id),
    description: text("description").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("ledger_transactions_player_idx").on(table.playerId, table.createdAt)],
);

export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: uuid("transaction_id")
      .notNull()
      .references(() => ledgerTransactions.id),
    /** wallet | psp | sales | prizes | payouts */
    account: text("account").notNull(),
    /** The player whose wallet this is (only on `wallet` entries). */
    playerId: uuid("player_id").references(() => players.id),
    /** Positive adds to the account, negative takes from it. */
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
  },
  (table) => [
    index("ledger_entries_wallet_idx").on(table.playerId, table.account),
    index("ledger_entries_transaction_idx").on(table.transactionId),
    check("ledger_entries_amount_not_zero", sql`${table.amountCents} <> 0`),
    check(
      "ledger_entries_wallet_has_player",
      sql`(${table.account} = 'wallet') = (${table.playerId} is not null)`,
    ),
  ],
);

/**
 * Deposits into the wallet by iDEAL or credit card, under the transaction id of the form (the idempotency
 * key) until the payment settles; a paid one is credited by one ledger transaction.
 */
export const deposits = pgTable(
  "deposits",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    transactionId: uuid("transaction_id").notNull().unique(),
    playerId: uuid("player_id")
      .notNull()
      .references(() => players.id),
    /** ideal | creditcard */
    method: text("method").notNull(),
    amountCents: integer("amount_cents").notNull(),
    /** pending -> paid | cancelled | failed | expired */
    status: text("status").notNull(),
    paymentId: text("payment_id").unique(),
    paymentUrl: text("payment_url"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (table) => [index("deposits_player_idx").on(table.playerId, table.createdAt)],
);

/**
 * Withdrawals to the player's own IBAN: taken from the wallet at once, then handed to the bank as a transfer
 * (the `submit-withdrawals` job); a transfer the bank refuses is refunded into the wallet.
 */
export const withdrawals = pgTable(
  "withdrawals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    transactionId: uuid("transaction_id").notNull().unique(),
    playerId: uuid("player_id")
      .notNull()
      .references(() => players.id),
    amountCents: integer("amount_cents").notNull(),
    iban: text("iban").notNull(),
    /**
     * requested -> submitted (to the bank as a transfer) -> sent | returned (the bank refused it: the amount
     * went back into the wallet)
     */
    status: text("status").notNull(),
    /** The bank's id of the transfer, once submitted. */
    payoutId: text("payout_id").unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [index("withdrawals_player_idx").on(table.playerId, table.createdAt)],
);

/**
 * What happened to each winning online ticket of a published draw (issue 16, item 5): `credited` (paid
 * into the wallet by the ledger transaction) or `claim` (above EUR 10,100: claimed with customer service).
 * One row per ticket (a ticket is in one draw), so a publication job that runs twice pays once.
 */
export const prizePayouts = pgTable(
  "prize_payouts",
  {
    ticketId: uuid("ticket_id")
      .primaryKey()
      .references(() => tickets.id),
    drawId: integer("draw_id")
      .notNull()
      .references(() => draws.id),
    playerId: uuid("player_id")
      .notNull()
      .references(() => players.id),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    /** credited | claim */
    state: text("state").notNull(),
    ledgerTransactionId: uuid("ledger_transaction_id").references(() => ledgerTransactions.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("prize_payouts_player_idx").on(table.playerId, table.drawId),
    index("prize_payouts_draw_idx").on(table.drawId),
  ],
);

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

/**
 * An affiliate flow's state (issue 17, `GET`/`PUT /api/affiliate-tickets/store/{id}`) while the visitor
 * logs in or registers: the page and partner they came with. The visitor's own, as the gift stores.
 */
export const affiliateTicketStores = pgTable(
  "affiliate_ticket_stores",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    visitorKey: text("visitor_key").notNull(),
    pageId: text("page_id").notNull(),
    partner: text("partner").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("affiliate_ticket_stores_visitor_idx").on(table.visitorKey, table.updatedAt)],
);

/**
 * A promotion's sign-up (issue 18): a lead with the opt-ins as the person saw them (the fixed texts and
 * their versions), the lead opt-in URL shown and the time, as consent evidence. Bound to the visitor's
 * cookie, so only the browser that signed up continues from it.
 */
export const promotionLeads = pgTable(
  "promotion_leads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    pageId: text("page_id").notNull(),
    firstName: text("first_name").notNull(),
    email: text("email").notNull(),
    /** `[{ id, version, text }]`: the opt-ins ticked, in the words shown. */
    optIns: jsonb("opt_ins").$type<{ id: string; version: string; text: string }[]>().notNull(),
    leadOptInUrl: text("lead_opt_in_url").notNull(),
    visitorKey: text("visitor_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    continuedAt: timestamp("continued_at", { withTimezone: true }),
  },
  (table) => [
    index("promotion_leads_email_idx").on(table.email),
    index("promotion_leads_page_idx").on(table.pageId, table.createdAt),
  ],
);

/**
 * A marketing campaign (issue 18): the page its action code block is on, when its codes can be activated
 * (between start and end, while `active`), and the offer a code unlocks (`domain/campaigns/offers`).
 */
export const campaigns = pgTable("campaigns", {
  id: text("id").primaryKey(),
  pageId: text("page_id").notNull().unique(),
  /** The action page's path, where a player enters a code (the link of `NoActivatedActionFoundError`). */
  pagePath: text("page_path").notNull(),
  name: text("name").notNull(),
  active: boolean("active").notNull().default(true),
  startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
  endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
  offer: jsonb("offer").$type<unknown>().notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Action codes (issue 18): `personal` codes are single use and name their mailing; `general` codes are
 * used by many, each player at most `max_per_player` times. Codes are stored normalised (upper case, no
 * separators). A personal code is claimed by the player who activated it.
 */
export const actionCodes = pgTable(
  "action_codes",
  {
    code: text("code").primaryKey(),
    campaignId: text("campaign_id")
      .notNull()
      .references(() => campaigns.id),
    kind: text("kind").notNull(),
    mailing: text("mailing"),
    maxPerPlayer: integer("max_per_player").notNull().default(1),
    claimedBy: uuid("claimed_by").references(() => players.id),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("action_codes_campaign_idx").on(table.campaignId)],
);

/**
 * A code activated by a player (issue 18): the right to the campaign's offer. `activated` (in the basket
 * or taken out), `reserved` by an order being paid, `used` once that order is paid; an order that fails
 * gives it back. A player holds at most one open activation per campaign.
 */
export const actionActivations = pgTable(
  "action_activations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    campaignId: text("campaign_id")
      .notNull()
      .references(() => campaigns.id),
    code: text("code")
      .notNull()
      .references(() => actionCodes.code),
    playerId: uuid("player_id")
      .notNull()
      .references(() => players.id),
    status: text("status").notNull().default("activated"),
    inBasket: boolean("in_basket").notNull().default(false),
    orderId: uuid("order_id").references(() => orders.id),
    /** The subscription sign-up that reserved a trial subscription's activation. */
    subscriptionOrderId: uuid("subscription_order_id").references(() => subscriptionOrders.id),
    activatedAt: timestamp("activated_at", { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (table) => [
    index("action_activations_player_idx").on(table.playerId, table.status),
    index("action_activations_code_idx").on(table.code, table.playerId),
    uniqueIndex("action_activations_open_idx")
      .on(table.campaignId, table.playerId)
      .where(sql`${table.status} in ('activated', 'reserved')`),
  ],
);

/**
 * An entry of a promotional game of chance (issue 19): the player, the ticket (none for a one-click
 * participation) and how it entered, with the opt-ins as the player saw them. A ticket enters a game once
 * (unique page and ticket), a one-click participation once per player.
 */
export const gameEntries = pgTable(
  "game_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    pageId: text("page_id").notNull(),
    playerId: uuid("player_id")
      .notNull()
      .references(() => players.id),
    ticketId: uuid("ticket_id").references(() => tickets.id),
    ticketNumber: text("ticket_number"),
    drawId: integer("draw_id"),
    /** online | manual | retail | link | subscribe */
    method: text("method").notNull(),
    /** `[{ id, version, text }]`: the opt-ins ticked, in the words shown. */
    optIns: jsonb("opt_ins").$type<{ id: string; version: string; text: string }[]>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("game_entries_ticket_idx")
      .on(table.pageId, table.ticketId)
      .where(sql`${table.ticketId} is not null`),
    uniqueIndex("game_entries_subscribe_idx")
      .on(table.pageId, table.playerId)
      .where(sql`${table.method} = 'subscribe'`),
    index("game_entries_player_idx").on(table.pageId, table.playerId),
  ],
);

/**
 * A game's draw (issue 19): the recorded seed and the number of entries it drew from, so the draw can be
 * repeated for an audit, and the winners (entry, ticket number, masked name).
 */
export const gameDraws = pgTable("game_draws", {
  pageId: text("page_id").primaryKey(),
  seed: text("seed").notNull(),
  entries: integer("entries").notNull(),
  winners: jsonb("winners")
    .$type<{ entryId: string; ticketNumber: string | null; name: string }[]>()
    .notNull(),
  drawnAt: timestamp("drawn_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A player's communication preferences (issue 20, item 5): per vertical and channel whether the player may
 * be approached, and when that last changed. A channel without a row was never chosen and is off.
 */
export const communicationPreferences = pgTable(
  "communication_preferences",
  {
    playerId: uuid("player_id")
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    vertical: text("vertical").notNull(),
    channel: text("channel").notNull(),
    enabled: boolean("enabled").notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.playerId, table.vertical, table.channel] })],
);

/**
 * Every change of a communication preference, as consent evidence: what was chosen, when, and where the
 * form was shown (`mijn`, `campagne`). Only appended to.
 */
export const communicationPreferenceChanges = pgTable(
  "communication_preference_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    playerId: uuid("player_id")
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    vertical: text("vertical").notNull(),
    channel: text("channel").notNull(),
    enabled: boolean("enabled").notNull(),
    location: text("location").notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("communication_preference_changes_player_idx").on(table.playerId, table.changedAt)],
);

/** Members of Kroonpunten, the loyalty programme (issue 20, item 6): a player joins once. */
export const loyaltyMembers = pgTable("loyalty_members", {
  playerId: uuid("player_id")
    .primaryKey()
    .references(() => players.id, { onDelete: "cascade" }),
  joinedAt: timestamp("joined_at", { withTimezone: true }).notNull(),
});

/**
 * The points ledger of Kroonpunten: one row per credit, the balance is their sum. A paid ticket order
 * credits its points once (unique order), in the transaction that marks it paid.
 */
export const loyaltyPoints = pgTable(
  "loyalty_points",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    playerId: uuid("player_id")
      .notNull()
      .references(() => loyaltyMembers.playerId, { onDelete: "cascade" }),
    orderId: uuid("order_id").references(() => orders.id),
    points: integer("points").notNull(),
    description: text("description").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex("loyalty_points_order_idx").on(table.orderId),
    index("loyalty_points_player_idx").on(table.playerId, table.createdAt),
  ],
);
