// The benchmark data generator: a realistic chain on top of the demo data, bulk-loaded in SQL.
// 20 locations (Europe/Moscow, RUB), each with 10 playgrounds in 3 groups (4 cubes of 30 min for 4
// players, 3 arenas of 60 min for 10, 3 lounges of 45 min for 6), each group with a schedule per
// half-year over two years (weekdays 10:00-02:00, weekends and holidays 10:00-04:00, a 14:00 break,
// evening prices), and N orders over the sessions of those two years (one year back, one ahead),
// with a payment for every order that has money paid. Sessions and their starts come from the
// domain's slot engine, so what is stored is what the calendars would generate.
import crypto from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import {
  cities, countries, currencies, games, holidays, locationGames, locations, locationTranslations, playgroundGroups, playgrounds,
  schedules, tillShifts, tills, userLocationRoles, users,
} from '../../server/db/schema';
import type { PoolClient } from 'pg';
import type { Database } from '../../server/db/client';
import { addDays } from '../../domain/businessDay';
import { ensureConsentText } from '../../server/modules/locations/consent';
import { dayTypeOf, generateSessions } from '../../domain/schedule/engine';
import type { HolidayKind, ScheduleItem } from '../../domain/schedule/types';

export const CHAIN_LOCATIONS = 20;

/** One session start of a schedule on a weekday (weekend = false) or a weekend/holiday business day. */
export interface Start {
  schedule_id: number;
  weekend: boolean;
  start_min: number;
  duration: number;
  session_price: string | null;
  prepayment: string;
  currency_id: number | null;
}

export interface Chain {
  locationIds: number[];
  /** Playgrounds of the chain: id, location, group, max players. */
  playgrounds: { id: number; locationId: number; groupId: number; maxPlayers: number }[];
  starts: Start[];
  holidays: string[];
  /** First and last business date with orders. */
  from: string;
  to: string;
  playsessions: number;
  orders: number;
  payments: number;
  seconds: number;
}

const KINDS = [
  { name: 'Куб', type: 'the_cube', count: 4, duration: 30, maxPlayers: 4, price: 2000 },
  { name: 'Арена', type: 'arena', count: 3, duration: 60, maxPlayers: 10, price: 6000 },
  { name: 'Лаунж', type: 'lounge', count: 3, duration: 45, maxPlayers: 6, price: 3000 },
] as const;

function items(kind: (typeof KINDS)[number], rise: number): ScheduleItem[] {
  const p = (amount: number, start: string) => ({ currency_id: null, session_price: `${amount + rise}.00`, personal_price: null, prepayment: '0.5', start });
  const item = (end: string, dayTypes: number[]): ScheduleItem => ({
    begin: '10:00', end, duration: kind.duration, overlap: 0, day_types: dayTypes, breaks: [],
    pricing: [p(kind.price, '10:00'), p(Math.round(kind.price * 1.25), '18:00')],
  });
  return [item('02:00', [1, 2, 3, 4, 5]), item('04:00', [6, 7, 8, 9])];
}

/** The chain's session starts as a temporary table of this connection (a real table, so the planner hash-joins it). */
async function createStarts(client: PoolClient, starts: Start[]): Promise<void> {
  await client.query('DROP TABLE IF EXISTS bench_starts');
  await client.query(`
    CREATE TEMP TABLE bench_starts AS SELECT * FROM jsonb_to_recordset($1::jsonb) AS st(schedule_id int, weekend boolean, start_min int,
      duration int, session_price numeric, prepayment numeric, currency_id int)`, [JSON.stringify(starts)]);
  await client.query('ANALYZE bench_starts');
}

/** The SELECT of every slot (playground x business day x start) between two dates; $1 holidays, $2 playground ids. */
function slotsSelect(from: string, to: string): string {
  return `
    SELECT p.id AS playground_id, p.location_id, p.max_players, st.*, d.d AS business_date,
           to_char(d.d + make_interval(mins => st.start_min), 'YYYY-MM-DD HH24:MI') AS time_start
    FROM playgrounds p
    CROSS JOIN (SELECT d::date AS d, (extract(isodow FROM d) >= 6 OR d::date = ANY($1::date[])) AS weekend
                FROM generate_series('${from}'::timestamp, '${to}'::timestamp, interval '1 day') AS d) d
    CROSS JOIN LATERAL (SELECT s.id FROM schedules s WHERE s.playground_group_id = p.group_id AND NOT s.disabled AND s.start_dt <= d.d
                        ORDER BY s.start_dt DESC, s.id DESC LIMIT 1) s
    JOIN bench_starts st ON st.schedule_id = s.id AND st.weekend = d.weekend
    WHERE p.id = ANY($2::int[])`;
}

/** Free sessions of the chain after the loaded range (for booking benchmarks): [playground, 'YYYY-MM-DD HH:mm']. */
export async function sessionsAfter(database: Database, chain: Chain, days: number, playgroundIds = chain.playgrounds.map((p) => p.id)) {
  return sessionsFrom(database, chain, addDays(chain.to, 1), days, playgroundIds);
}

/** The chain's sessions of `days` days from `from` (booked or not): [playground, 'YYYY-MM-DD HH:mm']. */
export async function sessionsFrom(database: Database, chain: Chain, from: string, days: number, playgroundIds = chain.playgrounds.map((p) => p.id)) {
  const client = await database.pool.connect();
  try {
    await createStarts(client, chain.starts);
    const { rows } = await client.query<{ playground_id: number; time_start: string }>(
      `SELECT playground_id, time_start FROM (${slotsSelect(from, addDays(from, days - 1))}) x ORDER BY business_date, time_start, playground_id`,
      [chain.holidays, playgroundIds]);
    await client.query('DROP TABLE bench_starts');
    return rows.map((r) => ({ playgroundId: r.playground_id, sessionDt: r.time_start }));
  } finally {
    client.release();
  }
}

/**
 * `locations` (CHAIN_LOCATIONS unless given) and the days of orders before and after today (a year
 * each unless given): the smoke run (bench/steps.ts SMOKE) makes a small chain the same way.
 */
export async function generateChain(database: Database, opts: { orders: number; today: string; locations?: number; daysBack?: number; daysAhead?: number }): Promise<Chain> {
  const t0 = performance.now();
  const { db } = database;
  const today = opts.today;
  const from = addDays(today, -(opts.daysBack ?? 365));
  const to = addDays(today, opts.daysAhead ?? 364);
  const [ru] = await db.select().from(countries).where(eq(countries.slug, 'russia'));
  const chainCities = await db.select().from(cities).where(eq(cities.countryId, ru!.id));
  const [rub] = await db.select().from(currencies).where(eq(currencies.code, 'RUB'));
  const gameIds = (await db.select({ id: games.id }).from(games)).map((g) => g.id);
  const [admin] = await db.select().from(users).where(eq(users.email, 'admin@example.com'));
  const [staff] = await db.select().from(users).where(eq(users.email, 'staff@example.com'));
  const holidayRows = await db.select().from(holidays).where(eq(holidays.countryId, ru!.id));
  const holidayDates = holidayRows.map((h) => h.date);
  const holidayMap = new Map(holidayRows.map((h) => [h.date, h.kind as HolidayKind]));

  // The chain's locations, groups, playgrounds and schedules (a few hundred rows).
  const locs = await db.insert(locations).values(Array.from({ length: opts.locations ?? CHAIN_LOCATIONS }, (_, i) => ({
    name: `VR Сеть ${i + 1}`, cityId: chainCities[i % chainCities.length]!.id, timezone: 'Europe/Moscow',
    currencyId: rub!.id, b2bCurrencyId: rub!.id, isEventsAvailable: true,
  }))).returning();
  const locationIds = locs.map((l) => l.id);
  await db.insert(locationTranslations).values(locs.flatMap((l) => (['ru', 'en'] as const).map((language) => ({
    locationId: l.id, language, name: language === 'ru' ? l.name : l.name.replace('Сеть', 'Chain'), address: `ул. Сетевая, ${l.id}`,
  }))));
  // #40 Every location has its consent text from the start (as POST /locations/ makes it).
  for (const id of locationIds) await ensureConsentText(db, id);
  await db.insert(userLocationRoles).values(locs.map((l) => ({ userId: admin!.id, locationId: l.id, roleId: 40 })));
  // #43 A new location keeps desk money in shifts: each location's desk (made with it) has one open, as a venue's day starts.
  const desks = await db.select({ id: tills.id, locationId: tills.locationId }).from(tills).where(inArray(tills.locationId, locationIds));
  await db.insert(tillShifts).values(desks.map((t) => ({ tillId: t.id, locationId: t.locationId, float: '0', openedBy: admin!.id })));
  await db.insert(locationGames).values(locs.flatMap((l) => gameIds.map((gameId) => ({ locationId: l.id, gameId }))));
  const groups = await db.insert(playgroundGroups).values(locs.flatMap((l) => KINDS.map((k) => ({ locationId: l.id, name: `${k.name}ы` })))).returning();
  const kindOf = (i: number) => KINDS[i % KINDS.length]!;
  const pgs = await db.insert(playgrounds).values(groups.flatMap((g, gi) => {
    const k = kindOf(gi);
    return Array.from({ length: k.count }, (_, n) => ({
      locationId: g.locationId, name: `${k.name} ${n + 1}`, types: [k.type], durationMinutes: k.duration, maxPlayers: k.maxPlayers,
      groupId: g.id, uuidToken: crypto.randomUUID(),
    }));
  })).returning();
  // A schedule per half-year: prices rise by 100 each time.
  const halfYears = [0, 1, 2, 3].map((h) => addDays(from, h * 182));
  const scheds = await db.insert(schedules).values(groups.flatMap((g, gi) => halfYears.map((startDt, h) => ({
    locationId: g.locationId, playgroundGroupId: g.id, name: `Сезон ${h + 1}`, startDt,
    breaks: [{ start: '14:00', duration: 60, date: null }], items: items(kindOf(gi), h * 100),
  })))).returning();

  // Session starts of every schedule for a weekday and for a weekend (computed by the slot engine).
  const weekday = (() => { let d = today; while (dayTypeOf(d, holidayMap) !== 3) d = addDays(d, 1); return d; })();
  const weekendDay = (() => { let d = today; while (dayTypeOf(d, holidayMap) !== 6) d = addDays(d, 1); return d; })();
  const starts: Start[] = scheds.flatMap((s) => [false, true].flatMap((weekend) =>
    generateSessions({ items: s.items, breaks: s.breaks }, weekend ? weekendDay : weekday, weekend ? 6 : 3).map((x) => ({
      schedule_id: s.id, weekend, start_min: x.start_minutes, duration: x.duration,
      session_price: x.pricing?.session_price ?? null, prepayment: x.pricing?.prepayment ?? '1', currency_id: x.pricing?.currency_id ?? null,
    }))));

  const client = await database.pool.connect();
  try {
    const q = (text: string, values: unknown[] = []) => client.query(text, values);
    await q('BEGIN');
    // Consistent by construction: skip the per-row foreign key triggers (superuser).
    await q(`SET LOCAL session_replication_role = replica`);
    await q(`SET LOCAL work_mem = '256MB'`);
    await createStarts(client, starts);
    await q(`CREATE TEMP TABLE bench_slots ON COMMIT DROP AS SELECT row_number() OVER () AS r, x.* FROM (${slotsSelect(from, to)}) x`,
      [holidayDates, pgs.map((p) => p.id)]);
    const { rows: [{ n: slots }] } = await q('SELECT count(*)::int AS n FROM bench_slots');
    // k orders per slot: base + 1 for `extra` slots picked by a permutation (r * prime mod S), spread evenly.
    const base = Math.floor(opts.orders / slots);
    const extra = opts.orders % slots;
    const prime = [7919, 104_729, 1_299_709].find((p) => slots % p !== 0)!;
    if (base + (extra ? 1 : 0) > Math.min(...KINDS.map((k) => k.maxPlayers))) throw new Error(`${opts.orders} orders do not fit in ${slots} slots`);
    await q(`
      CREATE TEMP TABLE bench_ps ON COMMIT DROP AS
      SELECT * FROM (SELECT s.*, ($1 + CASE WHEN (r * $3) % $4 < $2 THEN 1 ELSE 0 END)::int AS k FROM bench_slots s) x
      WHERE k > 0`, [base, extra, prime, slots]);
    const ps = await q(`
      INSERT INTO playsessions (playground_id, business_date, time_start, duration, session_price, personal_price, prepayment, currency_id, schedule_id)
      SELECT playground_id, business_date, time_start, duration, session_price, NULL, prepayment, currency_id, schedule_id FROM bench_ps`);
    // Order ids drawn up front so order_playsessions and payments can link them. A single order
    // takes 1..max players; several orders of one session share it.
    await q(`
      CREATE TEMP TABLE bench_orders ON COMMIT DROP AS
      SELECT nextval(pg_get_serial_sequence('orders', 'id')) AS id, p.id AS ps_id, b.location_id, b.business_date, b.time_start,
             b.session_price, CASE WHEN b.k = 1 THEN 1 + (b.r * 31 + g) % b.max_players ELSE greatest(1, b.max_players / b.k) END AS persons
      FROM bench_ps b JOIN playsessions p ON p.playground_id = b.playground_id AND p.time_start = b.time_start
      CROSS JOIN generate_series(1, b.k) AS g`);
    // The demo's mix: 8% events, 6% free, 4% technical, the rest paid; ~6% cancelled; past sessions
    // paid, future ones 60% paid, 30% half paid, 10% unpaid. Created 1-30 days before the session.
    await q(`
      CREATE TEMP TABLE bench_full ON COMMIT DROP AS
      SELECT *, CASE WHEN id % 17 = 0 THEN 4 WHEN cost > 0 AND paid >= cost THEN 6 WHEN cost = 0 THEN 3 ELSE 2 END AS status
      FROM (
        SELECT *, CASE WHEN cost = 0 THEN 0 WHEN business_date < $1::date OR id % 10 >= 4 THEN cost
                       WHEN id % 10 >= 1 THEN round(cost / 2) ELSE 0 END AS paid
        FROM (
          SELECT *, CASE WHEN order_type IN (1, 4) THEN coalesce(session_price, 0) ELSE 0 END AS cost,
                 least(now(), (business_date - (1 + id % 30)::int + time '12:00' + (id % 480) * interval '1 minute') AT TIME ZONE 'Europe/Moscow') AS created
          FROM (SELECT *, CASE WHEN id % 50 < 4 THEN 4 WHEN id % 50 < 7 THEN 3 WHEN id % 50 < 9 THEN 2 ELSE 1 END AS order_type FROM bench_orders) a
        ) b
      ) c`, [today]);
    const o = await q(`
      INSERT INTO orders (id, location_id, name, phone, email, persons, order_type, status, cost, purchase, paid, staff_user_id, source, created_at, updated_at)
      SELECT id, location_id,
             (ARRAY['Иван Петров','Мария Смирнова','Алексей Козлов','Ольга Иванова','Дмитрий Соколов','Анна Кузнецова','John Smith','Emma Brown'])[1 + id % 8],
             '+7999' || lpad((id % 10000000)::text, 7, '0'), 'guest' || id || '@example.com', persons, order_type, status,
             cost, cost, paid, $1, CASE WHEN id % 5 = 0 THEN 'widget' ELSE 'backoffice' END, created, created
      FROM bench_full`, [staff!.id]);
    await q('INSERT INTO order_playsessions (order_id, playsession_id) SELECT id, ps_id FROM bench_orders');
    // A payment for what is paid: at the desk, by card on site or online; when the order was made.
    const pay = await q(`
      INSERT INTO payments (order_id, location_id, payment_type, created, status, purchase, user_id)
      SELECT id, location_id, (ARRAY[2, 6, 1])[1 + id % 3], created + interval '5 minutes', 'paid', paid, CASE WHEN id % 3 = 2 THEN NULL ELSE $1::int END
      FROM bench_full WHERE paid > 0`, [staff!.id]);
    await q('DROP TABLE bench_starts');
    await q('COMMIT');
    await q('ANALYZE');
    return {
      locationIds, playgrounds: pgs.map((p) => ({ id: p.id, locationId: p.locationId, groupId: p.groupId!, maxPlayers: p.maxPlayers })),
      starts, holidays: holidayDates, from, to,
      playsessions: ps.rowCount ?? 0, orders: o.rowCount ?? 0, payments: pay.rowCount ?? 0, seconds: (performance.now() - t0) / 1000,
    };
  } catch (e) {
    await client.query('ROLLBACK').catch(() => {});
    throw e;
  } finally {
    client.release();
  }
}

/** The chain's playground ids at one location. */
export const chainPlaygroundsOf = (chain: Chain, locationId: number) => chain.playgrounds.filter((p) => p.locationId === locationId).map((p) => p.id);
