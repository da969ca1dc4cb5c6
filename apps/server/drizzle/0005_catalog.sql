CREATE TABLE "catalog_item_grants" (
	"item_id" integer NOT NULL,
	"grant_type" varchar(16) NOT NULL,
	"value" varchar(128) NOT NULL,
	CONSTRAINT "catalog_item_grants_item_id_grant_type_value_pk" PRIMARY KEY("item_id","grant_type","value")
);
--> statement-breakpoint
CREATE TABLE "catalog_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(64) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"section" varchar(32) DEFAULT '' NOT NULL,
	"name_zh" varchar(200) NOT NULL,
	"name_en" varchar(200) NOT NULL,
	"description_zh" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"visibility" varchar(16) DEFAULT 'signed_in' NOT NULL,
	"sort" integer DEFAULT 100 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_items_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "catalog_release_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"version_id" integer NOT NULL,
	"kind" varchar(1) NOT NULL,
	"text_zh" text NOT NULL,
	"text_en" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_version_models" (
	"version_id" integer NOT NULL,
	"model_id" integer NOT NULL,
	CONSTRAINT "catalog_version_models_version_id_model_id_pk" PRIMARY KEY("version_id","model_id")
);
--> statement-breakpoint
CREATE TABLE "catalog_version_parts" (
	"version_id" integer NOT NULL,
	"part_number" varchar(64) NOT NULL,
	CONSTRAINT "catalog_version_parts_version_id_part_number_pk" PRIMARY KEY("version_id","part_number")
);
--> statement-breakpoint
CREATE TABLE "catalog_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"version" varchar(64) NOT NULL,
	"status" varchar(16) DEFAULT 'draft' NOT NULL,
	"release_date" date NOT NULL,
	"file_category" varchar(16) NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"file_size" bigint NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"md5" varchar(32) NOT NULL,
	"storage_key" varchar(256) NOT NULL,
	"content_type" varchar(128) DEFAULT 'application/octet-stream' NOT NULL,
	"os" varchar(64) DEFAULT '' NOT NULL,
	"arch" varchar(32) DEFAULT '' NOT NULL,
	"severity" varchar(16) DEFAULT 'optional' NOT NULL,
	"cves" text[] DEFAULT '{}' NOT NULL,
	"notes_html_zh" text DEFAULT '' NOT NULL,
	"notes_html_en" text DEFAULT '' NOT NULL,
	"security_fix" boolean DEFAULT false NOT NULL,
	"download_count" bigint DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"recalled_at" timestamp with time zone,
	"recall_reason" text
);
--> statement-breakpoint
CREATE TABLE "download_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"version_id" integer NOT NULL,
	"bytes" bigint NOT NULL,
	"range" varchar(128) DEFAULT '' NOT NULL,
	"ip" varchar(64),
	"user_agent" varchar(500),
	"status" varchar(16) NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signing_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"algorithm" varchar(16) DEFAULT 'ed25519' NOT NULL,
	"public_key_pem" text NOT NULL,
	"private_key_pem" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "catalog_item_grants" ADD CONSTRAINT "catalog_item_grants_item_id_catalog_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."catalog_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_release_notes" ADD CONSTRAINT "catalog_release_notes_version_id_catalog_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."catalog_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_version_models" ADD CONSTRAINT "catalog_version_models_version_id_catalog_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."catalog_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_version_models" ADD CONSTRAINT "catalog_version_models_model_id_server_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."server_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_version_parts" ADD CONSTRAINT "catalog_version_parts_version_id_catalog_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."catalog_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_versions" ADD CONSTRAINT "catalog_versions_item_id_catalog_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."catalog_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_versions" ADD CONSTRAINT "catalog_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "download_records" ADD CONSTRAINT "download_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "download_records" ADD CONSTRAINT "download_records_version_id_catalog_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."catalog_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_items_kind_idx" ON "catalog_items" USING btree ("kind","section","sort");--> statement-breakpoint
CREATE INDEX "catalog_release_notes_version_idx" ON "catalog_release_notes" USING btree ("version_id");--> statement-breakpoint
CREATE INDEX "catalog_version_models_model_idx" ON "catalog_version_models" USING btree ("model_id");--> statement-breakpoint
CREATE INDEX "catalog_version_parts_pn_idx" ON "catalog_version_parts" USING btree ("part_number");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_versions_item_version_idx" ON "catalog_versions" USING btree ("item_id","version");--> statement-breakpoint
CREATE INDEX "catalog_versions_listing_idx" ON "catalog_versions" USING btree ("status","release_date");--> statement-breakpoint
CREATE INDEX "catalog_versions_item_idx" ON "catalog_versions" USING btree ("item_id","release_date");--> statement-breakpoint
CREATE INDEX "download_records_user_idx" ON "download_records" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "download_records_version_idx" ON "download_records" USING btree ("version_id","created_at");