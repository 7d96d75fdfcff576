CREATE TABLE "collection_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"subscription_id" bigint NOT NULL,
	"player_id" uuid NOT NULL,
	"collection_ids" jsonb NOT NULL,
	"amount_cents" integer NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"payment_id" text,
	"payment_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "collection_payments_transaction_id_unique" UNIQUE("transaction_id"),
	CONSTRAINT "collection_payments_payment_id_unique" UNIQUE("payment_id")
);
--> statement-breakpoint
CREATE TABLE "superseded_sign_up_payments" (
	"payment_id" text PRIMARY KEY NOT NULL,
	"subscription_order_id" uuid NOT NULL,
	"player_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"superseded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "collection_payments" ADD CONSTRAINT "collection_payments_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_payments" ADD CONSTRAINT "collection_payments_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "superseded_sign_up_payments" ADD CONSTRAINT "superseded_sign_up_payments_subscription_order_id_subscription_orders_id_fk" FOREIGN KEY ("subscription_order_id") REFERENCES "public"."subscription_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "superseded_sign_up_payments" ADD CONSTRAINT "superseded_sign_up_payments_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collection_payments_subscription_idx" ON "collection_payments" USING btree ("subscription_id","created_at");--> statement-breakpoint
CREATE INDEX "superseded_sign_up_payments_state_idx" ON "superseded_sign_up_payments" USING btree ("state","superseded_at");