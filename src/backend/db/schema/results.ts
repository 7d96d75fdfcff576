import { boolean, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { DrawResult } from "@/src/domain/results/draw-result";
import { draws } from "./draws";
import { tickets } from "./orders";

/** Published results and retail tickets (the results slice). Part of the database schema (DESIGN section 6); `index.ts` collects the parts. */

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
