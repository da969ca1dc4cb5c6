-- "My servers" on a real fleet (issue 40): each server's compliance state stored per viewer scope
-- (a customer 'u:<id>', an organisation as staff see it 'o:<id>'), recomputed when stale.
-- A stored state is fresh while two things hold: the scope's context (the releases, advisories and
-- baselines it was judged against, hashed in "context") is what it is now, and the server's
-- inputs (reports, model, cards, shipped versions) have not changed since ("change" is the
-- server's counter in fleet_server_changes, bumped by the triggers below in the writer's own
-- transaction, whoever writes: a report, an upload, an audit, a serial import or edit).
CREATE TABLE "fleet_server_changes" (
	"sn" varchar(64) PRIMARY KEY NOT NULL,
	"change" bigint NOT NULL
);--> statement-breakpoint
ALTER TABLE "fleet_server_changes" ADD CONSTRAINT "fleet_server_changes_sn_serial_numbers_sn_fk" FOREIGN KEY ("sn") REFERENCES "public"."serial_numbers"("sn") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE TABLE "fleet_states" (
	"scope" varchar(24) NOT NULL,
	"sn" varchar(64) NOT NULL,
	"model_id" integer NOT NULL,
	"state_rank" smallint NOT NULL,
	"counts" jsonb NOT NULL,
	"last_report" bigint,
	"context" varchar(64) NOT NULL,
	"change" bigint NOT NULL,
	"generation" bigint NOT NULL,
	CONSTRAINT "fleet_states_scope_sn_pk" PRIMARY KEY("scope","sn")
);--> statement-breakpoint
ALTER TABLE "fleet_states" ADD CONSTRAINT "fleet_states_sn_serial_numbers_sn_fk" FOREIGN KEY ("sn") REFERENCES "public"."serial_numbers"("sn") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "fleet_states_sn_idx" ON "fleet_states" USING btree ("sn");--> statement-breakpoint
-- Per scope: the models and part numbers its context was loaded for (only grows).
CREATE TABLE "fleet_state_scopes" (
	"scope" varchar(24) PRIMARY KEY NOT NULL,
	"model_ids" integer[] NOT NULL,
	"pns" text[] NOT NULL
);--> statement-breakpoint
-- Which computation wrote a state: a later one is never overwritten by an earlier one.
CREATE SEQUENCE "fleet_state_generation";--> statement-breakpoint
CREATE FUNCTION "fleet_components_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "fleet_server_changes" ("sn", "change")
  SELECT DISTINCT "sn", 1 FROM "changed" ORDER BY "sn"
  ON CONFLICT ("sn") DO UPDATE SET "change" = "fleet_server_changes"."change" + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "installed_components_fleet_insert" AFTER INSERT ON "installed_components"
  REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "fleet_components_changed"();--> statement-breakpoint
CREATE TRIGGER "installed_components_fleet_update" AFTER UPDATE ON "installed_components"
  REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "fleet_components_changed"();--> statement-breakpoint
CREATE TRIGGER "installed_components_fleet_delete" AFTER DELETE ON "installed_components"
  REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "fleet_components_changed"();--> statement-breakpoint
-- A server's model, cards or shipped versions edited (its customer name decides whose it is:
-- read at every request, it needs no counter).
CREATE FUNCTION "fleet_serials_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "fleet_server_changes" ("sn", "change")
  SELECT "n"."sn", 1 FROM "new_rows" "n" JOIN "old_rows" "o" ON "o"."sn" = "n"."sn"
  WHERE ("n"."model_id", "n"."pcie_parts", "n"."installed_firmware")
    IS DISTINCT FROM ("o"."model_id", "o"."pcie_parts", "o"."installed_firmware")
  ORDER BY "n"."sn"
  ON CONFLICT ("sn") DO UPDATE SET "change" = "fleet_server_changes"."change" + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "serial_numbers_fleet_update" AFTER UPDATE ON "serial_numbers"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "fleet_serials_changed"();
