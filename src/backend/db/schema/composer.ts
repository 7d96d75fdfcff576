import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { EditorRole } from "@/src/contract/composer";

/**
 * The composer's editors, their sessions and what they did (issue 44, decision 26). Editors are not
 * players: their own table, their own sessions and their own cookie (scoped to `/redactie`).
 */

export const editors = pgTable("editors", {
  id: uuid("id").primaryKey().defaultRandom(),
  email: text("email").notNull().unique(),
  name: text("name").notNull(),
  role: text("role").$type<EditorRole>().notNull(),
  passwordHash: text("password_hash").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Only the hash of a session id is kept, as for players. */
export const editorSessions = pgTable(
  "editor_sessions",
  {
    idHash: text("id_hash").primaryKey(),
    editorId: uuid("editor_id")
      .notNull()
      .references(() => editors.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("editor_sessions_editor_idx").on(table.editorId)],
);

/**
 * The audit log and version history in one: every save, review request, publish, unpublish, schedule and
 * restore of a page, by whom and when; a save and a publish keep the page as the composer saw it
 * (`snapshot`), so a version can be shown, compared and restored.
 */
export const composerEvents = pgTable(
  "composer_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    pageId: text("page_id").notNull(),
    action: text("action").notNull(),
    editorId: uuid("editor_id").references(() => editors.id, { onDelete: "set null" }),
    editorName: text("editor_name").notNull(),
    version: integer("version"),
    snapshot: jsonb("snapshot").$type<Record<string, unknown>>(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("composer_events_page_idx").on(table.pageId, table.at)],
);

/** A page's review request and scheduled publication, while they stand. */
export const composerPageStates = pgTable("composer_page_states", {
  pageId: text("page_id").primaryKey(),
  reviewRequestedBy: text("review_requested_by"),
  reviewRequestedAt: timestamp("review_requested_at", { withTimezone: true }),
  scheduledFor: timestamp("scheduled_for", { withTimezone: true }),
  scheduledBy: text("scheduled_by"),
});

/**
 * The concept as an editor is typing it, for the shop's preview beside the composer (issue 44: the
 * preview updates as the editor types): the page entry with its blocks resolved as the Delivery API would
 * deliver them, under a random token, for half an hour. In the database, not in memory, so the worker that
 * renders the preview need not be the one the composer's call reached.
 */
export const composerPreviews = pgTable(
  "composer_previews",
  {
    token: text("token").primaryKey(),
    pageId: text("page_id").notNull(),
    path: text("path").notNull(),
    entry: jsonb("entry").$type<Record<string, unknown>>().notNull(),
    editorId: uuid("editor_id").references(() => editors.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("composer_previews_expires_idx").on(table.expiresAt)],
);
