-- Native text, not codes (issue 18 §3).
-- Roles are described in both languages, like their names. A description written before this
-- was in one language only: it stays in both columns until staff translate it.
ALTER TABLE "roles" RENAME COLUMN "description" TO "description_en";--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "description_zh" varchar(500) DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "roles" SET "description_zh" = "description_en";--> statement-breakpoint
-- The two seeded roles, unless staff have rewritten their descriptions.
UPDATE "roles" SET "description_zh" = '每个注册账号都有：下载与生成激活码'
  WHERE "code" = 'customer' AND "description_en" = 'Given to every registered account: downloads and activation codes';--> statement-breakpoint
UPDATE "roles" SET "description_zh" = '厂商员工：下载与系统管理应用'
  WHERE "code" = 'staff' AND "description_en" = 'Vendor staff: the downloads and the system application';--> statement-breakpoint
-- One name per thing: the account settings page is 账号设置 everywhere (it was 个人设置 in the menu).
UPDATE "menus" SET "title_zh" = '账号设置' WHERE "path" = '/account/settings' AND "title_zh" = '个人设置';
