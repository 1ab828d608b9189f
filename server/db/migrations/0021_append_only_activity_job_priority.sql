DROP INDEX "jobs_pending_idx";--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "priority" smallint DEFAULT 50 NOT NULL;--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("priority","run_at","id") WHERE done_at IS NULL;--> statement-breakpoint
CREATE INDEX "jobs_done_idx" ON "jobs" USING btree ("done_at") WHERE done_at IS NOT NULL;
--> statement-breakpoint
-- Written by hand (#41): the jobs already queued get their kind's priority (platform/jobs.ts jobPriority).
UPDATE "jobs" SET "priority" = CASE split_part("kind", '.', 1)
  WHEN 'payment' THEN 0 WHEN 'refund' THEN 0 WHEN 'receipt' THEN 0 WHEN 'order' THEN 10
  WHEN 'certificates' THEN 20 WHEN 'live' THEN 20 WHEN 'jobs' THEN 20 ELSE 50 END
  WHERE "done_at" IS NULL;
--> statement-breakpoint
-- Written by hand (#41; drizzle-kit does not model triggers): activity entries are append-only. An
-- entry is written with its change and never changed or removed, by the app or by anyone with its
-- role: UPDATE, DELETE and TRUNCATE are refused.
CREATE FUNCTION activity_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'activity entries are append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER activity_entries_append_only BEFORE UPDATE OR DELETE ON "activity_entries"
  FOR EACH ROW EXECUTE FUNCTION activity_entries_append_only();
--> statement-breakpoint
CREATE TRIGGER activity_entries_no_truncate BEFORE TRUNCATE ON "activity_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION activity_entries_append_only();
