-- Fleet compliance (issue 34): what each server runs, per component, as last reported (with a
-- contradicting report kept beside it), and every report line ever taken.
CREATE TABLE "installed_components" (
	"sn" varchar(64) NOT NULL,
	"component" varchar(100) NOT NULL,
	"kind" varchar(8) NOT NULL,
	"pn" varchar(64),
	"slot" varchar(32),
	"version" varchar(64) NOT NULL,
	"source" varchar(16) NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	"reported_by" integer,
	"other_version" varchar(64),
	"other_source" varchar(16),
	"other_seen_at" timestamp with time zone,
	CONSTRAINT "installed_components_sn_component_pk" PRIMARY KEY("sn","component")
);--> statement-breakpoint
CREATE TABLE "installed_component_reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sn" varchar(64) NOT NULL,
	"component" varchar(100) NOT NULL,
	"version" varchar(64) NOT NULL,
	"source" varchar(16) NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	"reported_by" integer,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "fleet_baselines" (
	"user_id" integer NOT NULL,
	"model_id" integer NOT NULL,
	"name" varchar(64) NOT NULL,
	"versions" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fleet_baselines_user_id_model_id_pk" PRIMARY KEY("user_id","model_id")
);--> statement-breakpoint
ALTER TABLE "fleet_baselines" ADD CONSTRAINT "fleet_baselines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_baselines" ADD CONSTRAINT "fleet_baselines_model_id_server_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."server_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "installed_components_kind_idx" ON "installed_components" USING btree ("kind","version");--> statement-breakpoint
ALTER TABLE "installed_components" ADD CONSTRAINT "installed_components_sn_serial_numbers_sn_fk" FOREIGN KEY ("sn") REFERENCES "public"."serial_numbers"("sn") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installed_components" ADD CONSTRAINT "installed_components_reported_by_users_id_fk" FOREIGN KEY ("reported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installed_component_reports" ADD CONSTRAINT "installed_component_reports_sn_serial_numbers_sn_fk" FOREIGN KEY ("sn") REFERENCES "public"."serial_numbers"("sn") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installed_component_reports" ADD CONSTRAINT "installed_component_reports_reported_by_users_id_fk" FOREIGN KEY ("reported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "installed_component_reports_sn_idx" ON "installed_component_reports" USING btree ("sn","component","seen_at");--> statement-breakpoint
-- A database seeded before fleet compliance gets its page ("My servers") beside the advisories,
-- for every role holding the firmware downloads, as the seed gives it; a fresh one gets it from the seed.
WITH "added" AS (
  INSERT INTO "menus" ("app_code", "pid", "name", "path", "component", "icon", "title_zh", "title_en", "show", "sort")
  SELECT "firmware"."app_code", 0, 'fleetServers', '/fleet/servers', 'fleet/Servers', 'cluster',
    '我的服务器', 'My servers', true, "firmware"."sort"
  FROM "menus" "firmware"
  WHERE "firmware"."path" = '/mirror/custmirrordownload' AND "firmware"."pid" = 0
    AND NOT EXISTS (SELECT 1 FROM "menus" "existing" WHERE "existing"."path" = '/fleet/servers')
  RETURNING "id"
)
INSERT INTO "role_menus" ("role_id", "menu_id")
SELECT "granted"."role_id", "added"."id"
FROM "added"
JOIN "menus" "firmware" ON "firmware"."path" = '/mirror/custmirrordownload' AND "firmware"."pid" = 0
JOIN "role_menus" "granted" ON "granted"."menu_id" = "firmware"."id"
ON CONFLICT DO NOTHING;
