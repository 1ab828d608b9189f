// Demo schedules, holidays, games and orders: every group gets a schedule with day and night
// items, two price rows, a break and holiday items, and orders are spread over the past ten days
// and the coming two weeks, in every state a calendar can show.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Tx } from '../client';
import { certificateRates, launcherSessions, certificates, eventPackages, orderLogs, payments, cities, countries, currencies, earlyBookingConditions, games, promocodes, holidays, locationGames, locations, orderPlaysessions, orders, playgroundGroups, playgrounds, playsessions, schedules } from '../schema';
import { addDays, businessDateOf } from '../../../domain/businessDay';
import { dayTypeOf, generateSessions } from '../../../domain/schedule/engine';
import type { ScheduleItem } from '../../../domain/schedule/types';
import { wallClockNow } from '../../platform/clock';
import { holidayCalendar } from './holidays';

type Price = { kind: 'personal' | 'session'; day: string; evening: string };

function items(price: Price, duration: number, currencyId: number | null): ScheduleItem[] {
  const rows = (weekend: boolean) => {
    const bump = (v: string) => (weekend ? String(Math.round(Number(v) * 1.2)) : v);
    const row = (start: string, value: string) => ({
      currency_id: currencyId, start, prepayment: '0.5',
      session_price: price.kind === 'session' ? value : null,
      personal_price: price.kind === 'personal' ? value : null,
    });
    return [row('10:00', bump(price.day)), row('18:00', bump(price.evening))];
  };
  return [
    // Weekdays: day and evening prices, the last sessions after midnight (the night calendar).
    { begin: '10:00', end: '02:00', duration, overlap: 0, day_types: [1, 2, 3, 4, 5], breaks: [], pricing: rows(false) },
    // Weekends and holidays run later; pre-holidays like weekends.
    { begin: '10:00', end: '04:00', duration, overlap: 0, day_types: [6, 7, 8, 9], breaks: [], pricing: rows(true) },
  ].map((item, i) => ({ ...item, id: i + 1, pricing: item.pricing.map((r, j) => ({ ...r, id: j + 1 })) }));
}

const PRICES: Record<number, Price> = {
  1: { kind: 'personal', day: '1500', evening: '1800' },
  2: { kind: 'personal', day: '1200', evening: '1500' },
  3: { kind: 'session', day: '120', evening: '150' },
  4: { kind: 'personal', day: '5000', evening: '6000' },
};

// A deterministic sequence, so every fresh demo database looks the same.
function* sequence(seed: number) {
  let x = seed;
  for (;;) {
    x = (x * 1103515245 + 12345) % 2147483648;
    yield x / 2147483648;
  }
}

/** Promo codes, gift certificates, an early-booking condition and a group discount at location 1. */
async function seedMoneyRules(tx: Tx, currencyId: number | null, adminId: number): Promise<void> {
  const today = new Date().toISOString().slice(0, 10);
  await tx.update(locations).set({ groupDiscountPercent: 10, licenceFee: '150.00' }).where(eq(locations.id, 1));
  // Every playground's launcher gets a token to report its sessions with.
  for (const pg of await tx.select({ id: playgrounds.id }).from(playgrounds)) {
    await tx.update(playgrounds).set({ uuidToken: crypto.randomUUID() }).where(eq(playgrounds.id, pg.id));
  }
  await tx.insert(earlyBookingConditions).values([{ locationId: 1, days: 14, discount: 5 }]);
  await tx.insert(certificateRates).values([1, 2, 3, 4].flatMap((locationId) =>
    ['1000.00', '2000.00', '3000.00', '5000.00', '10000.00'].map((rate) => ({ locationId, rate }))));
  await tx.insert(eventPackages).values([
    { locationId: 1, name: 'День рождения', price: '15000.00' },
    { locationId: 1, name: 'Тимбилдинг', price: '30000.00' },
    { locationId: 2, name: 'День рождения', price: '12000.00' },
  ]);
  await tx.insert(promocodes).values([
    { locationId: 1, code: 'VR10', discount: '0.10' },
    { locationId: 1, code: 'MINUS500', discount: '500.00' },
    { locationId: 1, code: 'SPRING', discount: '0.15', validTo: addDays(today, -30) },
    { locationId: 1, code: 'ONCE', discount: '0.20', usageLimit: 1, usedCount: 1 },
  ]);
  // 12 hex digits as the app writes them; random, but two starting with "A" and two with "C" and no "A", so
  // the certificates list's search examples ("a" and "c", tests/api/lists.test.ts) each keep some demo rows
  // and "a" leaves some out in every seed (a random code holds an "A" about half the time: the test failed one run in eight).
  const code = (withA: boolean) => {
    const hex = crypto.randomBytes(6).toString('hex').toUpperCase().replace(/A/g, 'B');
    return withA ? `A${hex.slice(1)}` : `C${hex.slice(1)}`;
  };
  /** `days` and `hours` before now: the certificates were sold over the past weeks, not at the seeding's minute. */
  const ago = (days: number, hours: number) => new Date(Date.now() - days * 86_400_000 - hours * 3_600_000);
  await tx.insert(certificates).values([
    { uniqueNumber: code(true), creatingLocationId: 1, rate: '5000.00', type: 'digital', design: 'classic', status: 'ACTIVE', currencyId, createdByUserId: adminId, sellerUserId: adminId, datetimeCreated: ago(12, 4), datetimeActivated: ago(12, 3), expiresAt: addDays(today, 365), bookedBy: { name: 'Иван Петров', phone: '+79990001111', email: 'ivan@example.com' } },
    { uniqueNumber: code(true), creatingLocationId: 1, rate: '3000.00', type: 'physical', design: 'birthday', status: 'ACTIVE', currencyId, createdByUserId: adminId, sellerUserId: adminId, datetimeCreated: ago(5, 7), datetimeActivated: ago(5, 6), expiresAt: addDays(today, 180) },
    { uniqueNumber: code(false), creatingLocationId: 1, rate: '2000.00', type: 'digital', design: 'classic', status: 'NOT_PAID', currencyId, createdByUserId: adminId, datetimeCreated: ago(2, 5) },
    { uniqueNumber: code(false), creatingLocationId: 1, rate: '1000.00', type: 'digital', design: 'classic', status: 'EXPIRED', currencyId, createdByUserId: adminId, datetimeCreated: ago(9, 2), expiresAt: addDays(today, -10) },
  ]);
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * When a demo order was booked: `lead` days and a few hours before its session, at any minute of
 * the day, never after the seeding (a session ahead was booked in the past few weeks). Every row
 * carrying the seeding's minute left "Today" and "Yesterday" nearly empty and read "created 05:55".
 */
function bookedAt(sessionStart: number, lead: number, hoursBefore: number, now: number): Date {
  const at = sessionStart - lead * DAY - hoursBefore * HOUR;
  // Booked before the seeding: the same hours before now as before the session, days back as its lead says.
  return new Date(at < now ? at : now - lead * DAY - hoursBefore * HOUR);
}

export async function seedBookings(tx: Tx, staffUserId: number, adminId: number): Promise<void> {
  const [rub] = await tx.select().from(currencies).where(eq(currencies.code, 'RUB'));
  await seedMoneyRules(tx, rub?.id ?? null, adminId);
  const locs = await tx.select({ l: locations, countryId: cities.countryId, countrySlug: countries.slug }).from(locations)
    .innerJoin(cities, eq(cities.id, locations.cityId)).innerJoin(countries, eq(countries.id, cities.countryId));

  const thisYear = new Date().getUTCFullYear();
  for (const country of ['russia', 'usa', 'kazakhstan'] as const) {
    const [c] = await tx.select().from(countries).where(eq(countries.slug, country));
    if (!c) continue;
    const days = holidayCalendar(country, [thisYear, thisYear + 1]);
    await tx.insert(holidays).values(days.map((d) => ({ countryId: c.id, date: d.date, kind: d.kind, name: d.name }))).onConflictDoNothing();
  }

  const gameRows = await tx.insert(games).values([
    { name: 'Arizona Sunshine', genre: 'Action', info: [{ country: 'US', age: 16 }] },
    { name: 'Beat Saber', genre: 'Rhythm', info: [{ country: 'CZ', age: 6 }] },
    { name: 'Half-Life: Alyx', genre: 'Adventure', info: [{ country: 'US', age: 16 }] },
    { name: 'Космическая станция', genre: 'Quest', info: [{ country: 'RU', age: 12 }] },
  ]).returning();

  const rnd = sequence(42);
  const next = () => rnd.next().value as number;
  // The moments of the rows (booked, paid, played) from a sequence of their own: the orders stay the ones the tests know.
  const moments = sequence(7);
  const moment = () => moments.next().value as number;
  const now = Date.now();
  const names = ['Иван Петров', 'Мария Смирнова', 'Алексей Козлов', 'Ольга Иванова', 'Дмитрий Соколов', 'Анна Кузнецова', 'John Smith', 'Emma Brown'];

  for (const { l, countryId } of locs) {
    await tx.insert(locationGames).values(gameRows.map((g) => ({ locationId: l.id, gameId: g.id })));
    const pgs = await tx.select().from(playgrounds).where(eq(playgrounds.locationId, l.id)).orderBy(playgrounds.id);
    const holidayRows = await tx.select().from(holidays).where(eq(holidays.countryId, countryId));
    const holidayMap = new Map(holidayRows.map((h) => [h.date, h.kind as 'holiday' | 'pre_holiday']));
    const price = PRICES[l.id] ?? PRICES[1]!;

    // Group the playgrounds by session length; each group gets its own schedule.
    const byDuration = new Map<number, typeof pgs>();
    for (const p of pgs) byDuration.set(p.durationMinutes, [...(byDuration.get(p.durationMinutes) ?? []), p]);
    for (const [duration, members] of byDuration) {
      const hall = l.id === 3 ? `Hall, ${duration} min` : `Зал, ${duration} мин`;
      const [group] = await tx.insert(playgroundGroups).values({ locationId: l.id, name: members.length > 1 ? hall : members[0]!.name }).returning();
      const groupId = group!.id;
      for (const m of members) await tx.update(playgrounds).set({ groupId }).where(eq(playgrounds.id, m.id));
      const [schedule] = await tx.insert(schedules).values({
        locationId: l.id, playgroundGroupId: groupId, name: l.id === 3 ? 'Main schedule' : 'Основное расписание',
        startDt: `${thisYear - 1}-01-01`, disabled: false,
        // A daily technical break; sessions touching 14:00-14:30 are not sold.
        breaks: [{ start: '14:00', duration: 30, date: null }],
        items: items(price, duration, l.currencyId),
      }).returning();

      // Orders from ten days ago to two weeks ahead, a few per playground and day.
      const today = businessDateOf(wallClockNow(l.timezone));
      for (const pg of members) {
        for (let offset = -10; offset <= 14; offset++) {
          const date = addDays(today, offset);
          // On the location's real timeline: Brooklyn's weekend nights run to 04:00 across the clock changes.
          const sessions = generateSessions(schedule!, date, dayTypeOf(date, holidayMap), l.timezone);
          for (const s of sessions) {
            if (next() > 0.22) continue;
            const persons = 1 + Math.floor(next() * Math.min(pg.maxPlayers, 4));
            const roll = next();
            const orderType = roll < 0.08 ? 4 : roll < 0.14 ? 3 : roll < 0.18 ? 2 : 1;
            const unit = Number(s.pricing?.personal_price ?? s.pricing?.session_price ?? 0);
            const cost = orderType === 1 || orderType === 4 ? (s.pricing?.personal_price ? unit * persons : unit) : 0;
            const payRoll = next();
            const past = offset < 0;
            // Past sessions are mostly paid, a few played and not yet (fully) paid, so paying after
            // play can be seen; future ones a mix of unpaid, part paid and paid.
            const paid = cost === 0 ? 0
              : past ? (payRoll > 0.12 ? cost : payRoll > 0.06 ? Math.round(cost / 2) : 0)
                : payRoll > 0.6 ? cost : payRoll > 0.3 ? Math.round(cost / 2) : 0;
            const cancelled = next() < 0.06;
            const status = cancelled ? 4 : paid >= cost && cost > 0 ? 6 : cost === 0 ? 3 : 2;
            const [ps] = await tx.insert(playsessions).values({
              playgroundId: pg.id, businessDate: date, timeStart: s.time_start, duration: s.duration,
              sessionPrice: s.pricing?.session_price ?? null, personalPrice: s.pricing?.personal_price ?? null,
              prepayment: s.pricing?.prepayment ?? '1', currencyId: s.pricing?.currency_id ?? null, scheduleId: schedule!.id,
              gameId: s.pricing?.personal_price ? gameRows[Math.floor(next() * gameRows.length)]!.id : null,
            }).returning();
            const name = names[Math.floor(next() * names.length)]!;
            const [order] = await tx.insert(orders).values({
              locationId: l.id, name, phone: `+7999${String(1000000 + Math.floor(next() * 8999999))}`,
              email: `${name.split(' ')[0]!.toLowerCase().replace(/[^a-z]/g, '') || 'guest'}@example.com`,
              persons, orderType, status, cost: cost.toFixed(2), purchase: cost.toFixed(2), paid: paid.toFixed(2),
              staffUserId, comment: '', source: 'backoffice', gameId: ps!.gameId,
              // Booked a few days before the session, never in the future: a session weeks ahead was
              // booked in the last few days, not all of them this minute (a revenue chart of the demo
              // drew every future order's payment on today).
              createdAt: bookedAt(s.instant, 1 + Math.floor(next() * 6) + Math.floor(moment() * 10), moment() * 12, now),
            }).returning();
            await tx.insert(orderPlaysessions).values({ orderId: order!.id, playsessionId: ps!.id });
            if (past && !cancelled) {
              // What the launcher reported for the played session (inserted directly: no fee charged).
              const started = new Date(s.instant + Math.floor(moment() * 4) * 60_000);
              await tx.insert(launcherSessions).values({
                uuid: crypto.randomUUID(), playgroundId: pg.id, locationId: l.id, started,
                ended: new Date(started.getTime() + s.duration * 60_000), gameId: ps!.gameId, playersCnt: persons,
                sessionType: orderType === 2 ? 2 : orderType === 3 ? 3 : 1, ordersIds: [order!.id],
              });
            }
            // The journal says what happened when it happened: created with the order, paid with the payment.
            await tx.insert(orderLogs).values({ orderId: order!.id, created: order!.createdAt, type: 'created', authorUserId: staffUserId, data: { persons } });
            if (paid > 0) {
              // The money arrived as payments: cash or card at the desk, or online.
              const paymentType = [2, 6, 1][Math.floor(next() * 3)]!;
              const [payment] = await tx.insert(payments).values({
                orderId: order!.id, locationId: l.id, paymentType, status: 'paid', purchase: paid.toFixed(2),
                userId: paymentType === 1 ? null : staffUserId, externalId: paymentType === 1 ? `web-${order!.id}` : null,
                // Paid at the desk before the session, or, for a session still ahead, soon after it was booked.
                created: offset < 0 ? new Date(s.instant - Math.floor(5 + moment() * 40) * 60_000)
                  : new Date(Math.min(now, order!.createdAt.getTime() + Math.floor(1 + moment() * 20) * 60_000)),
              }).returning();
              await tx.insert(orderLogs).values({ orderId: order!.id, created: payment!.created, type: 'paid', authorUserId: payment!.userId, data: { purchase: paid.toFixed(2), payment_type: paymentType } });
            }
          }
        }
      }
    }
  }
}
