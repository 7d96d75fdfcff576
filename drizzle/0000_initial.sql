CREATE TABLE "draws" (
	"id" integer PRIMARY KEY NOT NULL,
	"game_type" text NOT NULL,
	"kind" text NOT NULL,
	"running_number" integer NOT NULL,
	"name" text NOT NULL,
	"draw_at" timestamp with time zone NOT NULL,
	"sales_close_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"jackpot_cents" bigint NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "experiment_groups" (
	"experiment_key" text NOT NULL,
	"name" text NOT NULL,
	"weight" integer NOT NULL,
	"variant" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "experiment_groups_experiment_key_name_pk" PRIMARY KEY("experiment_key","name")
);
--> statement-breakpoint
CREATE TABLE "experiments" (
	"key" text PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "players" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_number" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"middle_name" text,
	"last_name" text NOT NULL,
	"birth_date" date NOT NULL,
	"street" text NOT NULL,
	"house_number" integer NOT NULL,
	"house_number_extension" text,
	"postal_code" text NOT NULL,
	"city" text NOT NULL,
	"iban" text,
	"player_state" text DEFAULT 'Active' NOT NULL,
	"validation_state" text DEFAULT 'NotValidated' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "players_customer_number_unique" UNIQUE("customer_number"),
	CONSTRAINT "players_email_unique" UNIQUE("email"),
	CONSTRAINT "players_iban_unique" UNIQUE("iban")
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"player_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "experiment_groups" ADD CONSTRAINT "experiment_groups_experiment_key_experiments_key_fk" FOREIGN KEY ("experiment_key") REFERENCES "public"."experiments"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "draws_game_running_idx" ON "draws" USING btree ("game_type","running_number");--> statement-breakpoint
CREATE INDEX "draws_status_idx" ON "draws" USING btree ("status","draw_at");--> statement-breakpoint
CREATE INDEX "sessions_player_idx" ON "sessions" USING btree ("player_id");