CREATE TABLE "age_validations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"issuer_id" text NOT NULL,
	"transaction_id" text NOT NULL,
	"status" text NOT NULL,
	"return_path" text NOT NULL,
	"shared_name" text,
	"shared_birth_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "age_validations_transaction_id_unique" UNIQUE("transaction_id")
);
--> statement-breakpoint
CREATE TABLE "simulated_idin" (
	"id" text PRIMARY KEY NOT NULL,
	"issuer_id" text NOT NULL,
	"reference" text NOT NULL,
	"return_url" text NOT NULL,
	"status" text NOT NULL,
	"name" text,
	"birth_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "age_validations" ADD CONSTRAINT "age_validations_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "age_validations_player_idx" ON "age_validations" USING btree ("player_id","created_at");