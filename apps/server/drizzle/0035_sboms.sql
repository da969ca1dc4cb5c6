-- SBOMs of catalogue versions (issue 43 §1): one per version, its bytes in the file store, and an
-- index of its components for "which versions contain component X in versions Y" (VEX triage).
-- version_key is versionSortKey(version) computed by the portal at insert; it compares in the
-- catalogue's version order only byte by byte, hence collate "C" on the column (its indexes
-- inherit it, and a plain < on it is a range of one index).
CREATE TABLE "catalog_version_sboms" (
	"version_id" integer PRIMARY KEY NOT NULL REFERENCES "catalog_versions"("id") ON DELETE cascade,
	"format" varchar(16) NOT NULL,
	"spec_version" varchar(8) NOT NULL,
	"file_name" varchar(300) NOT NULL,
	"size" bigint NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"storage_key" varchar(256) NOT NULL,
	"components" integer NOT NULL,
	"sha512_filled" boolean DEFAULT false NOT NULL,
	"created_by" integer REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE TABLE "catalog_sbom_components" (
	"version_id" integer NOT NULL REFERENCES "catalog_versions"("id") ON DELETE cascade,
	"ordinal" integer NOT NULL,
	"name" text NOT NULL,
	"version" text NOT NULL,
	"version_key" text COLLATE "C" NOT NULL,
	"purl" text,
	"purl_key" text,
	"cpe" text,
	"cpe_key" text,
	"name_key" text NOT NULL,
	"supplier" text DEFAULT '' NOT NULL,
	"licences" text[] DEFAULT '{}' NOT NULL,
	CONSTRAINT "catalog_sbom_components_pk" PRIMARY KEY ("version_id", "ordinal")
);--> statement-breakpoint
CREATE INDEX "catalog_sbom_components_purl_idx" ON "catalog_sbom_components" USING btree ("purl_key", "version_key") WHERE "purl_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "catalog_sbom_components_cpe_idx" ON "catalog_sbom_components" USING btree ("cpe_key", "version_key") WHERE "cpe_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "catalog_sbom_components_name_idx" ON "catalog_sbom_components" USING btree ("name_key", "version_key");
