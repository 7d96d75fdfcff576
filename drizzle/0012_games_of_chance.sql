CREATE TABLE "game_draws" (
	"page_id" text PRIMARY KEY NOT NULL,
	"seed" text NOT NULL,
	"entries" integer NOT NULL,
	"winners" jsonb NOT NULL,
	"drawn_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"page_id" text NOT NULL,
	"player_id" uuid NOT NULL,
	"ticket_id" uuid,
	"ticket_number" text,
	"draw_id" integer,
	"method" text NOT NULL,
	"opt_ins" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "game_entries" ADD CONSTRAINT "game_entries_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_entries" ADD CONSTRAINT "game_entries_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "game_entries_ticket_idx" ON "game_entries" USING btree ("page_id","ticket_id") WHERE "game_entries"."ticket_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "game_entries_subscribe_idx" ON "game_entries" USING btree ("page_id","player_id") WHERE "game_entries"."method" = 'subscribe';--> statement-breakpoint
CREATE INDEX "game_entries_player_idx" ON "game_entries" USING btree ("page_id","player_id");