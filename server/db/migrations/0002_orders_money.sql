CREATE TABLE "certificate_redemptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"certificate_id" integer NOT NULL,
	"payment_id" bigint,
	"amount" numeric(12, 2) NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"unique_number" text NOT NULL,
	"creating_location_id" integer NOT NULL,
	"rate" numeric(12, 2) NOT NULL,
	"type" text NOT NULL,
	"design" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'NOT_PAID' NOT NULL,
	"created_by_user_id" integer,
	"datetime_created" timestamp with time zone DEFAULT now() NOT NULL,
	"seller_user_id" integer,
	"datetime_activated" timestamp with time zone,
	"booked_by" jsonb,
	"currency_id" integer,
	"expires_at" date,
	CONSTRAINT "certificates_unique_number_unique" UNIQUE("unique_number")
);
--> statement-breakpoint
CREATE TABLE "early_booking_conditions" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"days" integer NOT NULL,
	"discount" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"type" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"author_user_id" integer
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint,
	"location_id" integer NOT NULL,
	"payment_type" integer NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'paid' NOT NULL,
	"external_id" text,
	"purchase" numeric(12, 2) NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"user_id" integer,
	"certificate_id" integer,
	"actual" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promocodes" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"code" text NOT NULL,
	"discount" numeric(12, 2) NOT NULL,
	"valid_from" date,
	"valid_to" date,
	"usage_limit" integer,
	"used_count" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "group_discount_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "certificate_redemptions" ADD CONSTRAINT "certificate_redemptions_certificate_id_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_redemptions" ADD CONSTRAINT "certificate_redemptions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_creating_location_id_locations_id_fk" FOREIGN KEY ("creating_location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_seller_user_id_users_id_fk" FOREIGN KEY ("seller_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "early_booking_conditions" ADD CONSTRAINT "early_booking_conditions_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_logs" ADD CONSTRAINT "order_logs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_logs" ADD CONSTRAINT "order_logs_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promocodes" ADD CONSTRAINT "promocodes_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certificate_redemptions_cert_idx" ON "certificate_redemptions" USING btree ("certificate_id");--> statement-breakpoint
CREATE INDEX "order_logs_order_idx" ON "order_logs" USING btree ("order_id","created");--> statement-breakpoint
CREATE INDEX "payments_location_created_idx" ON "payments" USING btree ("location_id","created");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promocodes_location_code_idx" ON "promocodes" USING btree ("location_id",upper("code"));