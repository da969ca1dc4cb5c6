ALTER TABLE "catalog_versions" ADD COLUMN "pre_release" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Versions already stored with a SemVer pre-release part ('4.0.0-rc1') are pre-releases: their
-- key (migration 0015) is three numbers followed by the pre-release marker 'a'.
UPDATE "catalog_versions" SET "pre_release" = true WHERE catalog_version_key("version") ~ '^(n[0-9]+){3}a';
