import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playgroundGroups, schedules } from '../../server/db/schema';
import { createHarness, type Harness } from './harness';
import { item, scheduleBody, storedItem, WEEKDAYS, WEEKEND, type ItemInput } from './scheduleBuilders';

let h: Harness;
// admin1: an administrator of location 1 only, a stranger to the others (404 there, not 403).
let tokens: { admin: string; manager: string; staff: string; admin1: string };

beforeAll(async () => {
  h = await createHarness();
  tokens = {
    admin: await h.login('admin@example.com', 'admin123'),
    manager: await h.login('manager@example.com', 'manager123'),
    staff: await h.login('staff@example.com', 'staff123'),
    admin1: (await h.userWithToken('admin1@example.com', [[1, 40]])).token,
  };
});
afterAll(async () => { await h.close(); });

const LIST = '/api/v2.1/schedule/';
const ONE = (id: number) => `/api/v2.1/schedule/${id}/`;
const CHECK = '/api/v2.1/schedule/check/';
const NOT_FOUND_EN = { detail: 'Not found.' };
const FORBIDDEN_EN = { detail: 'You do not have permission to perform this action.' };
const START_TAKEN_EN = 'Another enabled schedule of this group starts on this date.';
const lastYear = new Date().getUTCFullYear() - 1;

type Json = Record<string, any>;

let groupCounter = 0;
/** A fresh, empty group of the location (schedules of one test never meet those of another). */
async function newGroup(locationId = 1): Promise<number> {
  const res = await h.call('POST', `/api/v2.1/locations/${locationId}/groups/`, { token: tokens.admin, body: { name: `Schedules ${++groupCounter}` } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

async function create(body: Json, token = tokens.admin): Promise<Json> {
  const res = await h.call('POST', LIST, { token, body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** POST a schedule and expect a 400 with exactly this body (English). */
async function rejects(body: Json, expected: Json, lang = 'en') {
  const res = await h.call('POST', LIST, { token: tokens.admin, body, lang });
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toEqual(expected);
}

describe('GET /api/v2.1/schedule/?location=', () => {
  it('lists the demo schedules of the location to its administrators (the schedules screen\'s rule), in start_dt order', async () => {
    // The screen is role 40's; a cashier or a manager of the location is refused (issue #16).
    expect((await h.call('GET', `${LIST}?location=1`, { token: tokens.staff })).statusCode).toBe(403);
    expect((await h.call('GET', `${LIST}?location=1`, { token: tokens.manager })).statusCode).toBe(403);
    const res = await h.call('GET', `${LIST}?location=1`, { token: tokens.admin });
    expect(res.statusCode).toBe(200);
    const list = res.json() as Json[];
    const groups = await h.database.db.select().from(playgroundGroups).where(eq(playgroundGroups.locationId, 1)).orderBy(playgroundGroups.id);
    expect(list.map((s) => s.playground_group)).toEqual(groups.map((g) => g.id));
    const cubes = list[0]!;
    const row = (start: string, value: string) => ({
      id: expect.any(Number), start, currency_id: expect.any(Number), prepayment: '0.5', session_price: null, personal_price: value,
    });
    expect(cubes).toEqual({
      id: expect.any(Number), name: 'Основное расписание', start_dt: `${lastYear}-01-01`, disabled: false,
      playground_group: groups[0]!.id, location: 1,
      breaks: [{ start: '14:00', duration: 30, date: null }],
      items: [
        { id: 1, begin: '10:00', end: '02:00', duration: 30, overlap: 0, day_types: WEEKDAYS, breaks: [], pricing: [row('10:00', '1500'), row('18:00', '1800')] },
        { id: 2, begin: '10:00', end: '04:00', duration: 30, overlap: 0, day_types: [6, 7, 8, 9], breaks: [], pricing: [row('10:00', '1800'), row('18:00', '2160')] },
      ],
    });
    expect(list.map((s) => s.items[0].duration)).toEqual([30, 60, 45]);
    for (const s of list) expect(s.location).toBe(1);
  });

  it('answers only the asked location', async () => {
    const res = await h.call('GET', `${LIST}?location=3`, { token: tokens.admin });
    const list = res.json() as Json[];
    expect(list.map((s) => [s.location, s.name])).toEqual([[3, 'Main schedule'], [3, 'Main schedule']]);
  });

  it('answers 404 where the user has no role, 400 without a location', async () => {
    const res = await h.call('GET', `${LIST}?location=3`, { token: tokens.admin1, lang: 'en' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NOT_FOUND_EN);
    const missing = await h.call('GET', LIST, { token: tokens.admin, lang: 'en' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ location: ['This field is required.'] });
    const text = await h.call('GET', `${LIST}?location=abc`, { token: tokens.admin, lang: 'en' });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({ location: ['A valid number is required.'] });
    const unknown = await h.call('GET', `${LIST}?location=1&group=2`, { token: tokens.admin, lang: 'en' });
    expect(unknown.json()).toEqual({ group: ['Unknown field.'] });
    const anon = await h.call('GET', `${LIST}?location=1`, { lang: 'en' });
    expect(anon.statusCode).toBe(401);
  });
});

describe('POST /api/v2.1/schedule/ and GET /api/v2.1/schedule/{id}/', () => {
  it('creates a schedule: 201 with the stored document, items and pricing rows numbered', async () => {
    const group = await newGroup();
    const weekday: ItemInput = {
      begin: '10:00', end: '02:00', duration: 60, overlap: 15, day_types: WEEKDAYS,
      breaks: [{ start: '16:00', duration: 15 }],
      pricing: [
        { start: '10:00', session_price: '1000', prepayment: 0.5 },
        { start: '18:00', session_price: '1500,50', prepayment: '0,25', currency_id: 2 },
      ],
    };
    const weekend: ItemInput = {
      begin: '12:00', end: '04:00', duration: 30, day_types: [...WEEKEND, 8],
      pricing: [{ start: '12:00', personal_price: '700.5', prepayment: 1 }],
    };
    const body = scheduleBody(1, group, {
      name: '  Spring 2030  ', start_dt: '2030-03-01',
      breaks: [{ start: '14:00', duration: 30 }, { start: '20:00', duration: 60, date: '2030-03-08' }],
      items: [weekday, weekend],
    });
    const res = await h.call('POST', LIST, { token: tokens.admin, body });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    const expected = {
      id: expect.any(Number), name: 'Spring 2030', start_dt: '2030-03-01', disabled: false, playground_group: group, location: 1,
      breaks: [{ start: '14:00', duration: 30, date: null }, { start: '20:00', duration: 60, date: '2030-03-08' }],
      items: [
        {
          ...storedItem(weekday, 1),
          pricing: [
            { id: 1, start: '10:00', currency_id: null, session_price: '1000', personal_price: null, prepayment: '0.5' },
            // A comma price is stored with a dot; '0,25' is the fraction 0.25.
            { id: 2, start: '18:00', currency_id: 2, session_price: '1500.50', personal_price: null, prepayment: '0.25' },
          ],
        },
        { ...storedItem(weekend, 2), overlap: 0, pricing: [{ id: 1, start: '12:00', currency_id: null, session_price: null, personal_price: '700.5', prepayment: '1' }] },
      ],
    };
    expect(created).toEqual(expected);

    const one = await h.call('GET', ONE(created.id), { token: tokens.admin });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(created);
    const list = (await h.call('GET', `${LIST}?location=1`, { token: tokens.admin })).json() as Json[];
    expect(list.find((s) => s.id === created.id)).toEqual(created);
    // Sorted by start_dt: the demo schedules of last year come first.
    expect(list.map((s) => s.start_dt)).toEqual([...list.map((s) => s.start_dt)].sort());
  });

  it('defaults: disabled false, no breaks, no items', async () => {
    const group = await newGroup();
    const created = await create({ name: 'Bare', start_dt: '2030-05-01', playground_group: group, location: 1 });
    expect(created).toEqual({
      id: expect.any(Number), name: 'Bare', start_dt: '2030-05-01', disabled: false, playground_group: group, location: 1, breaks: [], items: [],
    });
  });

  it('GET answers 404 for an unknown schedule or one where the user has no role', async () => {
    const unknown = await h.call('GET', ONE(999999), { token: tokens.admin, lang: 'en' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(NOT_FOUND_EN);
    const [foreign] = await h.database.db.select().from(schedules).where(eq(schedules.locationId, 2)).limit(1);
    const staff = await h.call('GET', ONE(foreign!.id), { token: tokens.admin1, lang: 'en' });
    expect(staff.statusCode).toBe(404);
    expect(staff.json()).toEqual(NOT_FOUND_EN);
    // A manager (role 20) of that location: the schedules screen is role 40's (issue #16).
    const manager = await h.call('GET', ONE(foreign!.id), { token: tokens.manager });
    expect(manager.statusCode).toBe(403);
    const admin = await h.call('GET', ONE(foreign!.id), { token: tokens.admin });
    expect(admin.json().location).toBe(2);
    expect((await h.call('GET', ONE(0), { token: tokens.admin })).statusCode).toBe(404);
  });

  it('is for managers (role 40) only: 403 for other roles, 404 where the user has no role', async () => {
    const group = await newGroup();
    const before = (await h.database.db.select().from(schedules)).length;
    const manager = await h.call('POST', LIST, { token: tokens.manager, body: scheduleBody(1, group), lang: 'en' });
    expect(manager.statusCode).toBe(403);
    expect(manager.json()).toEqual(FORBIDDEN_EN);
    const staff = await h.call('POST', LIST, { token: tokens.staff, body: scheduleBody(1, group), lang: 'en' });
    expect(staff.statusCode).toBe(403);
    expect((await h.call('POST', LIST, { token: tokens.staff, body: scheduleBody(2, group), lang: 'en' })).statusCode).toBe(403);
    const stranger = await h.call('POST', LIST, { token: tokens.admin1, body: scheduleBody(2, group), lang: 'en' });
    expect(stranger.statusCode).toBe(404);
    expect((await h.database.db.select().from(schedules)).length).toBe(before);
  });

  it('refuses a playground_group of another location, or an unknown one', async () => {
    const foreign = await newGroup(2);
    await rejects(scheduleBody(1, foreign), { playground_group: ['Not a valid choice.'] });
    await rejects(scheduleBody(1, 999999), { playground_group: ['Not a valid choice.'] });
    await rejects(scheduleBody(1, foreign), { playground_group: ['Недопустимый вариант.'] }, 'ru');
  });

  it('refuses a second enabled schedule of a group on the same start_dt; a disabled one is fine', async () => {
    const group = await newGroup();
    const first = await create(scheduleBody(1, group, { start_dt: '2030-07-01' }));
    await rejects(scheduleBody(1, group, { start_dt: '2030-07-01', name: 'Second' }), { start_dt: [START_TAKEN_EN] });
    await rejects(scheduleBody(1, group, { start_dt: '2030-07-01', name: 'Second' }), { start_dt: ['Другое включённое расписание этой группы начинается в эту дату.'] }, 'ru');
    const disabled = await create(scheduleBody(1, group, { start_dt: '2030-07-01', name: 'Second', disabled: true }));
    expect(disabled.disabled).toBe(true);
    // Another date, or the same date in another group, is fine.
    await create(scheduleBody(1, group, { start_dt: '2030-07-02' }));
    await create(scheduleBody(1, await newGroup(), { start_dt: '2030-07-01' }));
    const rows = await h.database.db.select().from(schedules).where(eq(schedules.playgroundGroupId, group));
    expect(rows.map((r) => [r.startDt, r.disabled]).sort()).toEqual([['2030-07-01', false], ['2030-07-01', true], ['2030-07-02', false]]);
    expect(rows.find((r) => !r.disabled && r.startDt === '2030-07-01')!.id).toBe(first.id);
  });
});

describe('PUT /api/v2.1/schedule/{id}/', () => {
  it('replaces the document; items and rows are numbered again; location and id in the body are ignored', async () => {
    const group = await newGroup();
    const created = await create(scheduleBody(1, group, { start_dt: '2030-08-01', items: [item(), item({ begin: '22:00', end: '02:00', day_types: [8] })] }));
    const changed = item({ begin: '12:00', end: '20:00', duration: 45, overlap: 5, pricing: [{ start: '12:00', personal_price: '900', prepayment: 0 }, { start: '16:00', personal_price: '1100', prepayment: 0 }] });
    const res = await h.call('PUT', ONE(created.id), {
      token: tokens.admin,
      body: { ...created, name: 'Renamed', start_dt: '2030-08-15', breaks: [{ start: '15:00', duration: 10 }], items: [changed] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      id: created.id, name: 'Renamed', start_dt: '2030-08-15', disabled: false, playground_group: group, location: 1,
      breaks: [{ start: '15:00', duration: 10, date: null }], items: [storedItem(changed, 1)],
    };
    expect(res.json()).toEqual(expected);
    expect((await h.call('GET', ONE(created.id), { token: tokens.admin })).json()).toEqual(expected);
    // `location` cannot move a schedule to another location.
    const moved = await h.call('PUT', ONE(created.id), { token: tokens.admin, body: { ...expected, location: 2 } });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().location).toBe(1);
  });

  it('moves a schedule to another group of the location, not to one of another location', async () => {
    const group = await newGroup();
    const other = await newGroup();
    const created = await create(scheduleBody(1, group, { start_dt: '2030-09-01' }));
    const res = await h.call('PUT', ONE(created.id), { token: tokens.admin, body: { ...created, playground_group: other } });
    expect(res.statusCode).toBe(200);
    expect(res.json().playground_group).toBe(other);
    const foreign = await newGroup(2);
    const refused = await h.call('PUT', ONE(created.id), { token: tokens.admin, body: { ...created, playground_group: foreign }, lang: 'en' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ playground_group: ['Not a valid choice.'] });
    expect((await h.call('GET', ONE(created.id), { token: tokens.admin })).json().playground_group).toBe(other);
  });

  it('refuses to enable a schedule on the start_dt of another enabled one; saving the enabled one itself is fine', async () => {
    const group = await newGroup();
    const enabled = await create(scheduleBody(1, group, { start_dt: '2030-10-01' }));
    const disabled = await create(scheduleBody(1, group, { start_dt: '2030-10-01', disabled: true, name: 'Draft' }));
    const res = await h.call('PUT', ONE(disabled.id), { token: tokens.admin, body: { ...disabled, disabled: false }, lang: 'en' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ start_dt: [START_TAKEN_EN] });
    expect((await h.call('GET', ONE(disabled.id), { token: tokens.admin })).json().disabled).toBe(true);
    // Moving the enabled draft onto the date also clashes; another date does not.
    const other = await create(scheduleBody(1, group, { start_dt: '2030-10-02', name: 'Other' }));
    const clash = await h.call('PUT', ONE(other.id), { token: tokens.admin, body: { ...other, start_dt: '2030-10-01' }, lang: 'en' });
    expect(clash.json()).toEqual({ start_dt: [START_TAKEN_EN] });
    const self = await h.call('PUT', ONE(enabled.id), { token: tokens.admin, body: { ...enabled, name: 'Still enabled' } });
    expect(self.statusCode).toBe(200);
    expect(self.json().name).toBe('Still enabled');
  });

  it('validates like POST, answers 404 for unknown ids and 403 for non-managers', async () => {
    const group = await newGroup();
    const created = await create(scheduleBody(1, group, { start_dt: '2030-11-01' }));
    const bad = await h.call('PUT', ONE(created.id), { token: tokens.admin, body: { ...created, name: '' }, lang: 'en' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ name: ['This field may not be blank.'] });
    const unknown = await h.call('PUT', ONE(999999), { token: tokens.admin, body: created, lang: 'en' });
    expect(unknown.statusCode).toBe(404);
    const manager = await h.call('PUT', ONE(created.id), { token: tokens.manager, body: { ...created, name: 'By manager' }, lang: 'en' });
    expect(manager.statusCode).toBe(403);
    expect(manager.json()).toEqual(FORBIDDEN_EN);
    const [foreign] = await h.database.db.select().from(schedules).where(eq(schedules.locationId, 2)).limit(1);
    const stranger = await h.call('PUT', ONE(foreign!.id), { token: tokens.admin1, body: created, lang: 'en' });
    expect(stranger.statusCode).toBe(404);
    expect((await h.call('GET', ONE(created.id), { token: tokens.admin })).json().name).toBe('Test schedule');
  });
});

describe('DELETE /api/v2.1/schedule/{id}/', () => {
  it('deletes: 204, then 404', async () => {
    const created = await create(scheduleBody(1, await newGroup()));
    const manager = await h.call('DELETE', ONE(created.id), { token: tokens.manager, lang: 'en' });
    expect(manager.statusCode).toBe(403);
    const res = await h.call('DELETE', ONE(created.id), { token: tokens.admin });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await h.call('GET', ONE(created.id), { token: tokens.admin })).statusCode).toBe(404);
    expect((await h.call('DELETE', ONE(created.id), { token: tokens.admin })).statusCode).toBe(404);
    expect(await h.database.db.select().from(schedules).where(eq(schedules.id, created.id))).toEqual([]);
  });
});

describe('PATCH /api/v2.1/schedule/{id}/visible/', () => {
  const VISIBLE = (id: number) => `/api/v2.1/schedule/${id}/visible/`;

  it('disables and enables a schedule, answering the schedule', async () => {
    const created = await create(scheduleBody(1, await newGroup(), { start_dt: '2030-02-01' }));
    const off = await h.call('PATCH', VISIBLE(created.id), { token: tokens.admin, body: { disabled: true } });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ ...created, disabled: true });
    const on = await h.call('PATCH', VISIBLE(created.id), { token: tokens.admin, body: { disabled: false } });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual(created);
    // Enabling an enabled schedule again is no clash with itself.
    expect((await h.call('PATCH', VISIBLE(created.id), { token: tokens.admin, body: { disabled: false } })).statusCode).toBe(200);
  });

  it('refuses to enable a schedule whose group has an enabled one on the same start_dt', async () => {
    const group = await newGroup();
    await create(scheduleBody(1, group, { start_dt: '2030-02-01' }));
    const draft = await create(scheduleBody(1, group, { start_dt: '2030-02-01', disabled: true, name: 'Draft' }));
    const res = await h.call('PATCH', VISIBLE(draft.id), { token: tokens.admin, body: { disabled: false }, lang: 'en' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ start_dt: [START_TAKEN_EN] });
    const ru = await h.call('PATCH', VISIBLE(draft.id), { token: tokens.admin, body: { disabled: false } });
    expect(ru.json()).toEqual({ start_dt: ['Другое включённое расписание этой группы начинается в эту дату.'] });
    expect((await h.call('GET', ONE(draft.id), { token: tokens.admin })).json().disabled).toBe(true);
  });

  it('asks for a boolean disabled; 404 and 403 as elsewhere', async () => {
    const created = await create(scheduleBody(1, await newGroup()));
    const missing = await h.call('PATCH', VISIBLE(created.id), { token: tokens.admin, body: {}, lang: 'en' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ disabled: ['This field is required.'] });
    const text = await h.call('PATCH', VISIBLE(created.id), { token: tokens.admin, body: { disabled: 'yes' }, lang: 'en' });
    expect(text.json()).toEqual({ disabled: ['Must be a valid boolean.'] });
    const extra = await h.call('PATCH', VISIBLE(created.id), { token: tokens.admin, body: { disabled: true, name: 'x' }, lang: 'en' });
    expect(extra.json()).toEqual({ name: ['Unknown field.'] });
    expect((await h.call('PATCH', VISIBLE(999999), { token: tokens.admin, body: { disabled: true } })).statusCode).toBe(404);
    const manager = await h.call('PATCH', VISIBLE(created.id), { token: tokens.manager, body: { disabled: true }, lang: 'en' });
    expect(manager.statusCode).toBe(403);
    expect(manager.json()).toEqual(FORBIDDEN_EN);
    expect((await h.call('GET', ONE(created.id), { token: tokens.admin })).json().disabled).toBe(false);
  });
});

describe('POST /api/v2.1/schedule/{id}/clone/', () => {
  const CLONE = (id: number) => `/api/v2.1/schedule/${id}/clone/`;

  it('copies a schedule, disabled, named with (copy) in English and (копия) in Russian', async () => {
    const original = await create(scheduleBody(1, await newGroup(), {
      name: 'Summer', start_dt: '2030-06-01', breaks: [{ start: '14:00', duration: 30 }],
      items: [item(), item({ begin: '22:00', end: '03:00', day_types: [8, 9], duration: 30 })],
    }));
    const en = await h.call('POST', CLONE(original.id), { token: tokens.admin, lang: 'en' });
    expect(en.statusCode).toBe(201);
    const copy = en.json();
    expect(copy).toEqual({ ...original, id: expect.any(Number), name: 'Summer (copy)', disabled: true });
    expect(copy.id).not.toBe(original.id);
    expect((await h.call('GET', ONE(copy.id), { token: tokens.admin })).json()).toEqual(copy);
    const ru = await h.call('POST', CLONE(original.id), { token: tokens.admin });
    expect(ru.statusCode).toBe(201);
    expect(ru.json().name).toBe('Summer (копия)');
    expect(ru.json().disabled).toBe(true);
    // The original is untouched; enabling the copy clashes with it (same group and start_dt).
    expect((await h.call('GET', ONE(original.id), { token: tokens.admin })).json()).toEqual(original);
    const enable = await h.call('PATCH', `/api/v2.1/schedule/${copy.id}/visible/`, { token: tokens.admin, body: { disabled: false }, lang: 'en' });
    expect(enable.statusCode).toBe(400);
    expect(enable.json()).toEqual({ start_dt: [START_TAKEN_EN] });
  });

  it('keeps the name within 100 characters; 404 and 403 as elsewhere', async () => {
    const long = await create(scheduleBody(1, await newGroup(), { name: 'x'.repeat(100), disabled: true }));
    const res = await h.call('POST', CLONE(long.id), { token: tokens.admin, lang: 'en' });
    expect(res.statusCode).toBe(201);
    expect(res.json().name.length).toBeLessThanOrEqual(100);
    expect((await h.call('POST', CLONE(999999), { token: tokens.admin })).statusCode).toBe(404);
    const manager = await h.call('POST', CLONE(long.id), { token: tokens.manager, lang: 'en' });
    expect(manager.statusCode).toBe(403);
    expect(manager.json()).toEqual(FORBIDDEN_EN);
  });
});

describe('POST /api/v2.1/schedule/check/', () => {
  it('answers each item\'s sessions with their pricing row', async () => {
    const day = item({
      begin: '10:00', end: '14:00', duration: 60, overlap: 15, day_types: [1, 2],
      pricing: [{ start: '10:00', session_price: '1000', prepayment: 0.5 }, { start: '12:00', session_price: '1200,5', prepayment: '0,5' }],
    });
    const night = item({
      begin: '23:00', end: '02:00', duration: 45, day_types: [6], breaks: [{ start: '00:30', duration: 15 }],
      pricing: [{ start: '23:00', personal_price: '500', prepayment: 1 }],
    });
    const res = await h.call('POST', CHECK, { token: tokens.staff, body: { items: [day, night], breaks: [] } });
    expect(res.statusCode, res.body).toBe(200);
    const early = { currency_id: null, session_price: '1000', personal_price: null, prepayment: '0.5', start: '10:00' };
    const late = { currency_id: null, session_price: '1200.5', personal_price: null, prepayment: '0.5', start: '12:00' };
    const nightRow = { currency_id: null, session_price: null, personal_price: '500', prepayment: '1', start: '23:00' };
    expect(res.json()).toEqual({
      items: [
        {
          index: 0, day_types: [1, 2], sessions: [
            { time_start: '10:00', time_end: '11:00', pricing: early },
            { time_start: '10:45', time_end: '11:45', pricing: early },
            { time_start: '11:30', time_end: '12:30', pricing: early },
            { time_start: '12:15', time_end: '13:15', pricing: late },
            { time_start: '13:00', time_end: '14:00', pricing: late },
          ],
        },
        {
          // 23:45-00:30 ends as the break begins; 00:30-01:15 meets the break and is dropped.
          index: 1, day_types: [6], sessions: [
            { time_start: '23:00', time_end: '23:45', pricing: nightRow },
            { time_start: '23:45', time_end: '00:30', pricing: nightRow },
            { time_start: '01:15', time_end: '02:00', pricing: nightRow },
          ],
        },
      ],
    });
  });

  it('applies the schedule\'s daily breaks to every item, as the slots do', async () => {
    const res = await h.call('POST', CHECK, {
      token: tokens.admin,
      body: { breaks: [{ start: '14:00', duration: 30 }, { start: '18:00', duration: 60, date: '2030-03-04' }], items: [item({ begin: '12:00', end: '20:00' })] },
    });
    expect(res.statusCode, res.body).toBe(200);
    // The daily break removes 14:00-15:00; a dated break belongs to one day, not to the grid.
    expect(res.json().items[0].sessions.map((s: Json) => s.time_start)).toEqual(['12:00', '13:00', '15:00', '16:00', '17:00', '18:00', '19:00']);
  });

  it('accepts a whole schedule document and checks only its grid', async () => {
    const res = await h.call('POST', CHECK, { token: tokens.admin, body: { ...scheduleBody(1, 1), items: [item({ begin: '10:00', end: '13:00' })] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items[0].sessions.map((s: Json) => s.time_start)).toEqual(['10:00', '11:00', '12:00']);
    const empty = await h.call('POST', CHECK, { token: tokens.admin, body: {} });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ items: [] });
  });

  it('validates the grid with the same messages as a save', async () => {
    const res = await h.call('POST', CHECK, {
      token: tokens.admin, lang: 'en',
      body: { items: [item(), item({ begin: '22:00', end: '23:00', overlap: 60 }), item({ begin: '12:00', end: '14:00', day_types: [3] })] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ items: [{}, { overlap: ['The overlap must be shorter than the session.'] }, { begin: ['This item overlaps another item on the same day type.'] }] });
  });

  it('needs a token', async () => {
    const res = await h.call('POST', CHECK, { body: { items: [item()] }, lang: 'en' });
    expect(res.statusCode).toBe(401);
  });
});

describe('validation messages of a schedule', () => {
  let group: number;
  beforeAll(async () => { group = await newGroup(); });
  /** A valid body with one item changed. */
  const withItem = (over: Partial<ItemInput> & Record<string, unknown>) => scheduleBody(1, group, { disabled: true, items: [{ ...item(), ...over }] });
  const withPricing = (row: Record<string, unknown>) => withItem({ pricing: [row as never] });
  const priceRow = { start: '10:00', session_price: '1000', prepayment: 0.5 };

  it('name: required, not blank, at most 100 characters', async () => {
    const { name: _name, ...noName } = scheduleBody(1, group);
    await rejects(noName, { name: ['This field is required.'] });
    await rejects(noName, { name: ['Обязательное поле.'] }, 'ru');
    await rejects(scheduleBody(1, group, { name: '  ' }), { name: ['This field may not be blank.'] });
    await rejects(scheduleBody(1, group, { name: 'x'.repeat(101) }), { name: ['Ensure this field has no more than 100 characters.'] });
  });

  it('start_dt: a real date as YYYY-MM-DD', async () => {
    for (const start_dt of ['2030-02-30', '01.03.2030', '2030-3-1', 'tomorrow', '']) {
      await rejects(scheduleBody(1, group, { start_dt }), { start_dt: ['Enter a date as YYYY-MM-DD.'] });
    }
    await rejects(scheduleBody(1, group, { start_dt: null }), { start_dt: ['This field is required.'] });
    await rejects(scheduleBody(1, group, { start_dt: '2030-02-30' }), { start_dt: ['Укажите дату в формате ГГГГ-ММ-ДД.'] }, 'ru');
  });

  it('location, playground_group and disabled', async () => {
    const { location: _l, ...noLocation } = scheduleBody(1, group);
    await rejects(noLocation, { location: ['This field is required.'] });
    const { playground_group: _g, ...noGroup } = scheduleBody(1, group);
    await rejects(noGroup, { playground_group: ['This field is required.'] });
    await rejects(scheduleBody(1, group, { disabled: 'maybe' }), { disabled: ['Must be a valid boolean.'] });
  });

  it('item begin and end: required, HH:mm', async () => {
    const { begin: _b, ...noBegin } = item();
    await rejects(scheduleBody(1, group, { items: [noBegin] }), { items: [{ begin: ['This field is required.'] }] });
    const { end: _e, ...noEnd } = item();
    await rejects(scheduleBody(1, group, { items: [noEnd] }), { items: [{ end: ['This field is required.'] }] });
    for (const bad of ['9:00', '24:00', '10:60', '10-00', 'noon', '']) {
      await rejects(withItem({ begin: bad }), { items: [{ begin: ['Enter a time as HH:mm.'] }] });
      await rejects(withItem({ end: bad }), { items: [{ end: ['Enter a time as HH:mm.'] }] });
    }
    await rejects(withItem({ end: '25:00' }), { items: [{ end: ['Укажите время в формате ЧЧ:ММ.'] }] }, 'ru');
    // With a second, valid item: the bad one is named by its position.
    await rejects(scheduleBody(1, group, { items: [item({ day_types: [1] }), { ...item({ day_types: [2] }), begin: '7:00' }] }),
      { items: [{}, { begin: ['Enter a time as HH:mm.'] }] });
  });

  it('item duration: required, at least 1', async () => {
    const { duration: _d, ...noDuration } = item();
    await rejects(scheduleBody(1, group, { items: [noDuration] }), { items: [{ duration: ['This field is required.'] }] });
    await rejects(withItem({ duration: 0 }), { items: [{ duration: ['Ensure this value is greater than or equal to 1.'] }] });
    await rejects(withItem({ duration: 0 }), { items: [{ duration: ['Убедитесь, что значение больше или равно 1.'] }] }, 'ru');
    await rejects(withItem({ duration: 1.5 }), { items: [{ duration: ['A valid integer is required.'] }] });
  });

  it('item overlap: shorter than the session', async () => {
    await rejects(withItem({ duration: 60, overlap: 60 }), { items: [{ overlap: ['The overlap must be shorter than the session.'] }] });
    await rejects(withItem({ duration: 60, overlap: 90 }), { items: [{ overlap: ['The overlap must be shorter than the session.'] }] });
    await rejects(withItem({ duration: 60, overlap: 60 }), { items: [{ overlap: ['Перекрытие должно быть короче сеанса.'] }] }, 'ru');
    await rejects(withItem({ overlap: -1 }), { items: [{ overlap: ['Ensure this value is greater than or equal to 0.'] }] });
    expect((await h.call('POST', LIST, { token: tokens.admin, body: withItem({ duration: 60, overlap: 59 }) })).statusCode).toBe(201);
  });

  it('item end: by 06:00, when the next business day begins', async () => {
    const text = 'An item must end by 06:00, when the next business day begins.';
    await rejects(withItem({ begin: '10:00', end: '06:30' }), { items: [{ end: [text] }] });
    await rejects(withItem({ begin: '10:00', end: '09:00' }), { items: [{ end: [text] }] });
    await rejects(withItem({ begin: '10:00', end: '10:00' }), { items: [{ end: [text] }] });
    expect((await h.call('POST', LIST, { token: tokens.admin, body: withItem({ begin: '10:00', end: '06:00', pricing: [priceRow] }) })).statusCode).toBe(201);
    expect((await h.call('POST', LIST, { token: tokens.admin, body: withItem({ begin: '01:00', end: '05:00', pricing: [{ ...priceRow, start: '01:00' }] }) })).statusCode).toBe(201);
  });

  it('item day types: 1 to 9, each once, at least one', async () => {
    await rejects(withItem({ day_types: [1, 1] }), { items: [{ day_types: ['Each day type may appear only once.'] }] });
    await rejects(withItem({ day_types: [8, 9, 8] }), { items: [{ day_types: ['Каждый тип дня можно указать один раз.'] }] }, 'ru');
    // A day type out of range is named by its position in the list (valid entries are `{}`).
    await rejects(withItem({ day_types: [0] }), { items: [{ day_types: [['Ensure this value is greater than or equal to 1.']] }] });
    await rejects(withItem({ day_types: [1, 10] }), { items: [{ day_types: [{}, ['Ensure this value is less than or equal to 9.']] }] });
    // A duplicate does not hide an entry's own message.
    await rejects(withItem({ day_types: [1, 1, 0] }), { items: [{ day_types: [{}, {}, ['Ensure this value is greater than or equal to 1.']] }] });
    await rejects(withItem({ day_types: [] }), { items: [{ day_types: ['Ensure this value is greater than or equal to 1.'] }] });
    const all = await h.call('POST', LIST, { token: tokens.admin, body: withItem({ day_types: [1, 2, 3, 4, 5, 6, 7, 8, 9] }) });
    expect(all.statusCode).toBe(201);
  });

  it('pricing price: digits with a comma or dot, 1 to 20 characters', async () => {
    const text = 'Enter a price: digits with a comma or dot, 1 to 20 characters.';
    for (const bad of ['abc', '12.5.1', '1 000', '12,', '.5', '1e3']) {
      await rejects(withPricing({ ...priceRow, session_price: bad }), { items: [{ pricing: [{ session_price: [text] }] }] });
    }
    // #42 A negative price is refused as negative (tests/api/prices-and-lengths.test.ts).
    await rejects(withPricing({ ...priceRow, session_price: '-100' }), { items: [{ pricing: [{ session_price: ['A price cannot be negative.'] }] }] });
    await rejects(withPricing({ start: '10:00', personal_price: 'free', prepayment: 0.5 }), { items: [{ pricing: [{ personal_price: [text] }] }] });
    await rejects(withPricing({ ...priceRow, session_price: 'abc' }),
      { items: [{ pricing: [{ session_price: ['Укажите цену: цифры с запятой или точкой, от 1 до 20 символов.'] }] }] }, 'ru');
    const long = await h.call('POST', LIST, { token: tokens.admin, body: withPricing({ ...priceRow, session_price: '1'.repeat(21) }), lang: 'en' });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ items: [{ pricing: [{ session_price: ['Ensure this field has no more than 20 characters.'] }] }] });
    for (const good of ['0', '1500', '1500.5', '1500,50', '1'.repeat(20)]) {
      const res = await h.call('POST', LIST, { token: tokens.admin, body: withPricing({ ...priceRow, session_price: good }) });
      expect(res.statusCode, good).toBe(201);
      expect(res.json().items[0].pricing[0].session_price).toBe(good.replace(',', '.'));
    }
  });

  it('pricing: either a session price or a per-person price', async () => {
    const text = 'Set either a session price or a per-person price.';
    await rejects(withPricing({ start: '10:00', prepayment: 0.5 }), { items: [{ pricing: [{ session_price: [text] }] }] });
    await rejects(withPricing({ start: '10:00', session_price: null, personal_price: null, prepayment: 0.5 }), { items: [{ pricing: [{ session_price: [text] }] }] });
    await rejects(withPricing({ start: '10:00', session_price: '100', personal_price: '50', prepayment: 0.5 }), { items: [{ pricing: [{ personal_price: [text] }] }] });
    await rejects(withPricing({ start: '10:00', prepayment: 0.5 }), { items: [{ pricing: [{ session_price: ['Укажите либо цену за сеанс, либо цену за человека.'] }] }] }, 'ru');
  });

  it('pricing prepayment: 0 to 1, a number or a decimal text with a comma or dot; left out, the location\'s default (#42: 100 % where it takes money online)', async () => {
    await rejects(withPricing({ ...priceRow, prepayment: -0.1 }), { items: [{ pricing: [{ prepayment: ['Ensure this value is greater than or equal to 0.'] }] }] });
    await rejects(withPricing({ ...priceRow, prepayment: 1.5 }), { items: [{ pricing: [{ prepayment: ['Ensure this value is less than or equal to 1.'] }] }] });
    await rejects(withPricing({ ...priceRow, prepayment: '1,5' }), { items: [{ pricing: [{ prepayment: ['Ensure this value is less than or equal to 1.'] }] }] });
    await rejects(withPricing({ ...priceRow, prepayment: 'half' }), { items: [{ pricing: [{ prepayment: ['A valid number is required.'] }] }] });
    const { prepayment: _p, ...noPrepayment } = priceRow;
    // The demo's sandbox takes money online here: a row without its prepayment is paid in full (no provider: 0, readiness.test.ts).
    const defaulted = await h.call('POST', LIST, { token: tokens.admin, body: withPricing(noPrepayment) });
    expect(defaulted.statusCode, defaulted.body).toBe(201);
    expect(defaulted.json().items[0].pricing[0].prepayment).toBe('1');
    await rejects(withPricing({ ...priceRow, prepayment: null }), { items: [{ pricing: [{ prepayment: ['This field is required.'] }] }] });
    for (const [input, stored] of [['0,5', '0.5'], ['0.25', '0.25'], [0, '0'], [1, '1'], ['1', '1'], [0.75, '0.75']] as const) {
      const res = await h.call('POST', LIST, { token: tokens.admin, body: withPricing({ ...priceRow, prepayment: input }) });
      expect(res.statusCode, String(input)).toBe(201);
      expect(res.json().items[0].pricing[0].prepayment).toBe(stored);
    }
  });

  it('pricing start: required, HH:mm, unique among the item\'s rows (nested DRF shape)', async () => {
    await rejects(withItem({ pricing: [priceRow, { ...priceRow, session_price: '1200' }] }),
      { items: [{ pricing: [{}, { start: ['Another pricing row already starts at this time.'] }] }] });
    await rejects(withItem({ pricing: [priceRow, { ...priceRow, start: '18:00' }, { ...priceRow, session_price: '1200' }] }),
      { items: [{ pricing: [{}, {}, { start: ['Другая строка цен уже начинается в это время.'] }] }] }, 'ru');
    // Errors of a later item leave `{}` for the valid ones.
    await rejects(scheduleBody(1, group, { items: [item({ day_types: [1] }), item({ day_types: [2], pricing: [priceRow, priceRow] })] }),
      { items: [{}, { pricing: [{}, { start: ['Another pricing row already starts at this time.'] }] }] });
    const { start: _s, ...noStart } = priceRow;
    await rejects(withPricing(noStart), { items: [{ pricing: [{ start: ['This field is required.'] }] }] });
    await rejects(withPricing({ ...priceRow, start: '10.00' }), { items: [{ pricing: [{ start: ['Enter a time as HH:mm.'] }] }] });
    await rejects(withItem({ pricing: [] }), { items: [{ pricing: ['Ensure this value is greater than or equal to 1.'] }] });
  });

  it('breaks of the schedule and of an item: start required, duration at least 1, date a real date', async () => {
    await rejects(scheduleBody(1, group, { breaks: [{ duration: 30 }] }), { breaks: [{ start: ['This field is required.'] }] });
    await rejects(scheduleBody(1, group, { breaks: [{ duration: 30 }] }), { breaks: [{ start: ['Обязательное поле.'] }] }, 'ru');
    await rejects(scheduleBody(1, group, { breaks: [{ start: '14:00', duration: 30 }, { start: '15:00', duration: 0 }] }),
      { breaks: [{}, { duration: ['Ensure this value is greater than or equal to 1.'] }] });
    await rejects(scheduleBody(1, group, { breaks: [{ start: '14:00' }] }), { breaks: [{ duration: ['This field is required.'] }] });
    await rejects(scheduleBody(1, group, { breaks: [{ start: '2 pm', duration: 30 }] }), { breaks: [{ start: ['Enter a time as HH:mm.'] }] });
    await rejects(scheduleBody(1, group, { breaks: [{ start: '14:00', duration: 30, date: '2030-13-01' }] }), { breaks: [{ date: ['Enter a date as YYYY-MM-DD.'] }] });
    await rejects(withItem({ breaks: [{ duration: 15 } as never] }), { items: [{ breaks: [{ start: ['This field is required.'] }] }] });
    await rejects(withItem({ breaks: [{ start: '12:00', duration: 0 }] }), { items: [{ breaks: [{ duration: ['Ensure this value is greater than or equal to 1.'] }] }] });
  });

  it('items sharing a day type must not overlap: the later one is named at its begin', async () => {
    const text = 'This item overlaps another item on the same day type.';
    await rejects(scheduleBody(1, group, { items: [item({ begin: '10:00', end: '14:00', day_types: [1, 2] }), item({ begin: '13:00', end: '18:00', day_types: [2, 3] })] }),
      { items: [{}, { begin: [text] }] });
    await rejects(scheduleBody(1, group, { items: [item({ begin: '10:00', end: '14:00', day_types: [1] }), item({ begin: '13:00', end: '18:00', day_types: [1] })] }),
      { items: [{}, { begin: ['Этот интервал пересекается с другим в тот же тип дня.'] }] }, 'ru');
    // A night item overlapping an evening one across midnight.
    await rejects(scheduleBody(1, group, { items: [item({ begin: '18:00', end: '02:00', day_types: [5] }), item({ begin: '10:00', end: '14:00', day_types: [5] }), item({ begin: '01:00', end: '04:00', day_types: [5] })] }),
      { items: [{}, {}, { begin: [text] }] });
    // Touching items, or the same hours on other day types, are fine.
    const touching = await h.call('POST', LIST, { token: tokens.admin, body: scheduleBody(1, group, { disabled: true, items: [
      item({ begin: '10:00', end: '14:00', day_types: [1] }), item({ begin: '14:00', end: '02:00', day_types: [1] }), item({ begin: '10:00', end: '14:00', day_types: [2, 8] }),
    ] }) });
    expect(touching.statusCode, touching.body).toBe(201);
  });

  it('unknown fields at any level', async () => {
    await rejects(scheduleBody(1, group, { color: 'red' }), { color: ['Unknown field.'] });
    await rejects(scheduleBody(1, group, { color: 'red' }), { color: ['Неизвестное поле.'] }, 'ru');
    await rejects(withItem({ colour: 'red' }), { items: [{ colour: ['Unknown field.'] }] });
    await rejects(withPricing({ ...priceRow, discount: '10' }), { items: [{ pricing: [{ discount: ['Unknown field.'] }] }] });
    await rejects(scheduleBody(1, group, { breaks: [{ start: '14:00', duration: 30, note: 'lunch' }] }), { breaks: [{ note: ['Unknown field.'] }] });
  });

  it('several errors at once, each at its place', async () => {
    const res = await h.call('POST', LIST, {
      token: tokens.admin, lang: 'en',
      body: scheduleBody(1, group, {
        name: '', start_dt: '2030-02-31',
        items: [item({ day_types: [1], duration: 0, overlap: 0 }), item({ day_types: [2], pricing: [priceRow, { ...priceRow, start: '18:00', session_price: 'x' }] })],
      }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      name: ['This field may not be blank.'],
      start_dt: ['Enter a date as YYYY-MM-DD.'],
      items: [
        { duration: ['Ensure this value is greater than or equal to 1.'] },
        { pricing: [{}, { session_price: ['Enter a price: digits with a comma or dot, 1 to 20 characters.'] }] },
      ],
    });
  });

  it('nothing is saved by a refused request', async () => {
    const rows = await h.database.db.select().from(schedules).where(eq(schedules.playgroundGroupId, group));
    // Only the bodies the tests above expected to be accepted were saved, all disabled.
    expect(rows.every((r) => r.disabled)).toBe(true);
    expect(rows.length).toBe(1 + 2 + 1 + 5 + 1 + 6 + 1);
  });
});
