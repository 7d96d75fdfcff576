CREATE TABLE "mailbox_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mailbox_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"recipient" text NOT NULL,
	"sender" text NOT NULL,
	"subject" text NOT NULL,
	"message_id" text,
	"headers" jsonb NOT NULL,
	"html" text,
	"text" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "data" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_emails" ALTER COLUMN "data" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "player_id" uuid;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "state" text DEFAULT 'queued' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "provider_message_id" text;--> statement-breakpoint
CREATE INDEX "mailbox_recipient_idx" ON "mailbox_messages" USING btree ("recipient","received_at");--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox_emails" USING btree ("state","next_attempt_at");--> statement-breakpoint
UPDATE "outbox_emails" SET "state" = 'dead', "last_error" = 'queued as plain text before e-mails were rendered from data (migration 0017)' WHERE "sent_at" IS NULL;--> statement-breakpoint
UPDATE "outbox_emails" SET "state" = 'sent' WHERE "sent_at" IS NOT NULL;