import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTokens, loginFailures, users } from '../../server/db/schema';
import { secretHash } from '../../server/platform/tokens';
import { hashPassword } from '../../server/platform/passwords';
import { createHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => { h = await createHarness(); });
afterAll(async () => { await h.close(); });

const LOGIN = '/api/v2.1/login/';
const ME = '/api/v2.1/users/am/';
const LOGIN_FAILED_EN = { detail: 'Unable to log in with provided credentials.' };
const LOGIN_FAILED_RU = { detail: 'Невозможно войти с предоставленными учётными данными.' };
const NOT_PROVIDED_EN = { detail: 'Authentication credentials were not provided.' };
const INVALID_TOKEN_EN = { detail: 'Invalid token.' };

/** Adds a user (no roles) and returns its id. */
async function addUser(hh: Harness, email: string, password: string, extra: Partial<typeof users.$inferInsert> = {}): Promise<number> {
  const [row] = await hh.database.db.insert(users)
    .values({ email, name: email, passwordHash: await hashPassword(password), ...extra }).returning();
  return row!.id;
}

describe('POST /api/v2.1/login/', () => {
  it('returns a token for the demo admin, and the token signs the next calls in', async () => {
    const res = await h.call('POST', LOGIN, { body: { email: 'admin@example.com', password: 'admin123' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['token']);
    expect(body.token).toMatch(/^[0-9a-f]{40}$/);
    const me = await h.call('GET', ME, { token: body.token });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe('admin@example.com');
  });

  it('gives a new token at every login', async () => {
    const a = await h.login('staff@example.com', 'staff123');
    const b = await h.login('staff@example.com', 'staff123');
    expect(a).not.toBe(b);
    expect((await h.call('GET', ME, { token: a })).statusCode).toBe(200);
    expect((await h.call('GET', ME, { token: b })).statusCode).toBe(200);
  });

  it('matches the e-mail without regard to case and surrounding spaces', async () => {
    const res = await h.call('POST', LOGIN, { body: { email: '  Manager@EXAMPLE.com ', password: 'manager123' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().token).toMatch(/^[0-9a-f]{40}$/);
  });

  it('answers 400 {detail} for a wrong password, in the requested language', async () => {
    const en = await h.call('POST', LOGIN, { lang: 'en', body: { email: 'admin@example.com', password: 'nope' } });
    expect(en.statusCode).toBe(400);
    expect(en.json()).toEqual(LOGIN_FAILED_EN);
    const ru = await h.call('POST', LOGIN, { lang: 'ru', body: { email: 'admin@example.com', password: 'nope' } });
    expect(ru.statusCode).toBe(400);
    expect(ru.json()).toEqual(LOGIN_FAILED_RU);
    // Russian is the default when Accept-Language is absent or names neither language.
    const none = await h.call('POST', LOGIN, { body: { email: 'admin@example.com', password: 'nope' } });
    expect(none.json()).toEqual(LOGIN_FAILED_RU);
    const de = await h.call('POST', LOGIN, { lang: 'de-DE,de;q=0.9', body: { email: 'admin@example.com', password: 'nope' } });
    expect(de.json()).toEqual(LOGIN_FAILED_RU);
    const enByQ = await h.call('POST', LOGIN, { lang: 'ru;q=0.5, en-US;q=0.8', body: { email: 'admin@example.com', password: 'nope' } });
    expect(enByQ.json()).toEqual(LOGIN_FAILED_EN);
  });

  it('answers an unknown e-mail exactly as a wrong password (no account probing)', async () => {
    const en = await h.call('POST', LOGIN, { lang: 'en', body: { email: 'nobody@example.com', password: 'admin123' } });
    expect(en.statusCode).toBe(400);
    expect(en.json()).toEqual(LOGIN_FAILED_EN);
    const ru = await h.call('POST', LOGIN, { lang: 'ru', body: { email: 'nobody@example.com', password: 'admin123' } });
    expect(ru.statusCode).toBe(400);
    expect(ru.json()).toEqual(LOGIN_FAILED_RU);
  });

  it('refuses a deactivated account with the same 400 even with the right password', async () => {
    await addUser(h, 'gone@example.com', 'gone-pass', { isActive: false });
    const res = await h.call('POST', LOGIN, { lang: 'en', body: { email: 'gone@example.com', password: 'gone-pass' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(LOGIN_FAILED_EN);
  });

  it('answers DRF field errors for missing fields', async () => {
    const both = await h.call('POST', LOGIN, { lang: 'en', body: {} });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toEqual({ email: ['This field is required.'], password: ['This field is required.'] });
    const noPassword = await h.call('POST', LOGIN, { lang: 'en', body: { email: 'admin@example.com' } });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json()).toEqual({ password: ['This field is required.'] });
    const noEmail = await h.call('POST', LOGIN, { lang: 'ru', body: { password: 'admin123' } });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json()).toEqual({ email: ['Обязательное поле.'] });
    const nulls = await h.call('POST', LOGIN, { lang: 'en', body: { email: null, password: null } });
    expect(nulls.statusCode).toBe(400);
    expect(nulls.json()).toEqual({ email: ['This field is required.'], password: ['This field is required.'] });
  });

  it('answers "may not be blank" for empty strings', async () => {
    const res = await h.call('POST', LOGIN, { lang: 'en', body: { email: '   ', password: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: ['This field may not be blank.'], password: ['This field may not be blank.'] });
  });

  it('rejects an unknown field', async () => {
    const res = await h.call('POST', LOGIN, { lang: 'en', body: { email: 'admin@example.com', password: 'admin123', remember: true } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ remember: ['Unknown field.'] });
    const ru = await h.call('POST', LOGIN, { lang: 'ru', body: { email: 'admin@example.com', password: 'admin123', field: 1 } });
    expect(ru.json()).toEqual({ field: ['Неизвестное поле.'] });
  });

  it('answers 400 {detail} for malformed JSON', async () => {
    const res = await h.call('POST', LOGIN, { lang: 'en', body: '{"email": "admin@example.com", ', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['detail']);
    expect(body.detail).toMatch(/^JSON parse error - \S/);
    const ru = await h.call('POST', LOGIN, { lang: 'ru', body: 'not json', headers: { 'content-type': 'application/json' } });
    expect(ru.statusCode).toBe(400);
    expect(ru.json().detail).toMatch(/^Ошибка разбора JSON - \S/);
    const empty = await h.call('POST', LOGIN, { lang: 'en', body: '', headers: { 'content-type': 'application/json' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toMatch(/^JSON parse error - \S/);
  });

  it('names every missing field when there is no body at all', async () => {
    const res = await h.call('POST', LOGIN, { lang: 'en' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: ['This field is required.'], password: ['This field is required.'] });
  });

  it('answers a body that is not an object with a non-field error', async () => {
    const res = await h.call('POST', LOGIN, { lang: 'en', body: '["admin@example.com", "admin123"]', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: ['Invalid data. Expected a dictionary.'] });
  });

  it('answers 415 {detail} for a body type it does not read', async () => {
    const res = await h.call('POST', LOGIN, { lang: 'en', body: 'email=admin@example.com', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ detail: 'Unsupported media type "application/x-www-form-urlencoded" in request.' });
  });

  it('answers wrong types with per-field messages', async () => {
    const res = await h.call('POST', LOGIN, { lang: 'en', body: { email: 123, password: ['admin123'] } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: ['Not a valid string.'], password: ['Not a valid string.'] });
    const obj = await h.call('POST', LOGIN, { lang: 'en', body: { email: 'admin@example.com', password: { x: 1 } } });
    expect(obj.json()).toEqual({ password: ['Not a valid string.'] });
  });

  it('limits the password to 256 characters and the e-mail to 254', async () => {
    const long = await h.call('POST', LOGIN, { lang: 'en', body: { email: 'admin@example.com', password: 'x'.repeat(257) } });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ password: ['Ensure this field has no more than 256 characters.'] });
    const ru = await h.call('POST', LOGIN, { lang: 'ru', body: { email: 'admin@example.com', password: 'x'.repeat(257) } });
    expect(ru.json()).toEqual({ password: ['Убедитесь, что это поле содержит не более 256 символов.'] });
    // 256 is allowed: the check then is the password itself.
    const max = await h.call('POST', LOGIN, { lang: 'en', body: { email: 'admin@example.com', password: 'x'.repeat(256) } });
    expect(max.statusCode).toBe(400);
    expect(max.json()).toEqual(LOGIN_FAILED_EN);
    const longEmail = await h.call('POST', LOGIN, { lang: 'en', body: { email: `${'a'.repeat(250)}@example.com`, password: 'x' } });
    expect(longEmail.statusCode).toBe(400);
    expect(longEmail.json()).toEqual({ email: ['Ensure this field has no more than 254 characters.'] });
  });

  it('answers 413 {detail} for a body over 1 MiB', async () => {
    const res = await h.call('POST', LOGIN, { lang: 'en', body: { email: 'admin@example.com', password: 'x'.repeat(1_100_000) } });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: 'Request body is too large.' });
  });

  it('a successful login clears the failures of that e-mail and address', async () => {
    await h.call('POST', LOGIN, { body: { email: 'clear@example.com', password: 'wrong' } });
    await addUser(h, 'clear@example.com', 'clear-pass');
    await h.call('POST', LOGIN, { body: { email: 'clear@example.com', password: 'wrong' } });
    const count = async () => (await h.database.db.select().from(loginFailures).where(eq(loginFailures.email, 'clear@example.com'))).length;
    expect(await count()).toBe(2);
    await h.login('clear@example.com', 'clear-pass');
    expect(await count()).toBe(0);
  });
});

describe('login throttling (loginMaxFailures: 3)', () => {
  let t: Harness;
  /** The slowdown here (3 s by default): long enough to measure, short enough to wait out. */
  const SLOW_MS = 600;
  beforeAll(async () => { t = await createHarness({ config: { loginMaxFailures: 3, loginWindowMinutes: 15, loginSlowdownSeconds: SLOW_MS / 1000 } }); });
  afterAll(async () => { await t.close(); });

  const attempt = (email: string, password: string, ip: string, lang = 'en') => t.app.inject({
    method: 'POST', url: LOGIN, remoteAddress: ip, headers: { 'accept-language': lang }, payload: { email, password },
  });

  function expectThrottled(res: Awaited<ReturnType<typeof attempt>>, lang: 'en' | 'ru' = 'en'): number {
    expect(res.statusCode).toBe(429);
    const retryAfter = Number(res.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(res.json()).toEqual({
      detail: lang === 'en'
        ? `Request was throttled. Expected available in ${retryAfter} seconds.`
        : `Слишком много запросов. Повторите через ${retryAfter} с.`,
    });
    return retryAfter;
  }

  it('after 3 failures from one address the next attempt gets 429 with Retry-After, even with the right password', async () => {
    const ip = '10.1.0.1';
    for (let i = 0; i < 3; i++) {
      const res = await attempt('staff@example.com', `wrong-${i}`, ip);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(LOGIN_FAILED_EN);
    }
    const retryAfter = expectThrottled(await attempt('staff@example.com', 'staff123', ip));
    // The window is 15 minutes from the oldest failure, which is a few seconds old at most.
    expect(retryAfter).toBeGreaterThan(15 * 60 - 30);
    expectThrottled(await attempt('staff@example.com', 'wrong', ip, 'ru'), 'ru');
    // The e-mail's case does not make it another account.
    expectThrottled(await attempt('STAFF@example.com', 'staff123', ip));
    // A throttled attempt is not a failure of its own: the count stays at 3.
    const rows = await t.database.db.select().from(loginFailures).where(eq(loginFailures.ip, ip));
    expect(rows.length).toBe(3);
  });

  it('throttles the pair of address and e-mail: another address, or another account, still logs in', async () => {
    const ip = '10.1.0.2';
    for (let i = 0; i < 3; i++) expect((await attempt('manager@example.com', 'wrong', ip)).statusCode).toBe(400);
    expectThrottled(await attempt('manager@example.com', 'manager123', ip));
    expect((await attempt('manager@example.com', 'manager123', '10.1.0.3')).statusCode).toBe(200);
    expect((await attempt('admin@example.com', 'admin123', ip)).statusCode).toBe(200);
  });

  /** An attempt and how long its answer took. */
  const timed = async (email: string, password: string, ip: string) => {
    const started = Date.now();
    const res = await attempt(email, password, ip);
    return { status: res.statusCode, ms: Date.now() - started };
  };

  it('many accounts behind one address (an office behind one NAT): others\' failures never refuse a right password there; past 5 × the limit each attempt is slowed (#25)', async () => {
    const ip = '10.1.0.4';
    for (let i = 0; i < 15; i++) expect((await attempt(`guess${i}@example.com`, 'x', ip)).statusCode).toBe(400);
    // The colleague at the same address signs in, after the wait.
    const colleague = await timed('admin@example.com', 'admin123', ip);
    expect(colleague.status).toBe(200);
    expect(colleague.ms).toBeGreaterThanOrEqual(SLOW_MS - 20);
    // A wrong password waits as long: the wait says nothing about the password.
    const wrong = await timed('manager@example.com', 'wrong', ip);
    expect(wrong.status).toBe(400);
    expect(wrong.ms).toBeGreaterThanOrEqual(SLOW_MS - 20);
    // Another address is not slowed by this one.
    expect((await timed('admin@example.com', 'admin123', '10.1.0.5')).ms).toBeLessThan(SLOW_MS);
  });

  it('an attacker at other addresses cannot lock an account: its owner signs in from theirs, slowed at most (#25)', async () => {
    const email = 'victim@example.com';
    await addUser(t, email, 'victim-pass');
    // Three failures from each of five addresses: each pair refused, 15 failures on the account.
    for (let a = 1; a <= 5; a++) {
      for (let i = 0; i < 3; i++) expect((await attempt(email, `guess-${a}-${i}`, `10.2.0.${a}`)).statusCode).toBe(400);
      expectThrottled(await attempt(email, 'victim-pass', `10.2.0.${a}`));
    }
    const owner = await timed(email, 'victim-pass', '10.2.9.9');
    expect(owner.status).toBe(200);
    expect(owner.ms).toBeGreaterThanOrEqual(SLOW_MS - 20);
  });

  it('brute force on one account stays limited: 3 guesses per address, then 429 for that address; each guess past 15 waits (#25)', async () => {
    const email = 'brute@example.com';
    await addUser(t, email, 'brute-pass');
    const ip = '10.3.0.1';
    for (let i = 0; i < 3; i++) expect((await attempt(email, `guess-${i}`, ip)).statusCode).toBe(400);
    for (let i = 0; i < 3; i++) expectThrottled(await attempt(email, i === 0 ? 'brute-pass' : `guess-x${i}`, ip));
    // From more addresses: 3 each, and every guess once the account has failed 15 times is slowed.
    for (let a = 2; a <= 5; a++) for (let i = 0; i < 3; i++) await attempt(email, `guess-${a}-${i}`, `10.3.0.${a}`);
    const late = await timed(email, 'guess-late', '10.3.0.6');
    expect(late.status).toBe(400);
    expect(late.ms).toBeGreaterThanOrEqual(SLOW_MS - 20);
    const rows = await t.database.db.select().from(loginFailures).where(eq(loginFailures.email, email));
    expect(rows.length).toBe(16);
  });

  it('a success before the limit clears the failures', async () => {
    const ip = '10.1.0.6';
    const email = 'clears@example.com';
    await addUser(t, email, 'right-pass');
    for (let i = 0; i < 2; i++) expect((await attempt(email, 'wrong', ip)).statusCode).toBe(400);
    expect((await attempt(email, 'right-pass', ip)).statusCode).toBe(200);
    // Without the clearing these would make 4 failures: the 3rd would already be answered 429.
    for (let i = 0; i < 2; i++) expect((await attempt(email, 'wrong', ip)).statusCode).toBe(400);
    expect((await attempt(email, 'right-pass', ip)).statusCode).toBe(200);
  });

  it('30 parallel wrong passwords: at most 3 are checked, the rest 429; the right one after is still refused (#16)', async () => {
    const ip = '10.1.0.8';
    const email = 'parallel@example.com';
    await addUser(t, email, 'right-pass');
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => attempt(email, `wrong-${i}`, ip)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 400).length).toBeLessThanOrEqual(3);
    expect(codes.filter((c) => c !== 400 && c !== 429)).toEqual([]);
    // Only the checked attempts are failures.
    const rows = await t.database.db.select().from(loginFailures).where(eq(loginFailures.ip, ip));
    expect(rows.length).toBe(codes.filter((c) => c === 400).length);
    expect(rows.length).toBe(3);
    expectThrottled(await attempt(email, 'right-pass', ip));
    // Until the window passes.
    await t.database.db.update(loginFailures).set({ at: sql`now() - interval '16 minutes'` }).where(eq(loginFailures.ip, ip));
    expect((await attempt(email, 'right-pass', ip)).statusCode).toBe(200);
  });

  it('30 parallel wrong passwords over many accounts from one address: all answered, none refused, the later ones slowed (#16, #25)', async () => {
    const ip = '10.1.0.9';
    const started = Date.now();
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => attempt(`par${i}@example.com`, 'x', ip)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(30).fill(400));
    expect(Date.now() - started).toBeGreaterThanOrEqual(SLOW_MS - 20);
    // Then a right password from there still signs in.
    expect((await attempt('staff@example.com', 'staff123', ip)).statusCode).toBe(200);
  });

  it('failures older than the window no longer count', async () => {
    const ip = '10.1.0.7';
    const email = 'window@example.com';
    await addUser(t, email, 'right-pass');
    for (let i = 0; i < 3; i++) expect((await attempt(email, 'wrong', ip)).statusCode).toBe(400);
    expectThrottled(await attempt(email, 'right-pass', ip));
    await t.database.db.update(loginFailures).set({ at: sql`now() - interval '16 minutes'` }).where(eq(loginFailures.ip, ip));
    expect((await attempt(email, 'right-pass', ip)).statusCode).toBe(200);
  });
});

describe('POST /api/v2.1/logout/', () => {
  it('revokes the token: the next call with it gets 401 Invalid token', async () => {
    const token = await h.login('staff@example.com', 'staff123');
    const other = await h.login('staff@example.com', 'staff123');
    const res = await h.call('POST', '/api/v2.1/logout/', { token, lang: 'en' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'Logged out.' });
    const after = await h.call('GET', ME, { token, lang: 'en' });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual(INVALID_TOKEN_EN);
    expect(after.headers['www-authenticate']).toBe('Token');
    const again = await h.call('POST', '/api/v2.1/logout/', { token, lang: 'ru' });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ detail: 'Недействительный токен.' });
    // Only that token ends: another session of the same user goes on.
    expect((await h.call('GET', ME, { token: other })).statusCode).toBe(200);
  });

  it('needs a token', async () => {
    const res = await h.call('POST', '/api/v2.1/logout/', { lang: 'en' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(NOT_PROVIDED_EN);
  });
});

describe('token authentication', () => {
  it('answers 401 "not provided" with WWW-Authenticate: Token when there is no token', async () => {
    const en = await h.call('GET', ME, { lang: 'en' });
    expect(en.statusCode).toBe(401);
    expect(en.json()).toEqual(NOT_PROVIDED_EN);
    expect(en.headers['www-authenticate']).toBe('Token');
    const ru = await h.call('GET', ME);
    expect(ru.statusCode).toBe(401);
    expect(ru.json()).toEqual({ detail: 'Учётные данные не были предоставлены.' });
  });

  it.each([
    ['Bearer x'],
    ['Token a b'],
    ['Token'],
    ['Basic YWRtaW5AZXhhbXBsZS5jb206YWRtaW4xMjM='],
    ['Token 0000000000000000000000000000000000000000'],
  ])('answers 401 Invalid token for the Authorization header %j', async (authorization) => {
    const res = await h.call('GET', ME, { lang: 'en', headers: { authorization } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(INVALID_TOKEN_EN);
    expect(res.headers['www-authenticate']).toBe('Token');
  });

  it('accepts the scheme in any case', async () => {
    const token = await h.login('staff@example.com', 'staff123');
    const res = await h.call('GET', ME, { headers: { authorization: `token ${token}` } });
    expect(res.statusCode).toBe(200);
  });

  it('refuses the token of a deactivated user', async () => {
    const id = await addUser(h, 'soon-gone@example.com', 'pass-123');
    const token = await h.login('soon-gone@example.com', 'pass-123');
    expect((await h.call('GET', ME, { token })).statusCode).toBe(200);
    await h.database.db.update(users).set({ isActive: false }).where(eq(users.id, id));
    const res = await h.call('GET', ME, { token, lang: 'en' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(INVALID_TOKEN_EN);
  });

  it('guards a route reached through a percent-encoded path', async () => {
    const res = await h.call('GET', '/%61pi/v2.1/users/am/', { lang: 'en' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(NOT_PROVIDED_EN);
  });
});

describe('token lifetimes (#16): idle 14 days, absolute 90 days', () => {
  const ME = '/api/v2.1/users/am/';
  const tokenRow = async (token: string) => {
    const [row] = await h.database.db.select().from(authTokens).where(eq(authTokens.keyHash, secretHash(token)));
    return row!;
  };
  const age = (token: string, set: { createdAt?: string; lastUsedAt?: string | null }) => h.database.db.update(authTokens).set({
    ...(set.createdAt ? { createdAt: sql`now() - ${sql.raw(`interval '${set.createdAt}'`)}` } : {}),
    ...(set.lastUsedAt !== undefined ? { lastUsedAt: set.lastUsedAt === null ? null : sql`now() - ${sql.raw(`interval '${set.lastUsedAt}'`)}` } : {}),
  }).where(eq(authTokens.keyHash, secretHash(token)));

  it('a token unused for more than 14 days is 401; one used 13 days ago still works', async () => {
    const fresh = await h.login('staff@example.com', 'staff123');
    await age(fresh, { createdAt: '20 days', lastUsedAt: '13 days' });
    expect((await h.call('GET', ME, { token: fresh })).statusCode).toBe(200);
    const idle = await h.login('staff@example.com', 'staff123');
    await age(idle, { createdAt: '20 days', lastUsedAt: '15 days' });
    const res = await h.call('GET', ME, { token: idle, lang: 'en' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(INVALID_TOKEN_EN);
    // Never used since sign-in counts from the sign-in.
    const never = await h.login('staff@example.com', 'staff123');
    await age(never, { createdAt: '15 days', lastUsedAt: null });
    expect((await h.call('GET', ME, { token: never })).statusCode).toBe(401);
  });

  it('a token signed in more than 90 days ago is 401 however recently used', async () => {
    const old = await h.login('staff@example.com', 'staff123');
    await age(old, { createdAt: '91 days', lastUsedAt: '1 minute' });
    const res = await h.call('GET', ME, { token: old, lang: 'en' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(INVALID_TOKEN_EN);
    const young = await h.login('staff@example.com', 'staff123');
    await age(young, { createdAt: '89 days', lastUsedAt: '1 day' });
    expect((await h.call('GET', ME, { token: young })).statusCode).toBe(200);
  });

  it('the lifetimes come from the settings', async () => {
    const t = await createHarness({ demo: false, config: { tokenIdleDays: 1, tokenMaxAgeDays: 2 } });
    try {
      await addUser(t, 'short@example.com', 'short-pass');
      const token = await t.login('short@example.com', 'short-pass');
      expect((await t.call('GET', ME, { token })).statusCode).toBe(200);
      await t.database.db.update(authTokens).set({ lastUsedAt: sql`now() - interval '25 hours'` }).where(eq(authTokens.keyHash, secretHash(token)));
      expect((await t.call('GET', ME, { token })).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });

  it('last_used_at is written at most once a minute', async () => {
    const token = await h.login('staff@example.com', 'staff123');
    expect((await tokenRow(token)).lastUsedAt).toBeNull();
    await h.call('GET', ME, { token });
    const first = (await tokenRow(token)).lastUsedAt!;
    expect(first).toBeInstanceOf(Date);
    await age(token, { lastUsedAt: '30 seconds' });
    const set = (await tokenRow(token)).lastUsedAt!;
    await h.call('GET', ME, { token });
    expect((await tokenRow(token)).lastUsedAt).toEqual(set);
    await age(token, { lastUsedAt: '2 minutes' });
    await h.call('GET', ME, { token });
    expect((await tokenRow(token)).lastUsedAt!.getTime()).toBeGreaterThan(set.getTime());
  });
});

describe('GET /api/v2.1/loginjwt/permissions/', () => {
  const names = (product: string, codenames: string[]) => codenames.map((c) => `accounts.${product}.${c}`).sort();
  const ALL = ['techsessions', 'multibooking', 'certificate', 'certificate.create', 'certificate.activate', 'transactions.edit', 'transactions.all'];

  it('lists every permission of the admin', async () => {
    const res = await h.call('GET', '/api/v2.1/loginjwt/permissions/', { token: await h.login('admin@example.com', 'admin123') });
    expect(res.statusCode).toBe(200);
    const list = res.json() as string[];
    expect(list).toHaveLength(7);
    expect([...list].sort()).toEqual(names('backoffice', ALL));
  });

  it('lists the manager\'s permissions: those a role-20 user can use', async () => {
    const res = await h.call('GET', '/api/v2.1/loginjwt/permissions/', { token: await h.login('manager@example.com', 'manager123') });
    expect(res.statusCode).toBe(200);
    expect([...(res.json() as string[])].sort()).toEqual([
      'accounts.backoffice.certificate', 'accounts.backoffice.certificate.activate', 'accounts.backoffice.certificate.create', 'accounts.backoffice.multibooking',
    ]);
  });

  it('answers an empty array for the staff member', async () => {
    const res = await h.call('GET', '/api/v2.1/loginjwt/permissions/', { token: await h.login('staff@example.com', 'staff123') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('needs a token', async () => {
    const res = await h.call('GET', '/api/v2.1/loginjwt/permissions/', { lang: 'en' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(NOT_PROVIDED_EN);
  });

  it('follows config.product', async () => {
    const v = await createHarness({ config: { product: 'vrpark' } });
    try {
      const admin = await v.call('GET', '/api/v2.1/loginjwt/permissions/', { token: await v.login('admin@example.com', 'admin123') });
      expect(admin.statusCode).toBe(200);
      expect([...(admin.json() as string[])].sort()).toEqual(names('vrpark', ALL));
      const manager = await v.call('GET', '/api/v2.1/loginjwt/permissions/', { token: await v.login('manager@example.com', 'manager123') });
      expect([...(manager.json() as string[])].sort()).toEqual([
        'accounts.vrpark.certificate', 'accounts.vrpark.certificate.activate', 'accounts.vrpark.certificate.create', 'accounts.vrpark.multibooking',
      ]);
    } finally {
      await v.close();
    }
  });
});

describe('unknown paths', () => {
  it('answers an unknown /api path with 404 {detail} JSON, with or without a token', async () => {
    const anon = await h.call('GET', '/api/v2.1/no-such-thing/', { lang: 'en' });
    expect(anon.statusCode).toBe(404);
    expect(anon.headers['content-type']).toMatch(/^application\/json/);
    expect(anon.json()).toEqual({ detail: 'Not found.' });
    const ru = await h.call('POST', '/api/v9/whatever', { token: await h.login('staff@example.com', 'staff123') });
    expect(ru.statusCode).toBe(404);
    expect(ru.json()).toEqual({ detail: 'Не найдено.' });
  });

  it('keeps the JSON 404 for /api when the built web app is served, and gives other pages index.html', async () => {
    const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-web-'));
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>app</title>');
    fs.mkdirSync(path.join(webDir, 'assets'));
    fs.writeFileSync(path.join(webDir, 'assets', 'app.js'), 'console.log(1)');
    const w = await createHarness({ config: { webDir } });
    try {
      const api = await w.call('GET', '/api/v2.1/no-such-thing/', { lang: 'en' });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toEqual({ detail: 'Not found.' });
      const page = await w.call('GET', '/locations/1/booking_admin');
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toBe('<!doctype html><title>app</title>');
      const root = await w.call('GET', '/');
      expect(root.statusCode).toBe(200);
      expect(root.body).toBe('<!doctype html><title>app</title>');
      const asset = await w.call('GET', '/assets/app.js');
      expect(asset.statusCode).toBe(200);
      expect(asset.body).toBe('console.log(1)');
      // The API itself is unchanged.
      expect((await w.call('GET', ME, { lang: 'en' })).json()).toEqual(NOT_PROVIDED_EN);
      expect((await w.call('GET', ME, { token: await w.login('admin@example.com', 'admin123') })).statusCode).toBe(200);
    } finally {
      await w.close();
      fs.rmSync(webDir, { recursive: true, force: true });
    }
  });
});
