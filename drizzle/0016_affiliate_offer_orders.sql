ALTER TABLE "orders" ADD COLUMN "affiliate_offer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Until issue 40 only a partner's offer recorded its partner on the order; the basket never is an offer.
UPDATE "orders" SET "affiliate_offer" = true WHERE "affiliate_partner" IS NOT NULL AND "page_id" IS DISTINCT FROM 'winkelmandje';
