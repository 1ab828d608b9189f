// #42 The activity log in words (GET /locations/{id}/activity/, its screen's before/after): a role by
// its name, a playground's group by its name, a move "Куб 1 → группа «Выходные»", a schedule with its
// prices, in ru and en; an entry that would not read in words is refused when written (outside
// production); a location's creation is in its own log and the installation's (GET /activity/,
// owners), never in another location's; the account switches and re-sends record before and after.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityEntries, playgrounds } from '../../server/db/schema';
import { recordEffects } from '../../server/platform/effects';
import { activityField, activityValue } from '../../domain/activityWords';
import { createHarness, type Harness } from './harness';
import { entriesNotInWords, entriesWrittenBy } from './activityEntries';
import { contextIn } from './activityReading';
import { item, scheduleBody } from './scheduleBuilders';

let h: Harness;
let owner: string;
let admin: { id: number; token: string };
let cube1 = 0;

beforeAll(async () => {
  h = await createHarness();
  owner = await h.login('admin@example.com', 'admin123');
  admin = await h.userWithToken('words-admin@example.com', [[1, 40]]);
  const [pg] = await h.database.db.select().from(playgrounds).where(eq(playgrounds.name, 'Куб 1'));
  cube1 = pg!.id;
});
afterAll(async () => { await h.close(); });

const call = (method: string, url: string, body?: unknown, token = owner) => h.call(method, url, { token, body, lang: 'en' });
/** An entry's side as the screen writes it, one "Field: value" a line. */
const side = (fields: unknown, lang: 'ru' | 'en') => Object.entries((fields ?? {}) as Record<string, unknown>)
  .map(([key, value]) => `${activityField(key, lang)}: ${activityValue(key, value, contextIn(lang))}`);
const textOf = async (lang: 'ru' | 'en', kind: string, location = 1) => {
  const page = (await h.call('GET', `/api/v2.1/locations/${location}/activity/?limit=1000&kind=${kind}`, { token: owner, lang })).json();
  return page.results.map((r: { text: string }) => r.text) as string[];
};

describe('an entry in words', () => {
  it('a playground moved into a group: "Куб 1 → группа «Выходные»" (en: group “…”), and out of any group', async () => {
    const group = await call('POST', '/api/v2.1/locations/1/groups/', { name: 'Выходные' });
    expect(group.statusCode, group.body).toBe(201);
    const [moved] = await entriesWrittenBy(h, () => call('PUT', `/api/v2.1/playgrounds/${cube1}/group/`, { group: group.json().id }), 200);
    expect(moved!.kind).toBe('playground.moved');
    expect(await textOf('ru', 'playground.moved')).toEqual(['Игровая зона перенесена: Куб 1 → группа «Выходные»']);
    expect(await textOf('en', 'playground.moved')).toEqual(['Playground moved: Куб 1 → group “Выходные”']);
    await entriesWrittenBy(h, () => call('PUT', `/api/v2.1/playgrounds/${cube1}/group/`, { group: null }), 200);
    expect((await textOf('ru', 'playground.moved'))[0]).toBe('Игровая зона перенесена: Куб 1 → без группы');
    expect((await textOf('en', 'playground.moved'))[0]).toBe('Playground moved: Куб 1 → no group');
  });

  it('a playground by its group\'s name, types and state in words; never `is_active` or a group\'s id', async () => {
    const group = (await call('POST', '/api/v2.1/locations/1/groups/', { name: 'Будни' })).json();
    const [made] = await entriesWrittenBy(h, () => call('POST', '/api/v2.1/locations/1/playgrounds/',
      { name: 'Арена 7', types: ['arena'], max_players: 6, duration: 45, group: group.id }), 201);
    expect(made!.after).toMatchObject({ group: 'Будни' });
    expect(side(made!.after, 'ru')).toEqual(expect.arrayContaining(['Группа: Будни', 'Работает: да', 'Длительность сеанса, мин: 45', 'Игроков максимум: 6']));
    expect(side(made!.after, 'en')).toEqual(expect.arrayContaining(['Group: Будни', 'Active: yes', 'Session length, min: 45']));
    expect(side(made!.after, 'en').join('\n')).not.toMatch(/is_active|arena\b|: \d+$(?<!45|6)/m);
  });

  it('a role and permissions by their names: "Роль: Кассир" → "Роль: Администратор", never `role: 40`', async () => {
    const person = await h.userWithToken('words-cashier@example.com', [[1, 10]]);
    const [changed] = await entriesWrittenBy(h, () => call('PUT', `/api/v2.1/locations/1/staff/${person.id}/`, { role: 40, permissions: ['multibooking'] }), 200);
    expect(side(changed!.before, 'ru')).toEqual(['Роль: Кассир', 'Права: нет']);
    expect(side(changed!.after, 'ru')).toEqual(['Роль: Администратор', 'Права: Мультибронирование']);
    expect(side(changed!.after, 'en')).toEqual(['Role: Administrator', 'Permissions: Multi-booking']);
  });

  it('a schedule shows its group by name and its prices, per session and per person, with the prepayment', async () => {
    const group = (await call('POST', '/api/v2.1/locations/1/groups/', { name: 'Цены' })).json();
    const [made] = await entriesWrittenBy(h, () => call('POST', '/api/v2.1/schedule/', scheduleBody(1, group.id, {
      name: 'Цены', start_dt: '2031-01-01',
      items: [item({ begin: '10:00', end: '22:00', duration: 60, day_types: [1, 2, 3, 4, 5], pricing: [
        { start: '10:00', session_price: '2000', prepayment: 0.5 }, { start: '18:00', personal_price: '700', prepayment: 1 }] })],
    })), 201);
    const ru = side(made!.after, 'ru');
    expect(ru).toContain('Группа: Цены');
    expect(ru).toContain('Время и цены: Пн–Пт 10:00–22:00, сеанс 60 мин: с 10:00 — 2\u00a0000,00\u00a0₽ за сеанс, предоплата 50 %; с 18:00 — 700,00\u00a0₽ с человека, предоплата 100 %');
    expect(side(made!.after, 'en')).toContain('Times and prices: Mon–Fri 10:00–22:00, 60-min sessions: from 10:00 — 2,000.00\u00a0₽ per session, 50 % prepaid; from 18:00 — 700.00\u00a0₽ per person, 100 % prepaid');
    expect(JSON.stringify(made!.after)).not.toMatch(/"id"|currency_id|"playground_group":\d/);
  });

  it('the games a location offers by their names and playgrounds, never `games: 1` or `1: —`', async () => {
    const games = (await call('GET', '/api/v2.1/games/')).json() as { id: number; name: string }[];
    const [first] = games;
    const [changed] = await entriesWrittenBy(h, () => call('PUT', '/api/v2.1/locations/1/games/', { games: [{ game: first!.id, playgrounds: null }] }), 204);
    expect(changed!.subject).toBe('');
    expect(side(changed!.after, 'ru')).toEqual([`Игры: ${first!.name} (все игровые зоны)`]);
    expect(side(changed!.after, 'en')).toEqual([`Games: ${first!.name} (every playground)`]);
  });

  it('an entry that would not read in words (an id where a name belongs, an undeclared field) is refused when written, outside production', async () => {
    await expect(h.database.db.transaction((tx) => recordEffects(tx, { activity: { locationId: 1, kind: 'playground.created', subject: 'X', after: { group: 9 } } })))
      .rejects.toThrow(/after\.group = 9 does not fit its kind/);
    await expect(h.database.db.transaction((tx) => recordEffects(tx, { activity: { locationId: 1, kind: 'playground.created', subject: 'X', after: { groupId: 'Будни' } } })))
      .rejects.toThrow(/after\.groupId is not a declared field/);
    expect((await h.database.db.select().from(activityEntries).where(eq(activityEntries.subject, 'X')))).toEqual([]);
  });
});

describe('a location\'s creation', () => {
  it('is in the new location\'s log and the installation\'s (owners), not in another location\'s', async () => {
    const [made] = await entriesWrittenBy(h, () => call('POST', '/api/v2.1/locations/', {
      name: 'Слова Сити', city: 'Казань', country: 'Россия', timezone: 'Europe/Moscow', currency: 'RUB', b2b_currency: 'RUB',
    }), 201);
    expect(made!.kind).toBe('location.created');
    const id = made!.locationId!;
    expect(id).not.toBe(1);
    expect(await textOf('ru', 'location.created', id)).toEqual(['Локация создана: Слова Сити']);
    expect(await textOf('en', 'location.created', 1)).not.toContain('Location created: Слова Сити');
    const wide = (await h.call('GET', '/api/v2.1/activity/?limit=1000', { token: owner, lang: 'ru' })).json();
    expect(wide.results.find((r: { text: string }) => r.text === 'Локация создана: Слова Сити')).toMatchObject({ location: 'Слова Сити', kind: 'location.created' });
    // Installation-wide entries (the first owner) are there, named as the installation's.
    expect(wide.results.find((r: { kind: string }) => r.kind === 'setup.owner_created')).toMatchObject({ location: 'Вся установка' });
    expect((await h.call('GET', '/api/v2.1/activity/?limit=1000', { token: owner, lang: 'en' })).json().results
      .find((r: { kind: string }) => r.kind === 'setup.owner_created').location).toBe('Whole installation');
    // Another location's administrator (not an owner) reads neither the installation's log nor the entry.
    expect((await h.call('GET', '/api/v2.1/activity/', { token: admin.token })).statusCode).toBe(403);
    const theirs = (await h.call('GET', '/api/v2.1/locations/1/activity/?limit=1000', { token: admin.token })).json();
    expect(theirs.results.some((r: { text: string }) => r.text.includes('Слова Сити'))).toBe(false);
  });
});

describe('#41 actions record before and after', () => {
  it('deactivate and activate an account, make an owner: the state before and after, in words', async () => {
    const person = await h.userWithToken('words-switch@example.com', [[1, 10]]);
    const [off] = await entriesWrittenBy(h, () => call('POST', `/api/v2.1/accounts/${person.id}/deactivate/`), 200);
    expect([off!.kind, off!.before, off!.after]).toEqual(['user.deactivated', { account_active: true }, { account_active: false }]);
    expect([side(off!.before, 'ru'), side(off!.after, 'ru')]).toEqual([['Учётная запись включена: да'], ['Учётная запись включена: нет']]);
    const [on] = await entriesWrittenBy(h, () => call('POST', `/api/v2.1/accounts/${person.id}/activate/`), 200);
    expect([on!.before, on!.after]).toEqual([{ account_active: false }, { account_active: true }]);
    const [made] = await entriesWrittenBy(h, () => call('POST', `/api/v2.1/accounts/${person.id}/owner/`), 200);
    expect([made!.kind, made!.before, made!.after]).toEqual(['user.owner_made', { owner: false }, { owner: true }]);
    expect(side(made!.after, 'en')).toEqual(['Owner: yes']);
  });
});

describe('#42 the activity log in words', () => {
  it('every entry this file\'s changes wrote reads in words in ru and en: no key, code, id or JSON (tests/api/activityReading.ts)', async () => {
    const problems = await entriesNotInWords(h);
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
