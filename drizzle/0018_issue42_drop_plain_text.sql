ALTER TABLE "outbox_emails" DROP COLUMN "subject";--> statement-breakpoint
ALTER TABLE "outbox_emails" DROP COLUMN "body";