import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/** Database schema (DESIGN section 6). Money is integer cents; times are timestamptz. */

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

export const experiments = pgTable("experiments", {
  key: text("key").primaryKey(),
  description: text("description").notNull(),
  active: boolean("active").notNull().default(true),
});

export const experimentGroups = pgTable(
  "experiment_groups",
  {
    experimentKey: text("experiment_key")
      .notNull()
      .references(() => experiments.key, { onDelete: "cascade" }),
    name: text("name").notNull(),
    weight: integer("weight").notNull(),
    variant: jsonb("variant")
      .$type<Record<string, string | number | boolean>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
  },
  (table) => [primaryKey({ columns: [table.experimentKey, table.name] })],
);

/** Fixed-window counters of the rate limiter, shared by every instance. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  hits: integer("hits").notNull(),
});
