-- A durable mail queue (issue 31): every mail is written here first, then tried at once; a
-- mail the SMTP server did not take stays 'queued' and is retried with backoff by the worker
-- processes until it is 'sent', 'failed' for good (refused, or still undelivered after a day)
-- or 'expired' (its code or link ran out first). claimed_until fences an attempt in flight, so
-- two processes never send the same mail twice.
ALTER TABLE "mail_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
-- Mails of before were tried once, when they were written.
UPDATE "mail_outbox" SET "attempts" = 1, "sent_at" = CASE WHEN "status" = 'sent' THEN "created_at" END
  WHERE "status" IN ('sent', 'failed');--> statement-breakpoint
CREATE INDEX "mail_outbox_queued_idx" ON "mail_outbox" USING btree ("next_attempt_at", "id") WHERE "status" = 'queued';
