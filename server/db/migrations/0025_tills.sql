CREATE TABLE "till_counts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shift_id" bigint NOT NULL,
	"counted_cash" numeric(12, 2) NOT NULL,
	"counted_card" numeric(12, 2) NOT NULL,
	"denominations" jsonb,
	"drop" numeric(12, 2) DEFAULT '0' NOT NULL,
	"expected_cash" numeric(12, 2) NOT NULL,
	"expected_card" numeric(12, 2) NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "till_movements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shift_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"comment" text NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "till_shifts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"till_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"float" numeric(12, 2) NOT NULL,
	"float_suggested" numeric(12, 2),
	"float_comment" text DEFAULT '' NOT NULL,
	"opened_by" integer NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"confirmed_by" integer,
	"confirm_comment" text
);
--> statement-breakpoint
CREATE TABLE "tills" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "cash_only_in_shift" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "shift_variance_threshold" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "shift_id" bigint;--> statement-breakpoint
ALTER TABLE "till_counts" ADD CONSTRAINT "till_counts_shift_id_till_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."till_shifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_counts" ADD CONSTRAINT "till_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_movements" ADD CONSTRAINT "till_movements_shift_id_till_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."till_shifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_movements" ADD CONSTRAINT "till_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_shifts" ADD CONSTRAINT "till_shifts_till_id_tills_id_fk" FOREIGN KEY ("till_id") REFERENCES "public"."tills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_shifts" ADD CONSTRAINT "till_shifts_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_shifts" ADD CONSTRAINT "till_shifts_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_shifts" ADD CONSTRAINT "till_shifts_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tills" ADD CONSTRAINT "tills_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "till_counts_shift_idx" ON "till_counts" USING btree ("shift_id");--> statement-breakpoint
CREATE INDEX "till_movements_shift_idx" ON "till_movements" USING btree ("shift_id");--> statement-breakpoint
CREATE UNIQUE INDEX "till_shifts_current_idx" ON "till_shifts" USING btree ("till_id") WHERE state <> 'closed';--> statement-breakpoint
CREATE INDEX "till_shifts_location_idx" ON "till_shifts" USING btree ("location_id","opened_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tills_location_name_idx" ON "tills" USING btree ("location_id",lower("name"));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_shift_id_till_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."till_shifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_shift_idx" ON "payments" USING btree ("shift_id") WHERE shift_id IS NOT NULL;--> statement-breakpoint
-- Written by hand (#43). Existing locations start without the rule (a notice on the till screen
-- says so); a location made from now on has it (the column's default).
UPDATE "locations" SET "cash_only_in_shift" = false;
--> statement-breakpoint
ALTER TABLE "till_movements" ADD CONSTRAINT "till_movements_kind_check" CHECK ("kind" IN ('paid_in', 'paid_out', 'drop'));
--> statement-breakpoint
ALTER TABLE "till_movements" ADD CONSTRAINT "till_movements_amount_check" CHECK ("amount" > 0);
--> statement-breakpoint
ALTER TABLE "till_shifts" ADD CONSTRAINT "till_shifts_state_check" CHECK ("state" IN ('open', 'needs_confirmation', 'closed'));
--> statement-breakpoint
ALTER TABLE "till_counts" ADD CONSTRAINT "till_counts_cash_check" CHECK ("counted_cash" >= 0 AND "drop" >= 0 AND "drop" <= "counted_cash");
--> statement-breakpoint
-- Every location has a till: one is made with it (by any path: the API, the demo, a bulk load), named in its first language.
CREATE FUNCTION tills_default_for_location() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO tills (location_id, name) VALUES (NEW.id, CASE WHEN NEW.languages[1] = 'en' THEN 'Till 1' ELSE 'Касса 1' END);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER tills_default_for_location AFTER INSERT ON "locations" FOR EACH ROW EXECUTE FUNCTION tills_default_for_location();
--> statement-breakpoint
INSERT INTO "tills" ("location_id", "name")
  SELECT "id", CASE WHEN "languages"[1] = 'en' THEN 'Till 1' ELSE 'Касса 1' END FROM "locations" ORDER BY "id";
--> statement-breakpoint
-- A closed shift never changes, and no shift is removed; movements and counts are append-only.
CREATE FUNCTION till_shifts_closed_never_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR OLD.state = 'closed' THEN
    RAISE EXCEPTION 'till shift %: a closed shift never changes (% refused)', OLD.id, TG_OP USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER till_shifts_closed_never_change BEFORE UPDATE OR DELETE ON "till_shifts"
  FOR EACH ROW EXECUTE FUNCTION till_shifts_closed_never_change();
--> statement-breakpoint
CREATE FUNCTION till_rows_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% rows are append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER till_movements_append_only BEFORE UPDATE OR DELETE ON "till_movements" FOR EACH ROW EXECUTE FUNCTION till_rows_append_only();
--> statement-breakpoint
CREATE TRIGGER till_counts_append_only BEFORE UPDATE OR DELETE ON "till_counts" FOR EACH ROW EXECUTE FUNCTION till_rows_append_only();
--> statement-breakpoint
-- Money lands only in an open shift (the services lock the shift row first; this is the last word),
-- and a count is made only of a shift not yet closed.
CREATE FUNCTION till_money_into_open_shift() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  current text;
BEGIN
  SELECT state INTO current FROM till_shifts WHERE id = NEW.shift_id;
  IF current IS DISTINCT FROM 'open' AND NOT (TG_TABLE_NAME = 'till_counts' AND current = 'needs_confirmation') THEN
    RAISE EXCEPTION 'till shift % is %: no % row lands in it', NEW.shift_id, coalesce(current, 'missing'), TG_TABLE_NAME USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER payments_into_open_shift BEFORE INSERT OR UPDATE OF "shift_id" ON "payments"
  FOR EACH ROW WHEN (NEW.shift_id IS NOT NULL) EXECUTE FUNCTION till_money_into_open_shift();
--> statement-breakpoint
CREATE TRIGGER till_movements_into_open_shift BEFORE INSERT ON "till_movements" FOR EACH ROW EXECUTE FUNCTION till_money_into_open_shift();
--> statement-breakpoint
CREATE TRIGGER till_counts_into_counted_shift BEFORE INSERT ON "till_counts" FOR EACH ROW EXECUTE FUNCTION till_money_into_open_shift();
