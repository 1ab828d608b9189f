CREATE TABLE "certificate_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"rate" numeric(12, 2) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "certificate_rates" ADD CONSTRAINT "certificate_rates_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificate_rates_location_rate_idx" ON "certificate_rates" USING btree ("location_id","rate");