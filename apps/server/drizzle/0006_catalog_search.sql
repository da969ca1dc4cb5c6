-- Catalogue search and sort helpers. pg_trgm is a trusted extension (PostgreSQL 13+), so the
-- database owner may create it; PGlite loads it from @electric-sql/pglite/contrib/pg_trgm.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- What a catalogue search matches on a version: its version string, file name and CVE ids.
CREATE OR REPLACE FUNCTION catalog_version_search_text(version text, file_name text, cves text[])
  RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT version || ' ' || file_name || ' ' || array_to_string(cves, ' ') $$;--> statement-breakpoint
-- Natural sort key of a version string: every run of digits becomes its length (3 digits) and
-- its value without leading zeros, so '9.1' < '10.0'; compare with COLLATE "C".
CREATE OR REPLACE FUNCTION catalog_version_key(version text)
  RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT coalesce(string_agg(
      CASE WHEN m.part[1] ~ '^[0-9]'
        THEN lpad(length(ltrim(m.part[1], '0'))::text, 3, '0') || ltrim(m.part[1], '0')
        ELSE lower(m.part[1]) END,
      '' ORDER BY m.n), '')
    FROM regexp_matches(version, '[0-9]+|[^0-9]+', 'g') WITH ORDINALITY AS m(part, n)
  $$;--> statement-breakpoint
CREATE INDEX "catalog_versions_search_idx" ON "catalog_versions" USING gin (catalog_version_search_text(version, file_name, cves) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "catalog_versions_downloads_idx" ON "catalog_versions" USING btree ("status","download_count");--> statement-breakpoint
CREATE INDEX "catalog_versions_size_idx" ON "catalog_versions" USING btree ("status","file_size");