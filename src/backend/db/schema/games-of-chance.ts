import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { tickets } from "./orders";
import { players } from "./players";

/** Promotional games of chance (issue 19). Part of the database schema (DESIGN section 6); `index.ts` collects the parts. */

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
