-- #45 The thank-you with an offer is marketing: the location's promo code it carries ('' none: then the
-- thank-you is transactional and carries no offer), and the contacts that unsubscribed from a
-- location's offers by the letter's link (an e-mail in lower case, or a phone's digits), once each.
ALTER TABLE "location_messaging" ADD COLUMN "thank_you_promocode" text DEFAULT '' NOT NULL;
--> statement-breakpoint
CREATE TABLE "marketing_unsubscribes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"contact" text NOT NULL,
	"order_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "marketing_unsubscribes" ADD CONSTRAINT "marketing_unsubscribes_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "marketing_unsubscribes" ADD CONSTRAINT "marketing_unsubscribes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_unsubscribes_location_contact_idx" ON "marketing_unsubscribes" USING btree ("location_id","contact");
