CREATE TABLE "action_activations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" text NOT NULL,
	"code" text NOT NULL,
	"player_id" uuid NOT NULL,
	"status" text DEFAULT 'activated' NOT NULL,
	"in_basket" boolean DEFAULT false NOT NULL,
	"order_id" uuid,
	"activated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "action_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"campaign_id" text NOT NULL,
	"kind" text NOT NULL,
	"mailing" text,
	"max_per_player" integer DEFAULT 1 NOT NULL,
	"claimed_by" uuid,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" text PRIMARY KEY NOT NULL,
	"page_id" text NOT NULL,
	"page_path" text NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"offer" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_page_id_unique" UNIQUE("page_id")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "adjustments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "action_activations" ADD CONSTRAINT "action_activations_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_activations" ADD CONSTRAINT "action_activations_code_action_codes_code_fk" FOREIGN KEY ("code") REFERENCES "public"."action_codes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_activations" ADD CONSTRAINT "action_activations_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_activations" ADD CONSTRAINT "action_activations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_codes" ADD CONSTRAINT "action_codes_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_codes" ADD CONSTRAINT "action_codes_claimed_by_players_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "action_activations_player_idx" ON "action_activations" USING btree ("player_id","status");--> statement-breakpoint
CREATE INDEX "action_activations_code_idx" ON "action_activations" USING btree ("code","player_id");--> statement-breakpoint
CREATE UNIQUE INDEX "action_activations_open_idx" ON "action_activations" USING btree ("campaign_id","player_id") WHERE "action_activations"."status" in ('activated', 'reserved');--> statement-breakpoint
CREATE INDEX "action_codes_campaign_idx" ON "action_codes" USING btree ("campaign_id");