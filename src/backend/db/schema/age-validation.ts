import { date, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { players } from "./players";

/** Age validation through iDIN and its simulator. Part of the database schema (DESIGN section 6); `index.ts` collects the parts. */

/**
 * Age validations through iDIN (issue 16): one per attempt, under the iDIN provider's transaction id. The
 * result is recorded once (the return and a replay of it answer the same); `returnPath` is where the
 * player's flow continues (a checkout, a sign-up).
 */
export const ageValidations = pgTable(
  "age_validations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    playerId: uuid("player_id")
      .notNull()
      .references(() => players.id),
    issuerId: text("issuer_id").notNull(),
    /** The provider's id of the authentication; unique, so a return is recorded once. */
    transactionId: text("transaction_id").notNull().unique(),
    /** pending -> validated | underage | mismatch | cancelled | failed */
    status: text("status").notNull(),
    returnPath: text("return_path").notNull(),
    /** What the bank shared (name as the bank has it, date of birth), for customer service on a mismatch. */
    sharedName: text("shared_name"),
    sharedBirthDate: date("shared_birth_date"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (table) => [index("age_validations_player_idx").on(table.playerId, table.createdAt)],
);

/**
 * The iDIN simulator's own records (an outside party in production: the banks' identity service). The
 * shop never reads this table; it asks the iDIN adapter.
 */
export const simulatedIdin = pgTable("simulated_idin", {
  id: text("id").primaryKey(),
  issuerId: text("issuer_id").notNull(),
  reference: text("reference").notNull(),
  returnUrl: text("return_url").notNull(),
  /** open -> approved | cancelled | failed */
  status: text("status").notNull(),
  /** What the simulated bank shares on approval. */
  name: text("name"),
  birthDate: date("birth_date"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  completedAt: timestamp("completed_at", { withTimezone: true }),
});
