import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { orders } from "./orders";
import { players } from "./players";

/** Kroonpunten, the loyalty programme (issue 20). Part of the database schema (DESIGN section 6); `index.ts` collects the parts. */

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
