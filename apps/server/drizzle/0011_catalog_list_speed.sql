CREATE TABLE "catalog_item_stats" (
	"item_id" integer NOT NULL,
	"status" varchar(16) NOT NULL,
	"versions" integer DEFAULT 0 NOT NULL,
	"newest_version_id" integer,
	"newest_release_date" date,
	CONSTRAINT "catalog_item_stats_item_id_status_pk" PRIMARY KEY("item_id","status")
);
--> statement-breakpoint
CREATE TABLE "download_record_counts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"records" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalog_item_stats" ADD CONSTRAINT "catalog_item_stats_item_id_catalog_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."catalog_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "download_record_counts" ADD CONSTRAINT "download_record_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_items_name_en_idx" ON "catalog_items" USING btree ("name_en","id");--> statement-breakpoint
CREATE INDEX "catalog_items_name_zh_idx" ON "catalog_items" USING btree ("name_zh","id");--> statement-breakpoint
CREATE INDEX "catalog_versions_item_status_idx" ON "catalog_versions" USING btree ("item_id","status","release_date","id");--> statement-breakpoint
CREATE INDEX "catalog_versions_status_item_idx" ON "catalog_versions" USING btree ("status","item_id");--> statement-breakpoint
CREATE FUNCTION "catalog_item_stats_add"(p_item integer, p_status varchar, p_id integer, p_date date) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- The item is being deleted (cascade): its statistics go with it.
  IF NOT EXISTS (SELECT 1 FROM catalog_items WHERE id = p_item) THEN RETURN; END IF;
  INSERT INTO catalog_item_stats AS s (item_id, status, versions, newest_version_id, newest_release_date)
  VALUES (p_item, p_status, 1, p_id, p_date)
  ON CONFLICT (item_id, status) DO UPDATE SET
    versions = s.versions + 1,
    newest_version_id = CASE WHEN s.newest_version_id IS NULL OR (p_date, p_id) > (s.newest_release_date, s.newest_version_id) THEN p_id ELSE s.newest_version_id END,
    newest_release_date = CASE WHEN s.newest_version_id IS NULL OR (p_date, p_id) > (s.newest_release_date, s.newest_version_id) THEN p_date ELSE s.newest_release_date END;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "catalog_item_stats_remove"(p_item integer, p_status varchar, p_id integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  was_newest boolean;
BEGIN
  UPDATE catalog_item_stats SET versions = versions - 1
  WHERE item_id = p_item AND status = p_status
  RETURNING newest_version_id = p_id INTO was_newest;
  IF was_newest THEN
    UPDATE catalog_item_stats s SET (newest_version_id, newest_release_date) = (
      SELECT v.id, v.release_date FROM catalog_versions v
      WHERE v.item_id = p_item AND v.status = p_status
      ORDER BY v.release_date DESC, v.id DESC LIMIT 1)
    WHERE s.item_id = p_item AND s.status = p_status;
  END IF;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "catalog_item_stats_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM catalog_item_stats_remove(OLD.item_id, OLD.status, OLD.id);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM catalog_item_stats_add(NEW.item_id, NEW.status, NEW.id, NEW.release_date);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "catalog_versions_stats" AFTER INSERT OR DELETE OR UPDATE OF "item_id", "status", "release_date" ON "catalog_versions" FOR EACH ROW EXECUTE FUNCTION "catalog_item_stats_trigger"();--> statement-breakpoint
INSERT INTO "catalog_item_stats" ("item_id", "status", "versions", "newest_version_id", "newest_release_date")
SELECT item_id, status, count(*), (array_agg(id ORDER BY release_date DESC, id DESC))[1], max(release_date)
FROM catalog_versions GROUP BY item_id, status;
--> statement-breakpoint
CREATE FUNCTION "download_record_counts_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Once per statement, from the transition table: a bulk insert touches each user's row once.
  INSERT INTO download_record_counts AS c (user_id, records)
  SELECT user_id, count(*) FROM added WHERE user_id IS NOT NULL GROUP BY user_id
  ON CONFLICT (user_id) DO UPDATE SET records = c.records + excluded.records;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "download_record_counts_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE download_record_counts c SET records = c.records - r.n
  FROM (SELECT user_id, count(*) AS n FROM removed WHERE user_id IS NOT NULL GROUP BY user_id) r
  WHERE c.user_id = r.user_id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "download_record_counts_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A deleted user's records are set to null by the cascade: their count row goes with the user.
  UPDATE download_record_counts c SET records = c.records - r.n
  FROM (SELECT user_id, count(*) AS n FROM removed WHERE user_id IS NOT NULL GROUP BY user_id) r
  WHERE c.user_id = r.user_id;
  INSERT INTO download_record_counts AS c (user_id, records)
  SELECT user_id, count(*) FROM added WHERE user_id IS NOT NULL GROUP BY user_id
  ON CONFLICT (user_id) DO UPDATE SET records = c.records + excluded.records;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "download_records_counted_insert" AFTER INSERT ON "download_records" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "download_record_counts_added"();--> statement-breakpoint
CREATE TRIGGER "download_records_counted_delete" AFTER DELETE ON "download_records" REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "download_record_counts_removed"();--> statement-breakpoint
CREATE TRIGGER "download_records_counted_update" AFTER UPDATE ON "download_records" REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "download_record_counts_moved"();--> statement-breakpoint
INSERT INTO "download_record_counts" ("user_id", "records")
SELECT user_id, count(*) FROM download_records WHERE user_id IS NOT NULL GROUP BY user_id;
