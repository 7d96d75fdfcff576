CREATE TABLE "jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"key" text,
	"payload" jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "simulated_debits" (
	"id" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"iban" text NOT NULL,
	"mandate_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"description" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "simulated_debits_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "subscription_collections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" bigint NOT NULL,
	"draw_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"method" text NOT NULL,
	"state" text NOT NULL,
	"debit_id" text,
	"purchase_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "subscription_collections_debit_id_unique" UNIQUE("debit_id")
);
--> statement-breakpoint
CREATE TABLE "subscription_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscription_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 500001 CACHE 1),
	"subscription_id" bigint NOT NULL,
	"product_type" text NOT NULL,
	"fraction" text NOT NULL,
	"with_xl" boolean NOT NULL,
	"end_digits" jsonb,
	"with_fixed_ticket_number" boolean NOT NULL,
	"fixed_number" text,
	"participating_months" jsonb NOT NULL,
	"multiplier" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "subscription_items_fixed_number_unique" UNIQUE("fixed_number")
);
--> statement-breakpoint
CREATE TABLE "subscription_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"player_id" uuid NOT NULL,
	"page_id" text NOT NULL,
	"status" text NOT NULL,
	"content_hash" text NOT NULL,
	"request" jsonb NOT NULL,
	"first_amount_cents" integer NOT NULL,
	"monthly_amount_cents" integer NOT NULL,
	"payment_id" text,
	"payment_url" text,
	"subscription_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "subscription_orders_transaction_id_unique" UNIQUE("transaction_id"),
	CONSTRAINT "subscription_orders_payment_id_unique" UNIQUE("payment_id")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1),
	"player_id" uuid NOT NULL,
	"page_id" text NOT NULL,
	"status" text NOT NULL,
	"start_draw_id" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"iban" text NOT NULL,
	"account_holder" text NOT NULL,
	"mandate_id" text NOT NULL,
	"mandate_signed_at" timestamp with time zone NOT NULL,
	"promotion" jsonb,
	"locked_draw_id" integer,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "subscriptions_mandate_id_unique" UNIQUE("mandate_id")
);
--> statement-breakpoint
CREATE TABLE "sweepstake_entries" (
	"subscription_order_id" uuid PRIMARY KEY NOT NULL,
	"sweepstake_id" text NOT NULL,
	"won" boolean NOT NULL,
	"prize_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "subscription_order_id" uuid;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "subscription_item_id" bigint;--> statement-breakpoint
ALTER TABLE "subscription_collections" ADD CONSTRAINT "subscription_collections_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_collections" ADD CONSTRAINT "subscription_collections_draw_id_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."draws"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_items" ADD CONSTRAINT "subscription_items_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_orders" ADD CONSTRAINT "subscription_orders_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_orders" ADD CONSTRAINT "subscription_orders_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_start_draw_id_draws_id_fk" FOREIGN KEY ("start_draw_id") REFERENCES "public"."draws"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_locked_draw_id_draws_id_fk" FOREIGN KEY ("locked_draw_id") REFERENCES "public"."draws"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sweepstake_entries" ADD CONSTRAINT "sweepstake_entries_subscription_order_id_subscription_orders_id_fk" FOREIGN KEY ("subscription_order_id") REFERENCES "public"."subscription_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("state","run_at");--> statement-breakpoint
CREATE INDEX "simulated_debits_status_idx" ON "simulated_debits" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_collections_draw_idx" ON "subscription_collections" USING btree ("subscription_id","draw_id");--> statement-breakpoint
CREATE INDEX "subscription_collections_state_idx" ON "subscription_collections" USING btree ("state");--> statement-breakpoint
CREATE INDEX "subscription_items_subscription_idx" ON "subscription_items" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "subscription_orders_player_idx" ON "subscription_orders" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "subscriptions_player_idx" ON "subscriptions" USING btree ("player_id");--> statement-breakpoint
CREATE INDEX "subscriptions_status_idx" ON "subscriptions" USING btree ("status");--> statement-breakpoint
CREATE INDEX "sweepstake_entries_sweepstake_idx" ON "sweepstake_entries" USING btree ("sweepstake_id","won");--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD CONSTRAINT "outbox_emails_subscription_order_id_subscription_orders_id_fk" FOREIGN KEY ("subscription_order_id") REFERENCES "public"."subscription_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_subscription_item_id_subscription_items_id_fk" FOREIGN KEY ("subscription_item_id") REFERENCES "public"."subscription_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_subscription_order_kind_idx" ON "outbox_emails" USING btree ("subscription_order_id","kind");--> statement-breakpoint
CREATE INDEX "tickets_subscription_item_idx" ON "tickets" USING btree ("subscription_item_id","draw_id");