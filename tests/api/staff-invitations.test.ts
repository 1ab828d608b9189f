// People across locations (#38): an administrator of one location who adds an e-mail learns nothing
// about accounts elsewhere. Every addition is an invitation: the add answer, the staff list (and its
// CSV), the statements the server runs and the answers of every route that takes or returns a person
// are the same for an unknown e-mail and for an account at another location, until the mailbox's
// owner accepts by the letter's link; then the account has the role and permissions there and keeps
// its own password. The links work once and expire.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/platform/passwords';
import { createHarness, type Harness } from './harness';

let h: Harness;
/** An administrator (not an owner) at locations 1 and 2, with `multibooking` and `certificate.activate` at 1. */
let boss: { id: number; token: string };
/** Accounts at location 3 only: nothing of them may reach location 1's administrator before they accept. */
const OUTSIDE = { email: 'outsider@example.com', name: 'Outside Person Zyx', phone: '+79995550123', password: 'outside-pass-1' };
const FAR_OWNER = { email: 'far-owner@example.com', name: 'Far Owner Qwv', phone: '+79995550456' };
let outsideId: number;
let farOwnerId: number;

const q = (text: string, values: unknown[] = []) => h.database.pool.query(text, values);
const invite = (email: string, location = 1, role = 10, permissions: string[] = ['multibooking']) =>
  h.call('POST', `/api/v2.1/locations/${location}/staff/`, { token: boss.token, body: { email, role, permissions } });
const accept = (key: string, body: Record<string, string> = {}) => h.call('POST', `/api/v2.1/invitations/${key}/`, { body });
function keyFor(to: string): string {
  const letter = [...h.letters].reverse().find((l) => l.to === to);
  const key = /\/invitation\/([0-9a-f]+)/.exec(letter?.text ?? '')?.[1];
  if (!key) throw new Error(`no invitation letter to ${to}`);
  return key;
}
/** A staff row with what the server generates (ids, dates) and what the inviter typed (the e-mail) put aside. */
const normalised = (row: Record<string, unknown>) => ({ ...row, id: 'ID', invitation_id: 'ID', expires: 'DATE', email: 'EMAIL' });
const staffRows = async () => (await h.call('GET', '/api/v2.1/locations/1/staff/?limit=200', { token: boss.token })).json().results as Record<string, unknown>[];
const myLocations = async (token: string) => (await h.call('GET', '/api/v2.1/locations/my/', { token })).json() as { id: number; role: { id: number }; permissions: string[] }[];
/** Nothing of the outside accounts in a text: their names, phones, ids as a user. */
function expectNothingOutside(text: string, where: string) {
  for (const secret of [OUTSIDE.name, OUTSIDE.phone, FAR_OWNER.name, FAR_OWNER.phone]) expect(text.includes(secret), `${where} holds ${secret}`).toBe(false);
}

/** The SQL texts the server sends while `run` runs (every pg client query), to compare two requests' work. */
async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string };
    seen.push(typeof first === 'string' ? first : first?.text ?? '');
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    await run();
  } finally {
    pg.Client.prototype.query = original;
  }
  return seen;
}

beforeAll(async () => {
  h = await createHarness();
  boss = await h.userWithToken('boss38@example.com', [[1, 40], [2, 40]]);
  await q(`insert into user_permissions (user_id, location_id, codename) values ($1, 1, 'multibooking'), ($1, 1, 'certificate.activate')`, [boss.id]);
  // Stored with capitals: the e-mail is matched whatever its case.
  outsideId = (await q(`insert into users (email, name, phone, password_hash, last_login_at) values ($1, $2, $3, $4, now() - interval '1 day') returning id`,
    ['Outsider@Example.com', OUTSIDE.name, OUTSIDE.phone, await hashPassword(OUTSIDE.password)])).rows[0].id;
  // An owner flag on an account with a role at location 3 only: the flag must not travel either.
  farOwnerId = (await q(`insert into users (email, name, phone, password_hash, last_login_at, is_owner) values ($1, $2, $3, $4, now(), true) returning id`,
    [FAR_OWNER.email, FAR_OWNER.name, FAR_OWNER.phone, await hashPassword('far-owner-pass-1')])).rows[0].id;
  await q(`insert into user_location_roles (user_id, location_id, role_id) values ($1, 3, 40), ($2, 3, 40)`, [outsideId, farOwnerId]);
});
afterAll(async () => { await h?.close(); });

describe('people across locations (#38)', () => {
  it('answers an e-mail with an account elsewhere exactly as an unknown one: the add, the list, its CSV, the work done and every lookup of a person', async () => {
    // The add: the same status, fields and values but the e-mail typed, and the same statements run
    // (the token's last use is written at most once a minute: a first call takes that aside).
    expect((await h.call('GET', '/api/v2.1/users/am/', { token: boss.token })).statusCode).toBe(200);
    let unknown!: Awaited<ReturnType<typeof invite>>;
    let outside!: Awaited<ReturnType<typeof invite>>;
    const unknownWork = await statementsOf(async () => { unknown = await invite('nobody-anywhere@example.com'); });
    const outsideWork = await statementsOf(async () => { outside = await invite('OUTSIDER@example.com'); });
    const owner = await invite(FAR_OWNER.email);
    expect(unknown.statusCode, unknown.body).toBe(201);
    expect(outside.statusCode, outside.body).toBe(201);
    expect(owner.statusCode, owner.body).toBe(201);
    expect(normalised(outside.json())).toEqual(normalised(unknown.json()));
    expect(normalised(owner.json())).toEqual(normalised(unknown.json()));
    expect(unknown.json()).toMatchObject({ state: 'invited', user_id: null, name: '', last_login: null, is_owner: false, role: 10, permissions: ['multibooking'] });
    expect(outside.json().email).toBe('outsider@example.com');
    expect(outsideWork).toEqual(unknownWork);
    for (const res of [outside, owner]) expectNothingOutside(res.body, 'the add answer');

    // The list and its CSV: the rows of the two differ only in the e-mail; no name, phone, sign-in or owner flag.
    const rows = await staffRows();
    const rowOf = (email: string) => rows.find((r) => r.email === email)!;
    expect(normalised(rowOf('outsider@example.com'))).toEqual(normalised(rowOf('nobody-anywhere@example.com')));
    expect(normalised(rowOf(FAR_OWNER.email))).toEqual(normalised(rowOf('nobody-anywhere@example.com')));
    expect(rows.some((r) => r.user_id === outsideId || r.user_id === farOwnerId)).toBe(false);
    const csv = await h.call('GET', '/api/v2.1/locations/1/staff/?format=csv', { token: boss.token });
    expect(csv.statusCode).toBe(200);
    expectNothingOutside(csv.body, 'the CSV');
    const csvLine = (email: string) => csv.body.split('\n').find((l) => l.includes(email))!.replace(email, 'EMAIL');
    expect(csvLine('outsider@example.com')).toBe(csvLine('nobody-anywhere@example.com'));

    // Every route that takes a person's id answers the outside account as it answers no account at all.
    const noSuchId = 2_000_000_000;
    for (const [method, url, body] of [
      ['GET', '/api/v2.2/users/{id}/', undefined],
      ['PUT', '/api/v2.1/locations/1/staff/{id}/', { role: 10, permissions: [] }],
      ['DELETE', '/api/v2.1/locations/1/staff/{id}/', undefined],
    ] as const) {
      const them = await h.call(method, url.replace('{id}', String(outsideId)), { token: boss.token, body });
      const nobody = await h.call(method, url.replace('{id}', String(noSuchId)), { token: boss.token, body });
      expect([them.statusCode, them.json()], `${method} ${url}`).toEqual([nobody.statusCode, nobody.json()]);
      expect(them.statusCode, `${method} ${url}`).toBe(404);
    }
    // The seller pickers (certificates) and the activity log name nobody from outside either.
    const sellers = await h.call('GET', '/api/v2.2/certificate/sellers/?location_id=1', { token: boss.token });
    expect(sellers.statusCode, sellers.body).toBe(200);
    expect(sellers.body).not.toContain('outsider@example.com');
    expectNothingOutside(sellers.body, 'the sellers');
    const activity = await h.call('GET', '/api/v2.1/locations/1/activity/?limit=50', { token: boss.token });
    expect(activity.statusCode, activity.body).toBe(200);
    expectNothingOutside(activity.body, 'the activity log');
    // Nor is the outside account at location 1 before it accepts.
    const outsiderToken = await h.login(OUTSIDE.email, OUTSIDE.password);
    expect((await myLocations(outsiderToken)).map((l) => l.id)).toEqual([3]);
  });

  it('the account accepts by the e-mailed link: the role and permissions there, its own name and password kept; never twice, never after expiry', async () => {
    await h.runJobs();
    // The letter tells the mailbox's owner (never the inviter) that the account's password stays.
    const letter = [...h.letters].reverse().find((l) => l.to === 'outsider@example.com')!;
    expect(letter.text).toContain('учётной записью (outsider@example.com)');
    const key = keyFor('outsider@example.com');
    expect((await h.call('GET', `/api/v2.1/invitations/${key}/`)).json()).toMatchObject({ email: 'outsider@example.com', has_account: true });

    // The link is no way to set the account's password: a password is refused, nothing changes, the link stays.
    const hijack = await accept(key, { name: 'Someone Else', password: 'taken-over-1', password_confirm: 'taken-over-1' });
    expect(hijack.statusCode).toBe(400);
    expect(Object.keys(hijack.json())).toEqual(['password']);
    expect((await h.call('POST', '/api/v2.1/login/', { body: { email: OUTSIDE.email, password: 'taken-over-1' } })).statusCode).toBe(400);
    expect((await h.call('GET', `/api/v2.1/invitations/${key}/`)).statusCode).toBe(200);

    // Accepted: no token (the link signs nobody in to an existing account), the role and permissions at 1.
    const joined = await accept(key);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toEqual({ token: null });
    const token = await h.login(OUTSIDE.email, OUTSIDE.password);
    const mine = await myLocations(token);
    expect(mine.map((l) => [l.id, l.role.id, l.permissions])).toEqual(expect.arrayContaining([[1, 10, ['multibooking']], [3, 40, expect.any(Array)]]));
    expect(mine).toHaveLength(2);
    expect((await q('select name, phone from users where id = $1', [outsideId])).rows[0]).toEqual({ name: OUTSIDE.name, phone: OUTSIDE.phone });
    // Once only.
    expect((await accept(key)).statusCode).toBe(404);
    expect((await h.call('GET', `/api/v2.1/invitations/${key}/`)).statusCode).toBe(404);
    // Now one of location 1's staff: the list shows the person, and the activity says who did what.
    expect((await staffRows()).find((r) => r.user_id === outsideId)).toMatchObject({ state: 'active', name: OUTSIDE.name, role: 10 });
    const entries = (await q(`select kind, user_id, subject, after from activity_entries where kind like 'staff.%' and lower(subject) = 'outsider@example.com' order by id`)).rows;
    expect(entries).toEqual([
      { kind: 'staff.invited', user_id: boss.id, subject: 'outsider@example.com', after: { role: 10, permissions: ['multibooking'] } },
      { kind: 'staff.joined', user_id: outsideId, subject: 'Outsider@Example.com', after: { role: 10, permissions: ['multibooking'] } },
    ]);

    // Expired: refused, and nothing at location 2.
    expect((await invite(OUTSIDE.email, 2, 10, [])).statusCode).toBe(201);
    await h.runJobs();
    const late = keyFor('outsider@example.com');
    await q(`update invitations set expires_at = now() - interval '1 second' where email = 'outsider@example.com' and location_id = 2`);
    expect((await accept(late)).statusCode).toBe(404);
    expect((await myLocations(token)).map((l) => l.id).sort()).toEqual([1, 3]);

    // A new address still sets its name and password (each required, in the DRF shape) and is signed in.
    await h.runJobs();
    const fresh = keyFor('nobody-anywhere@example.com');
    const empty = await h.call('POST', `/api/v2.1/invitations/${fresh}/`, { body: {}, lang: 'en' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ name: ['This field is required.'], password: ['This field is required.'], password_confirm: ['This field is required.'] });
    const created = await accept(fresh, { name: 'New Person', password: 'secret123', password_confirm: 'secret123' });
    expect(created.statusCode, created.body).toBe(200);
    expect(typeof created.json().token).toBe('string');
  });
});
