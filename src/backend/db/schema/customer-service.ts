import { sql } from "drizzle-orm";
import { bigint, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { players } from "./players";

/** Customer service (issue 43 item 2). Part of the database schema (DESIGN section 6); `index.ts` collects the parts. */

/**
 * A question sent with the contact form: who asked (the player when logged in), about what, and its
 * reference `KS-` + the number from the table's own sequence, which the sender quotes. The client's
 * address is kept only as a salted hash, for abuse reports; its rate limit is the rate-limit table's.
 */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    number: bigint("number", { mode: "number" })
      .notNull()
      .unique()
      .generatedAlwaysAsIdentity({ startWith: 100001 }),
    reference: text("reference").notNull().generatedAlwaysAs(sql`'KS-' || "number"::text`),
    playerId: uuid("player_id").references(() => players.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    ticketOrOrderNumber: text("ticket_or_order_number"),
    message: text("message").notNull(),
    clientKeyHash: text("client_key_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("contact_messages_email_idx").on(table.email, table.createdAt),
    index("contact_messages_player_idx").on(table.playerId),
  ],
);
