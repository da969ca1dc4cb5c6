DROP INDEX "catalog_version_models_model_idx";--> statement-breakpoint
DROP INDEX "catalog_versions_listing_idx";--> statement-breakpoint
DROP INDEX "download_records_user_idx";--> statement-breakpoint
ALTER TABLE "catalog_version_models" ADD COLUMN "item_kind" varchar(16) DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "catalog_version_models_model_kind_idx" ON "catalog_version_models" USING btree ("model_id","item_kind","version_id");--> statement-breakpoint
CREATE INDEX "catalog_versions_listing_idx" ON "catalog_versions" USING btree ("status","release_date","id","item_id");--> statement-breakpoint
CREATE INDEX "download_records_user_idx" ON "download_records" USING btree ("user_id","created_at","id");--> statement-breakpoint
-- item_kind follows the version's item: set on every new link, and again when an item's kind or
-- a version's item changes. Unknown versions keep '' so that the foreign key reports them.
CREATE FUNCTION "catalog_version_models_kind_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.item_kind := coalesce(
    (SELECT i.kind FROM catalog_versions v JOIN catalog_items i ON i.id = v.item_id WHERE v.id = NEW.version_id),
    '');
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "catalog_version_models_kind" BEFORE INSERT OR UPDATE ON "catalog_version_models"
  FOR EACH ROW EXECUTE FUNCTION "catalog_version_models_kind_trigger"();--> statement-breakpoint
CREATE FUNCTION "catalog_items_kind_to_models_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalog_version_models m SET item_kind = NEW.kind
  FROM catalog_versions v WHERE v.item_id = NEW.id AND m.version_id = v.id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "catalog_items_kind_to_models" AFTER UPDATE OF kind ON "catalog_items"
  FOR EACH ROW WHEN (OLD.kind IS DISTINCT FROM NEW.kind) EXECUTE FUNCTION "catalog_items_kind_to_models_trigger"();--> statement-breakpoint
CREATE FUNCTION "catalog_versions_item_to_models_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The BEFORE trigger of catalog_version_models reads the new item's kind.
  UPDATE catalog_version_models SET version_id = version_id WHERE version_id = NEW.id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "catalog_versions_item_to_models" AFTER UPDATE OF item_id ON "catalog_versions"
  FOR EACH ROW WHEN (OLD.item_id IS DISTINCT FROM NEW.item_id) EXECUTE FUNCTION "catalog_versions_item_to_models_trigger"();--> statement-breakpoint
UPDATE catalog_version_models SET version_id = version_id;
