import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playgroundGroups, playgrounds } from '../../server/db/schema';
import { createHarness, type Harness } from './harness';

let h: Harness;
// admin1: an administrator of location 1 only, a stranger to the others (404 there, not 403).
let tokens: { admin: string; manager: string; staff: string; admin1: string };
/** Demo playground ids by location and name. */
let pgId: (locationId: number, name: string) => number;

beforeAll(async () => {
  h = await createHarness();
  tokens = {
    admin: await h.login('admin@example.com', 'admin123'),
    manager: await h.login('manager@example.com', 'manager123'),
    staff: await h.login('staff@example.com', 'staff123'),
    admin1: (await h.userWithToken('admin1@example.com', [[1, 40]])).token,
  };
  const rows = await h.database.db.select().from(playgrounds);
  pgId = (locationId, name) => rows.find((p) => p.locationId === locationId && p.name === name)!.id;
});
afterAll(async () => { await h.close(); });

const GROUPS = (locationId: number) => `/api/v2.1/locations/${locationId}/groups/`;
const MOVE = (playgroundId: number) => `/api/v2.1/playgrounds/${playgroundId}/group/`;
const NOT_FOUND_EN = { detail: 'Not found.' };
const FORBIDDEN_EN = { detail: 'You do not have permission to perform this action.' };
const HAS_SCHEDULES_EN = 'The group has schedules. Delete them first; its playgrounds then become ungrouped.';
const NAME_TAKEN_EN = 'A group with this name already exists at this location.';

async function createGroup(locationId: number, name: string): Promise<{ id: number; name: string; location: number; playgrounds: number[] }> {
  const res = await h.call('POST', GROUPS(locationId), { token: tokens.admin, body: { name } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function groupRow(id: number) {
  const [row] = await h.database.db.select().from(playgroundGroups).where(eq(playgroundGroups.id, id));
  return row;
}

async function playgroundGroupOf(id: number) {
  const [row] = await h.database.db.select({ groupId: playgrounds.groupId }).from(playgrounds).where(eq(playgrounds.id, id));
  return row!.groupId;
}

/** A minimal valid schedule of a group (disabled, so it never clashes with another one). */
function scheduleBody(locationId: number, groupId: number) {
  return {
    name: 'Group test', start_dt: '2031-01-01', disabled: true, playground_group: groupId, location: locationId,
    breaks: [],
    items: [{ begin: '10:00', end: '22:00', duration: 60, overlap: 0, day_types: [1, 2, 3, 4, 5, 6, 7], breaks: [],
      pricing: [{ start: '10:00', session_price: '1000', prepayment: 0.5 }] }],
  };
}

describe('POST /api/v2.1/locations/{id}/groups/', () => {
  it('creates an empty group of the location: 201 {id, name, location, playgrounds}', async () => {
    const res = await h.call('POST', GROUPS(1), { token: tokens.admin, body: { name: '  VIP zone  ' } });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({ id: expect.any(Number), name: 'VIP zone', location: 1, playgrounds: [] });
    expect(await groupRow(body.id)).toMatchObject({ id: body.id, name: 'VIP zone', locationId: 1 });
    // The location now lists it among its groups.
    const loc = (await h.call('GET', '/api/v2.1/locations/1/', { token: tokens.admin })).json();
    expect(loc.playground_groups).toContainEqual({ id: body.id, name: 'VIP zone', playgrounds: [] });
  });

  it('refuses a name already used at the location, whatever its case', async () => {
    await createGroup(1, 'Party room');
    for (const name of ['Party room', 'PARTY ROOM', 'party Room', ' party room ']) {
      const res = await h.call('POST', GROUPS(1), { token: tokens.admin, body: { name }, lang: 'en' });
      expect(res.statusCode, name).toBe(400);
      expect(res.json()).toEqual({ name: [NAME_TAKEN_EN] });
    }
    // A demo group with a Cyrillic name, in another case.
    const cyr = await h.call('POST', GROUPS(1), { token: tokens.admin, body: { name: 'АРЕНА' } });
    expect(cyr.statusCode).toBe(400);
    expect(cyr.json()).toEqual({ name: ['Группа с таким названием уже есть в этой локации.'] });
    // Another location may use the same name.
    const other = await h.call('POST', GROUPS(2), { token: tokens.admin, body: { name: 'Party room' } });
    expect(other.statusCode).toBe(201);
    expect(other.json().location).toBe(2);
  });

  it('asks for a name: required, not blank, at most 100 characters, no other fields', async () => {
    const missing = await h.call('POST', GROUPS(1), { token: tokens.admin, body: {}, lang: 'en' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ name: ['This field is required.'] });
    const blank = await h.call('POST', GROUPS(1), { token: tokens.admin, body: { name: '   ' }, lang: 'en' });
    expect(blank.json()).toEqual({ name: ['This field may not be blank.'] });
    const long = await h.call('POST', GROUPS(1), { token: tokens.admin, body: { name: 'x'.repeat(101) }, lang: 'en' });
    expect(long.json()).toEqual({ name: ['Ensure this field has no more than 100 characters.'] });
    const unknown = await h.call('POST', GROUPS(1), { token: tokens.admin, body: { name: 'Extra', color: 'red' }, lang: 'en' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ color: ['Unknown field.'] });
    const ru = await h.call('POST', GROUPS(1), { token: tokens.admin, body: {} });
    expect(ru.json()).toEqual({ name: ['Обязательное поле.'] });
  });

  it('is for managers (role 40) only: 403 for other roles, 404 without a role, 401 without a token', async () => {
    const manager = await h.call('POST', GROUPS(1), { token: tokens.manager, body: { name: 'By manager' }, lang: 'en' });
    expect(manager.statusCode).toBe(403);
    expect(manager.json()).toEqual(FORBIDDEN_EN);
    const staff = await h.call('POST', GROUPS(1), { token: tokens.staff, body: { name: 'By staff' }, lang: 'en' });
    expect(staff.statusCode).toBe(403);
    // A cashier is nobody's manager: 403 anywhere, before the location is looked at (access.ts).
    expect((await h.call('POST', GROUPS(3), { token: tokens.staff, body: { name: 'By staff' }, lang: 'en' })).statusCode).toBe(403);
    // A manager of another location: location 3 does not exist for them.
    const stranger = await h.call('POST', GROUPS(3), { token: tokens.admin1, body: { name: 'By admin1' }, lang: 'en' });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual(NOT_FOUND_EN);
    const missing = await h.call('POST', GROUPS(999), { token: tokens.admin, body: { name: 'Nowhere' }, lang: 'en' });
    expect(missing.statusCode).toBe(404);
    const anon = await h.call('POST', GROUPS(1), { body: { name: 'Anon' }, lang: 'en' });
    expect(anon.statusCode).toBe(401);
    const names = (await h.database.db.select().from(playgroundGroups)).map((g) => g.name);
    expect(names).not.toContain('By manager');
    expect(names).not.toContain('By staff');
  });
});

describe('PUT /api/v2.1/locations/{id}/groups/', () => {
  it('renames a group and answers it with its playgrounds', async () => {
    const demo = (await h.database.db.select().from(playgroundGroups).where(eq(playgroundGroups.locationId, 1)))
      .find((g) => g.name === 'Зал, 30 мин')!;
    const res = await h.call('PUT', GROUPS(1), { token: tokens.admin, body: { id: demo.id, name: 'Кубы' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: demo.id, name: 'Кубы', location: 1, playgrounds: [pgId(1, 'Куб 1'), pgId(1, 'Куб 2')] });
    expect((await groupRow(demo.id))!.name).toBe('Кубы');
    // Keeping its own name (in another case) is not a clash.
    const same = await h.call('PUT', GROUPS(1), { token: tokens.admin, body: { id: demo.id, name: 'КУБЫ' } });
    expect(same.statusCode).toBe(200);
    expect(same.json().name).toBe('КУБЫ');
  });

  it('refuses the name of another group of the location', async () => {
    const a = await createGroup(1, 'Rename A');
    await createGroup(1, 'Rename B');
    const res = await h.call('PUT', GROUPS(1), { token: tokens.admin, body: { id: a.id, name: 'rename b' }, lang: 'en' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ name: [NAME_TAKEN_EN] });
    expect((await groupRow(a.id))!.name).toBe('Rename A');
  });

  it('answers 404 for a group of another location or an unknown id', async () => {
    const other = await createGroup(2, 'Rename elsewhere');
    const res = await h.call('PUT', GROUPS(1), { token: tokens.admin, body: { id: other.id, name: 'Moved?' }, lang: 'en' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NOT_FOUND_EN);
    expect((await groupRow(other.id))!.name).toBe('Rename elsewhere');
    const unknown = await h.call('PUT', GROUPS(1), { token: tokens.admin, body: { id: 999999, name: 'Nobody' }, lang: 'en' });
    expect(unknown.statusCode).toBe(404);
  });

  it('asks for id and name', async () => {
    const res = await h.call('PUT', GROUPS(1), { token: tokens.admin, body: {}, lang: 'en' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ id: ['This field is required.'], name: ['This field is required.'] });
    const blank = await h.call('PUT', GROUPS(1), { token: tokens.admin, body: { id: 1, name: '' }, lang: 'en' });
    expect(blank.json()).toEqual({ name: ['This field may not be blank.'] });
  });

  it('is for managers (role 40) only', async () => {
    const g = await createGroup(1, 'Rename guarded');
    const res = await h.call('PUT', GROUPS(1), { token: tokens.manager, body: { id: g.id, name: 'Changed' }, lang: 'en' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(FORBIDDEN_EN);
    expect((await groupRow(g.id))!.name).toBe('Rename guarded');
  });
});

describe('DELETE /api/v2.1/locations/{id}/groups/', () => {
  it('deletes a group named in the body: 204, and its playgrounds become ungrouped', async () => {
    const g = await createGroup(1, 'Delete by body');
    const lounge = pgId(1, 'Лаунж');
    const oldGroup = await playgroundGroupOf(lounge);
    expect((await h.call('PUT', MOVE(lounge), { token: tokens.admin, body: { group: g.id } })).statusCode).toBe(200);
    const res = await h.call('DELETE', GROUPS(1), { token: tokens.admin, body: { id: g.id } });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await groupRow(g.id)).toBeUndefined();
    expect(await playgroundGroupOf(lounge)).toBeNull();
    // Back where it was, for the other tests.
    await h.call('PUT', MOVE(lounge), { token: tokens.admin, body: { group: oldGroup } });
  });

  it('deletes a group named by ?id=', async () => {
    const g = await createGroup(1, 'Delete by query');
    const res = await h.call('DELETE', `${GROUPS(1)}?id=${g.id}`, { token: tokens.admin });
    expect(res.statusCode).toBe(204);
    expect(await groupRow(g.id)).toBeUndefined();
    const again = await h.call('DELETE', `${GROUPS(1)}?id=${g.id}`, { token: tokens.admin, lang: 'en' });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual(NOT_FOUND_EN);
  });

  it('refuses while the group has schedules, then deletes once they are gone', async () => {
    const g = await createGroup(1, 'Scheduled group');
    const cube = pgId(1, 'Куб 2');
    const oldGroup = await playgroundGroupOf(cube);
    await h.call('PUT', MOVE(cube), { token: tokens.admin, body: { group: g.id } });
    const created = await h.call('POST', '/api/v2.1/schedule/', { token: tokens.admin, body: scheduleBody(1, g.id) });
    expect(created.statusCode, created.body).toBe(201);

    const refused = await h.call('DELETE', GROUPS(1), { token: tokens.admin, body: { id: g.id }, lang: 'en' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ non_field_errors: [HAS_SCHEDULES_EN] });
    const ru = await h.call('DELETE', GROUPS(1), { token: tokens.admin, body: { id: g.id } });
    expect(ru.json()).toEqual({ non_field_errors: ['У группы есть расписания. Сначала удалите их; площадки группы станут без группы.'] });
    // Nothing changed.
    expect(await groupRow(g.id)).toBeDefined();
    expect(await playgroundGroupOf(cube)).toBe(g.id);

    expect((await h.call('DELETE', `/api/v2.1/schedule/${created.json().id}/`, { token: tokens.admin })).statusCode).toBe(204);
    const res = await h.call('DELETE', GROUPS(1), { token: tokens.admin, body: { id: g.id } });
    expect(res.statusCode).toBe(204);
    expect(await groupRow(g.id)).toBeUndefined();
    expect(await playgroundGroupOf(cube)).toBeNull();
    await h.call('PUT', MOVE(cube), { token: tokens.admin, body: { group: oldGroup } });
  });

  it('refuses a demo group: every demo group has its schedule', async () => {
    const demo = (await h.database.db.select().from(playgroundGroups).where(eq(playgroundGroups.locationId, 2)))[0]!;
    const res = await h.call('DELETE', `${GROUPS(2)}?id=${demo.id}`, { token: tokens.admin, lang: 'en' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: [HAS_SCHEDULES_EN] });
  });

  it('asks for the id; 404 for a group of another location', async () => {
    const none = await h.call('DELETE', GROUPS(1), { token: tokens.admin, lang: 'en' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ id: ['This field is required.'] });
    const other = await createGroup(2, 'Not yours to delete');
    const res = await h.call('DELETE', GROUPS(1), { token: tokens.admin, body: { id: other.id }, lang: 'en' });
    expect(res.statusCode).toBe(404);
    expect(await groupRow(other.id)).toBeDefined();
  });

  it('is for managers (role 40) only', async () => {
    const g = await createGroup(1, 'Delete guarded');
    const manager = await h.call('DELETE', GROUPS(1), { token: tokens.manager, body: { id: g.id }, lang: 'en' });
    expect(manager.statusCode).toBe(403);
    expect(manager.json()).toEqual(FORBIDDEN_EN);
    const staff = await h.call('DELETE', `${GROUPS(1)}?id=${g.id}`, { token: tokens.staff, lang: 'en' });
    expect(staff.statusCode).toBe(403);
    expect(await groupRow(g.id)).toBeDefined();
  });
});

describe('PUT /api/v2.1/playgrounds/{id}/group/', () => {
  it('moves a playground into a group of its location and answers the playground', async () => {
    const g = await createGroup(1, 'Move target');
    const arena = pgId(1, 'Арена');
    const oldGroup = await playgroundGroupOf(arena);
    const res = await h.call('PUT', MOVE(arena), { token: tokens.admin, body: { group: g.id } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: arena, name: 'Арена', types: ['arena'], duration: 60, max_players: 10, max_persons: 10, group: g.id,
      // The launcher's token is the control page's only (issue #16): never in this answer.
      uuid_token: null, tech_control: true, tech_sessions_access_expires_at: null,
    });
    expect(await playgroundGroupOf(arena)).toBe(g.id);
    const renamed = await h.call('PUT', GROUPS(1), { token: tokens.admin, body: { id: g.id, name: 'Move target' } });
    expect(renamed.json().playgrounds).toEqual([arena]);
    // Ungrouped with null.
    const out = await h.call('PUT', MOVE(arena), { token: tokens.admin, body: { group: null } });
    expect(out.statusCode).toBe(200);
    expect(out.json().group).toBeNull();
    expect(await playgroundGroupOf(arena)).toBeNull();
    await h.call('PUT', MOVE(arena), { token: tokens.admin, body: { group: oldGroup } });
    expect(await playgroundGroupOf(arena)).toBe(oldGroup);
  });

  it('refuses a group of another location or an unknown group with Not a valid choice.', async () => {
    const arena = pgId(1, 'Арена');
    const before = await playgroundGroupOf(arena);
    const foreign = await createGroup(2, 'Foreign target');
    const res = await h.call('PUT', MOVE(arena), { token: tokens.admin, body: { group: foreign.id }, lang: 'en' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ group: ['Not a valid choice.'] });
    const unknown = await h.call('PUT', MOVE(arena), { token: tokens.admin, body: { group: 999999 } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ group: ['Недопустимый вариант.'] });
    expect(await playgroundGroupOf(arena)).toBe(before);
  });

  it('asks for the group field', async () => {
    const res = await h.call('PUT', MOVE(pgId(1, 'Арена')), { token: tokens.admin, body: {}, lang: 'en' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ group: ['This field is required.'] });
    const text = await h.call('PUT', MOVE(pgId(1, 'Арена')), { token: tokens.admin, body: { group: 'abc' }, lang: 'en' });
    expect(text.statusCode).toBe(400);
  });

  it('answers 404 for an unknown playground, or one where the user has no role; 403 for a non-manager', async () => {
    const unknown = await h.call('PUT', MOVE(999999), { token: tokens.admin, body: { group: null }, lang: 'en' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(NOT_FOUND_EN);
    const foreign = await h.call('PUT', MOVE(pgId(2, 'Куб')), { token: tokens.admin1, body: { group: null }, lang: 'en' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(NOT_FOUND_EN);
    const staff = await h.call('PUT', MOVE(pgId(1, 'Куб 1')), { token: tokens.staff, body: { group: null }, lang: 'en' });
    expect(staff.statusCode).toBe(403);
    const manager = await h.call('PUT', MOVE(pgId(1, 'Куб 1')), { token: tokens.manager, body: { group: null }, lang: 'en' });
    expect(manager.statusCode).toBe(403);
    expect(manager.json()).toEqual(FORBIDDEN_EN);
    expect(await playgroundGroupOf(pgId(1, 'Куб 1'))).not.toBeNull();
  });
});
