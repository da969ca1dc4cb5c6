-- Background jobs move to pg-boss (its own "pgboss" schema, installed at start). Ids of the old
-- queue mean nothing there: open tasks lose their job id and are given a pg-boss job at start.
ALTER TABLE "tasks" ALTER COLUMN "job_id" SET DATA TYPE varchar(64) USING NULL;
--> statement-breakpoint
DROP TABLE IF EXISTS "jobs";
