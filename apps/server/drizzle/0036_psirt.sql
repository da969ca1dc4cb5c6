-- PSIRT (issue 43 §3, §4): CRA Art. 14 reporting cases with their submissions and reminders, the
-- vulnerability reports of the public disclosure form, and each model's end of security support.
CREATE TABLE "art14_cases" (
	"id" serial PRIMARY KEY NOT NULL,
	"advisory_pk" integer NOT NULL,
	"kind" varchar(32) NOT NULL,
	"aware_at" timestamp with time zone NOT NULL,
	"exploit_nature" text DEFAULT '' NOT NULL,
	"corrective_measures" text DEFAULT '' NOT NULL,
	"member_states" text[] DEFAULT '{}' NOT NULL,
	"suspected_malicious" boolean,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "art14_cases_advisory_pk_unique" UNIQUE("advisory_pk")
);--> statement-breakpoint
ALTER TABLE "art14_cases" ADD CONSTRAINT "art14_cases_advisory_pk_advisories_id_fk" FOREIGN KEY ("advisory_pk") REFERENCES "public"."advisories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "art14_cases" ADD CONSTRAINT "art14_cases_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "art14_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"case_id" integer NOT NULL,
	"stage" varchar(16) NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"reference" varchar(200) NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"submitted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "art14_submissions" ADD CONSTRAINT "art14_submissions_case_id_art14_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."art14_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "art14_submissions" ADD CONSTRAINT "art14_submissions_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "art14_submissions_case_idx" ON "art14_submissions" USING btree ("case_id","stage");--> statement-breakpoint
CREATE TABLE "art14_reminders" (
	"case_id" integer NOT NULL,
	"stage" varchar(16) NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "art14_reminders_case_id_stage_due_at_pk" PRIMARY KEY("case_id","stage","due_at")
);--> statement-breakpoint
ALTER TABLE "art14_reminders" ADD CONSTRAINT "art14_reminders_case_id_art14_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."art14_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "psirt_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" varchar(16) NOT NULL,
	"reporter_name" varchar(100) NOT NULL,
	"reporter_email" varchar(254) NOT NULL,
	"product" varchar(200) NOT NULL,
	"summary" varchar(200) NOT NULL,
	"body" text NOT NULL,
	"encrypted" boolean NOT NULL,
	"locale" varchar(8) NOT NULL,
	"status" varchar(16) DEFAULT 'new' NOT NULL,
	"staff_note" text DEFAULT '' NOT NULL,
	"advisory_pk" integer,
	"acknowledged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "psirt_reports_reference_unique" UNIQUE("reference")
);--> statement-breakpoint
ALTER TABLE "psirt_reports" ADD CONSTRAINT "psirt_reports_advisory_pk_advisories_id_fk" FOREIGN KEY ("advisory_pk") REFERENCES "public"."advisories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "psirt_reports_status_idx" ON "psirt_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE TABLE "model_support_periods" (
	"model_id" integer PRIMARY KEY NOT NULL,
	"security_support_end" varchar(7) NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "model_support_periods" ADD CONSTRAINT "model_support_periods_model_id_server_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."server_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_support_periods" ADD CONSTRAINT "model_support_periods_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- A database seeded before gets what the seed now writes: the psirt:manage permission, the
-- built-in `psirt` role (given beside `staff` to the product security team) holding it and the two
-- PSIRT pages under System management, granted to that role only: the `staff` role does not get
-- them, so a lesser staff role neither sees nor changes PSIRT data.
INSERT INTO "permissions" ("code", "name_zh", "name_en")
SELECT 'psirt:manage', '管理 PSIRT 事项', 'Manage PSIRT cases and reports'
WHERE EXISTS (SELECT 1 FROM "roles")
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "roles" ("code", "name_zh", "name_en", "description_zh", "description_en", "built_in")
SELECT 'psirt', '产品安全应急响应', 'PSIRT',
  '与“员工”角色一同授予产品安全团队：CRA 第 14 条报告与漏洞报告',
  'Given with Staff to the product security team: CRA Art. 14 reporting and vulnerability reports', true
WHERE EXISTS (SELECT 1 FROM "roles")
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_code")
SELECT "roles"."id", "v"."code"
FROM "roles" CROSS JOIN (VALUES ('psirt:manage')) AS "v" ("code")
WHERE "roles"."code" = 'psirt'
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "menus" ("app_code", "pid", "name", "path", "component", "title_zh", "title_en", "show", "sort")
SELECT "parent"."app_code", "parent"."id", "v"."name", "v"."path", "v"."component", "v"."zh", "v"."en", true,
  (SELECT coalesce(max("sibling"."sort"), 0) FROM "menus" "sibling" WHERE "sibling"."pid" = "parent"."id") + "v"."n"
FROM "menus" "parent"
CROSS JOIN (VALUES
  (1, 'sysPsirt', '/system/psirt', 'system/psirt', 'CRA 报告时限', 'CRA reporting'),
  (2, 'sysPsirtReports', '/system/psirt-reports', 'system/psirtReports', '漏洞报告', 'Vulnerability reports')
) AS "v" ("n", "name", "path", "component", "zh", "en")
WHERE "parent"."path" = '/system'
  AND NOT EXISTS (SELECT 1 FROM "menus" "existing" WHERE "existing"."path" = "v"."path");--> statement-breakpoint
INSERT INTO "role_menus" ("role_id", "menu_id")
SELECT "roles"."id", "menus"."id"
FROM "roles" JOIN "menus" ON "menus"."path" IN ('/system', '/system/psirt', '/system/psirt-reports')
WHERE "roles"."code" = 'psirt'
ON CONFLICT DO NOTHING;
