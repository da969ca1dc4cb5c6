-- Automation for fleets (issue 20): personal access tokens, private feed tokens, webhooks and
-- their delivery log. Tokens are stored as SHA-256 digests only.
CREATE TABLE "api_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"name" varchar(64) NOT NULL,
	"token_hash" varchar(64) NOT NULL UNIQUE,
	"prefix" varchar(16) NOT NULL,
	"scopes" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	"last_used_ip" varchar(64),
	"revoked_at" timestamp with time zone,
	"revoked_reason" varchar(16)
);--> statement-breakpoint
CREATE INDEX "api_tokens_user_idx" ON "api_tokens" ("user_id", "created_at");--> statement-breakpoint
CREATE TABLE "feed_tokens" (
	"user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"token_hash" varchar(64) NOT NULL UNIQUE,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);--> statement-breakpoint
CREATE TABLE "webhooks" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"url" text NOT NULL,
	"secret" varchar(128) NOT NULL,
	"events" text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "webhooks_user_idx" ON "webhooks" ("user_id");--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"webhook_id" integer NOT NULL REFERENCES "webhooks"("id") ON DELETE cascade,
	"event" varchar(32) NOT NULL,
	"event_key" varchar(128) NOT NULL,
	"payload" jsonb NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"response_status" integer,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"delivered_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_event_idx" ON "webhook_deliveries" ("webhook_id", "event_key");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_log_idx" ON "webhook_deliveries" ("webhook_id", "created_at");
--> statement-breakpoint
-- The counters also count the bytes of the daily download quota.
ALTER TABLE "rate_limit_counters" ALTER COLUMN "count" TYPE bigint;
--> statement-breakpoint
-- A new password (changed, reset by mail or by staff) or a frozen account ends every personal
-- access token and the private feed token, whichever code path made the change.
CREATE FUNCTION "revoke_automation_tokens"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."password_hash" IS DISTINCT FROM OLD."password_hash" OR (NEW."frozen" AND NOT OLD."frozen") THEN
    UPDATE "api_tokens"
      SET "revoked_at" = now(),
          "revoked_reason" = CASE WHEN NEW."frozen" AND NOT OLD."frozen" THEN 'frozen' ELSE 'password' END
      WHERE "user_id" = NEW."id" AND "revoked_at" IS NULL;
    DELETE FROM "feed_tokens" WHERE "user_id" = NEW."id";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_revoke_automation_tokens" AFTER UPDATE OF "password_hash", "frozen" ON "users" FOR EACH ROW EXECUTE FUNCTION "revoke_automation_tokens"();
