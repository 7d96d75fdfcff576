import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { draws } from "./draws";
import { tickets } from "./orders";
import { players } from "./players";

/** The wallet and its ledger (decision 14): deposits, withdrawals, prizes paid in. Part of the database schema (DESIGN section 6); `index.ts` collects the parts. */

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
