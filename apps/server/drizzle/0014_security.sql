CREATE TABLE "organisations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(128) NOT NULL,
	"normalised_name" varchar(128) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "download_tickets" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"session_id" integer,
	"kind" varchar(16) NOT NULL,
	"target_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "organisation_id" integer;--> statement-breakpoint
ALTER TABLE "download_tickets" ADD CONSTRAINT "download_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "download_tickets" ADD CONSTRAINT "download_tickets_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "organisations_normalised_name_idx" ON "organisations" USING btree ("normalised_name");--> statement-breakpoint
CREATE INDEX "download_tickets_expires_idx" ON "download_tickets" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "rate_limit_counters_expires_idx" ON "rate_limit_counters" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Existing databases. Every customer the shipping records name becomes an organisation (names
-- normalised like normaliseCompany: lower case, without spaces and punctuation).
INSERT INTO "organisations" ("name", "normalised_name")
SELECT DISTINCT ON (n) customer_name, n
FROM (
  SELECT customer_name, lower(regexp_replace(customer_name, '[[:space:].,()（）·_''"-]+', '', 'g')) AS n
  FROM "serial_numbers"
) AS named
WHERE n <> ''
ORDER BY n, customer_name
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The seeded demo customer keeps working: the seed created that account for that company, so
-- this is the assignment staff would make. Every other account waits for staff (its typed
-- company no longer grants anything).
UPDATE "users" SET "organisation_id" = o."id"
FROM "organisations" o
WHERE "users"."account" = 'demo' AND "users"."organisation_id" IS NULL
  AND o."normalised_name" = 'democloudcoltd'
  AND lower(regexp_replace("users"."company", '[[:space:].,()（）·_''"-]+', '', 'g')) = 'democloudcoltd';
--> statement-breakpoint
-- Bindings verified only because of a typed company fall back to pending: verified stays only
-- what staff verified (audited as user.bindSerials with verify) or what the account's assigned
-- organisation owns.
UPDATE "user_serials" us SET "state" = 'pending', "verified_at" = NULL
WHERE us."state" = 'verified'
  AND NOT EXISTS (
    SELECT 1 FROM "users" u
    JOIN "organisations" o ON o."id" = u."organisation_id"
    JOIN "serial_numbers" s ON s."sn" = us."sn"
    WHERE u."id" = us."user_id"
      AND o."normalised_name" = lower(regexp_replace(s."customer_name", '[[:space:].,()（）·_''"-]+', '', 'g'))
  )
  AND NOT EXISTS (
    SELECT 1 FROM "audit_log" a
    WHERE a."action" = 'user.bindSerials' AND a."target_type" = 'user' AND a."target_id" = us."user_id"::text
      AND a."detail"->>'verify' = 'true' AND a."detail"->'serials' ? us."sn"
  );
