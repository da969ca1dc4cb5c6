-- Honest counts (issue 17 §3): every GET still leaves a record, but only one record per download
-- counts (the one that delivered the end of the file, once per user or address, file and
-- window; never a probe of a few bytes). Every count the portal shows reads this flag.
ALTER TABLE "download_records" ADD COLUMN "counted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "download_records_counted_idx" ON "download_records" USING btree ("created_at") WHERE "counted";--> statement-breakpoint
-- Records of before: a whole file delivered to its end counted then, and still does.
UPDATE "download_records" SET "counted" = true WHERE "status" IN ('complete', 'redirect') AND "range" = '';--> statement-breakpoint
-- The personal center lists downloads, not each connection: its totals count counted records.
CREATE OR REPLACE FUNCTION "download_record_counts_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO download_record_counts AS c (user_id, records)
  SELECT user_id, count(*) FROM added WHERE user_id IS NOT NULL AND counted GROUP BY user_id
  ON CONFLICT (user_id) DO UPDATE SET records = c.records + excluded.records;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "download_record_counts_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE download_record_counts c SET records = c.records - r.n
  FROM (SELECT user_id, count(*) AS n FROM removed WHERE user_id IS NOT NULL AND counted GROUP BY user_id) r
  WHERE c.user_id = r.user_id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "download_record_counts_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE download_record_counts c SET records = c.records - r.n
  FROM (SELECT user_id, count(*) AS n FROM removed WHERE user_id IS NOT NULL AND counted GROUP BY user_id) r
  WHERE c.user_id = r.user_id;
  INSERT INTO download_record_counts AS c (user_id, records)
  SELECT user_id, count(*) FROM added WHERE user_id IS NOT NULL AND counted GROUP BY user_id
  ON CONFLICT (user_id) DO UPDATE SET records = c.records + excluded.records;
  RETURN NULL;
END;
$$;--> statement-breakpoint
UPDATE "download_record_counts" c SET "records" = coalesce((SELECT count(*) FROM download_records r WHERE r.user_id = c.user_id AND r.counted), 0);--> statement-breakpoint
-- Version counts from the same definition.
UPDATE "catalog_versions" v SET "download_count" = (SELECT count(*) FROM download_records r WHERE r.version_id = v.id AND r.counted);
