-- #45 Customers hear from the venue: a location's messaging settings (channels, the SMS.ru key sealed
-- like the payment providers' secrets, its registered senders as read at the last save, the daily SMS
-- limit, the reminder offsets in minutes, quiet hours in local wall-clock time, the optional thank-you),
-- its own templates (kind x channel x language; the built-in ones of domain/customerMessages.ts where
-- none is saved) and the messages: one row per planned send, its state walked by the sender
-- (pending -> sending -> sent -> delivered, or failed / unknown; skipped and cancelled never leave).
-- Orders keep their nullable `language` (the widget's); a desk booking now stores one too.
CREATE TABLE "location_messaging" (
	"location_id" integer PRIMARY KEY NOT NULL,
	"channels" text[] DEFAULT '{}'::text[] NOT NULL,
	"mode" text DEFAULT 'first_available' NOT NULL,
	"smsru_api_key_enc" text,
	"sms_sender" text DEFAULT '' NOT NULL,
	"sms_senders" text[] DEFAULT '{}'::text[] NOT NULL,
	"sms_daily_limit" integer DEFAULT 300 NOT NULL,
	"reminder_offsets" integer[] DEFAULT '{1440,120}'::integer[] NOT NULL,
	"quiet_from" text DEFAULT '22:00' NOT NULL,
	"quiet_to" text DEFAULT '09:00' NOT NULL,
	"thank_you" boolean DEFAULT false NOT NULL,
	"thank_you_delay" integer DEFAULT 60 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "location_messaging" ADD CONSTRAINT "location_messaging_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "message_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"language" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "message_templates_key_idx" ON "message_templates" USING btree ("location_id","kind","channel","language");
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"location_id" integer NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"language" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"recipient" text DEFAULT '' NOT NULL,
	"gateway_id" text,
	"error" text,
	"subject" text,
	"body" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sending_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "messages_order_idx" ON "messages" USING btree ("order_id");
--> statement-breakpoint
CREATE INDEX "messages_location_idx" ON "messages" USING btree ("location_id","id");
--> statement-breakpoint
-- The sweep's look-ups: sends left in flight, and SMS whose delivery is still to be read back.
CREATE INDEX "messages_sending_idx" ON "messages" USING btree ("sending_at") WHERE state = 'sending';
--> statement-breakpoint
CREATE INDEX "messages_sent_sms_idx" ON "messages" USING btree ("sent_at") WHERE state = 'sent' AND channel = 'sms';
