CREATE TABLE "communication_preference_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"vertical" text NOT NULL,
	"channel" text NOT NULL,
	"enabled" boolean NOT NULL,
	"location" text NOT NULL,
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "communication_preferences" (
	"player_id" uuid NOT NULL,
	"vertical" text NOT NULL,
	"channel" text NOT NULL,
	"enabled" boolean NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "communication_preferences_player_id_vertical_channel_pk" PRIMARY KEY("player_id","vertical","channel")
);
--> statement-breakpoint
CREATE TABLE "loyalty_members" (
	"player_id" uuid PRIMARY KEY NOT NULL,
	"joined_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_points" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"order_id" uuid,
	"points" integer NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "communication_preference_changes" ADD CONSTRAINT "communication_preference_changes_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communication_preferences" ADD CONSTRAINT "communication_preferences_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_members" ADD CONSTRAINT "loyalty_members_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_points" ADD CONSTRAINT "loyalty_points_player_id_loyalty_members_player_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."loyalty_members"("player_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_points" ADD CONSTRAINT "loyalty_points_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "communication_preference_changes_player_idx" ON "communication_preference_changes" USING btree ("player_id","changed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_points_order_idx" ON "loyalty_points" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "loyalty_points_player_idx" ON "loyalty_points" USING btree ("player_id","created_at");