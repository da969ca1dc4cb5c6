-- Security advisories (issue 33): the working copy staff edit, its approved revisions (frozen
-- snapshots, visible from their embargo time), and the signed CSAF files of each revision.
CREATE TABLE "advisories" (
	"id" serial PRIMARY KEY NOT NULL,
	"advisory_id" varchar(40) NOT NULL,
	"status" varchar(16) DEFAULT 'draft' NOT NULL,
	"input" jsonb NOT NULL,
	"author_id" integer,
	"last_editor_id" integer,
	"editors" integer[] DEFAULT '{}' NOT NULL,
	"reviewer_id" integer,
	"reject_comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "advisories_advisory_id_unique" UNIQUE("advisory_id")
);--> statement-breakpoint
CREATE TABLE "advisory_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"advisory_pk" integer NOT NULL,
	"number" integer NOT NULL,
	"visible_from" timestamp with time zone NOT NULL,
	"summary" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"tlp" varchar(8) NOT NULL,
	"severity" varchar(8) NOT NULL,
	"base_score" real NOT NULL,
	"cves" text[] NOT NULL,
	"model_ids" integer[] NOT NULL,
	"pns" text[] NOT NULL,
	"fixed_version_ids" integer[] NOT NULL,
	"search_text" text NOT NULL,
	"approved_by" integer,
	"announced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "advisory_documents" (
	"revision_id" integer NOT NULL,
	"locale" varchar(8) NOT NULL,
	"file_name" varchar(120) NOT NULL,
	"body" text NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"sha512" varchar(128) NOT NULL,
	"signature" text NOT NULL,
	"key_fingerprint" varchar(64) NOT NULL,
	CONSTRAINT "advisory_documents_revision_id_locale_pk" PRIMARY KEY("revision_id","locale")
);--> statement-breakpoint
ALTER TABLE "advisories" ADD CONSTRAINT "advisories_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisories" ADD CONSTRAINT "advisories_last_editor_id_users_id_fk" FOREIGN KEY ("last_editor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisories" ADD CONSTRAINT "advisories_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisory_revisions" ADD CONSTRAINT "advisory_revisions_advisory_pk_advisories_id_fk" FOREIGN KEY ("advisory_pk") REFERENCES "public"."advisories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisory_revisions" ADD CONSTRAINT "advisory_revisions_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisory_documents" ADD CONSTRAINT "advisory_documents_revision_id_advisory_revisions_id_fk" FOREIGN KEY ("revision_id") REFERENCES "public"."advisory_revisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "advisory_revisions_number_idx" ON "advisory_revisions" USING btree ("advisory_pk","number");--> statement-breakpoint
CREATE INDEX "advisory_revisions_visible_idx" ON "advisory_revisions" USING btree ("visible_from");--> statement-breakpoint
-- A database seeded before advisories gets their permissions (for the built-in staff role) and
-- menus (the customers' list beside the downloads, the staff page under system management), as
-- the seed names them; on a fresh database nothing is there yet and the seed creates them.
INSERT INTO "permissions" ("code", "name_zh", "name_en")
SELECT "v"."code", "v"."zh", "v"."en"
FROM (VALUES
  ('advisory:write', '编写安全公告', 'Write security advisories'),
  ('advisory:approve', '审核安全公告', 'Approve security advisories')
) AS "v" ("code", "zh", "en")
WHERE EXISTS (SELECT 1 FROM "roles")
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_code")
SELECT "roles"."id", "v"."code"
FROM "roles" CROSS JOIN (VALUES ('advisory:write'), ('advisory:approve')) AS "v" ("code")
WHERE "roles"."code" = 'staff'
ON CONFLICT DO NOTHING;--> statement-breakpoint
WITH "added" AS (
  INSERT INTO "menus" ("app_code", "pid", "name", "path", "component", "icon", "title_zh", "title_en", "show", "sort")
  SELECT "firmware"."app_code", 0, 'advisories', '/security/advisories', 'security/Advisories', 'safety',
    '安全公告', 'Security advisories', true, "firmware"."sort"
  FROM "menus" "firmware"
  WHERE "firmware"."path" = '/mirror/custmirrordownload' AND "firmware"."pid" = 0
    AND NOT EXISTS (SELECT 1 FROM "menus" "existing" WHERE "existing"."path" = '/security/advisories')
  RETURNING "id"
)
INSERT INTO "role_menus" ("role_id", "menu_id")
SELECT "granted"."role_id", "added"."id"
FROM "added"
JOIN "menus" "firmware" ON "firmware"."path" = '/mirror/custmirrordownload' AND "firmware"."pid" = 0
JOIN "role_menus" "granted" ON "granted"."menu_id" = "firmware"."id"
ON CONFLICT DO NOTHING;--> statement-breakpoint
WITH "added" AS (
  INSERT INTO "menus" ("app_code", "pid", "name", "path", "component", "title_zh", "title_en", "show", "sort")
  SELECT "parent"."app_code", "parent"."id", 'sysAdvisories', '/system/advisories', 'system/advisories',
    '安全公告管理', 'Advisories', true,
    (SELECT coalesce(max("sibling"."sort"), 0) FROM "menus" "sibling" WHERE "sibling"."pid" = "parent"."id") + 1
  FROM "menus" "parent"
  WHERE "parent"."path" = '/system'
    AND NOT EXISTS (SELECT 1 FROM "menus" "existing" WHERE "existing"."path" = '/system/advisories')
  RETURNING "id", "pid"
)
INSERT INTO "role_menus" ("role_id", "menu_id")
SELECT "granted"."role_id", "added"."id"
FROM "added"
JOIN "role_menus" "granted" ON "granted"."menu_id" = "added"."pid"
ON CONFLICT DO NOTHING;
