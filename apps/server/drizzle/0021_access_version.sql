-- What a user may reach (applications, menus, roles, button permissions) is cached by every
-- portal process under this one number. Any statement changing a table it is computed from
-- bumps it in the same transaction, so every process sees the change on its next request.
CREATE TABLE "access_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "access_version_one_row" CHECK ("id" = 1)
);--> statement-breakpoint
INSERT INTO "access_version" ("id", "version") VALUES (1, 0);--> statement-breakpoint
CREATE FUNCTION "bump_access_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "access_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "applications_access_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "applications" FOR EACH STATEMENT EXECUTE FUNCTION "bump_access_version"();--> statement-breakpoint
CREATE TRIGGER "menus_access_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "menus" FOR EACH STATEMENT EXECUTE FUNCTION "bump_access_version"();--> statement-breakpoint
CREATE TRIGGER "roles_access_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "roles" FOR EACH STATEMENT EXECUTE FUNCTION "bump_access_version"();--> statement-breakpoint
CREATE TRIGGER "permissions_access_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "permissions" FOR EACH STATEMENT EXECUTE FUNCTION "bump_access_version"();--> statement-breakpoint
CREATE TRIGGER "user_roles_access_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user_roles" FOR EACH STATEMENT EXECUTE FUNCTION "bump_access_version"();--> statement-breakpoint
CREATE TRIGGER "role_menus_access_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "role_menus" FOR EACH STATEMENT EXECUTE FUNCTION "bump_access_version"();--> statement-breakpoint
CREATE TRIGGER "role_permissions_access_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "role_permissions" FOR EACH STATEMENT EXECUTE FUNCTION "bump_access_version"();
