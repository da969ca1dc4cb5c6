-- Pages of the catalogue list are cached by every portal process under this one number. Any
-- statement changing a table the list reads bumps it in the same transaction, so every process
-- sees the change on its next request. Not download_count: a counted download would otherwise
-- empty every cache (and serialise downloads on this row); the list reads counts fresh.
-- A migration adding a column to catalog_versions must add it to the UPDATE OF list below.
CREATE TABLE "catalog_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "catalog_version_one_row" CHECK ("id" = 1)
);--> statement-breakpoint
INSERT INTO "catalog_version" ("id", "version") VALUES (1, 0);--> statement-breakpoint
CREATE FUNCTION "bump_catalog_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalog_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "catalog_items_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "catalog_items" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();--> statement-breakpoint
CREATE TRIGGER "catalog_versions_catalog_version" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "id", "item_id", "version", "status", "release_date", "file_category", "file_name", "file_size", "sha256", "md5", "storage_key", "content_type", "os", "arch", "severity", "cves", "notes_html_zh", "notes_html_en", "security_fix", "pre_release", "created_by", "created_at", "published_at", "recalled_at", "recall_reason" ON "catalog_versions" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();--> statement-breakpoint
CREATE TRIGGER "catalog_item_grants_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "catalog_item_grants" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();--> statement-breakpoint
CREATE TRIGGER "catalog_version_models_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "catalog_version_models" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();--> statement-breakpoint
CREATE TRIGGER "catalog_version_parts_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "catalog_version_parts" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();--> statement-breakpoint
CREATE TRIGGER "catalog_item_stats_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "catalog_item_stats" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();--> statement-breakpoint
CREATE TRIGGER "server_models_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "server_models" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();
