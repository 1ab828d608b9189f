CREATE TABLE "payment_providers" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer,
	"provider" text,
	"shop_id" text DEFAULT '' NOT NULL,
	"secret_key_enc" text,
	"webhook_secret_enc" text,
	"receipts" boolean DEFAULT false NOT NULL,
	"vat_code" integer,
	"tax_system_code" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "payment_providers" ADD CONSTRAINT "payment_providers_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_providers_scope_idx" ON "payment_providers" USING btree (coalesce("location_id", 0));--> statement-breakpoint
CREATE INDEX "payments_provider_external_idx" ON "payments" USING btree ("provider","external_id");