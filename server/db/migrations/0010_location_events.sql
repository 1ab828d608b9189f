CREATE TABLE "event_stream_tickets" (
	"hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "location_event_heads" (
	"location_id" integer PRIMARY KEY NOT NULL,
	"seq" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "location_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"seq" bigint,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_stream_tickets" ADD CONSTRAINT "event_stream_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_stream_tickets" ADD CONSTRAINT "event_stream_tickets_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "location_events_seq_idx" ON "location_events" USING btree ("location_id","seq");--> statement-breakpoint
CREATE INDEX "location_events_created_idx" ON "location_events" USING btree ("created_at");--> statement-breakpoint
-- Written by hand (drizzle-kit does not model triggers). At commit, each new event gets its
-- location's next number under the lock of the location's head row, so numbers follow commit
-- order, and every server process listening on 'location_events' hears "location:seq".
CREATE FUNCTION location_events_number() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE next_seq bigint;
BEGIN
  INSERT INTO location_event_heads AS h (location_id, seq) VALUES (NEW.location_id, 1)
    ON CONFLICT (location_id) DO UPDATE SET seq = h.seq + 1
    RETURNING h.seq INTO next_seq;
  UPDATE location_events SET seq = next_seq, created_at = clock_timestamp() WHERE id = NEW.id;
  PERFORM pg_notify('location_events', NEW.location_id || ':' || next_seq);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER location_events_number AFTER INSERT ON location_events
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION location_events_number();
