// #28 CATALOGUE: a venue's playgrounds, games and what it sells, set up through the API. Each `it`
// proves several rules on one fixture (validation, 404 elsewhere, 403 below role 40, retire vs delete).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityEntries, playgrounds } from '../../server/db/schema';
import { businessDateOf } from '../../domain/businessDay';
import { wallClockNow } from '../../server/platform/clock';
import { createHarness, type Harness } from './harness';

let h: Harness;
let admin: string;
let manager: string;
/** Administrator (role id 40) at location 2 only. */
let elsewhere: string;

beforeAll(async () => {
  h = await createHarness();
  admin = await h.login('admin@example.com', 'admin123');
  manager = await h.login('manager@example.com', 'manager123');
  elsewhere = (await h.userWithToken('admin2@example.com', [[2, 40]])).token;
});
afterAll(async () => { await h.close(); });

const kinds = async (locationId: number) => (await h.database.db.select({ kind: activityEntries.kind, subject: activityEntries.subject }).from(activityEntries)
  .where(eq(activityEntries.locationId, locationId)).orderBy(activityEntries.id)).map((e) => `${e.kind} ${e.subject}`);
const today = () => businessDateOf(wallClockNow('Europe/Moscow'));

describe('playgrounds', () => {
  it('validates, answers 404 at a stranger\'s location and 403 below role 40, creates, and deletes one never ordered', async () => {
    const url = '/api/v2.1/locations/1/playgrounds/';
    const good = { name: 'Новая арена', types: ['arena'], max_players: 6, duration: 60, group: null };
    const bad = await h.call('POST', url, { token: admin, lang: 'en', body: { ...good, types: ['pool'], max_players: -1 } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['max_players', 'types']);
    expect((await h.call('POST', url, { token: admin, body: { ...good, types: [] } })).json()).toHaveProperty('types');
    // A group of location 2 is no choice at location 1.
    const [{ id: otherGroup }] = (await h.database.pool.query('SELECT id FROM playground_groups WHERE location_id = 2 LIMIT 1')).rows;
    expect((await h.call('POST', url, { token: admin, lang: 'en', body: { ...good, group: otherGroup } })).json()).toEqual({ group: ['Not a valid choice.'] });
    expect((await h.call('POST', url, { token: elsewhere, body: good })).statusCode).toBe(404);
    expect((await h.call('POST', url, { token: manager, body: good })).statusCode).toBe(403);
    expect((await h.call('GET', url, { token: manager })).statusCode).toBe(403);

    const created = await h.call('POST', url, { token: admin, body: good });
    expect(created.statusCode).toBe(201);
    const pg = created.json();
    expect(pg).toMatchObject({ ...good, is_active: true });
    expect((await h.call('GET', url, { token: admin })).json().map((p: { id: number }) => p.id)).toContain(pg.id);
    const my = (await h.call('GET', '/api/v2.1/locations/my/', { token: admin })).json();
    expect(my.find((l: { id: number }) => l.id === 1).playgrounds.map((p: { id: number }) => p.id)).toContain(pg.id);
    // Changing it elsewhere: 404; a bad body: 400.
    expect((await h.call('PUT', `/api/v2.1/playgrounds/${pg.id}/`, { token: elsewhere, body: good })).statusCode).toBe(404);
    const renamed = await h.call('PUT', `/api/v2.1/playgrounds/${pg.id}/`, { token: admin, body: { ...good, name: 'Арена 2' } });
    expect(renamed.json().name).toBe('Арена 2');

    // Never ordered: deleted, not retired.
    expect((await h.call('DELETE', `/api/v2.1/playgrounds/${pg.id}/`, { token: admin })).statusCode).toBe(204);
    expect(await h.database.db.select().from(playgrounds).where(eq(playgrounds.id, pg.id))).toEqual([]);
    expect((await kinds(1)).slice(-3)).toEqual(['playground.created Новая арена', 'playground.updated Арена 2', 'playground.deleted Арена 2']);
  });

  it('refuses to remove one with future orders, saying how many; then retires it: off the day view, the widget, the desk; back on reactivation', async () => {
    // The demo playground with the most orders to come.
    const { rows: [busy] } = await h.database.pool.query<{ id: number; n: number }>(`
      SELECT ps.playground_id AS id, count(DISTINCT o.id)::int AS n FROM orders o JOIN order_playsessions op ON op.order_id = o.id
      JOIN playsessions ps ON ps.id = op.playsession_id JOIN playgrounds p ON p.id = ps.playground_id
      WHERE p.location_id = 1 AND ps.business_date >= $1 AND o.status NOT IN (4, 5) GROUP BY 1 ORDER BY 2 DESC LIMIT 1`, [today()]);
    expect(busy!.n).toBeGreaterThan(1);
    const refusedEn = await h.call('DELETE', `/api/v2.1/playgrounds/${busy!.id}/`, { token: admin, lang: 'en' });
    expect(refusedEn.statusCode).toBe(400);
    expect(refusedEn.json().non_field_errors[0]).toBe(`This playground has ${busy!.n} future orders; move or cancel them first.`);
    const refusedRu = (await h.call('DELETE', `/api/v2.1/playgrounds/${busy!.id}/`, { token: admin })).json().non_field_errors[0];
    const form = busy!.n % 10 >= 2 && busy!.n % 10 <= 4 && (busy!.n % 100 < 12 || busy!.n % 100 > 14) ? 'будущих заказа' : 'будущих заказов';
    expect(refusedRu).toBe(`У игровой зоны ${busy!.n} ${form}; сначала перенесите или отмените их.`);
    // Retiring by PUT is refused the same way.
    const body = { name: 'x', types: ['arena'], max_players: 4, duration: 60, group: null, is_active: false };
    expect((await h.call('PUT', `/api/v2.1/playgrounds/${busy!.id}/`, { token: admin, body })).statusCode).toBe(400);

    // Its orders cancelled, it had orders: retired, never deleted.
    await h.database.pool.query(`UPDATE orders SET status = 4 WHERE id IN (SELECT op.order_id FROM order_playsessions op JOIN playsessions ps ON ps.id = op.playsession_id
      WHERE ps.playground_id = $1 AND ps.business_date >= $2)`, [busy!.id, today()]);
    expect((await h.call('DELETE', `/api/v2.1/playgrounds/${busy!.id}/`, { token: admin })).statusCode).toBe(204);
    const [row] = await h.database.db.select().from(playgrounds).where(eq(playgrounds.id, busy!.id));
    expect(row!.isActive).toBe(false);
    expect((await kinds(1)).at(-1)).toBe(`playground.retired ${row!.name}`);

    const ids = (list: { id: number }[]) => list.map((p) => p.id);
    const dayView = async () => ids((await h.call('GET', `/api/v2.2/locations/1/schedule_multi/?date=${today()}`, { token: admin })).json().playgrounds);
    const widget = async () => ids((await h.call('GET', `/api/public/locations/1/slots/?date=${today()}`)).json().playgrounds);
    const desk = async () => ids((await h.call('GET', '/api/v2.1/locations/1/', { token: admin })).json().playgrounds);
    expect(await dayView()).not.toContain(busy!.id);
    expect(await widget()).not.toContain(busy!.id);
    expect(await desk()).not.toContain(busy!.id);
    // The management list still shows it, retired.
    const listed = (await h.call('GET', '/api/v2.1/locations/1/playgrounds/', { token: admin })).json().find((p: { id: number }) => p.id === busy!.id);
    expect(listed.is_active).toBe(false);

    // Reactivated: back everywhere.
    const back = await h.call('PUT', `/api/v2.1/playgrounds/${busy!.id}/`, { token: admin, body: { name: row!.name, types: row!.types, max_players: row!.maxPlayers, duration: row!.durationMinutes, group: row!.groupId, is_active: true } });
    expect(back.json().is_active).toBe(true);
    expect(await dayView()).toContain(busy!.id);
    expect(await widget()).toContain(busy!.id);
  });
});

describe('games', () => {
  it('adds and changes games (owners), and limits a location\'s game to some playgrounds for booking', async () => {
    const game = { name: 'Space Pirates', genre: 'Shooter', info: [{ country: 'RU', age: 12 }] };
    expect((await h.call('POST', '/api/v2.1/games/', { token: manager, body: game })).statusCode).toBe(403);
    // An administrator who is no owner neither adds nor changes a game of the installation's catalogue.
    expect((await h.call('POST', '/api/v2.1/games/', { token: elsewhere, lang: 'en', body: game })).json()).toEqual({ detail: 'Only an owner can add or change a game of the catalogue.' });
    expect((await h.call('POST', '/api/v2.1/games/', { token: admin, body: { ...game, info: [{ country: 'RU', age: -3 }] } })).statusCode).toBe(400);
    const created = await h.call('POST', '/api/v2.1/games/', { token: admin, body: game });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect((await h.call('PUT', `/api/v2.1/games/${id}/`, { token: elsewhere, body: { ...game, name: 'Mine' } })).statusCode).toBe(403);
    expect((await h.call('PUT', `/api/v2.1/games/${id}/`, { token: admin, body: { ...game, genre: 'Action' } })).json().genre).toBe('Action');
    expect((await h.call('GET', '/api/v2.1/games/', { token: manager })).json().map((g: { id: number }) => g.id)).toContain(id);

    const pgs = (await h.call('GET', '/api/v2.1/locations/1/', { token: admin })).json().playgrounds.map((p: { id: number }) => p.id);
    const [a, b] = pgs;
    const current = (await h.call('GET', '/api/v2.1/locations/1/games/', { token: admin })).json();
    const offered = [...current.map((g: { id: number }) => ({ game: g.id, playgrounds: null })), { game: id, playgrounds: [a] }];
    const put = (token: string, games: unknown, loc = 1) => h.call('PUT', `/api/v2.1/locations/${loc}/games/`, { token, body: { games } });
    expect((await put(manager, offered)).statusCode).toBe(403);
    expect((await put(elsewhere, offered)).statusCode).toBe(404);
    const { rows: [{ id: foreign }] } = await h.database.pool.query('SELECT id FROM playgrounds WHERE location_id = 2 LIMIT 1');
    expect((await put(admin, [{ game: id, playgrounds: [foreign] }])).statusCode).toBe(400);
    expect((await put(admin, offered)).statusCode).toBe(204);
    const names = async (pg: number) => (await h.call('GET', `/api/v2.2/playgrounds/${pg}/games_for_booking/`, { token: admin })).json().map((g: { name: string }) => g.name);
    expect(await names(a)).toContain('Space Pirates');
    expect(await names(b)).not.toContain('Space Pirates');
    expect((await names(b)).length).toBe(current.length);
    const table = (await h.call('GET', '/api/v2.1/locations/1/games/', { token: admin })).json();
    expect(table.find((g: { id: number }) => g.id === id).playgrounds).toEqual([a]);
    expect((await kinds(1)).at(-1)).toMatch(/^games\.updated/);
  });
});

describe('certificate rates and designs, event packages', () => {
  it('retires what was sold, deletes what was not, and sells only active rates and designs', async () => {
    const designs = '/api/v2.2/locations/1/certificate_designs/';
    expect((await h.call('POST', designs, { token: manager, body: { name: 'gold' } })).statusCode).toBe(403);
    expect((await h.call('POST', designs, { token: elsewhere, body: { name: 'gold' } })).statusCode).toBe(404);
    expect((await h.call('POST', designs, { token: admin, lang: 'en', body: { name: 'classic' } })).json()).toEqual({ name: ['This location already has this value.'] });
    const gold = (await h.call('POST', designs, { token: admin, body: { name: 'gold' } })).json();
    const list = async () => (await h.call('GET', designs, { token: admin })).json() as { id: number; name: string; active: boolean }[];
    const classic = (await list()).find((d) => d.name === 'classic')!;
    // classic was sold: retired; gold never: deleted.
    expect((await h.call('DELETE', `/api/v2.2/certificate_designs/${classic.id}/`, { token: admin })).statusCode).toBe(204);
    expect((await h.call('DELETE', `/api/v2.2/certificate_designs/${gold.id}/`, { token: admin })).statusCode).toBe(204);
    const after = await list();
    expect(after.find((d) => d.name === 'classic')!.active).toBe(false);
    expect(after.find((d) => d.name === 'gold')).toBeUndefined();
    // The spec's GET offers active designs only, in its shape.
    const offered = (await h.call('GET', '/api/v2.2/certificate_designs/?location_id=1', { token: admin })).json();
    expect(offered).toContainEqual({ id: 'birthday', name: 'birthday' });
    expect(offered.map((d: { id: string }) => d.id)).not.toContain('classic');

    // Rates: 5000 was sold (retired), 10000 not (deleted).
    const rates = (await h.call('GET', '/api/v2.2/locations/1/certificate_rates/', { token: admin })).json() as { id: number; rate: string; active: boolean }[];
    const sold = rates.find((r) => r.rate === '5000.00')!;
    const unsold = rates.find((r) => r.rate === '10000.00')!;
    await h.call('DELETE', `/api/v2.2/certificate_rates/${sold.id}/`, { token: admin });
    await h.call('DELETE', `/api/v2.2/certificate_rates/${unsold.id}/`, { token: admin });
    const ratesAfter = (await h.call('GET', '/api/v2.2/locations/1/certificate_rates/', { token: admin })).json() as typeof rates;
    expect(ratesAfter.find((r) => r.id === sold.id)!.active).toBe(false);
    expect(ratesAfter.find((r) => r.id === unsold.id)).toBeUndefined();

    const sell = (rate: string, design: string) => h.call('POST', '/api/v2.2/certificate/', { token: admin, lang: 'en', body: { rate, type: 'digital', design, quantity: 1, location_id: 1 } });
    expect((await sell('5000.00', 'birthday')).json()).toEqual({ rate: ['Not a valid choice.'] });
    expect((await sell('3000.00', 'classic')).json()).toEqual({ design: ['Not a valid choice.'] });
    expect((await sell('3000.00', 'birthday')).statusCode).toBe(201);

    // Event packages: one ordered is retired, a new one deleted; a dated GET keeps the spec's shape.
    const packages = '/api/v2.2/locations/1/events_packages/';
    const fresh = await h.call('POST', packages, { token: admin, body: { name: 'Квест', price: '9000', valid_from: null, valid_to: null } });
    expect(fresh.json()).toMatchObject({ name: 'Квест', price: '9000.00', active: true });
    expect((await h.call('POST', packages, { token: admin, body: { name: 'Квест', price: '-1' } })).statusCode).toBe(400);
    const all = (await h.call('GET', packages, { token: admin })).json() as { id: number; name: string }[];
    const birthday = all.find((p) => p.name === 'День рождения')!;
    await h.database.pool.query('UPDATE orders SET event_type_id = $1 WHERE id = (SELECT min(id) FROM orders WHERE location_id = 1)', [birthday.id]);
    await h.call('DELETE', `/api/v2.2/events_packages/${birthday.id}/`, { token: admin });
    await h.call('DELETE', `/api/v2.2/events_packages/${fresh.json().id}/`, { token: admin });
    const left = (await h.call('GET', packages, { token: admin })).json() as { id: number; active: boolean }[];
    expect(left.find((p) => p.id === birthday.id)!.active).toBe(false);
    expect(left.find((p) => p.id === fresh.json().id)).toBeUndefined();
    const onSale = (await h.call('GET', `${packages}?date=${today()}`, { token: admin })).json();
    expect(onSale.map((p: { id: number }) => p.id)).not.toContain(birthday.id);
    expect(Object.keys(onSale[0]).sort()).toEqual(['id', 'name', 'price']);
    expect((await h.call('GET', packages, { token: manager })).statusCode).toBe(403);

    const log = await kinds(1);
    expect(log).toContain('certificate_design.retired classic');
    expect(log).toContain('certificate_design.deleted gold');
    expect(log).toContain('certificate_rate.retired ');
    expect(log).toContain('event_package.retired День рождения');
  });
});
