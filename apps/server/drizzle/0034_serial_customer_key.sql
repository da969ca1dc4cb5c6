-- "My servers" at 100,000 servers (issue 40): whose a shipped server is, read at every request
-- (fleet-scope.ts scopeSerials), compared every serial_numbers row's normalised customer name
-- with the organisation's, a regular expression per row. The normalised name is now stored
-- (computed by PostgreSQL on every insert and edit, the exact expression of COMPANY_PUNCTUATION
-- and migration 0014) and indexed with the SN, so one organisation's servers are an index range.
ALTER TABLE "serial_numbers" ADD COLUMN "customer_key" text
  GENERATED ALWAYS AS (lower(regexp_replace("customer_name", '[[:space:].,()（）·_''"-]+', '', 'g'))) STORED;--> statement-breakpoint
CREATE INDEX "serial_numbers_customer_key_idx" ON "serial_numbers" USING btree ("customer_key", "sn");
