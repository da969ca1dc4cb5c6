CREATE TABLE "password_reset_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone" varchar(32) NOT NULL,
	"body" text NOT NULL,
	"driver" varchar(32) NOT NULL,
	"status" varchar(16) NOT NULL,
	"error" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"owner_id" integer,
	"purpose" varchar(32) NOT NULL,
	"storage_key" varchar(256) NOT NULL,
	"content_type" varchar(128) NOT NULL,
	"size" bigint NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "serial_numbers" (
	"sn" varchar(64) PRIMARY KEY NOT NULL,
	"model_id" integer NOT NULL,
	"customer_name" varchar(128) NOT NULL,
	"ship_date" date,
	"maintenance_end" date,
	"pcie_parts" text[] DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_models" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(64) NOT NULL,
	"family" varchar(32) NOT NULL,
	"name_zh" varchar(128) NOT NULL,
	"name_en" varchar(128) NOT NULL,
	CONSTRAINT "server_models_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "user_serials" (
	"user_id" integer NOT NULL,
	"sn" varchar(64) NOT NULL,
	"state" varchar(16) NOT NULL,
	"bound_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	CONSTRAINT "user_serials_user_id_sn_pk" PRIMARY KEY("user_id","sn")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company" varchar(128) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "industry" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "preferences" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notification_settings" jsonb;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serial_numbers" ADD CONSTRAINT "serial_numbers_model_id_server_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."server_models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_serials" ADD CONSTRAINT "user_serials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_serials" ADD CONSTRAINT "user_serials_sn_serial_numbers_sn_fk" FOREIGN KEY ("sn") REFERENCES "public"."serial_numbers"("sn") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "password_reset_tokens_hash_idx" ON "password_reset_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_idx" ON "password_reset_tokens" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "files_owner_idx" ON "files" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "serial_numbers_model_idx" ON "serial_numbers" USING btree ("model_id");--> statement-breakpoint
CREATE INDEX "user_serials_sn_idx" ON "user_serials" USING btree ("sn");--> statement-breakpoint
CREATE UNIQUE INDEX "users_account_lower_idx" ON "users" USING btree (lower("account"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email")) WHERE "users"."email" <> '';--> statement-breakpoint
CREATE INDEX "verification_codes_destination_idx" ON "verification_codes" USING btree ("destination","created_at");