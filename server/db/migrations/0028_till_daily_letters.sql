-- #43 The till's last parts. The daily letter's once-only key: one row per location and business
-- day, inserted with the day's letter jobs in one transaction (ON CONFLICT DO NOTHING), so two server
-- processes, restarts and re-runs of the scheduler queue the day's letters once.
CREATE TABLE "till_daily_letters" (
	"location_id" integer NOT NULL,
	"date" date NOT NULL,
	"admins" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "till_daily_letters_pk" PRIMARY KEY("location_id","date")
);
--> statement-breakpoint
ALTER TABLE "till_daily_letters" ADD CONSTRAINT "till_daily_letters_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- The register's own shift revenue (its Z-report), entered with a count, optional; the card
-- terminal's reconciliation is the count's counted_card already (the terminal's net total).
ALTER TABLE "till_counts" ADD COLUMN "register_revenue" numeric(12, 2);
