// Staff and their rights (#28 STAFF): invitations (letter, single use, expiry, re-send, withdrawal,
// an existing account invited too and joining with its own password, #38; the details of that in
// staff-invitations.test.ts), the rules (no escalation of the role or of any
// permission, owners protected, a location keeps an administrator, a right at A useless at B), the
// owner's deactivation (next request 401, live stream closed) and the activity entries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_CODENAMES } from '../../domain/permissions';
import { PERMISSION_LABELS } from '../../domain/staff';
import { createHarness, type Harness } from './harness';

let h: Harness;
let owner: string;
/** An administrator (not an owner) at locations 1 and 2 holding only `multibooking`, at 1. */
let boss: { id: number; token: string };
let base: string;

const q = (text: string, values: unknown[] = []) => h.database.pool.query(text, values);
/** The key of the newest invitation letter to `to`. */
function keyFor(to: string): string {
  const letter = [...h.letters].reverse().find((l) => l.to === to);
  const key = /\/invitation\/([0-9a-f]+)/.exec(letter?.text ?? '')?.[1];
  if (!key) throw new Error(`no invitation letter to ${to}`);
  return key;
}
const invite = async (email: string, role = 10, permissions: string[] = [], token = boss.token, location = 1) =>
  h.call('POST', `/api/v2.1/locations/${location}/staff/`, { token, body: { email, role, permissions } });
const accept = (key: string, body: Record<string, string> = { name: 'New Person', password: 'secret123', password_confirm: 'secret123' }) =>
  h.call('POST', `/api/v2.1/invitations/${key}/`, { body });

beforeAll(async () => {
  // Grants behind live streams are re-read every second here (15 s by default).
  h = await createHarness({ config: { liveAccessCheckSeconds: 1 } });
  owner = await h.login('admin@example.com', 'admin123');
  boss = await h.userWithToken('boss@example.com', [[1, 40], [2, 40]]);
  await q(`insert into user_permissions (user_id, location_id, codename) values ($1, 1, 'multibooking')`, [boss.id]);
  base = await h.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(async () => { await h?.close(); });

describe('staff', () => {
  it('invites by a letter whose link signs the person in once; re-send, withdraw and expiry kill old links; an account joins by its link and keeps its password', async () => {
    // Only the administrator of the location: a manager there is refused, a stranger sees nothing.
    const manager = await h.login('manager@example.com', 'manager123');
    expect((await h.call('GET', '/api/v2.1/locations/1/staff/', { token: manager })).statusCode).toBe(403);
    expect((await h.call('GET', '/api/v2.1/locations/3/staff/', { token: boss.token })).statusCode).toBe(404);

    const created = await invite('New.Person@example.com', 10, ['multibooking']);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ email: 'new.person@example.com', state: 'invited', role: 10, permissions: ['multibooking'], user_id: null });
    expect((await invite('new.person@example.com')).json()).toEqual({ email: [expect.stringContaining('приглашение')] });
    // Location 1 speaks Russian first: the letter is in Russian, with the link.
    await h.runJobs();
    const letter = h.letters.find((l) => l.to === 'new.person@example.com')!;
    expect(letter.subject).toMatch(/^Приглашение в /);
    expect(letter.text).toContain('http://backoffice.test/invitation/');
    const key = keyFor('new.person@example.com');
    expect((await h.call('GET', `/api/v2.1/invitations/${key}/`)).json()).toMatchObject({ email: 'new.person@example.com', has_account: false });
    // The list shows the invitation beside the people.
    const list = (await h.call('GET', '/api/v2.1/locations/1/staff/?limit=50', { token: boss.token })).json();
    expect(list.results.map((r: { email: string; state: string }) => `${r.email}:${r.state}`)).toEqual(expect.arrayContaining(
      ['new.person@example.com:invited', 'admin@example.com:active', 'staff@example.com:active']));

    // The password rules of the reset flow; then the link signs in once.
    expect((await accept(key, { name: 'N', password: 'secret123', password_confirm: 'other1234' })).statusCode).toBe(400);
    expect((await accept(key, { name: 'N', password: 'short', password_confirm: 'short' })).statusCode).toBe(400);
    const joined = await accept(key);
    expect(joined.statusCode, joined.body).toBe(200);
    const mine = (await h.call('GET', '/api/v2.1/locations/my/', { token: joined.json().token })).json();
    expect(mine.map((l: { id: number; role: { id: number }; permissions: string[] }) => [l.id, l.role.id, l.permissions])).toEqual([[1, 10, ['multibooking']]]);
    expect((await accept(key)).statusCode).toBe(404);
    expect((await h.call('GET', `/api/v2.1/invitations/${key}/`)).statusCode).toBe(404);
    const after = (await h.call('GET', '/api/v2.1/locations/1/staff/?limit=50', { token: boss.token })).json().results
      .find((r: { email: string }) => r.email === 'new.person@example.com');
    expect(after).toMatchObject({ state: 'active', name: 'New Person' });
    expect(after.last_login).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);

    // Expired (7 days): refused.
    await invite('late@example.com');
    await h.runJobs();
    const late = keyFor('late@example.com');
    await q(`update invitations set expires_at = now() - interval '1 second' where email = 'late@example.com'`);
    expect((await h.call('GET', `/api/v2.1/invitations/${late}/`)).statusCode).toBe(404);
    expect((await accept(late)).statusCode).toBe(404);

    // Re-sent: a new key, the old one dead; withdrawn: dead too.
    const again = (await invite('again@example.com')).json();
    await h.runJobs();
    const first = keyFor('again@example.com');
    // With the body the Staff screen's row button sends (the location, also in the path).
    const resent = await h.call('POST', `/api/v2.1/locations/1/invitations/${again.invitation_id}/resend/`, { token: boss.token, body: { location_id: '1' } });
    expect(resent.statusCode, resent.body).toBe(200);
    await h.runJobs();
    const second = keyFor('again@example.com');
    expect(second).not.toBe(first);
    expect((await accept(first)).statusCode).toBe(404);
    // Another location's administrator cannot withdraw it (404); this one can.
    const stranger = await h.userWithToken('stranger@example.com', [[2, 40]]);
    expect((await h.call('DELETE', `/api/v2.1/locations/2/invitations/${again.invitation_id}/`, { token: stranger.token })).statusCode).toBe(404);
    expect((await h.call('DELETE', `/api/v2.1/locations/1/invitations/${again.invitation_id}/`, { token: boss.token })).statusCode).toBe(204);
    expect((await accept(second)).statusCode).toBe(404);

    // An existing account (the cashier of location 1) is invited to location 2 like anyone (#38): nothing
    // there until it accepts by its letter's link, which keeps its password and signs nobody in.
    const added = await invite('STAFF@example.com', 20, [], boss.token, 2);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ state: 'invited', role: 20, user_id: null, name: '', last_login: null });
    const cashier = await h.login('staff@example.com', 'staff123');
    expect((await h.call('GET', '/api/v2.1/locations/my/', { token: cashier })).json().map((l: { id: number }) => l.id)).toEqual([1]);
    await h.runJobs();
    const staffKey = keyFor('staff@example.com');
    expect((await h.call('GET', `/api/v2.1/invitations/${staffKey}/`)).json()).toMatchObject({ has_account: true });
    const accepted = await accept(staffKey, {});
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ token: null });
    expect((await h.call('GET', '/api/v2.1/locations/my/', { token: cashier })).json().map((l: { id: number }) => l.id)).toEqual([1, 2]);
    expect((await h.login('staff@example.com', 'staff123'))).toBeTruthy();
    expect((await invite('staff@example.com', 10, [], boss.token, 2)).json()).toEqual({ email: [expect.any(String)] });

    // Every change is in the activity log, with who did it.
    const { rows } = await q(`select kind, location_id, user_id from activity_entries where kind like 'staff.%' order by id`);
    expect(rows.map((r) => r.kind)).toEqual(['staff.invited', 'staff.joined', 'staff.invited', 'staff.invited', 'staff.invitation_resent', 'staff.invitation_withdrawn', 'staff.invited', 'staff.joined']);
    expect(rows.filter((r) => r.kind !== 'staff.joined').every((r) => r.user_id === boss.id)).toBe(true);
  });

  it('refuses escalation of the role and of each permission, protects owners and keeps a last administrator', async () => {
    const staffId = (await q(`select id from users where email = 'staff@example.com'`)).rows[0].id as number;
    const ownerId = (await q(`select id from users where email = 'admin@example.com'`)).rows[0].id as number;
    // A manager cannot give any role at all (the screen is role 40's).
    const manager = await h.login('manager@example.com', 'manager123');
    expect((await invite('x@example.com', 10, [], manager)).statusCode).toBe(403);
    // Each permission boss does not hold at location 1: refused on invite and on change, in ru and en.
    for (const p of PERMISSION_CODENAMES.filter((c) => c !== 'multibooking')) {
      const res = await invite(`esc-${p}@example.com`, 10, [p]);
      expect(res.statusCode, p).toBe(400);
      // #39 The permission by its label, never its codename.
      expect(res.json().permissions[0], p).toContain(`«${PERMISSION_LABELS[p].ru}»`);
      expect(res.json().permissions[0], p).not.toContain(p);
      const put = await h.call('PUT', `/api/v2.1/locations/1/staff/${staffId}/`, { token: boss.token, lang: 'en', body: { role: 10, permissions: [p] } });
      expect(put.json(), p).toEqual({ permissions: [`You cannot grant or revoke a permission you do not hold at this location: “${PERMISSION_LABELS[p].en}”.`] });
    }
    // What boss holds at location 1 he holds not at location 2.
    expect((await invite('esc-b@example.com', 10, ['multibooking'], boss.token, 2)).statusCode).toBe(400);
    expect((await invite('ok@example.com', 10, ['multibooking'])).statusCode).toBe(201);
    // Nor revoke one he lacks; a permission he lacks and leaves as it is does not stop a change of the role.
    await q(`insert into user_permissions (user_id, location_id, codename) values ($1, 1, 'certificate')`, [staffId]);
    expect((await h.call('PUT', `/api/v2.1/locations/1/staff/${staffId}/`, { token: boss.token, body: { role: 10, permissions: [] } })).statusCode).toBe(400);
    expect((await h.call('DELETE', `/api/v2.1/locations/1/staff/${staffId}/`, { token: boss.token })).statusCode).toBe(400);
    const changed = await h.call('PUT', `/api/v2.1/locations/1/staff/${staffId}/`, { token: boss.token, body: { role: 20, permissions: ['certificate', 'multibooking'] } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ role: 20, permissions: ['certificate', 'multibooking'] });
    const entry = (await q(`select before, after from activity_entries where kind = 'staff.changed' order by id desc limit 1`)).rows[0];
    expect(entry).toEqual({ before: { role: 10, permissions: ['certificate'] }, after: { role: 20, permissions: ['certificate', 'multibooking'] } });

    // An owner's role is not a non-owner's to change or remove.
    expect((await h.call('PUT', `/api/v2.1/locations/1/staff/${ownerId}/`, { token: boss.token, body: { role: 10, permissions: [] } })).statusCode).toBe(403);
    expect((await h.call('DELETE', `/api/v2.1/locations/1/staff/${ownerId}/`, { token: boss.token })).statusCode).toBe(403);
    // Only an owner deactivates or makes owners.
    expect((await h.call('POST', `/api/v2.1/accounts/${staffId}/deactivate/`, { token: boss.token })).statusCode).toBe(403);
    expect((await h.call('POST', `/api/v2.1/accounts/${staffId}/owner/`, { token: boss.token })).statusCode).toBe(403);

    // Location 3 has one administrator, the owner: demoting or removing them is refused with a message.
    const demote = await h.call('PUT', `/api/v2.1/locations/3/staff/${ownerId}/`, { token: owner, body: { role: 20, permissions: [] } });
    expect(demote.statusCode).toBe(400);
    expect(demote.json().non_field_errors[0]).toMatch(/хотя бы один администратор/);
    const remove = await h.call('DELETE', `/api/v2.1/locations/3/staff/${ownerId}/`, { token: owner, lang: 'en' });
    expect(remove.json()).toEqual({ non_field_errors: ['A location must keep at least one administrator: make someone else administrator first.'] });
    // With a second administrator there, either may go: the other stays.
    const second = await h.userWithToken('second3@example.com', [[3, 40]]);
    expect((await h.call('DELETE', `/api/v2.1/locations/3/staff/${second.id}/`, { token: second.token })).statusCode).toBe(204);

    // Making an owner: administrator with every permission at every location.
    expect((await h.call('POST', `/api/v2.1/accounts/${boss.id}/owner/`, { token: owner })).statusCode).toBe(200);
    const held = (await q(`select location_id, count(*)::int as n from user_permissions where user_id = $1 group by 1 order by 1`, [boss.id])).rows;
    const locations = (await q('select count(*)::int as n from locations')).rows[0].n;
    expect(held).toHaveLength(locations);
    expect(held.every((r) => r.n === PERMISSION_CODENAMES.length)).toBe(true);
    await q(`update users set is_owner = false where id = $1`, [boss.id]);
    await q(`delete from user_location_roles where user_id = $1 and location_id not in (1, 2)`, [boss.id]);
  });

  it('a right granted at location A gives nothing at location B', async () => {
    const ab = await h.userWithToken('ab@example.com', [[1, 40], [2, 40]]);
    for (const p of PERMISSION_CODENAMES) await q(`insert into user_permissions (user_id, location_id, codename) values ($1, 1, $2)`, [ab.id, p]);
    const pg = async (location: number) => (await q('select id from playgrounds where location_id = $1 order by id limit 1', [location])).rows[0].id as number;
    const at = (location: number) => [
      ['GET', `/api/v2.1/locations/${location}/certificates/`, undefined],
      ['POST', '/api/v2.2/certificate/', { rate: '2000', type: 'digital', design: 'classic', quantity: 1, location_id: location }],
      ['POST', '/api/v2.1/transactions/create_transaction/', { type: 'refill', amount: '100', location }],
      ['POST', '/api/v2.2/multibooking/', {
        cost: '0', persons: 1, name: 'A B', email: 'ab@example.com', phone: '+79990001122', order_type: 2, location_id: location,
        playsessions: [{ playground_id: 0, session_dt: '2030-05-06 12:00' }],
      }],
    ] as const;
    for (const location of [1, 2]) {
      const playground = await pg(location);
      const calls = [...at(location), ['POST', '/api/v2.2/playgrounds/create_token/', { playground }] as const];
      for (const [method, url, body] of calls) {
        const b = body && 'playsessions' in body ? { ...body, playsessions: [{ playground_id: playground, session_dt: '2030-05-06 12:00' }] } : body;
        const res = await h.call(method, url, { token: ab.token, body: b });
        if (location === 2) expect(res.statusCode, `${method} ${url} at 2: ${res.body}`).toBe(403);
        else expect([403, 404, 401], `${method} ${url} at 1: ${res.body}`).not.toContain(res.statusCode);
      }
    }
  });

  it("deactivating an account answers its next request 401 and closes its live stream; activating lets it in again", async () => {
    const cashier = await h.userWithToken('live-cashier@example.com', [[1, 10]]);
    const ticket = await fetch(`${base}/api/v2.1/locations/1/events/ticket/`, { method: 'POST', headers: { authorization: `Token ${cashier.token}` } });
    expect(ticket.status).toBe(200);
    const stream = await fetch(`${base}/api/v2.1/locations/1/events/?ticket=${(await ticket.json()).ticket}`);
    expect(stream.status).toBe(200);
    const ended = (async () => { const reader = stream.body!.getReader(); while (!(await reader.read()).done); return Date.now(); })();

    const res = await h.call('POST', `/api/v2.1/accounts/${cashier.id}/deactivate/`, { token: owner });
    expect(res.statusCode, res.body).toBe(200);
    const at = Date.now();
    const closedAt = await Promise.race([ended, new Promise<number>((r) => setTimeout(() => r(-1), 2500))]);
    expect(closedAt, 'the stream ended after the deactivation').toBeGreaterThan(0);
    expect(closedAt - at).toBeLessThan(2500);
    expect((await h.call('GET', '/api/v2.1/users/am/', { token: cashier.token })).statusCode).toBe(401);
    // The owner cannot lock themselves out; activation lets the account in again.
    const ownerId = (await q(`select id from users where email = 'admin@example.com'`)).rows[0].id as number;
    expect((await h.call('POST', `/api/v2.1/accounts/${ownerId}/deactivate/`, { token: owner })).statusCode).toBe(400);
    expect((await h.call('POST', `/api/v2.1/accounts/${cashier.id}/activate/`, { token: owner })).statusCode).toBe(200);
    expect((await h.call('GET', '/api/v2.1/users/am/', { token: cashier.token })).statusCode).toBe(200);
    const { rows } = await q(`select kind, location_id from activity_entries where kind like 'user.%' order by id`);
    expect(rows.map((r) => r.kind)).toEqual(['user.owner_made', 'user.deactivated', 'user.activated']);
    expect(rows.every((r) => r.location_id === null)).toBe(true);
  });
});
