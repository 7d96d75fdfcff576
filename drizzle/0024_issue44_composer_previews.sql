CREATE TABLE "composer_previews" (
	"token" text PRIMARY KEY NOT NULL,
	"page_id" text NOT NULL,
	"path" text NOT NULL,
	"entry" jsonb NOT NULL,
	"editor_id" uuid,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "composer_previews" ADD CONSTRAINT "composer_previews_editor_id_editors_id_fk" FOREIGN KEY ("editor_id") REFERENCES "public"."editors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "composer_previews_expires_idx" ON "composer_previews" USING btree ("expires_at");