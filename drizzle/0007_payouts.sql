ALTER TABLE "simulated_debits" ALTER COLUMN "mandate_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "simulated_debits" ADD COLUMN "kind" text DEFAULT 'collection' NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_id" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_payout_id_unique" UNIQUE("payout_id");