CREATE TABLE "draw_results" (
	"draw_id" integer PRIMARY KEY NOT NULL,
	"result" jsonb NOT NULL,
	"jackpot_fell" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retail_tickets" (
	"barcode" text PRIMARY KEY NOT NULL,
	"ticket_id" uuid NOT NULL,
	CONSTRAINT "retail_tickets_ticket_id_unique" UNIQUE("ticket_id")
);
--> statement-breakpoint
ALTER TABLE "draw_results" ADD CONSTRAINT "draw_results_draw_id_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."draws"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retail_tickets" ADD CONSTRAINT "retail_tickets_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;