import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
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
import { orders } from "./orders";
import { subscriptionChanges, subscriptionOrders } from "./subscriptions";

/** What the whole backend shares: rate limits, the job queue, experiments, the e-mail outbox. Part of the database schema (DESIGN section 6); `index.ts` collects the parts. */

/** Fixed-window counters of the rate limiter, shared by every instance. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  hits: integer("hits").notNull(),
});

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

/** E-mails to send (decision 21): one per order and kind at most; the `send-emails` job delivers them over SMTP. */
export const outboxEmails = pgTable(
  "outbox_emails",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** One of `EMAIL_KINDS` (src/domain/emails/kinds.ts); its template renders `data` when it is sent. */
    kind: text("kind").notNull(),
    recipient: text("recipient").notNull(),
    /** What the template needs, checked against the kind's schema when queued and when sent. */
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    /** The player it is written to, when there is one (the unsubscribe link of a marketing e-mail). */
    playerId: uuid("player_id"),
    orderId: uuid("order_id").references(() => orders.id),
    /** The sign-up a subscription e-mail is about (its confirmation), at most once per kind. */
    subscriptionOrderId: uuid("subscription_order_id").references((): AnyPgColumn => subscriptionOrders.id),
    /** The change a subscription e-mail is about (a cancellation's confirmation), at most once per kind. */
    subscriptionChangeId: uuid("subscription_change_id").references(
      (): AnyPgColumn => subscriptionChanges.id,
    ),
    /** Any other e-mail that must go at most once (a draw's prize e-mail to a player: `prize:{drawId}:{playerId}`). */
    key: text("key").unique(),
    /**
     * queued -> sending (claimed by a sender until `locked_until`) -> sent | dead (decision 21), or skipped:
     * a marketing e-mail whose player turned the preference off before it went.
     */
    state: text("state").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /** Why the last attempt failed (the SMTP reply without addresses), or why the row is dead. */
    lastError: text("last_error"),
    /** The SMTP server's answer to the accepted message (its queue id). */
    providerMessageId: text("provider_message_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("outbox_order_kind_idx").on(table.orderId, table.kind),
    uniqueIndex("outbox_subscription_order_kind_idx").on(table.subscriptionOrderId, table.kind),
    uniqueIndex("outbox_subscription_change_kind_idx").on(table.subscriptionChangeId, table.kind),
    index("outbox_due_idx").on(table.state, table.nextAttemptAt),
  ],
);

/**
 * The local mailbox (issue 42): every message the embedded SMTP server received, as the mailbox simulator
 * (`/postbus`) shows it. Only the embedded default has it; production mail goes to the operator's SMTP.
 */
export const mailboxMessages = pgTable(
  "mailbox_messages",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    recipient: text("recipient").notNull(),
    sender: text("sender").notNull(),
    subject: text("subject").notNull(),
    messageId: text("message_id"),
    /** The headers as received, in order: `[name, value]`. */
    headers: jsonb("headers").$type<[string, string][]>().notNull(),
    html: text("html"),
    text: text("text"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("mailbox_recipient_idx").on(table.recipient, table.receivedAt)],
);
