CREATE TABLE "launcher_sessions" (
	"uuid" uuid PRIMARY KEY NOT NULL,
	"playground_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"started" timestamp with time zone NOT NULL,
	"ended" timestamp with time zone,
	"game_id" integer,
	"players_cnt" integer DEFAULT 0 NOT NULL,
	"session_type" integer NOT NULL,
	"orders_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"charge_transaction_id" bigint
);
--> statement-breakpoint
CREATE TABLE "transaction_disputes" (
	"id" serial PRIMARY KEY NOT NULL,
	"transaction_id" bigint NOT NULL,
	"text" text NOT NULL,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"user_id" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "licence_fee" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "launcher_sessions" ADD CONSTRAINT "launcher_sessions_playground_id_playgrounds_id_fk" FOREIGN KEY ("playground_id") REFERENCES "public"."playgrounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launcher_sessions" ADD CONSTRAINT "launcher_sessions_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launcher_sessions" ADD CONSTRAINT "launcher_sessions_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_disputes" ADD CONSTRAINT "transaction_disputes_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_disputes" ADD CONSTRAINT "transaction_disputes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "launcher_sessions_location_started_idx" ON "launcher_sessions" USING btree ("location_id","started");