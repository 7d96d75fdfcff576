ALTER TABLE "promotion_leads" ADD COLUMN "confirmation_token_hash" text;--> statement-breakpoint
ALTER TABLE "promotion_leads" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_leads_confirmation_idx" ON "promotion_leads" USING btree ("confirmation_token_hash");