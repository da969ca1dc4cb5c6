-- Customer fleets for staff (issue 34 §3): a database seeded before gets the page under System
-- management, for every role holding that group (as the seed grants it); the routes check sysUser:page.
WITH "added" AS (
  INSERT INTO "menus" ("app_code", "pid", "name", "path", "component", "title_zh", "title_en", "show", "sort")
  SELECT "parent"."app_code", "parent"."id", 'sysFleet', '/system/fleet', 'system/fleet',
    '客户服务器', 'Customer fleets', true,
    (SELECT coalesce(max("sibling"."sort"), 0) FROM "menus" "sibling" WHERE "sibling"."pid" = "parent"."id") + 1
  FROM "menus" "parent"
  WHERE "parent"."path" = '/system'
    AND NOT EXISTS (SELECT 1 FROM "menus" "existing" WHERE "existing"."path" = '/system/fleet')
  RETURNING "id", "pid"
)
INSERT INTO "role_menus" ("role_id", "menu_id")
SELECT "granted"."role_id", "added"."id"
FROM "added"
JOIN "role_menus" "granted" ON "granted"."menu_id" = "added"."pid"
ON CONFLICT DO NOTHING;
