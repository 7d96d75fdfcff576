import { sql } from "drizzle-orm";
import {
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
import { orders } from "./orders";
import { players } from "./players";
import { subscriptionOrders } from "./subscriptions";

/** Campaigns, action codes and their activations (issue 18). Part of the database schema (DESIGN section 6); `index.ts` collects the parts. */

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
