-- Device sign-ins of command-line clients (RFC 8628, issue 32): replaces the password sign-in of
-- POST /api/apiTokens/login, which anyone could use to lock an account out of the console. Both
-- codes are stored as SHA-256 only; an approved row turns 'issued' in the update that answers its
-- token, so a device code is used once.
CREATE TABLE "device_authorizations" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_code_hash" varchar(64) NOT NULL,
	"user_code_hash" varchar(64) NOT NULL,
	"client_id" varchar(64) NOT NULL,
	"client_host" varchar(64) DEFAULT '' NOT NULL,
	"client_ip" varchar(64) NOT NULL,
	"user_agent" varchar(256) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"requested_scopes" text[] DEFAULT '{}' NOT NULL,
	"requested_days" integer,
	"interval_seconds" integer NOT NULL,
	"last_polled_at" timestamp with time zone,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"user_id" integer,
	"decided_at" timestamp with time zone,
	"token_name" varchar(64),
	"token_scopes" text[],
	"token_days" integer,
	CONSTRAINT "device_authorizations_device_code_hash_unique" UNIQUE("device_code_hash"),
	CONSTRAINT "device_authorizations_user_code_hash_unique" UNIQUE("user_code_hash")
);--> statement-breakpoint
ALTER TABLE "device_authorizations" ADD CONSTRAINT "device_authorizations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_authorizations_expires_idx" ON "device_authorizations" USING btree ("expires_at");
