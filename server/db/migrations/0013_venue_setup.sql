CREATE TABLE "activity_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"location_id" integer,
	"ip" text,
	"kind" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "certificate_designs" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"key_hash" text NOT NULL,
	"location_id" integer NOT NULL,
	"email" text NOT NULL,
	"role_id" integer NOT NULL,
	"permissions" text[] DEFAULT ARRAY[]::text[] NOT NULL,
	"invited_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	CONSTRAINT "invitations_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "setup_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "certificate_rates" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "currencies" ADD COLUMN "name_ru" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "currencies" ADD COLUMN "name_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "location_games" ADD COLUMN "playground_ids" integer[];--> statement-breakpoint
ALTER TABLE "playgrounds" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Permissions become per location (#28): each permission a user held is kept at every location where
-- they have a role, so nobody gains or loses a right by the migration.
ALTER TABLE "user_permissions" DROP CONSTRAINT "user_permissions_user_id_codename_pk";--> statement-breakpoint
ALTER TABLE "user_permissions" ADD COLUMN "location_id" integer;--> statement-breakpoint
INSERT INTO "user_permissions" ("user_id", "location_id", "codename")
  SELECT p."user_id", r."location_id", p."codename" FROM "user_permissions" p
  JOIN "user_location_roles" r ON r."user_id" = p."user_id" WHERE p."location_id" IS NULL;--> statement-breakpoint
DELETE FROM "user_permissions" WHERE "location_id" IS NULL;--> statement-breakpoint
ALTER TABLE "user_permissions" ALTER COLUMN "location_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "user_permissions" ADD CONSTRAINT "user_permissions_user_id_location_id_codename_pk" PRIMARY KEY("user_id","location_id","codename");--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_owner" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_login_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "activity_entries" ADD CONSTRAINT "activity_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_entries" ADD CONSTRAINT "activity_entries_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_designs" ADD CONSTRAINT "certificate_designs_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_entries_location_idx" ON "activity_entries" USING btree ("location_id","created");--> statement-breakpoint
CREATE UNIQUE INDEX "certificate_designs_location_name_idx" ON "certificate_designs" USING btree ("location_id",lower("name"));--> statement-breakpoint
CREATE INDEX "invitations_location_idx" ON "invitations" USING btree ("location_id","email");--> statement-breakpoint
ALTER TABLE "user_permissions" ADD CONSTRAINT "user_permissions_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- ISO 4217 currencies as reference data (#28): a location's currency is chosen from these, never
-- typed. Rows a database already has (the demo's) keep their symbol and placement and get names.
INSERT INTO "currencies" ("code", "is_before", "blank_place", "unicode", "name_ru", "name_en") VALUES
  ('RUB', false, true, '₽', 'Российский рубль', 'Russian ruble'),
  ('USD', true, false, '$', 'Доллар США', 'US dollar'),
  ('EUR', false, true, '€', 'Евро', 'Euro'),
  ('KZT', false, true, '₸', 'Казахстанский тенге', 'Kazakhstani tenge'),
  ('BYN', false, true, 'Br', 'Белорусский рубль', 'Belarusian ruble'),
  ('UAH', false, true, '₴', 'Украинская гривна', 'Ukrainian hryvnia'),
  ('AMD', false, true, '֏', 'Армянский драм', 'Armenian dram'),
  ('AZN', false, true, '₼', 'Азербайджанский манат', 'Azerbaijani manat'),
  ('GEL', false, true, '₾', 'Грузинский лари', 'Georgian lari'),
  ('KGS', false, true, 'сом', 'Киргизский сом', 'Kyrgyzstani som'),
  ('UZS', false, true, 'сўм', 'Узбекский сум', 'Uzbekistani som'),
  ('TJS', false, true, 'SM', 'Таджикский сомони', 'Tajikistani somoni'),
  ('MDL', false, true, 'L', 'Молдавский лей', 'Moldovan leu'),
  ('GBP', true, false, '£', 'Фунт стерлингов', 'Pound sterling'),
  ('CHF', false, true, 'CHF', 'Швейцарский франк', 'Swiss franc'),
  ('PLN', false, true, 'zł', 'Польский злотый', 'Polish zloty'),
  ('CZK', false, true, 'Kč', 'Чешская крона', 'Czech koruna'),
  ('SEK', false, true, 'kr', 'Шведская крона', 'Swedish krona'),
  ('NOK', false, true, 'kr', 'Норвежская крона', 'Norwegian krone'),
  ('DKK', false, true, 'kr.', 'Датская крона', 'Danish krone'),
  ('TRY', true, false, '₺', 'Турецкая лира', 'Turkish lira'),
  ('AED', false, true, 'AED', 'Дирхам ОАЭ', 'UAE dirham'),
  ('ILS', true, false, '₪', 'Новый израильский шекель', 'Israeli new shekel'),
  ('CNY', true, false, '¥', 'Китайский юань', 'Chinese yuan'),
  ('JPY', true, false, '¥', 'Японская иена', 'Japanese yen'),
  ('KRW', true, false, '₩', 'Южнокорейская вона', 'South Korean won'),
  ('INR', true, false, '₹', 'Индийская рупия', 'Indian rupee'),
  ('THB', true, false, '฿', 'Тайский бат', 'Thai baht'),
  ('VND', false, true, '₫', 'Вьетнамский донг', 'Vietnamese dong'),
  ('IDR', true, false, 'Rp', 'Индонезийская рупия', 'Indonesian rupiah'),
  ('MYR', true, false, 'RM', 'Малайзийский ринггит', 'Malaysian ringgit'),
  ('SGD', true, false, 'S$', 'Сингапурский доллар', 'Singapore dollar'),
  ('HKD', true, false, 'HK$', 'Гонконгский доллар', 'Hong Kong dollar'),
  ('AUD', true, false, 'A$', 'Австралийский доллар', 'Australian dollar'),
  ('NZD', true, false, 'NZ$', 'Новозеландский доллар', 'New Zealand dollar'),
  ('CAD', true, false, 'C$', 'Канадский доллар', 'Canadian dollar'),
  ('MXN', true, false, 'MX$', 'Мексиканское песо', 'Mexican peso'),
  ('BRL', true, true, 'R$', 'Бразильский реал', 'Brazilian real'),
  ('ARS', true, true, '$', 'Аргентинское песо', 'Argentine peso'),
  ('CLP', true, false, '$', 'Чилийское песо', 'Chilean peso'),
  ('ZAR', true, false, 'R', 'Южноафриканский рэнд', 'South African rand'),
  ('EGP', false, true, 'E£', 'Египетский фунт', 'Egyptian pound'),
  ('SAR', false, true, 'SAR', 'Саудовский риял', 'Saudi riyal'),
  ('QAR', false, true, 'QAR', 'Катарский риал', 'Qatari riyal'),
  ('RSD', false, true, 'дин.', 'Сербский динар', 'Serbian dinar'),
  ('HUF', false, true, 'Ft', 'Венгерский форинт', 'Hungarian forint'),
  ('RON', false, true, 'lei', 'Румынский лей', 'Romanian leu'),
  ('BGN', false, true, 'лв.', 'Болгарский лев', 'Bulgarian lev'),
  ('MNT', false, true, '₮', 'Монгольский тугрик', 'Mongolian tugrik'),
  ('TMT', false, true, 'm', 'Туркменский манат', 'Turkmenistani manat')
ON CONFLICT ("code") DO UPDATE SET "name_ru" = EXCLUDED."name_ru", "name_en" = EXCLUDED."name_en";--> statement-breakpoint
-- The designs every location offered from the fixed list become its own rows (#28).
INSERT INTO "certificate_designs" ("location_id", "name")
  SELECT l."id", d.name FROM "locations" l CROSS JOIN unnest(ARRAY['classic','birthday','newyear','sport','cosmos']) AS d(name);
