import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** Affiliate tickets (issue 17). Part of the database schema (DESIGN section 6); `index.ts` collects the parts. */

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
