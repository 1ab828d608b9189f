import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countries, holidays } from '../../server/db/schema';
import { holidayCalendar } from '../../server/db/seed/holidays';
import { createHarness, type Harness } from './harness';

let h: Harness;
// admin1: an administrator of location 1 only, a stranger to the others (404 there, not 403).
let tokens: { admin: string; manager: string; staff: string; admin1: string };
let country: { russia: number; usa: number; kazakhstan: number };

beforeAll(async () => {
  h = await createHarness();
  tokens = {
    admin: await h.login('admin@example.com', 'admin123'),
    manager: await h.login('manager@example.com', 'manager123'),
    staff: await h.login('staff@example.com', 'staff123'),
    admin1: (await h.userWithToken('admin1@example.com', [[1, 40]])).token,
  };
  const rows = await h.database.db.select().from(countries);
  const id = (slug: string) => rows.find((c) => c.slug === slug)!.id;
  country = { russia: id('russia'), usa: id('usa'), kazakhstan: id('kazakhstan') };
});
afterAll(async () => { await h.close(); });

const LIST = '/api/v2.1/holidays/';
const ONE = (id: number, locationId: number) => `/api/v2.1/holidays/${id}/?location=${locationId}`;
const NOT_FOUND_EN = { detail: 'Not found.' };
const FORBIDDEN_EN = { detail: 'You do not have permission to perform this action.' };
const thisYear = new Date().getUTCFullYear();

type Json = Record<string, any>;

/** The demo calendar of a country for one year, as the API answers it (by date). */
function demoYear(slug: 'russia' | 'usa' | 'kazakhstan', year: number) {
  return holidayCalendar(slug, [thisYear, thisYear + 1])
    .filter((d) => d.date.startsWith(`${year}-`))
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((d) => ({ id: expect.any(Number), date: d.date, kind: d.kind, name: d.name, country: country[slug] }));
}

async function add(body: Json, token = tokens.admin) {
  const res = await h.call('POST', LIST, { token, body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('GET /api/v2.1/holidays/?location=&year=', () => {
  it('gives the calendar of the location\'s country for the year: holidays and pre-holidays, by date', async () => {
    const res = await h.call('GET', `${LIST}?location=1&year=${thisYear}`, { token: tokens.staff });
    expect(res.statusCode).toBe(200);
    const list = res.json() as Json[];
    expect(list).toEqual(demoYear('russia', thisYear));
    const byDate = new Map(list.map((d) => [d.date, d]));
    expect(byDate.get(`${thisYear}-05-09`)).toMatchObject({ kind: 'holiday', name: 'День Победы' });
    expect(byDate.get(`${thisYear}-05-08`)).toMatchObject({ kind: 'pre_holiday', name: 'День Победы' });
    expect(byDate.get(`${thisYear}-01-07`)).toMatchObject({ kind: 'holiday', name: 'Рождество Христово' });
    // The day before next year's holidays is this year's last pre-holiday.
    expect(list.at(-1)).toMatchObject({ date: `${thisYear}-12-31`, kind: 'pre_holiday' });
    expect(list.filter((d) => d.kind === 'holiday')).toHaveLength(14);
  });

  it('seeds next year too, and nothing for a year without a calendar', async () => {
    const next = (await h.call('GET', `${LIST}?location=1&year=${thisYear + 1}`, { token: tokens.admin })).json();
    expect(next).toEqual(demoYear('russia', thisYear + 1));
    expect(next.length).toBeGreaterThan(14);
    const far = await h.call('GET', `${LIST}?location=1&year=2035`, { token: tokens.admin });
    expect(far.statusCode).toBe(200);
    expect(far.json()).toEqual([]);
  });

  it('answers by country: two Russian locations share a calendar; Brooklyn has the US one', async () => {
    const moscow = (await h.call('GET', `${LIST}?location=1&year=${thisYear}`, { token: tokens.admin })).json();
    const spb = (await h.call('GET', `${LIST}?location=2&year=${thisYear}`, { token: tokens.admin })).json();
    expect(spb).toEqual(moscow);
    const brooklyn = (await h.call('GET', `${LIST}?location=3&year=${thisYear}`, { token: tokens.admin })).json() as Json[];
    expect(brooklyn).toEqual(demoYear('usa', thisYear));
    expect(brooklyn.find((d) => d.date === `${thisYear}-07-04`)).toMatchObject({ kind: 'holiday', name: 'Independence Day', country: country.usa });
    const almaty = (await h.call('GET', `${LIST}?location=4&year=${thisYear}`, { token: tokens.admin })).json();
    expect(almaty).toEqual(demoYear('kazakhstan', thisYear));
  });

  it('answers 404 where the user has no role; asks for location and year', async () => {
    const stranger = await h.call('GET', `${LIST}?location=3&year=${thisYear}`, { token: tokens.staff, lang: 'en' });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual(NOT_FOUND_EN);
    const unknown = await h.call('GET', `${LIST}?location=999&year=${thisYear}`, { token: tokens.admin, lang: 'en' });
    expect(unknown.statusCode).toBe(404);
    const none = await h.call('GET', LIST, { token: tokens.admin, lang: 'en' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ location: ['This field is required.'], year: ['This field is required.'] });
    const noYear = await h.call('GET', `${LIST}?location=1`, { token: tokens.admin });
    expect(noYear.json()).toEqual({ year: ['Обязательное поле.'] });
    const text = await h.call('GET', `${LIST}?location=1&year=soon`, { token: tokens.admin, lang: 'en' });
    expect(text.json()).toEqual({ year: ['A valid number is required.'] });
    const early = await h.call('GET', `${LIST}?location=1&year=1999`, { token: tokens.admin, lang: 'en' });
    expect(early.json()).toEqual({ year: ['Ensure this value is greater than or equal to 2000.'] });
    const late = await h.call('GET', `${LIST}?location=1&year=2101`, { token: tokens.admin, lang: 'en' });
    expect(late.json()).toEqual({ year: ['Ensure this value is less than or equal to 2100.'] });
    const extra = await h.call('GET', `${LIST}?location=1&year=${thisYear}&kind=holiday`, { token: tokens.admin, lang: 'en' });
    expect(extra.json()).toEqual({ kind: ['Unknown field.'] });
    expect((await h.call('GET', `${LIST}?location=1&year=${thisYear}`, { lang: 'en' })).statusCode).toBe(401);
  });
});

describe('POST /api/v2.1/holidays/', () => {
  it('adds a day to the country\'s calendar: 201 {id, date, kind, name, country}', async () => {
    const res = await h.call('POST', LIST, { token: tokens.admin, body: { location: 1, date: '2030-03-06', kind: 'holiday', name: '  Test day  ' } });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toEqual({ id: expect.any(Number), date: '2030-03-06', kind: 'holiday', name: 'Test day', country: country.russia });
    const [row] = await h.database.db.select().from(holidays).where(eq(holidays.id, created.id));
    expect(row).toEqual({ id: created.id, countryId: country.russia, date: '2030-03-06', kind: 'holiday', name: 'Test day' });
    // Every location of the country sees it.
    const spb = (await h.call('GET', `${LIST}?location=2&year=2030`, { token: tokens.admin })).json();
    expect(spb).toEqual([created]);
    const pre = await add({ location: 2, date: '2030-03-05', kind: 'pre_holiday' });
    expect(pre).toEqual({ id: expect.any(Number), date: '2030-03-05', kind: 'pre_holiday', name: '', country: country.russia });
    expect((await h.call('GET', `${LIST}?location=1&year=2030`, { token: tokens.staff })).json()).toEqual([pre, created]);
  });

  it('refuses a date already in the country\'s calendar, whatever its kind', async () => {
    await add({ location: 1, date: '2030-04-01', kind: 'holiday', name: 'Once' });
    for (const [location, kind] of [[1, 'holiday'], [1, 'pre_holiday'], [2, 'holiday']] as const) {
      const res = await h.call('POST', LIST, { token: tokens.admin, body: { location, date: '2030-04-01', kind }, lang: 'en' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ date: ['This date is already in the holiday calendar.'] });
    }
    const ru = await h.call('POST', LIST, { token: tokens.admin, body: { location: 1, date: `${thisYear}-05-09`, kind: 'holiday' } });
    expect(ru.statusCode).toBe(400);
    expect(ru.json()).toEqual({ date: ['Эта дата уже есть в календаре праздников.'] });
    // Another country may have the same date.
    const usa = await add({ location: 3, date: '2030-04-01', kind: 'holiday' });
    expect(usa.country).toBe(country.usa);
    const rows = await h.database.db.select().from(holidays).where(eq(holidays.date, '2030-04-01'));
    expect(rows.map((r) => [r.countryId, r.name]).sort()).toEqual([[country.russia, 'Once'], [country.usa, '']].sort());
  });

  it('validates date, kind, name, location and unknown fields', async () => {
    const post = (body: Json) => h.call('POST', LIST, { token: tokens.admin, body, lang: 'en' });
    const good = { location: 1, date: '2030-04-02', kind: 'holiday' };
    expect((await post({})).json()).toEqual({
      location: ['This field is required.'], date: ['This field is required.'], kind: ['This field is required.'],
    });
    for (const date of ['2030-02-30', '02.04.2030', 'tomorrow', '']) {
      const res = await post({ ...good, date });
      expect(res.statusCode, date).toBe(400);
      expect(res.json()).toEqual({ date: ['Enter a date as YYYY-MM-DD.'] });
    }
    expect((await post({ ...good, kind: 'weekend' })).json()).toEqual({ kind: ['Not a valid choice.'] });
    expect((await post({ ...good, name: 'x'.repeat(101) })).json()).toEqual({ name: ['Ensure this field has no more than 100 characters.'] });
    expect((await post({ ...good, country: 1 })).json()).toEqual({ country: ['Unknown field.'] });
    const ru = await h.call('POST', LIST, { token: tokens.admin, body: { ...good, kind: 'weekend' } });
    expect(ru.json()).toEqual({ kind: ['Недопустимый вариант.'] });
    expect(await h.database.db.select().from(holidays).where(eq(holidays.date, '2030-04-02'))).toEqual([]);
  });

  it('is for managers (role 40) only: 403 for other roles, 404 without a role', async () => {
    const body = { location: 1, date: '2030-04-03', kind: 'holiday' };
    const manager = await h.call('POST', LIST, { token: tokens.manager, body, lang: 'en' });
    expect(manager.statusCode).toBe(403);
    expect(manager.json()).toEqual(FORBIDDEN_EN);
    const staff = await h.call('POST', LIST, { token: tokens.staff, body, lang: 'en' });
    expect(staff.statusCode).toBe(403);
    expect((await h.call('POST', LIST, { token: tokens.staff, body: { ...body, location: 3 }, lang: 'en' })).statusCode).toBe(403);
    const stranger = await h.call('POST', LIST, { token: tokens.admin1, body: { ...body, location: 3 }, lang: 'en' });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual(NOT_FOUND_EN);
    expect((await h.call('POST', LIST, { token: tokens.admin, body: { ...body, location: 999 } })).statusCode).toBe(404);
    expect(await h.database.db.select().from(holidays).where(eq(holidays.date, '2030-04-03'))).toEqual([]);
  });
});

describe('DELETE /api/v2.1/holidays/{id}/?location=', () => {
  it('removes a day: 204, then 404', async () => {
    const day = await add({ location: 1, date: '2030-05-01', kind: 'holiday' });
    const res = await h.call('DELETE', ONE(day.id, 1), { token: tokens.admin });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await h.database.db.select().from(holidays).where(eq(holidays.id, day.id))).toEqual([]);
    const again = await h.call('DELETE', ONE(day.id, 1), { token: tokens.admin, lang: 'en' });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual(NOT_FOUND_EN);
    // The date is free again.
    await add({ location: 1, date: '2030-05-01', kind: 'pre_holiday' });
  });

  it('removes through any location of the same country', async () => {
    const day = await add({ location: 1, date: '2030-05-02', kind: 'holiday' });
    expect((await h.call('DELETE', ONE(day.id, 2), { token: tokens.admin })).statusCode).toBe(204);
  });

  it('answers 404 for a day of another country, and leaves it', async () => {
    const usa = await add({ location: 3, date: '2030-05-03', kind: 'holiday', name: 'US only' });
    const res = await h.call('DELETE', ONE(usa.id, 1), { token: tokens.admin, lang: 'en' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NOT_FOUND_EN);
    expect(await h.database.db.select().from(holidays).where(eq(holidays.id, usa.id))).toHaveLength(1);
    expect((await h.call('GET', `${LIST}?location=3&year=2030`, { token: tokens.admin })).json()).toContainEqual(usa);
    expect((await h.call('DELETE', ONE(usa.id, 3), { token: tokens.admin })).statusCode).toBe(204);
  });

  it('is for managers (role 40) only; asks for the location', async () => {
    const day = await add({ location: 1, date: '2030-05-04', kind: 'holiday' });
    const manager = await h.call('DELETE', ONE(day.id, 1), { token: tokens.manager, lang: 'en' });
    expect(manager.statusCode).toBe(403);
    expect(manager.json()).toEqual(FORBIDDEN_EN);
    const staff = await h.call('DELETE', ONE(day.id, 1), { token: tokens.staff, lang: 'en' });
    expect(staff.statusCode).toBe(403);
    expect((await h.call('DELETE', ONE(day.id, 3), { token: tokens.staff, lang: 'en' })).statusCode).toBe(403);
    const stranger = await h.call('DELETE', ONE(day.id, 3), { token: tokens.admin1, lang: 'en' });
    expect(stranger.statusCode).toBe(404);
    const noLocation = await h.call('DELETE', `/api/v2.1/holidays/${day.id}/`, { token: tokens.admin, lang: 'en' });
    expect(noLocation.statusCode).toBe(400);
    expect(noLocation.json()).toEqual({ location: ['This field is required.'] });
    expect((await h.call('DELETE', ONE(999999, 1), { token: tokens.admin })).statusCode).toBe(404);
    expect(await h.database.db.select().from(holidays).where(eq(holidays.id, day.id))).toHaveLength(1);
  });
});
