-- What an update needs (issue 34 §2): per catalogue version, a reboot, prerequisites (other
-- components at a minimum version first) and its place in a bundle's install order (null: the
-- kind's default); per catalogue item, the Redfish SoftwareIds `fwportal audit` maps (issue 35).
-- Every existing row keeps working unchanged: no reboot, no prerequisite, the kind's order.
ALTER TABLE "catalog_versions" ADD COLUMN "reboot_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_versions" ADD COLUMN "prerequisites" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_versions" ADD COLUMN "install_order" smallint;--> statement-breakpoint
ALTER TABLE "catalog_versions" ADD CONSTRAINT "catalog_versions_install_order_check" CHECK ("install_order" IS NULL OR "install_order" BETWEEN 1 AND 999);--> statement-breakpoint
ALTER TABLE "catalog_items" ADD COLUMN "software_ids" text[] DEFAULT '{}' NOT NULL;
