// The whole database schema in one readable file. Migrations in ./migrations are generated
// from it by `npm run db:generate` (drizzle-kit) and committed.
import { sql } from 'drizzle-orm';
import {
  bigint, bigserial, boolean, char, date, index, integer, jsonb, numeric, pgTable, primaryKey, serial, smallint, text,
  timestamp, uniqueIndex, uuid,
} from 'drizzle-orm/pg-core';
import type { ScheduleBreak, ScheduleItem } from '../../domain/schedule/types';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const countries = pgTable('countries', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  nameRu: text('name_ru').notNull(),
  nameEn: text('name_en').notNull(),
});

export const cities = pgTable('cities', {
  id: serial('id').primaryKey(),
  countryId: integer('country_id').notNull().references(() => countries.id),
  slug: text('slug').notNull().unique(),
  nameRu: text('name_ru').notNull(),
  nameEn: text('name_en').notNull(),
});

export const currencies = pgTable('currencies', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  // Whether the symbol/code stands before the amount ($10) or after it (10 ₽).
  isBefore: boolean('is_before').notNull(),
  // Whether a space separates amount and code.
  blankPlace: boolean('blank_place').notNull(),
  unicode: text('unicode').notNull(),
  // Reference data (ISO 4217, seeded by migration 0013): a location's currency is chosen, never typed.
  nameRu: text('name_ru').notNull().default(''),
  nameEn: text('name_en').notNull().default(''),
});

export const locations = pgTable('locations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  cityId: integer('city_id').notNull().references(() => cities.id),
  lat: numeric('lat', { precision: 9, scale: 6 }),
  lng: numeric('lng', { precision: 9, scale: 6 }),
  // IANA zone: session times are the location's wall-clock times.
  timezone: text('timezone').notNull(),
  currencyId: integer('currency_id').references(() => currencies.id),
  b2bCurrencyId: integer('b2b_currency_id').references(() => currencies.id),
  isActive: boolean('is_active').notNull().default(true),
  isPark: boolean('is_park').notNull().default(false),
  isEventsAvailable: boolean('is_events_available').notNull().default(false),
  allowRefill: boolean('allow_refill').notNull().default(false),
  // Percent off when a booking takes every place of a session (0: no group discount).
  groupDiscountPercent: integer('group_discount_percent').notNull().default(0),
  // Charged (chargeoff) for every commercial session the launcher reports.
  licenceFee: numeric('licence_fee', { precision: 12, scale: 2 }).notNull().default('0'),
  languages: text('languages').array().notNull().default(sql`ARRAY['ru','en']::text[]`),
  // The booking widget: minutes an online booking with a payment due holds its places before it is
  // cancelled unpaid, and hours before the session until which a customer may cancel on their page.
  widgetPaymentMinutes: integer('widget_payment_minutes').notNull().default(20),
  customerCancelHours: integer('customer_cancel_hours').notNull().default(24),
  // #46 Until how many hours before the session the customer may move it on their page, and what a
  // cancel after the cut-off keeps (percent of the price: the venue's rule the page states).
  customerMoveHours: integer('customer_move_hours').notNull().default(24),
  customerLateCancelKeepPercent: integer('customer_late_cancel_keep_percent').notNull().default(100),
  // #39 The venue's phone for its customers: the widget's order page says "call the venue" with it.
  phone: text('phone').notNull().default(''),
  // #30: the desk may book a walk-in without the guest's name and phone (the spec's rule is the default).
  walkInsWithoutDetails: boolean('walk_ins_without_details').notNull().default(false),
  // #40 The venue's privacy policy (an http(s) URL), linked beside the widget's consent box; '' when none.
  privacyPolicyUrl: text('privacy_policy_url').notNull().default(''),
  // #43 The till: cash and card at the desk only into an open shift (on for new locations; existing
  // ones started with it off), and the variance above which a count needs a manager's confirmation.
  cashOnlyInShift: boolean('cash_only_in_shift').notNull().default(true),
  shiftVarianceThreshold: numeric('shift_variance_threshold', { precision: 12, scale: 2 }).notNull().default('0'),
  // #42 Its letters' display name (From: "<sender_name>" <the installation's address>; '' the location's
  // name) and its e-mail, their Reply-To ('' for none). The address itself stays the installation's (SPF, DMARC).
  senderName: text('sender_name').notNull().default(''),
  email: text('email').notNull().default(''),
  // #44 Arrivals: the desk checks guests in (off for the locations that existed before, so none gets
  // false no-shows); minutes after a session's start before its unchecked paid orders are no-shows;
  // the age below which a participant's signature needs a guardian's.
  arrivalsEnabled: boolean('arrivals_enabled').notNull().default(false),
  // When arrivals were last turned on: only sessions from then on can make no-shows (none of the past).
  arrivalsSince: timestamp('arrivals_since', { withTimezone: true }),
  arrivalGraceMinutes: integer('arrival_grace_minutes').notNull().default(15),
  minorAge: integer('minor_age').notNull().default(18),
  // #47 Months after a guest's last session when their personal data are erased; null: never.
  personalDataRetentionMonths: integer('personal_data_retention_months'),
  createdAt: createdAt(),
});

export const locationTranslations = pgTable('location_translations', {
  locationId: integer('location_id').notNull().references(() => locations.id, { onDelete: 'cascade' }),
  language: text('language').notNull(),
  name: text('name').notNull(),
  address: text('address').notNull().default(''),
  distance: text('distance').notNull().default(''),
  openingTimes: text('opening_times').notNull().default(''),
  paymentDescription: text('payment_description').notNull().default(''),
  parkingDescription: text('parking_description').notNull().default(''),
  description: text('description').notNull().default(''),
}, (t) => [primaryKey({ columns: [t.locationId, t.language] })]);

export const playgroundGroups = pgTable('playground_groups', {
  id: serial('id').primaryKey(),
  locationId: integer('location_id').notNull().references(() => locations.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

export const playgrounds = pgTable('playgrounds', {
  id: serial('id').primaryKey(),
  locationId: integer('location_id').notNull().references(() => locations.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  // Any of the_cube, arena, lounge (calendars show only these types).
  types: text('types').array().notNull(),
  durationMinutes: integer('duration').notNull(),
  maxPlayers: integer('max_players').notNull(),
  groupId: integer('group_id').references(() => playgroundGroups.id, { onDelete: 'set null' }),
  uuidToken: uuid('uuid_token'),
  techControl: boolean('tech_control').notNull().default(false),
  techSessionsAccessExpiresAt: timestamp('tech_sessions_access_expires_at', { withTimezone: true }),
  // A playground with orders is retired (false), never deleted: schedules, the day view and the widget skip it.
  isActive: boolean('is_active').notNull().default(true),
}, (t) => [index('playgrounds_location_idx').on(t.locationId)]);

// Role ids/values of the spec: id 40 manages a location; value >= 20 sees the Locations tab.
export const roles = pgTable('roles', {
  id: integer('id').primaryKey(),
  value: integer('value').notNull(),
  code: text('code').notNull().unique(),
});

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  // Public identifier of a user (sellers are referred to by it).
  uid: uuid('uid').notNull().unique().defaultRandom(),
  name: text('name').notNull().default(''),
  email: text('email').notNull(),
  phone: text('phone').notNull().default(''),
  avatar: text('avatar'),
  passwordHash: text('password_hash').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  // The installation's owner (#28): creates locations, is administrator (role 40) at every one of
  // them (real rows of user_location_roles, written when a location or an owner is made), and alone
  // makes other owners or deactivates an account everywhere.
  isOwner: boolean('is_owner').notNull().default(false),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`)]);

export const userLocationRoles = pgTable('user_location_roles', {
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  locationId: integer('location_id').notNull().references(() => locations.id, { onDelete: 'cascade' }),
  roleId: integer('role_id').notNull().references(() => roles.id),
}, (t) => [primaryKey({ columns: [t.userId, t.locationId] })]);

// Permission names without the `accounts.{product}.` prefix, e.g. `techsessions`, held at one
// location (#28): a right granted at A gives nothing at B. GET /loginjwt/permissions/ answers the
// union (its shape of the spec); every check at a location reads that location's rows.
export const userPermissions = pgTable('user_permissions', {
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  locationId: integer('location_id').notNull().references(() => locations.id, { onDelete: 'cascade' }),
  codename: text('codename').notNull(),
}, (t) => [primaryKey({ columns: [t.userId, t.locationId, t.codename] })]);

// Only a SHA-256 of each token is stored, so a database leak reveals no usable token.
export const authTokens = pgTable('auth_tokens', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  keyHash: text('key_hash').notNull().unique(),
  createdAt: createdAt(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

export const passwordResetKeys = pgTable('password_reset_keys', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  keyHash: text('key_hash').notNull().unique(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

// Failed logins, counted per e-mail and client address to throttle guessing across processes.
export const loginFailures = pgTable('login_failures', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  email: text('email').notNull(),
  ip: text('ip').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('login_failures_email_ip_at_idx').on(t.email, t.ip, t.at)]);

// The location balance is the sum of this ledger; `total` is the running balance after the row.
export const transactions = pgTable('transactions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  locationId: integer('location_id').notNull().references(() => locations.id),
  session: text('session'),
  operationDt: timestamp('operation_dt', { withTimezone: true }).notNull().defaultNow(),
  description: text('description').notNull().default(''),
  amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
  additional: boolean('additional').notNull().default(false),
  total: numeric('total', { precision: 14, scale: 2 }).notNull(),
  currencyId: integer('currency_id').references(() => currencies.id),
  license: text('license'),
  code: text('code'),
  type: text('type').notNull(),
  userId: integer('user_id').references(() => users.id),
  number: text('number'),
  debtOpen: boolean('debt_open').notNull().default(false),
  originalTransactionId: integer('original_transaction_id'),
  createdAt: createdAt(),
}, (t) => [index('transactions_location_dt_idx').on(t.locationId, t.operationDt)]);

// Side effects (mail, webhooks, auto-cancel, provider calls) are written here in the same transaction
// as the change that causes them, and a worker runs them; a crash loses none. The one outbox (#41).
export const jobs = pgTable('jobs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  kind: text('kind').notNull(),
  payload: jsonb('payload').notNull(),
  runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
  // #41 Lower runs first among due jobs: money at a provider before letters and webhooks (platform/jobs.ts).
  priority: smallint('priority').notNull().default(50),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  doneAt: timestamp('done_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [
  // The worker's claim: due jobs by priority, then by when they were due.
  index('jobs_due_idx').on(t.priority, t.runAt, t.id).where(sql`done_at IS NULL`),
  // The daily pruning of finished jobs.
  index('jobs_done_idx').on(t.doneAt).where(sql`done_at IS NOT NULL`),
]);

// Rate limits of the public calls (booking widget): one counter per bucket (call and client address)
// and fixed window, shared by every server process through the database.
export const rateLimitHits = pgTable('rate_limit_hits', {
  bucket: text('bucket').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.bucket, t.windowStart] }), index('rate_limit_hits_window_idx').on(t.windowStart)]);

// Official holidays and pre-holidays per country: day types 8 and 9 of schedules.
export const holidays = pgTable('holidays', {
  id: serial('id').primaryKey(),
  countryId: integer('country_id').notNull().references(() => countries.id, { onDelete: 'cascade' }),
  date: date('date', { mode: 'string' }).notNull(),
  // 'holiday' or 'pre_holiday'.
  kind: text('kind').notNull(),
  name: text('name').notNull().default(''),
}, (t) => [uniqueIndex('holidays_country_date_idx').on(t.countryId, t.date)]);

// A playground group's schedule. Items (with their pricing rows and breaks) and the schedule's
// own breaks are one document, saved whole: a schedule is edited and checked as a unit.
export const schedules = pgTable('schedules', {
  id: serial('id').primaryKey(),
  locationId: integer('location_id').notNull().references(() => locations.id, { onDelete: 'cascade' }),
  playgroundGroupId: integer('playground_group_id').references(() => playgroundGroups.id),
  name: text('name').notNull(),
  startDt: date('start_dt', { mode: 'string' }).notNull(),
  disabled: boolean('disabled').notNull().default(false),
  breaks: jsonb('breaks').$type<ScheduleBreak[]>().notNull().default([]),
  items: jsonb('items').$type<ScheduleItem[]>().notNull().default([]),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('schedules_group_idx').on(t.playgroundGroupId, t.startDt)]);

export const games = pgTable('games', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  genre: text('genre').notNull().default(''),
  // [{country, age}]
  info: jsonb('info').$type<{ country: string; age: number }[]>().notNull().default([]),
});

export const locationGames = pgTable('location_games', {
  locationId: integer('location_id').notNull().references(() => locations.id, { onDelete: 'cascade' }),
  gameId: integer('game_id').notNull().references(() => games.id, { onDelete: 'cascade' }),
  // The playgrounds the game runs on at this location; null: all of them.
  playgroundIds: integer('playground_ids').array(),
}, (t) => [primaryKey({ columns: [t.locationId, t.gameId] })]);

// A session that has (or had) orders: its time, length and price are fixed when first booked,
// so later schedule edits never move or reprice it. Times are the location's wall clock.
export const playsessions = pgTable('playsessions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  playgroundId: integer('playground_id').notNull().references(() => playgrounds.id),
  businessDate: date('business_date', { mode: 'string' }).notNull(),
  // 'YYYY-MM-DD HH:mm' wall clock of the location.
  timeStart: text('time_start').notNull(),
  duration: integer('duration').notNull(),
  sessionPrice: numeric('session_price', { precision: 12, scale: 2 }),
  personalPrice: numeric('personal_price', { precision: 12, scale: 2 }),
  prepayment: numeric('prepayment', { precision: 3, scale: 2 }).notNull().default('1'),
  currencyId: integer('currency_id').references(() => currencies.id),
  gameId: integer('game_id').references(() => games.id),
  scheduleId: integer('schedule_id').references(() => schedules.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('playsessions_playground_start_idx').on(t.playgroundId, t.timeStart),
  index('playsessions_playground_day_idx').on(t.playgroundId, t.businessDate),
]);

// Orders: status 1 cart, 2 pending, 3 confirmed, 4 cancelled, 5 cart cancelled, 6 paid;
// type 1 paid, 2 technical, 3 free, 4 event. Money is numeric, never float.
export const orders = pgTable('orders', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  locationId: integer('location_id').notNull().references(() => locations.id),
  name: text('name').notNull(),
  phone: text('phone').notNull(),
  email: text('email'),
  persons: integer('persons').notNull(),
  orderType: integer('order_type').notNull(),
  status: integer('status').notNull(),
  cost: numeric('cost', { precision: 12, scale: 2 }).notNull().default('0'),
  discount: numeric('discount', { precision: 12, scale: 2 }).notNull().default('0'),
  purchase: numeric('purchase', { precision: 12, scale: 2 }).notNull().default('0'),
  paid: numeric('paid', { precision: 12, scale: 2 }).notNull().default('0'),
  promocode: text('promocode'),
  bill: text('bill'),
  cancelDelay: integer('cancel_delay'),
  comment: text('comment').notNull().default(''),
  sellerUserId: integer('seller_user_id').references(() => users.id),
  staffUserId: integer('staff_user_id').references(() => users.id),
  gameId: integer('game_id').references(() => games.id),
  multisession: boolean('multisession').notNull().default(false),
  source: text('source').notNull().default('backoffice'),
  amoId: text('amo_id'),
  eventTypeId: integer('event_type_id'),
  // The customer's language ('ru' or 'en') for orders from the booking widget: their letters use it.
  language: text('language'),
  // #44 Nobody of a paid-type order was checked in by its session's start plus the location's grace
  // minutes (arrivals on): a flag set by the no-show job, never a status; it changes no money.
  noShow: boolean('no_show').notNull().default(false),
  // #47 When its personal data were erased (on request or by retention): the money stays, the person is gone.
  personalDataErasedAt: timestamp('personal_data_erased_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('orders_location_created_idx').on(t.locationId, t.createdAt), index('orders_phone_idx').on(t.phone),
  // #44 The no-show job's look-up: a location's live paid-type orders not flagged yet.
  index('orders_no_show_candidates_idx').on(t.locationId).where(sql`no_show = false AND order_type = 1 AND status NOT IN (4, 5)`)]);

// #40 A location's personal-data consent texts (152-FZ), one row per version, never edited: a
// changed text is a new version. `text_hash` is the SHA-256 (hex) of the exact UTF-8 text, so a
// consent record names the wording the customer was shown. Version 1 is made from the template
// (domain/consentTemplate.ts) when a location's consent is first read (locations/consent.ts).
// #44 Since migration 0027 they are the versions of a location's consent documents (consent_documents):
// the personal-data consent's versions are the rows #40 made, the rules' and marketing's are new rows.
export const consentTexts = pgTable('consent_texts', {
  id: serial('id').primaryKey(),
  locationId: integer('location_id').notNull().references(() => locations.id),
  // #44 The document it is a version of.
  documentId: integer('document_id').notNull().references(() => consentDocuments.id),
  version: integer('version').notNull(),
  // The Russian text (#40: the text in the location's first language).
  text: text('text').notNull(),
  textHash: char('text_hash', { length: 64 }).notNull(),
  // #44 The English text ('' for a version saved before 0027 or through the location's settings).
  textEn: text('text_en').notNull().default(''),
  // #44 A personal-data consent's facts the law expects (operator, INN, address, purposes, data,
  // actions, term, withdrawal: domain/consentDocuments.ts); null where none were given.
  details: jsonb('details').$type<Record<string, string>>(),
  createdAt: createdAt(),
  // The administrator who saved it; null for the template's first version.
  createdBy: integer('created_by').references(() => users.id),
}, (t) => [uniqueIndex('consent_texts_document_version_idx').on(t.documentId, t.version)]);

// #44 A location's consent documents, one of each kind: personal_data (152-FZ), rules (the venue's
// rules and briefing), marketing (optional, never required). Their texts are versioned in consent_texts.
export const consentDocuments = pgTable('consent_documents', {
  id: serial('id').primaryKey(),
  locationId: integer('location_id').notNull().references(() => locations.id),
  kind: text('kind').notNull(),
  createdAt: createdAt(),
  createdBy: integer('created_by').references(() => users.id),
}, (t) => [uniqueIndex('consent_documents_location_kind_idx').on(t.locationId, t.kind)]);

// #40 The personal-data consent a customer gave with a widget booking: the text's version, when,
// from which address and browser. Written in the booking's own transaction; never edited.
export const orderConsents = pgTable('order_consents', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orderId: bigint('order_id', { mode: 'number' }).notNull().references(() => orders.id).unique(),
  consentTextId: integer('consent_text_id').notNull().references(() => consentTexts.id),
  acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  ip: text('ip').notNull(),
  userAgent: text('user_agent').notNull().default(''),
  // #47 After erasure: the keyed hash of the order's name and phone (people/erase.ts subjectHash).
  subjectHash: text('subject_hash'),
});

// #44 The people of an order, one per person (position 1 is the lead guest): made with the order and
// when its persons grow (a trigger of migration 0027); a position above them (persons lowered later)
// no longer counts. Check-in is who checked them in and when.
export const orderParticipants = pgTable('order_participants', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orderId: bigint('order_id', { mode: 'number' }).notNull().references(() => orders.id, { onDelete: 'cascade' }),
  position: integer('position').notNull(),
  name: text('name').notNull().default(''),
  birthDate: date('birth_date', { mode: 'string' }),
  checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
  checkedInBy: integer('checked_in_by').references(() => users.id),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('order_participants_order_position_idx').on(t.orderId, t.position)]);

// #44 A participant's signature of a consent document's version: the exact text's SHA-256 in the
// language signed, the typed name, the birth date, a guardian for a minor, when, address and browser.
// Never edited; a new version of the document is signed anew.
export const consentSignatures = pgTable('consent_signatures', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orderId: bigint('order_id', { mode: 'number' }).notNull().references(() => orders.id),
  participantId: bigint('participant_id', { mode: 'number' }).notNull().references(() => orderParticipants.id),
  consentTextId: integer('consent_text_id').notNull().references(() => consentTexts.id),
  textHash: char('text_hash', { length: 64 }).notNull(),
  language: text('language').notNull(),
  signedName: text('signed_name').notNull(),
  birthDate: date('birth_date', { mode: 'string' }),
  guardianName: text('guardian_name'),
  guardianRelation: text('guardian_relation'),
  signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
  ip: text('ip').notNull(),
  userAgent: text('user_agent').notNull().default(''),
  // #47 After erasure: the keyed hash of the signed name and the order's phone (people/erase.ts subjectHash).
  subjectHash: text('subject_hash'),
}, (t) => [uniqueIndex('consent_signatures_participant_text_idx').on(t.participantId, t.consentTextId), index('consent_signatures_order_idx').on(t.orderId)]);

export const orderPlaysessions = pgTable('order_playsessions', {
  orderId: bigint('order_id', { mode: 'number' }).notNull().references(() => orders.id, { onDelete: 'cascade' }),
  playsessionId: bigint('playsession_id', { mode: 'number' }).notNull().references(() => playsessions.id),
}, (t) => [primaryKey({ columns: [t.orderId, t.playsessionId] }), index('order_playsessions_ps_idx').on(t.playsessionId)]);

// Every change to an order, with its author (null for the system: auto-cancel, provider callbacks).
export const orderLogs = pgTable('order_logs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orderId: bigint('order_id', { mode: 'number' }).notNull().references(() => orders.id, { onDelete: 'cascade' }),
  created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  // created, edited, paid, cancelled, auto_cancelled, comment
  type: text('type').notNull(),
  text: text('text').notNull().default(''),
  data: jsonb('data').notNull().default({}),
  authorUserId: integer('author_user_id').references(() => users.id),
}, (t) => [index('order_logs_order_idx').on(t.orderId, t.created)]);

// Payments: on an order, or standalone (order null). Type 1 online, 2 at location, 3 certificate,
// 4 bill, 5 third-party, 6 card on site, 7 manual (only 7 can be hidden: actual = false).
export const payments = pgTable('payments', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id),
  locationId: integer('location_id').notNull().references(() => locations.id),
  paymentType: integer('payment_type').notNull(),
  created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  // processing, paid, failed, cancelled
  status: text('status').notNull().default('paid'),
  externalId: text('external_id'),
  purchase: numeric('purchase', { precision: 12, scale: 2 }).notNull(),
  comment: text('comment').notNull().default(''),
  userId: integer('user_id').references(() => users.id),
  certificateId: integer('certificate_id'),
  actual: boolean('actual').notNull().default(true),
  // #29: which provider made the link (sandbox, yookassa, stripe); null for money taken at the desk.
  provider: text('provider'),
  // #29 receipts: the 54-FZ receipt sent with the payment: pending, succeeded, canceled (YooKassa's
  // receipt_registration of the payment); not_sent when receipts are on but none could go (no e-mail
  // or phone); null when no receipt was due (receipts off, the desk, another provider).
  receiptStatus: text('receipt_status'),
  // #29 receipts: the settlement receipt of a prepayment (sent by the receipt.settle job once the
  // session has begun): due (not sent yet), pending, succeeded, canceled; null when none is needed.
  settlementStatus: text('settlement_status'),
  // YooKassa's id of the settlement receipt, to re-read it while pending.
  settlementReceiptId: text('settlement_receipt_id'),
  // #38 A payment the provider made in its test mode (YooKassa's `test`, Stripe's livemode false) on a
  // live install: it settled nothing and counts in no revenue (status failed). The demo's count as usual.
  test: boolean('test').notNull().default(false),
  // #38 What the provider reported when it differs from the link (its amount and currency): the payment
  // is not settled; null while nothing differed.
  providerMismatch: jsonb('provider_mismatch').$type<{ amount: string | null; currency: string | null }>(),
  // #43 The till's shift desk cash and card (a refund's too) landed in; null: elsewhere (online,
  // certificate, a bill) or a location that does not require shifts and had none open.
  shiftId: bigint('shift_id', { mode: 'number' }).references(() => tillShifts.id),
}, (t) => [
  index('payments_shift_idx').on(t.shiftId).where(sql`shift_id IS NOT NULL`),
  index('payments_provider_external_idx').on(t.provider, t.externalId),
  index('payments_location_created_idx').on(t.locationId, t.created), index('payments_order_idx').on(t.orderId),
  // A retried payment with the same external id is found under the order's lock (not unique: older rows may repeat one).
  index('payments_order_external_idx').on(t.orderId, t.externalId),
]);

// Idempotency keys of money writes (pay, standalone payments, top-ups, ledger writes): the first
// request with a key stores its answer in the same transaction as the write; a retry with the key
// gets that answer again instead of writing twice. A concurrent retry waits on the unique index
// until the first commits. Kept a day (IDEMPOTENCY_KEY_HOURS).
export const idempotencyKeys = pgTable('idempotency_keys', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  key: text('key').notNull(),
  // The call it was used for (method and path) and a hash of its body: another call or body with the same key is refused.
  scope: text('scope').notNull(),
  requestHash: text('request_hash').notNull(),
  statusCode: integer('status_code'),
  response: jsonb('response'),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('idempotency_keys_user_key_idx').on(t.userId, t.key)]);

// Promo codes per location: `discount` below 1 is a fraction of the price, otherwise a flat amount.
export const promocodes = pgTable('promocodes', {
  id: serial('id').primaryKey(),
  locationId: integer('location_id').notNull().references(() => locations.id, { onDelete: 'cascade' }),
  code: text('code').notNull(),
  discount: numeric('discount', { precision: 12, scale: 2 }).notNull(),
  validFrom: date('valid_from', { mode: 'string' }),
  validTo: date('valid_to', { mode: 'string' }),
  usageLimit: integer('usage_limit'),
  usedCount: integer('used_count').notNull().default(0),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('promocodes_location_code_idx').on(t.locationId, sql`upper(${t.code})`)]);

// Gift certificates. The balance is never stored: it is rate minus the sum of redemptions.
export const certificates = pgTable('certificates', {
  id: serial('id').primaryKey(),
  uniqueNumber: text('unique_number').notNull().unique(),
  creatingLocationId: integer('creating_location_id').notNull().references(() => locations.id),
  rate: numeric('rate', { precision: 12, scale: 2 }).notNull(),
  // digital or physical
  type: text('type').notNull(),
  design: text('design').notNull().default(''),
  // NOT_PAID, ACTIVE, EXPIRED, USED
  status: text('status').notNull().default('NOT_PAID'),
  createdByUserId: integer('created_by_user_id').references(() => users.id),
  datetimeCreated: timestamp('datetime_created', { withTimezone: true }).notNull().defaultNow(),
  sellerUserId: integer('seller_user_id').references(() => users.id),
  datetimeActivated: timestamp('datetime_activated', { withTimezone: true }),
  bookedBy: jsonb('booked_by').$type<{ name: string; phone: string; email: string } | null>(),
  currencyId: integer('currency_id').references(() => currencies.id),
  expiresAt: date('expires_at', { mode: 'string' }),
});

export const certificateRedemptions = pgTable('certificate_redemptions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  certificateId: integer('certificate_id').notNull().references(() => certificates.id),
  paymentId: bigint('payment_id', { mode: 'number' }).references(() => payments.id),
  amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
  created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('certificate_redemptions_cert_idx').on(t.certificateId)]);

// Early-booking discounts: booking at least `days` ahead gives `discount` percent.
export const earlyBookingConditions = pgTable('early_booking_conditions', {
  id: serial('id').primaryKey(),
  locationId: integer('location_id').notNull().references(() => locations.id, { onDelete: 'cascade' }),
  days: integer('days').notNull(),
  discount: integer('discount').notNull(),
});

// Event packages a location sells (birthday party, team building...): chosen for event orders.
export const eventPackages = pgTable('event_packages', {
  id: serial('id').primaryKey(),
  locationId: integer('location_id').notNull().references(() => locations.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  price: numeric('price', { precision: 12, scale: 2 }).notNull(),
  active: boolean('active').notNull().default(true),
  // Optional validity; null ends mean open.
  validFrom: date('valid_from', { mode: 'string' }),
  validTo: date('valid_to', { mode: 'string' }),
});

// The face values a location sells certificates for.
export const certificateRates = pgTable('certificate_rates', {
  id: serial('id').primaryKey(),
  locationId: integer('location_id').notNull().references(() => locations.id, { onDelete: 'cascade' }),
  rate: numeric('rate', { precision: 12, scale: 2 }).notNull(),
  // A rate already sold is retired (false), never deleted: the sale form no longer offers it.
  active: boolean('active').notNull().default(true),
}, (t) => [uniqueIndex('certificate_rates_location_rate_idx').on(t.locationId, t.rate)]);

// The designs a location prints or sends certificates in (#28; before, one fixed list). A design
// already used by a certificate is retired (active false), never deleted.
export const certificateDesigns = pgTable('certificate_designs', {
  id: serial('id').primaryKey(),
  locationId: integer('location_id').notNull().references(() => locations.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  active: boolean('active').notNull().default(true),
}, (t) => [uniqueIndex('certificate_designs_location_name_idx').on(t.locationId, sql`lower(${t.name})`)]);

// Sessions the venue's launcher reports (started/ended game sessions), idempotent by uuid.
// session_type: 1 commercial, 2 technical test, 3 free showcase, 4 break.
export const launcherSessions = pgTable('launcher_sessions', {
  uuid: uuid('uuid').primaryKey(),
  playgroundId: integer('playground_id').notNull().references(() => playgrounds.id),
  locationId: integer('location_id').notNull().references(() => locations.id),
  started: timestamp('started', { withTimezone: true }).notNull(),
  ended: timestamp('ended', { withTimezone: true }),
  gameId: integer('game_id').references(() => games.id),
  playersCnt: integer('players_cnt').notNull().default(0),
  sessionType: integer('session_type').notNull(),
  ordersIds: bigint('orders_ids', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
  chargeTransactionId: bigint('charge_transaction_id', { mode: 'number' }),
}, (t) => [index('launcher_sessions_location_started_idx').on(t.locationId, t.started)]);

// Disputes of balance transactions, with the uploaded files (stored under DATA_DIR/media/disputes).
export const transactionDisputes = pgTable('transaction_disputes', {
  id: serial('id').primaryKey(),
  transactionId: bigint('transaction_id', { mode: 'number' }).notNull().references(() => transactions.id),
  text: text('text').notNull(),
  files: jsonb('files').$type<{ name: string; url: string; size: number }[]>().notNull().default([]),
  userId: integer('user_id').references(() => users.id),
  created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
});

// Webhooks of a location (the tools page). `secret` signs every delivery (HMAC-SHA256 of the body);
// it is shown once, when the webhook is created. `active` turns false when a target answers 410.
export const webhooks = pgTable('webhooks', {
  id: serial('id').primaryKey(),
  locationId: integer('location_id').notNull().references(() => locations.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  // With extra, payloads also carry the customer's contacts and the order's sessions.
  extra: boolean('extra').notNull().default(false),
  secret: text('secret').notNull(),
  active: boolean('active').notNull().default(true),
  disabledReason: text('disabled_reason'),
  createdAt: createdAt(),
}, (t) => [index('webhooks_location_idx').on(t.locationId)]);

// The webhook outbox: one row per event and webhook, written in the same transaction as the change
// (with a 'webhook.deliver' job), and the delivery log the tools page shows.
// status: pending, delivered, failed (gave up after the retries), gone (target answered 410), skipped.
export const webhookDeliveries = pgTable('webhook_deliveries', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  webhookId: integer('webhook_id').notNull().references(() => webhooks.id, { onDelete: 'cascade' }),
  event: text('event').notNull(),
  // The exact JSON text that is posted and signed.
  body: text('body').notNull(),
  status: text('status').notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
  deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  // Set on a delivery made by the resend button: the one it repeats.
  resentFromId: bigint('resent_from_id', { mode: 'number' }),
  createdAt: createdAt(),
}, (t) => [index('webhook_deliveries_webhook_idx').on(t.webhookId, t.id)]);

// Every HTTP attempt of a delivery: when, the answer's status (null: no answer), a short excerpt, how long.
export const webhookAttempts = pgTable('webhook_attempts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  deliveryId: bigint('delivery_id', { mode: 'number' }).notNull().references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  statusCode: integer('status_code'),
  responseExcerpt: text('response_excerpt').notNull().default(''),
  error: text('error'),
  durationMs: integer('duration_ms').notNull(),
}, (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId)]);

// Gallery pictures of a location, stored under DATA_DIR/media/gallery with a thumbnail beside them.
export const locationImages = pgTable('location_images', {
  id: serial('id').primaryKey(),
  locationId: integer('location_id').notNull().references(() => locations.id, { onDelete: 'cascade' }),
  file: text('file').notNull(),
  thumb: text('thumb').notNull(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
}, (t) => [index('location_images_location_idx').on(t.locationId)]);

// Technical-session grants of the control page: who opened a playground for how long, and why.
export const techSessions = pgTable('tech_sessions', {
  id: serial('id').primaryKey(),
  playgroundId: integer('playground_id').notNull().references(() => playgrounds.id, { onDelete: 'cascade' }),
  minutes: integer('minutes').notNull(),
  comment: text('comment').notNull().default(''),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  stoppedAt: timestamp('stopped_at', { withTimezone: true }),
}, (t) => [index('tech_sessions_playground_idx').on(t.playgroundId, t.startedAt)]);

// The server's own secrets (HMAC keys of widget links, dashboard URLs, payment callbacks), made on
// first start so every process on this database signs alike (server/platform/secrets.ts). An
// environment variable of the same meaning overrides the stored value.
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

// The live desk (issue #17): one event log per location. A service writes a row in the
// transaction of its change (seq null); a deferred trigger (migration 0010) gives it the location's
// next sequence number at commit, under the row lock of `location_event_heads`, and NOTIFYs
// 'location_events'. So per location the numbers follow commit order without gaps: a client that
// saw n has seen everything up to n. Old rows expire (live.expire_events job).
export const locationEvents = pgTable('location_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  // No foreign key: its check would share-lock the location row, which the ledger locks FOR UPDATE.
  locationId: integer('location_id').notNull(),
  seq: bigint('seq', { mode: 'number' }),
  kind: text('kind').notNull(),
  payload: jsonb('payload').notNull(),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('location_events_seq_idx').on(t.locationId, t.seq),
  index('location_events_created_idx').on(t.createdAt),
]);

/** The last sequence number given per location (the row whose lock orders the commits). */
export const locationEventHeads = pgTable('location_event_heads', {
  locationId: integer('location_id').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull().default(0),
});

// Short-lived, single-use tickets of the event stream: an EventSource cannot send the token, and a
// token must not travel in a URL. Only the SHA-256 of a ticket is kept.
export const eventStreamTickets = pgTable('event_stream_tickets', {
  hash: text('hash').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  locationId: integer('location_id').notNull().references(() => locations.id, { onDelete: 'cascade' }),
  /** The token the ticket was asked with: its stream ends when that token is revoked (logout). */
  tokenId: integer('token_id').notNull().references(() => authTokens.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

// The one-time link of the first start (#28): printed while the database has no user. Only a
// SHA-256 of the token is kept; single-use (every row is deleted when the owner is made) and expiring.
export const setupTokens = pgTable('setup_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

// An invitation to join a location's staff (#28): a letter with /invitation/<key>; single-use,
// expiring, re-sendable (a new key) and withdrawable. The role and permissions are granted on acceptance.
export const invitations = pgTable('invitations', {
  id: serial('id').primaryKey(),
  keyHash: text('key_hash').notNull().unique(),
  locationId: integer('location_id').notNull().references(() => locations.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  roleId: integer('role_id').notNull().references(() => roles.id),
  permissions: text('permissions').array().notNull().default(sql`ARRAY[]::text[]`),
  invitedByUserId: integer('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  // #42 The letter's language ('ru' or 'en'), the inviter's choice or interface language; every re-send uses it.
  language: text('language'),
}, (t) => [index('invitations_location_idx').on(t.locationId, t.email)]);

// Who changed what (#28): one row per change of setup, staff, rights, prices, tools and money,
// written in the change's own transaction (server/platform/activity.ts). location_id null: an
// installation-wide entry (locations, owners, deactivations) only owners read. Never edited or deleted.
export const activityEntries = pgTable('activity_entries', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  userId: integer('user_id').references(() => users.id),
  locationId: integer('location_id').references(() => locations.id),
  ip: text('ip'),
  kind: text('kind').notNull(),
  // What was changed, as its owner names it (a playground's name, a person's e-mail, an order's number).
  subject: text('subject').notNull().default(''),
  before: jsonb('before'),
  after: jsonb('after'),
}, (t) => [index('activity_entries_location_idx').on(t.locationId, t.created)]);

// #29 The payment provider a location takes online money through (location_id null: the
// installation's own account, which top-ups of a location's balance go to). Secrets are AES-256-GCM
// ciphertexts (server/modules/paymentProviders/secretBox.ts), never read back by the API.
export const paymentProviders = pgTable('payment_providers', {
  id: serial('id').primaryKey(),
  locationId: integer('location_id').references(() => locations.id, { onDelete: 'cascade' }),
  // yookassa, stripe, sandbox; null: none chosen.
  provider: text('provider'),
  shopId: text('shop_id').notNull().default(''),
  secretKeyEnc: text('secret_key_enc'),
  webhookSecretEnc: text('webhook_secret_enc'),
  receipts: boolean('receipts').notNull().default(false),
  vatCode: integer('vat_code'),
  taxSystemCode: integer('tax_system_code'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  // One row per location and one for the installation (NULLs would not clash in a plain unique index).
  uniqueIndex('payment_providers_scope_idx').on(sql`coalesce(${t.locationId}, 0)`),
]);

// #29 A refund through the payment provider (YooKassa), a record of its own: made by staff on an
// order (`user_id`), or made in the provider's dashboard and learnt from its notification
// (`external`). pending until the provider's answer is final (succeeded, failed); a succeeded one
// has its negative payment (`refund_payment_id`), which lowers the order's paid.
export const refunds = pgTable('refunds', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orderId: bigint('order_id', { mode: 'number' }).notNull().references(() => orders.id),
  locationId: integer('location_id').notNull().references(() => locations.id),
  // The provider's payment it gives back.
  paymentId: bigint('payment_id', { mode: 'number' }).notNull().references(() => payments.id),
  provider: text('provider').notNull(),
  amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
  // pending, succeeded, failed
  status: text('status').notNull().default('pending'),
  // The provider's refund id, once it answered.
  externalId: text('external_id'),
  // Sent as the provider's Idempotence-Key on every attempt: a retry is the same refund.
  idempotenceKey: text('idempotence_key').notNull(),
  userId: integer('user_id').references(() => users.id),
  external: boolean('external').notNull().default(false),
  // Why the provider refused it (its error code).
  error: text('error'),
  // The refund receipt's state as the provider reports it (pending, succeeded, canceled); null: none sent.
  receiptStatus: text('receipt_status'),
  refundPaymentId: bigint('refund_payment_id', { mode: 'number' }).references(() => payments.id),
  // #38 Made by the product itself (a payment that reached a closed link goes back in full), not by staff or the customer.
  automatic: boolean('automatic').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('refunds_order_idx').on(t.orderId),
  uniqueIndex('refunds_idempotence_key_idx').on(t.idempotenceKey),
  // One record per provider refund: a notification repeated, or our own refund told back to us, is recorded once.
  uniqueIndex('refunds_provider_external_idx').on(t.provider, t.externalId),
]);

// #43 The till. A location's desks (one made with the location: a trigger of migration 0025), each
// holding at most one shift that is not closed (a partial unique index). A shift takes desk cash and
// card while open (payments.shift_id), and money moved by hand (till_movements); its count
// (till_counts: a recount is a second row, both kept) closes it, or leaves it waiting for a
// manager's confirmation above the location's threshold. A closed shift, its movements and counts
// never change: triggers refuse it.
export const tills = pgTable('tills', {
  id: serial('id').primaryKey(),
  locationId: integer('location_id').notNull().references(() => locations.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('tills_location_name_idx').on(t.locationId, sql`lower(${t.name})`)]);

export const tillShifts = pgTable('till_shifts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  tillId: integer('till_id').notNull().references(() => tills.id),
  locationId: integer('location_id').notNull().references(() => locations.id),
  // open, needs_confirmation, closed (domain/till.ts).
  state: text('state').notNull().default('open'),
  float: numeric('float', { precision: 12, scale: 2 }).notNull(),
  // What the float was offered as (the last close's counted cash less its drop); null: the till's first shift.
  floatSuggested: numeric('float_suggested', { precision: 12, scale: 2 }),
  // Why the float differs from the one offered ('' when it does not).
  floatComment: text('float_comment').notNull().default(''),
  openedBy: integer('opened_by').notNull().references(() => users.id),
  openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
  closedAt: timestamp('closed_at', { withTimezone: true }),
  confirmedBy: integer('confirmed_by').references(() => users.id),
  confirmComment: text('confirm_comment'),
}, (t) => [
  uniqueIndex('till_shifts_current_idx').on(t.tillId).where(sql`state <> 'closed'`),
  index('till_shifts_location_idx').on(t.locationId, t.openedAt),
]);

export const tillMovements = pgTable('till_movements', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  shiftId: bigint('shift_id', { mode: 'number' }).notNull().references(() => tillShifts.id),
  // paid_in, paid_out, drop
  kind: text('kind').notNull(),
  amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
  comment: text('comment').notNull(),
  userId: integer('user_id').notNull().references(() => users.id),
  createdAt: createdAt(),
}, (t) => [index('till_movements_shift_idx').on(t.shiftId)]);

export const tillCounts = pgTable('till_counts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  shiftId: bigint('shift_id', { mode: 'number' }).notNull().references(() => tillShifts.id),
  countedCash: numeric('counted_cash', { precision: 12, scale: 2 }).notNull(),
  countedCard: numeric('counted_card', { precision: 12, scale: 2 }).notNull(),
  // {"5000": 2, "100": 3}: the bills and coins counted, when given (they add up to counted_cash).
  denominations: jsonb('denominations').$type<Record<string, number>>(),
  // Cash taken from the drawer to the safe at the close, after the count: the next float is counted_cash - drop.
  drop: numeric('drop', { precision: 12, scale: 2 }).notNull().default('0'),
  // What was expected when it was counted (no money lands in a counted shift, so it stays true).
  expectedCash: numeric('expected_cash', { precision: 12, scale: 2 }).notNull(),
  expectedCard: numeric('expected_card', { precision: 12, scale: 2 }).notNull(),
  // #43 The register's own shift revenue (its Z-report), when the cashier entered it (migration 0028).
  registerRevenue: numeric('register_revenue', { precision: 12, scale: 2 }),
  userId: integer('user_id').notNull().references(() => users.id),
  createdAt: createdAt(),
}, (t) => [index('till_counts_shift_idx').on(t.shiftId)]);

// #43 The daily letter's once-only key (migration 0028): one row per location and business day,
// written with that day's letter jobs in one transaction (server/modules/till/dailyLetter.ts).
export const tillDailyLetters = pgTable('till_daily_letters', {
  locationId: integer('location_id').notNull().references(() => locations.id, { onDelete: 'cascade' }),
  date: date('date', { mode: 'string' }).notNull(),
  // How many administrators the day's letters were queued for.
  admins: integer('admins').notNull().default(0),
  createdAt: createdAt(),
}, (t) => [primaryKey({ name: 'till_daily_letters_pk', columns: [t.locationId, t.date] })]);

// #45 A location's messaging settings (one row; none: nothing is sent). The SMS.ru key is sealed
// like the payment providers' secrets (paymentProviders/secretBox.ts) and never answered; the
// senders are the account's registered ones as SMS.ru listed them at the last save.
export const locationMessaging = pgTable('location_messaging', {
  locationId: integer('location_id').primaryKey().references(() => locations.id, { onDelete: 'cascade' }),
  channels: text('channels').array().notNull().default(sql`'{}'::text[]`),
  mode: text('mode').notNull().default('first_available'),
  smsruApiKeyEnc: text('smsru_api_key_enc'),
  smsSender: text('sms_sender').notNull().default(''),
  smsSenders: text('sms_senders').array().notNull().default(sql`'{}'::text[]`),
  smsDailyLimit: integer('sms_daily_limit').notNull().default(300),
  // Minutes before the session.
  reminderOffsets: integer('reminder_offsets').array().notNull().default(sql`'{1440,120}'::integer[]`),
  quietFrom: text('quiet_from').notNull().default('22:00'),
  quietTo: text('quiet_to').notNull().default('09:00'),
  thankYou: boolean('thank_you').notNull().default(false),
  // Minutes after the session's end.
  thankYouDelay: integer('thank_you_delay').notNull().default(60),
  // The promo code the thank-you offers ('' none). With one the thank-you is marketing: only to a lead
  // guest who signed the marketing consent and has not unsubscribed, with the unsubscribe link (0033).
  thankYouPromocode: text('thank_you_promocode').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// #45 A contact (an e-mail in lower case, or a phone's digits) that unsubscribed from a location's
// offers by the link in a marketing thank-you; the order whose link it used.
export const marketingUnsubscribes = pgTable('marketing_unsubscribes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  locationId: integer('location_id').notNull().references(() => locations.id, { onDelete: 'cascade' }),
  contact: text('contact').notNull(),
  orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('marketing_unsubscribes_location_contact_idx').on(t.locationId, t.contact)]);

// #45 A location's own template of one kind x channel x language (the built-in one where none).
export const messageTemplates = pgTable('message_templates', {
  id: serial('id').primaryKey(),
  locationId: integer('location_id').notNull().references(() => locations.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  channel: text('channel').notNull(),
  language: text('language').notNull(),
  subject: text('subject').notNull().default(''),
  body: text('body').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('message_templates_key_idx').on(t.locationId, t.kind, t.channel, t.language)]);

// #45 One planned send to a customer: planned by recordEffects in the change's transaction, sent by
// the `message.send` job of the one outbox. `sending` is written (committed) before the gateway is
// called, so a send in flight at a crash is never repeated: the sweep reads it back (SMS.ru's status
// by `gateway_id`) or marks it `unknown`. `subject`/`body`/`recipient` are what went out.
export const messages = pgTable('messages', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orderId: bigint('order_id', { mode: 'number' }).notNull().references(() => orders.id),
  locationId: integer('location_id').notNull().references(() => locations.id),
  kind: text('kind').notNull(),
  channel: text('channel').notNull(),
  language: text('language').notNull(),
  dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
  state: text('state').notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  recipient: text('recipient').notNull().default(''),
  gatewayId: text('gateway_id'),
  error: text('error'),
  subject: text('subject'),
  body: text('body'),
  // What the kind's text needs beyond the order: a change's `changes`, a refund's `amount`; a fallback's `fell_back_from`.
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  sendingAt: timestamp('sending_at', { withTimezone: true }),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('messages_order_idx').on(t.orderId), index('messages_location_idx').on(t.locationId, t.id),
  index('messages_sending_idx').on(t.sendingAt).where(sql`state = 'sending'`),
  index('messages_sent_sms_idx').on(t.sentAt).where(sql`state = 'sent' AND channel = 'sms'`)]);

// #47 A person's request about their data (152-FZ): to see it (`access`, answered within 10 working
// days) or a withdrawal of consent (`withdrawal`, the data destroyed within 30 days). Open until done
// (an export or an erasure of the contact closes it, or staff close it); overdue past `due_on`. An
// erasure of the contact blanks its phone and e-mail and keeps their keyed hash.
export const dataRequests = pgTable('data_requests', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  locationId: integer('location_id').notNull().references(() => locations.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  phone: text('phone').notNull().default(''),
  email: text('email').notNull().default(''),
  receivedOn: date('received_on', { mode: 'string' }).notNull(),
  dueOn: date('due_on', { mode: 'string' }).notNull(),
  // open, done
  status: text('status').notNull().default('open'),
  comment: text('comment').notNull().default(''),
  subjectHash: text('subject_hash'),
  createdBy: integer('created_by').references(() => users.id),
  createdAt: createdAt(),
  closedAt: timestamp('closed_at', { withTimezone: true }),
  closedBy: integer('closed_by').references(() => users.id),
  // exported, erased, closed (by hand)
  closedHow: text('closed_how'),
}, (t) => [index('data_requests_location_idx').on(t.locationId, t.status, t.dueOn)]);

// #47 The erasures made, without the erased values: how many orders, why, by whom (null: retention).
export const personErasures = pgTable('person_erasures', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  locationId: integer('location_id').notNull().references(() => locations.id, { onDelete: 'cascade' }),
  orders: integer('orders').notNull(),
  reason: text('reason').notNull().default(''),
  byRetention: boolean('by_retention').notNull().default(false),
  subjectHash: text('subject_hash').notNull(),
  userId: integer('user_id').references(() => users.id),
  createdAt: createdAt(),
}, (t) => [index('person_erasures_location_idx').on(t.locationId, t.createdAt)]);
