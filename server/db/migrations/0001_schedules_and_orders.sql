CREATE TABLE "games" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"genre" text DEFAULT '' NOT NULL,
	"info" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "holidays" (
	"id" serial PRIMARY KEY NOT NULL,
	"country_id" integer NOT NULL,
	"date" date NOT NULL,
	"kind" text NOT NULL,
	"name" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "location_games" (
	"location_id" integer NOT NULL,
	"game_id" integer NOT NULL,
	CONSTRAINT "location_games_location_id_game_id_pk" PRIMARY KEY("location_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "order_playsessions" (
	"order_id" bigint NOT NULL,
	"playsession_id" bigint NOT NULL,
	CONSTRAINT "order_playsessions_order_id_playsession_id_pk" PRIMARY KEY("order_id","playsession_id")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text,
	"persons" integer NOT NULL,
	"order_type" integer NOT NULL,
	"status" integer NOT NULL,
	"cost" numeric(12, 2) DEFAULT '0' NOT NULL,
	"discount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"purchase" numeric(12, 2) DEFAULT '0' NOT NULL,
	"paid" numeric(12, 2) DEFAULT '0' NOT NULL,
	"promocode" text,
	"bill" text,
	"cancel_delay" integer,
	"comment" text DEFAULT '' NOT NULL,
	"seller_user_id" integer,
	"staff_user_id" integer,
	"game_id" integer,
	"multisession" boolean DEFAULT false NOT NULL,
	"source" text DEFAULT 'backoffice' NOT NULL,
	"amo_id" text,
	"event_type_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "playsessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"playground_id" integer NOT NULL,
	"business_date" date NOT NULL,
	"time_start" text NOT NULL,
	"duration" integer NOT NULL,
	"session_price" numeric(12, 2),
	"personal_price" numeric(12, 2),
	"prepayment" numeric(3, 2) DEFAULT '1' NOT NULL,
	"currency_id" integer,
	"game_id" integer,
	"schedule_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"playground_group_id" integer,
	"name" text NOT NULL,
	"start_dt" date NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"breaks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "holidays" ADD CONSTRAINT "holidays_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_games" ADD CONSTRAINT "location_games_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_games" ADD CONSTRAINT "location_games_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_playsessions" ADD CONSTRAINT "order_playsessions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_playsessions" ADD CONSTRAINT "order_playsessions_playsession_id_playsessions_id_fk" FOREIGN KEY ("playsession_id") REFERENCES "public"."playsessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_seller_user_id_users_id_fk" FOREIGN KEY ("seller_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playsessions" ADD CONSTRAINT "playsessions_playground_id_playgrounds_id_fk" FOREIGN KEY ("playground_id") REFERENCES "public"."playgrounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playsessions" ADD CONSTRAINT "playsessions_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playsessions" ADD CONSTRAINT "playsessions_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playsessions" ADD CONSTRAINT "playsessions_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_playground_group_id_playground_groups_id_fk" FOREIGN KEY ("playground_group_id") REFERENCES "public"."playground_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "holidays_country_date_idx" ON "holidays" USING btree ("country_id","date");--> statement-breakpoint
CREATE INDEX "order_playsessions_ps_idx" ON "order_playsessions" USING btree ("playsession_id");--> statement-breakpoint
CREATE INDEX "orders_location_created_idx" ON "orders" USING btree ("location_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_phone_idx" ON "orders" USING btree ("phone");--> statement-breakpoint
CREATE UNIQUE INDEX "playsessions_playground_start_idx" ON "playsessions" USING btree ("playground_id","time_start");--> statement-breakpoint
CREATE INDEX "playsessions_playground_day_idx" ON "playsessions" USING btree ("playground_id","business_date");--> statement-breakpoint
CREATE INDEX "schedules_group_idx" ON "schedules" USING btree ("playground_group_id","start_dt");