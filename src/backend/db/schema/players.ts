import { date, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Players, their sessions, their password reset links and their e-mail address changes. Part of the
 * database schema (DESIGN section 6); `index.ts` collects the parts.
 */

export const players = pgTable("players", {
  id: uuid("id").primaryKey().defaultRandom(),
  customerNumber: text("customer_number").notNull().unique(),
  email: text("email").notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  firstName: text("first_name").notNull(),
  middleName: text("middle_name"),
  lastName: text("last_name").notNull(),
  birthDate: date("birth_date").notNull(),
  street: text("street").notNull(),
  houseNumber: integer("house_number").notNull(),
  houseNumberExtension: text("house_number_extension"),
  postalCode: text("postal_code").notNull(),
  city: text("city").notNull(),
  iban: text("iban").unique(),
  playerState: text("player_state").notNull().default("Active"),
  /**
   * playerValidationState (spec section 3): NotValidated -> Validated (iDIN proved 18+) | Refused (iDIN
   * said under 18) | Review (iDIN's name or date of birth differs from the account: customer service).
   */
  validationState: text("validation_state").notNull().default("NotValidated"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Server-side sessions of logged-in players; the cookie holds a random id, the table only its hash. */
export const sessions = pgTable(
  "sessions",
  {
    idHash: text("id_hash").primaryKey(),
    playerId: uuid("player_id")
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("sessions_player_idx").on(table.playerId)],
);

/**
 * "Wachtwoord vergeten?" links (issue 43): only the sha256 of the link's token is stored. A link works once
 * (`usedAt`), until `expiresAt`, and not after a newer one was asked for (`revokedAt`).
 */
export const passwordResets = pgTable(
  "password_resets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    playerId: uuid("player_id")
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [index("password_resets_player_idx").on(table.playerId)],
);

/**
 * E-mail address changes waiting for their confirmation (issue 43): the link goes to the new address, and
 * only the sha256 of its token is stored. The address changes when the link is followed, once, until
 * `expiresAt`, and not after a newer change was asked for (`revokedAt`).
 */
export const emailChanges = pgTable(
  "email_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    playerId: uuid("player_id")
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    newEmail: text("new_email").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [index("email_changes_player_idx").on(table.playerId)],
);
