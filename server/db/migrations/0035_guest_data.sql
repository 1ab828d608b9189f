-- #47 A guest's data on request (152-FZ): export, erasure, withdrawal and retention.
-- When an order's personal data were erased (on request, or by the retention setting); null: never.
ALTER TABLE "orders" ADD COLUMN "personal_data_erased_at" timestamp with time zone;
--> statement-breakpoint
-- A consent proof after erasure: a keyed hash (HMAC-SHA256) of the signer's name and the order's phone.
ALTER TABLE "consent_signatures" ADD COLUMN "subject_hash" text;
--> statement-breakpoint
ALTER TABLE "order_consents" ADD COLUMN "subject_hash" text;
--> statement-breakpoint
-- Months after a guest's last session when their personal data are erased; null: never (the default).
ALTER TABLE "locations" ADD COLUMN "personal_data_retention_months" integer;
--> statement-breakpoint
CREATE TABLE "data_requests" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "location_id" integer NOT NULL REFERENCES "locations"("id") ON DELETE CASCADE,
  "kind" text NOT NULL,
  "phone" text DEFAULT '' NOT NULL,
  "email" text DEFAULT '' NOT NULL,
  "received_on" date NOT NULL,
  "due_on" date NOT NULL,
  "status" text DEFAULT 'open' NOT NULL,
  "comment" text DEFAULT '' NOT NULL,
  "subject_hash" text,
  "created_by" integer REFERENCES "users"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "closed_at" timestamp with time zone,
  "closed_by" integer REFERENCES "users"("id"),
  "closed_how" text
);
--> statement-breakpoint
CREATE INDEX "data_requests_location_idx" ON "data_requests" USING btree ("location_id","status","due_on");
--> statement-breakpoint
-- The erasures made, without the erased values: how many orders, why, by whom (null: the retention job).
CREATE TABLE "person_erasures" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "location_id" integer NOT NULL REFERENCES "locations"("id") ON DELETE CASCADE,
  "orders" integer NOT NULL,
  "reason" text DEFAULT '' NOT NULL,
  "by_retention" boolean DEFAULT false NOT NULL,
  "subject_hash" text NOT NULL,
  "user_id" integer REFERENCES "users"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "person_erasures_location_idx" ON "person_erasures" USING btree ("location_id","created_at");
--> statement-breakpoint
-- Written by hand: activity entries stay append-only (#41), and a closed till shift, its movements and
-- counts never change (#43), with one exception: an erasure (people/erase.ts) sets app.erasure for its
-- transaction and may then rewrite the free texts that may quote a guest: an activity entry's subject,
-- before, after and address; a movement's comment; a shift's comments. Nothing else; DELETE and
-- TRUNCATE stay refused.
CREATE OR REPLACE FUNCTION activity_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND current_setting('app.erasure', true) = 'on'
     AND (to_jsonb(NEW) - 'subject' - 'before' - 'after' - 'ip') = (to_jsonb(OLD) - 'subject' - 'before' - 'after' - 'ip') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'activity entries are append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION till_rows_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND current_setting('app.erasure', true) = 'on' AND (to_jsonb(NEW) - 'comment') = (to_jsonb(OLD) - 'comment') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION '% rows are append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION till_shifts_closed_never_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND current_setting('app.erasure', true) = 'on'
     AND (to_jsonb(NEW) - 'float_comment' - 'confirm_comment') = (to_jsonb(OLD) - 'float_comment' - 'confirm_comment') THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'DELETE' OR OLD.state = 'closed' THEN
    RAISE EXCEPTION 'till shift %: a closed shift never changes (% refused)', OLD.id, TG_OP USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END $$;
