CREATE TABLE "promotion_leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"page_id" text NOT NULL,
	"first_name" text NOT NULL,
	"email" text NOT NULL,
	"opt_ins" jsonb NOT NULL,
	"lead_opt_in_url" text NOT NULL,
	"visitor_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"continued_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "promotion_leads_email_idx" ON "promotion_leads" USING btree ("email");--> statement-breakpoint
CREATE INDEX "promotion_leads_page_idx" ON "promotion_leads" USING btree ("page_id","created_at");