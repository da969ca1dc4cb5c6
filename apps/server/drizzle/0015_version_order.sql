-- The product's one version order (packages/contract/src/version-order.ts, where the rule is
-- written out): SemVer 2.0 precedence for SemVer strings (a pre-release before its release),
-- numbers compared as numbers in vendor schemes, '_' a separator like '.'. This function
-- returns the same key as versionSortKey() in the contract; a test compares the two on random
-- strings. Keys compare with collate "C"; no index is built on the function, so replacing it
-- needs no reindex.
CREATE OR REPLACE FUNCTION catalog_version_number_key(digits text)
  RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT 'n' || lpad(length(ltrim(digits, '0'))::text, 3, '0') || ltrim(digits, '0') $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_version_part_key(part text)
  RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN part ~ '^[0-9]+$' THEN catalog_version_number_key(part) ELSE 't' || part || ' ' END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_version_key(version text)
  RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
  AS $$
DECLARE
  v text := regexp_replace(
    translate(btrim(version, ' '), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'),
    '^v([0-9])', '\1');
  semver text[] := regexp_match(v,
    '^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(?:-((?:0|[1-9][0-9]*|[0-9]*[a-z-][0-9a-z-]*)(?:\.(?:0|[1-9][0-9]*|[0-9]*[a-z-][0-9a-z-]*))*))?(?:\+[0-9a-z-]+(?:\.[0-9a-z-]+)*)?$');
  main text;
BEGIN
  IF semver IS NOT NULL THEN
    main := catalog_version_number_key(semver[1]) || catalog_version_number_key(semver[2])
      || catalog_version_number_key(semver[3]);
    IF semver[4] IS NULL THEN
      RETURN main || 'b';
    END IF;
    RETURN main || 'a' || (
      SELECT string_agg(catalog_version_part_key(p.part), '' ORDER BY p.n)
      FROM unnest(string_to_array(semver[4], '.')) WITH ORDINALITY AS p(part, n)
    ) || 'e';
  END IF;
  RETURN coalesce((
    SELECT string_agg(catalog_version_part_key(m.part[1]), '' ORDER BY m.n)
    FROM regexp_matches(v, '[0-9]+|[^0-9._/ -]+', 'g') WITH ORDINALITY AS m(part, n)
  ), '') || 'b';
END
$$;
