-- The automation sections of the account settings (issue 20): API tokens, feeds, webhooks.
-- The seed creates them in an empty database; a database seeded before them gets them here,
-- named as the seed names them (seed-data.ts SETTINGS_PAGES), hidden like their siblings and
-- sorted after them, under every account settings menu. On a fresh database there is no such
-- menu yet (migrations run before the seed), so nothing happens. A section already there is
-- left alone, grants included: staff may have taken it from a role on purpose. A section added
-- here goes to every role that holds its parent, as the seed gives it.
WITH "sections" ("ord", "name", "path", "component", "title_zh", "title_en") AS (
  VALUES
    (1, 'settings-apiTokens', '/account/settings/api-tokens', 'account/settings/apiTokens', 'API 令牌', 'API tokens'),
    (2, 'settings-feeds', '/account/settings/feeds', 'account/settings/feeds', '订阅源', 'Feeds'),
    (3, 'settings-webhooks', '/account/settings/webhooks', 'account/settings/webhooks', 'Webhook', 'Webhooks')
),
"added" AS (
  INSERT INTO "menus" ("app_code", "pid", "name", "path", "component", "title_zh", "title_en", "show", "sort")
  SELECT "parent"."app_code", "parent"."id", "sections"."name", "sections"."path", "sections"."component",
    "sections"."title_zh", "sections"."title_en", false,
    (SELECT coalesce(max("sibling"."sort"), 0) FROM "menus" "sibling" WHERE "sibling"."pid" = "parent"."id") + "sections"."ord"
  FROM "menus" "parent"
  CROSS JOIN "sections"
  WHERE "parent"."path" = '/account/settings'
    AND NOT EXISTS (
      SELECT 1 FROM "menus" "existing"
      WHERE "existing"."app_code" = "parent"."app_code" AND "existing"."path" = "sections"."path"
    )
  RETURNING "id", "pid"
)
INSERT INTO "role_menus" ("role_id", "menu_id")
SELECT "granted"."role_id", "added"."id"
FROM "added"
JOIN "role_menus" "granted" ON "granted"."menu_id" = "added"."pid"
ON CONFLICT DO NOTHING;
