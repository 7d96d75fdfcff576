CREATE TABLE "composer_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "composer_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"page_id" text NOT NULL,
	"action" text NOT NULL,
	"editor_id" uuid,
	"editor_name" text NOT NULL,
	"version" integer,
	"snapshot" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "composer_page_states" (
	"page_id" text PRIMARY KEY NOT NULL,
	"review_requested_by" text,
	"review_requested_at" timestamp with time zone,
	"scheduled_for" timestamp with time zone,
	"scheduled_by" text
);
--> statement-breakpoint
CREATE TABLE "editor_sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"editor_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "editors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "editors_email_unique" UNIQUE("email")
);
--> statement-breakpoint
ALTER TABLE "composer_events" ADD CONSTRAINT "composer_events_editor_id_editors_id_fk" FOREIGN KEY ("editor_id") REFERENCES "public"."editors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "editor_sessions" ADD CONSTRAINT "editor_sessions_editor_id_editors_id_fk" FOREIGN KEY ("editor_id") REFERENCES "public"."editors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "composer_events_page_idx" ON "composer_events" USING btree ("page_id","at");--> statement-breakpoint
CREATE INDEX "editor_sessions_editor_idx" ON "editor_sessions" USING btree ("editor_id");