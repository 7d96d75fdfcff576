import { boolean, index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { players } from "./players";

/** Communication preferences (issue 20). Part of the database schema (DESIGN section 6); `index.ts` collects the parts. */

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
