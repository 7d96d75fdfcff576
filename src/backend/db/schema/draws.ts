import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/** Draws. Part of the database schema (DESIGN section 6); `index.ts` collects the parts. */

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
