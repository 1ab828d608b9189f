-- #40 Personal-data consent (152-FZ): a location's privacy policy link, its consent texts (one row
-- per version; version 1 is made from the template when first read, server/modules/locations/consent.ts)
-- and each widget order's consent record. And one stored form of phones: the clearly Russian numbers
-- typed with an 8 or a 7 and no plus (11 digits) become +7XXXXXXXXXX, as every write now stores them
-- (domain/phone.ts); anything else is left as it was (a number with a plus is already in its form).
CREATE TABLE "consent_texts" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"version" integer NOT NULL,
	"text" text NOT NULL,
	"text_hash" char(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "order_consents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"consent_text_id" integer NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	CONSTRAINT "order_consents_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "privacy_policy_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "consent_texts" ADD CONSTRAINT "consent_texts_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_texts" ADD CONSTRAINT "consent_texts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_consents" ADD CONSTRAINT "order_consents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_consents" ADD CONSTRAINT "order_consents_consent_text_id_consent_texts_id_fk" FOREIGN KEY ("consent_text_id") REFERENCES "public"."consent_texts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consent_texts_location_version_idx" ON "consent_texts" USING btree ("location_id","version");
--> statement-breakpoint
UPDATE "orders" SET "phone" = '+7' || substr("phone", 2) WHERE "phone" ~ '^[78][0-9]{10}$';--> statement-breakpoint
UPDATE "users" SET "phone" = '+7' || substr("phone", 2) WHERE "phone" ~ '^[78][0-9]{10}$';--> statement-breakpoint
UPDATE "locations" SET "phone" = '+7' || substr("phone", 2) WHERE "phone" ~ '^[78][0-9]{10}$';--> statement-breakpoint
UPDATE "certificates" SET "booked_by" = jsonb_set("booked_by", '{phone}', to_jsonb('+7' || substr("booked_by"->>'phone', 2)))
  WHERE "booked_by"->>'phone' ~ '^[78][0-9]{10}$';
