-- Webhooks one customer cannot jam (issue 32): each webhook carries a circuit breaker. After
-- repeated failures in a row the webhook is paused until paused_until (its deliveries wait, they
-- do not fail); then one probe (held by probe_until) tries it, and a 2xx closes the circuit. The
-- console shows "paused: failing since failing_since"; pauses counts the openings of this outage
-- (each failed probe doubles the pause).
ALTER TABLE "webhooks" ADD COLUMN "consecutive_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "failing_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "paused_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "pauses" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "probe_until" timestamp with time zone;--> statement-breakpoint
-- The delivery log is pruned by age (WEBHOOK_LOG_RETENTION_DAYS).
CREATE INDEX "webhook_deliveries_created_idx" ON "webhook_deliveries" USING btree ("created_at");
