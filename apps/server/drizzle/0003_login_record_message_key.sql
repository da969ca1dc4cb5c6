ALTER TABLE "login_records" ADD COLUMN "message_key" varchar(64);--> statement-breakpoint
ALTER TABLE "login_records" ADD COLUMN "message_params" jsonb;