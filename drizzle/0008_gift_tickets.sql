CREATE TABLE "gift_ticket_stores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"visitor_key" text NOT NULL,
	"page_id" text NOT NULL,
	"choice" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"page_id" text NOT NULL,
	"order_id" uuid NOT NULL,
	"giver_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"draw_id" integer NOT NULL,
	"fraction" text NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_email" text NOT NULL,
	"message" text,
	"send_on" date NOT NULL,
	"state" text NOT NULL,
	"ticket_id" uuid,
	"redeemed_by" uuid,
	"redeemed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_tickets_code_unique" UNIQUE("code"),
	CONSTRAINT "gift_tickets_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "gift_tickets_ticket_id_unique" UNIQUE("ticket_id")
);
--> statement-breakpoint
ALTER TABLE "gift_tickets" ADD CONSTRAINT "gift_tickets_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_tickets" ADD CONSTRAINT "gift_tickets_giver_id_players_id_fk" FOREIGN KEY ("giver_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_tickets" ADD CONSTRAINT "gift_tickets_draw_id_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."draws"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_tickets" ADD CONSTRAINT "gift_tickets_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_tickets" ADD CONSTRAINT "gift_tickets_redeemed_by_players_id_fk" FOREIGN KEY ("redeemed_by") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_ticket_stores_visitor_idx" ON "gift_ticket_stores" USING btree ("visitor_key","updated_at");--> statement-breakpoint
CREATE INDEX "gift_tickets_due_idx" ON "gift_tickets" USING btree ("state","send_on");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_tickets_store_idx" ON "gift_tickets" USING btree ("store_id") WHERE "gift_tickets"."state" <> 'cancelled';