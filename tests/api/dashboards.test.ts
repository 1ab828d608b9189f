// Statistics: GET /api/v2.1/dashboards/, each dashboard's source with ?location= -> {url}, and the
// server-hosted dashboard pages behind signed, expiring URLs. The numbers must match the orders
// and payments lists for the same period.
import { and, eq, sql } from 'drizzle-orm';
import { formatDay } from '../../domain/dates';
import { ORDER_STATUS_LABELS, ORDER_TYPE_LABELS, PAYMENT_TYPE_LABELS } from '../../domain/enumLabels';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderPlaysessions, orders, playgrounds, playsessions } from '../../server/db/schema';
import { wallClockNow } from '../../server/platform/clock';
import { occupancy } from '../../server/modules/dashboards/data';
import { signedQuery } from '../../server/modules/dashboards/signing';
import { addDays } from '../../domain/businessDay';
import { createHarness, type Harness } from './harness';
import { formatMoney } from '../../domain/money';

/** Location 1's amounts as the pages write them (RUB after the amount, in English). */
const rub = (amount: number) => formatMoney(amount, { code: 'RUB', is_before: false, blank_place: true, unicode: '₽' }, 'en');

let h: Harness;
let admin: string;
let manager: string;
let staff: string;
let today: string;

beforeAll(async () => {
  h = await createHarness();
  admin = await h.login('admin@example.com', 'admin123');
  manager = await h.login('manager@example.com', 'manager123');
  staff = await h.login('staff@example.com', 'staff123');
  today = wallClockNow('Europe/Moscow').slice(0, 10);
});
afterAll(async () => { await h.close(); });

type Json = Record<string, any>;
const DASHBOARDS = ['revenue', 'orders', 'occupancy', 'payments', 'average_check'];

async function urlOf(dashboard: string, location = 1, lang = 'en'): Promise<string> {
  const res = await h.call('GET', `/api/v2.1/dashboards/${dashboard}/source/?location=${location}`, { token: admin, lang });
  expect(res.statusCode, res.body).toBe(200);
  const url = new URL(res.json().url as string);
  expect(url.origin).toBe(h.config.publicUrl);
  return url.pathname + url.search;
}
const open = (path: string) => h.app.inject({ method: 'GET', url: path });
/** The cells of a page's table footer row (the totals). */
const footer = (html: string) => [...(/<tfoot><tr>(.*?)<\/tr><\/tfoot>/.exec(html)?.[1] ?? '').matchAll(/<th>(.*?)<\/th>/g)].map((m) => m[1]);

describe('dashboard calls', () => {
  it('lists the dashboards, each with the source to ask for its URL', async () => {
    const res = await h.call('GET', '/api/v2.1/dashboards/', { token: staff, lang: 'en' });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((d: Json) => d.id)).toEqual(DASHBOARDS);
    expect(res.json()[0]).toEqual({ id: 'revenue', name: 'Revenue per day', source: '/api/v2.1/dashboards/revenue/source/' });
    expect((await h.call('GET', '/api/v2.1/dashboards/', { token: admin })).json()[0].name).toBe('Выручка по дням');
    expect((await h.call('GET', '/api/v2.1/dashboards/')).statusCode).toBe(401);
  });

  it('gives a signed URL to administrators of the location only', async () => {
    for (const d of DASHBOARDS) expect(await urlOf(d)).toMatch(new RegExp(`^/dashboards/${d}/\\?location=1&expires=\\d+&signature=[0-9a-f]{64}&lang=en$`));
    expect((await h.call('GET', '/api/v2.1/dashboards/revenue/source/?location=1', { token: manager })).statusCode).toBe(403);
    expect((await h.call('GET', '/api/v2.1/dashboards/revenue/source/?location=1', { token: staff })).statusCode).toBe(403);
    expect((await h.call('GET', '/api/v2.1/dashboards/revenue/source/?location=3', { token: manager })).statusCode).toBe(403);
    expect((await h.call('GET', '/api/v2.1/dashboards/nope/source/?location=1', { token: admin })).statusCode).toBe(404);
    const missing = await h.call('GET', '/api/v2.1/dashboards/revenue/source/', { token: admin, lang: 'en' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ location: ['This field is required.'] });
    expect((await h.call('GET', '/api/v2.1/dashboards/revenue/source/?location=1')).statusCode).toBe(401);
  });
});

describe('dashboard pages', () => {
  it('serves every page as plain HTML with inline SVG, no scripts, under a strict CSP', async () => {
    for (const d of DASHBOARDS) {
      const res = await open(await urlOf(d));
      expect(res.statusCode, d).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
      expect(res.body).toContain('<svg');
      expect(res.body).not.toContain('<script');
      expect(res.body).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
    }
    const ru = await open(await urlOf('revenue', 1, 'ru'));
    expect(ru.body).toContain('Выручка по дням');
  });

  it('refuses a tampered or expired URL', async () => {
    const good = await urlOf('revenue');
    expect((await open(good)).statusCode).toBe(200);
    const refused = async (path: string) => {
      const res = await open(path);
      expect(res.statusCode, path).toBe(403);
      expect(res.body).toContain('This dashboard link is invalid or has expired.');
      expect(res.body).not.toContain('<table');
    };
    await refused(good.replace('location=1', 'location=2'));
    await refused(good.replace('/revenue/', '/payments/'));
    await refused(good.replace(/signature=([0-9a-f])/, (_m, c: string) => `signature=${c === '0' ? '1' : '0'}`));
    await refused(good.replace(/expires=(\d+)/, (_m, e: string) => `expires=${Number(e) + 3600}`));
    await refused(good.replace(/&signature=[0-9a-f]+/, ''));
    // Correctly signed but expired.
    const past = Math.floor(Date.now() / 1000) - 1;
    await refused(`/dashboards/revenue/?${signedQuery(h.config.dashboardSecret, { dashboard: 'revenue', location: 1, expires: past })}&lang=en`);
    // Signed with another secret.
    await refused(`/dashboards/revenue/?${signedQuery('not-the-secret', { dashboard: 'revenue', location: 1, expires: past + 3600 })}&lang=en`);
  });

  it('shows the numbers of the payments and orders lists for the chosen period', async () => {
    const from = addDays(today, -12);
    const to = addDays(today, 14);
    const period = `&date_from=${from}&date_to=${to}`;

    // Payments list: the money taken in the period, refunds (negative, read 'refunded' since #25) netted out.
    const payments = (await h.call('GET', `/api/v2.1/locations/1/payments/?date_start=${from}&date_end=${today}`, { token: admin })).json() as Json[];
    const paid = payments.filter((p) => p.status === 'paid' || p.status === 'refunded');
    expect(paid.length).toBeGreaterThan(10);
    const cents = (list: Json[]) => list.reduce((s, p) => s + Math.round(Number(p.purchase) * 100), 0);
    const revenue = await open(`${await urlOf('revenue')}${period}`);
    // The period reads DD.MM.YYYY in text fields (never a native date input, which follows the browser's locale).
    expect(revenue.body).toContain(`value="${formatDay(from)}"`);
    expect(revenue.body).not.toMatch(/type="date"/);
    // The form sends the days as shown: the same period typed DD.MM.YYYY gives the same page.
    const typed = await open(`${await urlOf('revenue')}&date_from=${formatDay(from)}&date_to=${formatDay(to)}`);
    expect(footer(typed.body)).toEqual(footer(revenue.body));
    expect(footer(revenue.body)).toEqual(['Total', String(paid.length), rub(cents(paid) / 100)]);
    // The chart writes money as the table does: its axis tops at the largest day, with the currency.
    const days = [...revenue.body.matchAll(/<tr><td>[\d.]+<\/td><td>\d+<\/td><td>([^<]+)<\/td><\/tr>/g)].map((m) => m[1]!);
    const largest = Math.max(...days.map((d) => Number(d.replace(/[^\d.]/g, ''))));
    expect(revenue.body).toContain(`text-anchor="end">${rub(largest)}</text>`);
    expect(revenue.body).toContain(`: ${rub(largest)}</title>`);
    const byType = await open(`${await urlOf('payments')}${period}`);
    expect(footer(byType.body)).toEqual(['Total', String(paid.length), rub(cents(paid) / 100)]);
    for (const type of new Set(paid.map((p) => p.payment_type))) {
      const ofType = paid.filter((p) => p.payment_type === type);
      const label = PAYMENT_TYPE_LABELS[type as number]!.en;
      expect(byType.body).toContain(`<tr><td>${label}</td><td>${ofType.length}</td><td>${rub(cents(ofType) / 100)}</td></tr>`);
    }

    // Orders list: the same period by business date of creation.
    const list = (await h.call('GET', `/api/v2.1/locations/1/orders/?date_from=${from}&date_to=${to}&limit=1000`, { token: admin })).json();
    expect(list.count).toBeGreaterThan(10);
    const ordersPage = await open(`${await urlOf('orders')}${period}`);
    const foot = footer(ordersPage.body);
    expect(foot.at(-1)).toBe(String(list.count));
    const statuses = [...new Set((list.results as Json[]).map((o) => o.status))].sort();
    expect(foot.slice(1, -1)).toEqual(statuses.map((s) => String((list.results as Json[]).filter((o) => o.status === s).length)));

    const live = (list.results as Json[]).filter((o) => o.status !== 4 && o.status !== 5 && Number(o.purchase) > 0);
    // The codes read as the lists say them (the one enum dictionary), in ru and en (#18).
    for (const lang of ['ru', 'en'] as const) {
      const types = await open(`${await urlOf('payments', 1, lang)}${period}`);
      // The location as the page's language names it, not its Russian name in an English page (#18).
      expect(types.body).toContain(lang === 'ru' ? ' · VR Арена Москва</h1>' : ' · VR Arena Moscow</h1>');
      for (const type of new Set(paid.map((p) => p.payment_type))) expect(types.body).toContain(`<tr><td>${PAYMENT_TYPE_LABELS[type as number]![lang]}</td>`);
      const orders = await open(`${await urlOf('orders', 1, lang)}${period}`);
      for (const status of statuses) expect(orders.body).toContain(`<th>${ORDER_STATUS_LABELS[status as number]![lang]}</th>`);
      for (const type of new Set((list.results as Json[]).map((o) => o.order_type ?? o.type))) {
        if (ORDER_TYPE_LABELS[type as number]) expect(orders.body).toContain(`<tr><td>${ORDER_TYPE_LABELS[type as number]![lang]}</td>`);
      }
    }

    const avg = await open(`${await urlOf('average_check')}${period}`);
    const sum = cents(live);
    expect(footer(avg.body)).toEqual(['Total', String(live.length), rub(sum / 100), rub(Math.round(sum / live.length) / 100)]);
  });

  it('rejects a reversed period on the page, and defaults to this month', async () => {
    const url = await urlOf('orders');
    const res = await open(`${url}&date_from=${today}&date_to=${addDays(today, -1)}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('the end date not before the start date');
    const plain = await open(url);
    expect(plain.body).toContain(`value="${formatDay(`${today.slice(0, 8)}01`)}"`);
    expect(plain.body).toContain(`value="${formatDay(today)}"`);
    // A text that is no day is the period's error on the page, showing what was typed.
    const wrong = await open(`${url}&date_from=31.02.2026`);
    expect(wrong.statusCode).toBe(200);
    expect(wrong.body).toContain('Enter the dates as DD.MM.YYYY');
    expect(wrong.body).toContain('value="31.02.2026"');
  });

  it('counts occupancy as places sold in live orders over places offered, per playground, weekday and hour', async () => {
    const from = addDays(today, -7);
    const to = addDays(today, 7);
    const [loc] = await h.database.db.execute<{ country_id: number }>(sql`select c.country_id from locations l join cities c on c.id = l.city_id where l.id = 1`).then((r) => r.rows);
    const result = await occupancy(h.database.db, 1, loc!.country_id, { from, to });
    const pgs = await h.database.db.select().from(playgrounds).where(eq(playgrounds.locationId, 1));
    expect(result.map((r) => r.playground.name).sort()).toEqual(pgs.map((p) => p.name).sort());
    for (const r of result) {
      const [row] = await h.database.db.select({ persons: sql<number>`coalesce(sum(${orders.persons}), 0)`.mapWith(Number) }).from(orders)
        .innerJoin(orderPlaysessions, eq(orderPlaysessions.orderId, orders.id))
        .innerJoin(playsessions, eq(playsessions.id, orderPlaysessions.playsessionId))
        .where(and(eq(playsessions.playgroundId, r.playground.id), sql`${playsessions.businessDate} between ${from} and ${to}`, sql`${orders.status} not in (4, 5)`));
      expect(r.cells.reduce((s, c) => s + c.sold, 0)).toBe(row!.persons);
      const offered = r.cells.reduce((s, c) => s + c.offered, 0);
      expect(offered % r.playground.max_players).toBe(0);
      expect(offered).toBeGreaterThan(row!.persons);
      for (const c of r.cells) expect(c.weekday >= 1 && c.weekday <= 7 && c.hour >= 0 && c.hour < 24).toBe(true);
    }
    const page = await open(`${await urlOf('occupancy')}&date_from=${from}&date_to=${to}`);
    for (const p of pgs) expect(page.body).toContain(p.name);
  });
});
