// Technical sessions of the control page: POST /api/v2.2/playgrounds/create_token/,
// POST/DELETE /api/v2.2/playgrounds/{id}/tech_sessions/ (permission accounts.{product}.techsessions),
// the list through GET /locations/my/, and the launcher accepting technical sessions only while
// tech access has not expired.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playgrounds, techSessions, userPermissions, users } from '../../server/db/schema';
import { createHarness, type Harness } from './harness';

let h: Harness;
let admin: string;
let manager: string;
let staff: string;
const pg: Record<string, number> = {};

beforeAll(async () => {
  h = await createHarness();
  admin = await h.login('admin@example.com', 'admin123');
  manager = await h.login('manager@example.com', 'manager123');
  staff = await h.login('staff@example.com', 'staff123');
  for (const p of await h.database.db.select().from(playgrounds)) pg[`${p.locationId}:${p.name}`] = p.id;
});
afterAll(async () => { await h.close(); });

const TS = (id: number) => `/api/v2.2/playgrounds/${id}/tech_sessions/`;
const row = async (id: number) => (await h.database.db.select().from(playgrounds).where(eq(playgrounds.id, id)))[0]!;

describe('control page data', () => {
  it('lists every location of the user with its playgrounds, tokens and tech state (GET /locations/my/)', async () => {
    const res = await h.call('GET', '/api/v2.1/locations/my/', { token: admin });
    const locs = res.json() as { id: number; playgrounds: Record<string, unknown>[] }[];
    expect(locs.map((l) => l.id)).toEqual([1, 2, 3, 4]);
    expect(locs[0]!.playgrounds[0]).toMatchObject({ name: 'Куб 1', tech_control: true, tech_sessions_access_expires_at: null, uuid_token: expect.any(String) });
  });
});

describe('tokens', () => {
  it('creates a token when missing and replaces it when present', async () => {
    const id = pg['1:Куб 2']!;
    await h.database.db.update(playgrounds).set({ uuidToken: null }).where(eq(playgrounds.id, id));
    const first = await h.call('POST', '/api/v2.2/playgrounds/create_token/', { token: admin, body: { playground: id } });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ id, uuid_token: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const second = await h.call('POST', '/api/v2.2/playgrounds/create_token/', { token: admin, body: { playground: id } });
    expect(second.json().uuid_token).not.toBe(first.json().uuid_token);
    expect((await row(id)).uuidToken).toBe(second.json().uuid_token);
    // The old token no longer reports sessions.
    const old = await h.call('POST', '/api/v2.2/launcher/sessions/', {
      headers: { authorization: `Playground ${first.json().uuid_token}` },
      body: { uuid: crypto.randomUUID(), started: new Date().toISOString(), players_cnt: 1, session_type: 1 },
    });
    expect(old.statusCode).toBe(401);
  });

  it('needs the techsessions permission and a role at the location; validates the body', async () => {
    const id = pg['1:Куб 1']!;
    // manager@ and staff@ have no techsessions permission.
    for (const t of [manager, staff]) {
      const res = await h.call('POST', '/api/v2.2/playgrounds/create_token/', { token: t, body: { playground: id }, lang: 'en' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
      expect((await h.call('POST', TS(id), { token: t, body: { minutes: 5 } })).statusCode).toBe(403);
      expect((await h.call('DELETE', TS(id), { token: t })).statusCode).toBe(403);
    }
    // With the permission at location 1 but no role at location 3: 404 (nothing leaks).
    const [staffUser] = await h.database.db.select().from(users).where(eq(users.email, 'staff@example.com'));
    await h.database.db.insert(userPermissions).values({ userId: staffUser!.id, locationId: 1, codename: 'techsessions' });
    const staff2 = await h.login('staff@example.com', 'staff123');
    expect((await h.call('POST', '/api/v2.2/playgrounds/create_token/', { token: staff2, body: { playground: pg['3:Arena']! } })).statusCode).toBe(404);
    expect((await h.call('POST', TS(pg['3:Arena']!), { token: staff2, body: { minutes: 5 } })).statusCode).toBe(404);
    expect((await h.call('POST', TS(pg['1:Куб 1']!), { token: staff2, body: { minutes: 5 } })).statusCode).toBe(201);
    expect((await h.call('DELETE', TS(pg['1:Куб 1']!), { token: staff2 })).statusCode).toBe(204);

    let res = await h.call('POST', '/api/v2.2/playgrounds/create_token/', { token: admin, body: {}, lang: 'en' });
    expect(res.json()).toEqual({ playground: ['This field is required.'] });
    res = await h.call('POST', '/api/v2.2/playgrounds/create_token/', { token: admin, body: { playground: 999999 } });
    expect(res.statusCode).toBe(404);
    expect((await h.call('POST', '/api/v2.2/playgrounds/create_token/', { body: { playground: id } })).statusCode).toBe(401);
  });
});

describe('technical sessions', () => {
  it('requires minutes of at least 1, in ru and en', async () => {
    const id = pg['1:Куб 1']!;
    let res = await h.call('POST', TS(id), { token: admin, body: {}, lang: 'en' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ minutes: ['This field is required.'] });
    res = await h.call('POST', TS(id), { token: admin, body: { minutes: 0, comment: 'x' }, lang: 'ru' });
    expect(res.json()).toEqual({ minutes: ['Убедитесь, что значение больше или равно 1.'] });
    res = await h.call('POST', TS(id), { token: admin, body: { minutes: 1.5 }, lang: 'en' });
    expect(res.json()).toEqual({ minutes: ['A valid integer is required.'] });
  });

  it('starts only where tech_control is on', async () => {
    const res = await h.call('POST', TS(pg['1:Куб 2']!), { token: admin, body: { minutes: 10 }, lang: 'en' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: ['Technical sessions are switched off for this playground.'] });
  });

  it('opens tech access for N minutes; the launcher takes technical sessions only until it expires', async () => {
    const id = pg['1:Арена']!;
    const token = (await row(id)).uuidToken!;
    const report = (type: number, uuid = crypto.randomUUID()) => h.call('POST', '/api/v2.2/launcher/sessions/', {
      headers: { authorization: `Playground ${token}` }, lang: 'en',
      body: { uuid, started: new Date().toISOString(), players_cnt: 2, session_type: type },
    });
    // Before any grant: refused; commercial sessions are not affected.
    let res = await report(2);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'Technical access to this playground has expired.' });
    expect((await report(1)).statusCode).toBe(201);

    const before = Date.now();
    const started = await h.call('POST', TS(id), { token: admin, body: { minutes: 30, comment: 'Calibrating trackers' } });
    expect(started.statusCode, started.body).toBe(201);
    const expires = Date.parse(started.json().tech_sessions_access_expires_at);
    expect(expires - before).toBeGreaterThan(29 * 60_000);
    expect(expires - before).toBeLessThan(31 * 60_000);
    const uuid = crypto.randomUUID();
    expect((await report(2, uuid)).statusCode).toBe(201);

    // Stopped: no new technical session, but the accepted one may still report its end.
    expect((await h.call('DELETE', TS(id), { token: admin })).statusCode).toBe(204);
    expect(Date.parse((await row(id)).techSessionsAccessExpiresAt!.toISOString())).toBeLessThanOrEqual(Date.now());
    expect((await report(2)).statusCode).toBe(403);
    expect((await report(2, uuid)).statusCode).toBe(200);
    // Stopping again changes nothing.
    expect((await h.call('DELETE', TS(id), { token: admin })).statusCode).toBe(204);

    // Expiry by time: a grant whose minutes have passed.
    await h.call('POST', TS(id), { token: admin, body: { minutes: 1 } });
    expect((await report(2)).statusCode).toBe(201);
    await h.database.db.update(playgrounds).set({ techSessionsAccessExpiresAt: new Date(Date.now() - 1000) }).where(eq(playgrounds.id, id));
    expect((await report(2)).statusCode).toBe(403);

    // Every grant is kept with its author, minutes and comment.
    const grants = (await h.database.db.select().from(techSessions).where(eq(techSessions.playgroundId, id)).orderBy(techSessions.id))
      .filter((g) => g.startedAt.getTime() >= before - 5000); // the demo data has a past grant too
    expect(grants.map((g) => [g.minutes, g.comment, g.stoppedAt !== null])).toEqual([[30, 'Calibrating trackers', true], [1, '', false]]);
  });
});
