-- Written by hand above drizzle-kit's part: tickets live a minute; one asked before this column
-- existed is dropped (its client asks for another).
DELETE FROM "event_stream_tickets";--> statement-breakpoint
ALTER TABLE "event_stream_tickets" ADD COLUMN "token_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "event_stream_tickets" ADD CONSTRAINT "event_stream_tickets_token_id_auth_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."auth_tokens"("id") ON DELETE cascade ON UPDATE no action;
