-- #44 Arrival: a location's consent documents (personal data, rules, marketing), versioned in
-- consent_texts (the personal-data consent's versions are the rows #40 made: each location that has
-- them gets its personal_data document, and an English-first location's text is its English text too);
-- an order's participants and their signatures; the no-show flag; the location's arrival settings
-- (off for every location that exists now: none of them checked anyone in, so none gets no-shows).
CREATE TABLE "consent_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "order_participants" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"birth_date" date,
	"checked_in_at" timestamp with time zone,
	"checked_in_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consent_signatures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"participant_id" bigint NOT NULL,
	"consent_text_id" integer NOT NULL,
	"text_hash" char(64) NOT NULL,
	"language" text NOT NULL,
	"signed_name" text NOT NULL,
	"birth_date" date,
	"guardian_name" text,
	"guardian_relation" text,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consent_documents" ADD CONSTRAINT "consent_documents_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_documents" ADD CONSTRAINT "consent_documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consent_documents_location_kind_idx" ON "consent_documents" USING btree ("location_id","kind");--> statement-breakpoint
ALTER TABLE "order_participants" ADD CONSTRAINT "order_participants_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_participants" ADD CONSTRAINT "order_participants_checked_in_by_users_id_fk" FOREIGN KEY ("checked_in_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_participants_order_position_idx" ON "order_participants" USING btree ("order_id","position");--> statement-breakpoint
ALTER TABLE "consent_signatures" ADD CONSTRAINT "consent_signatures_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_signatures" ADD CONSTRAINT "consent_signatures_participant_id_order_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."order_participants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_signatures" ADD CONSTRAINT "consent_signatures_consent_text_id_consent_texts_id_fk" FOREIGN KEY ("consent_text_id") REFERENCES "public"."consent_texts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consent_signatures_participant_text_idx" ON "consent_signatures" USING btree ("participant_id","consent_text_id");--> statement-breakpoint
CREATE INDEX "consent_signatures_order_idx" ON "consent_signatures" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "consent_texts" ADD COLUMN "document_id" integer;--> statement-breakpoint
ALTER TABLE "consent_texts" ADD COLUMN "text_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "consent_texts" ADD COLUMN "details" jsonb;--> statement-breakpoint
INSERT INTO "consent_documents" ("location_id", "kind", "created_at")
  SELECT "location_id", 'personal_data', min("created_at") FROM "consent_texts" GROUP BY "location_id";--> statement-breakpoint
UPDATE "consent_texts" c SET "document_id" = d."id" FROM "consent_documents" d WHERE d."location_id" = c."location_id" AND d."kind" = 'personal_data';--> statement-breakpoint
UPDATE "consent_texts" c SET "text_en" = c."text" FROM "locations" l WHERE l."id" = c."location_id" AND l."languages"[1] = 'en';--> statement-breakpoint
ALTER TABLE "consent_texts" ALTER COLUMN "document_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "consent_texts" ADD CONSTRAINT "consent_texts_document_id_consent_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."consent_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
DROP INDEX "consent_texts_location_version_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "consent_texts_document_version_idx" ON "consent_texts" USING btree ("document_id","version");--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "no_show" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "arrivals_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "arrivals_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "arrival_grace_minutes" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "minor_age" integer DEFAULT 18 NOT NULL;--> statement-breakpoint
-- The no-show job's look-up: a location's live paid-type orders not flagged yet.
CREATE INDEX "orders_no_show_candidates_idx" ON "orders" USING btree ("location_id") WHERE "no_show" = false AND "order_type" = 1 AND "status" NOT IN (4, 5);
--> statement-breakpoint
-- An order's participants, one per person, made with the order and when its persons grow (every path
-- that writes orders, the demo's and the tests' too); a position above a lowered persons stays, uncounted.
CREATE FUNCTION "order_participants_fill"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "order_participants" ("order_id", "position") SELECT NEW."id", g FROM generate_series(1, NEW."persons") g ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_participants_fill" AFTER INSERT OR UPDATE OF "persons" ON "orders" FOR EACH ROW EXECUTE FUNCTION "order_participants_fill"();--> statement-breakpoint
-- The orders whose sessions are still to come (or began in the last two days) get theirs now; older ones
-- are never checked in, and get theirs if a write (a check-in, a signature) ever needs them.
INSERT INTO "order_participants" ("order_id", "position")
  SELECT o."id", g FROM "orders" o CROSS JOIN LATERAL generate_series(1, o."persons") g
  WHERE o."status" NOT IN (4, 5) AND EXISTS (
    SELECT 1 FROM "order_playsessions" op JOIN "playsessions" ps ON ps."id" = op."playsession_id"
    WHERE op."order_id" = o."id" AND ps."business_date" >= current_date - 2)
  ON CONFLICT DO NOTHING;
