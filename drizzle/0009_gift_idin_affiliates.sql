CREATE TABLE "affiliate_ticket_stores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"visitor_key" text NOT NULL,
	"page_id" text NOT NULL,
	"partner" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_idin_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gift_id" uuid NOT NULL,
	"visitor_key" text NOT NULL,
	"issuer_id" text NOT NULL,
	"transaction_id" text NOT NULL,
	"status" text NOT NULL,
	"shared_name" text,
	"shared_birth_date" date,
	"player_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "gift_idin_redemptions_transaction_id_unique" UNIQUE("transaction_id")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "affiliate_partner" text;--> statement-breakpoint
ALTER TABLE "gift_idin_redemptions" ADD CONSTRAINT "gift_idin_redemptions_gift_id_gift_tickets_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gift_tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_idin_redemptions" ADD CONSTRAINT "gift_idin_redemptions_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "affiliate_ticket_stores_visitor_idx" ON "affiliate_ticket_stores" USING btree ("visitor_key","updated_at");--> statement-breakpoint
CREATE INDEX "gift_idin_redemptions_gift_idx" ON "gift_idin_redemptions" USING btree ("gift_id");--> statement-breakpoint
CREATE INDEX "orders_affiliate_idx" ON "orders" USING btree ("affiliate_partner","created_at") WHERE "orders"."affiliate_partner" is not null;