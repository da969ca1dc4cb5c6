ALTER TABLE "roles" ADD COLUMN "description" varchar(500) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "built_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "menus_app_path_idx" ON "menus" USING btree ("app_code","path");--> statement-breakpoint
-- Existing databases (a fresh one is seeded after the migrations and gets all of this from the seed):
-- the seeded roles become built in, and the new button permissions exist and are given to staff.
UPDATE "roles" SET "built_in" = true WHERE "code" IN ('customer', 'staff');--> statement-breakpoint
INSERT INTO "permissions" ("code", "name_zh", "name_en")
SELECT "code", "name_zh", "name_en" FROM (VALUES
  ('sysRole:add', '新增角色', 'Add roles'),
  ('sysRole:edit', '编辑角色', 'Edit roles'),
  ('sysRole:delete', '删除角色', 'Delete roles'),
  ('sysRole:grant', '角色授权', 'Grant menus and permissions to roles'),
  ('sysMenu:add', '新增菜单', 'Add menus'),
  ('sysMenu:edit', '编辑菜单', 'Edit menus'),
  ('sysMenu:delete', '删除菜单', 'Delete menus'),
  ('sysDict:add', '新增字典', 'Add dictionary entries'),
  ('sysDict:edit', '编辑字典', 'Edit dictionary entries'),
  ('sysDict:delete', '删除字典', 'Delete dictionary entries')
) AS "new" ("code", "name_zh", "name_en")
WHERE EXISTS (SELECT 1 FROM "applications")
ON CONFLICT ("code") DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_code")
SELECT "roles"."id", "permissions"."code" FROM "roles" CROSS JOIN "permissions"
WHERE "roles"."code" = 'staff' AND "permissions"."code" IN (
  'sysRole:add', 'sysRole:edit', 'sysRole:delete', 'sysRole:grant',
  'sysMenu:add', 'sysMenu:edit', 'sysMenu:delete',
  'sysDict:add', 'sysDict:edit', 'sysDict:delete'
)
ON CONFLICT DO NOTHING;
