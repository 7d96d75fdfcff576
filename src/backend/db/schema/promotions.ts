import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/** Promotion leads (issue 18). Part of the database schema (DESIGN section 6); `index.ts` collects the parts. */

/**
 * A promotion's sign-up (issue 18): a lead with the opt-ins as the person saw them (the fixed texts and
 * their versions), the lead opt-in URL shown and the time, as consent evidence. Bound to the visitor's
 * cookie, so only the browser that signed up continues from it. It counts once its e-mail's link is
 * confirmed (double opt-in, issue 42).
 */
export const promotionLeads = pgTable(
  "promotion_leads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    pageId: text("page_id").notNull(),
    firstName: text("first_name").notNull(),
    email: text("email").notNull(),
    /** `[{ id, version, text }]`: the opt-ins ticked, in the words shown. */
    optIns: jsonb("opt_ins").$type<{ id: string; version: string; text: string }[]>().notNull(),
    leadOptInUrl: text("lead_opt_in_url").notNull(),
    visitorKey: text("visitor_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    continuedAt: timestamp("continued_at", { withTimezone: true }),
    /** The sha256 of the confirmation link's token (the token itself is only in the e-mail). */
    confirmationTokenHash: text("confirmation_token_hash"),
    /** When the address's owner confirmed the sign-up; until then the lead does not count. */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  },
  (table) => [
    index("promotion_leads_email_idx").on(table.email),
    index("promotion_leads_page_idx").on(table.pageId, table.createdAt),
    uniqueIndex("promotion_leads_confirmation_idx").on(table.confirmationTokenHash),
  ],
);
