// Hostile input and access (issue 9), the checks that are not a walk over every route:
// secrets never logged, tokens revocable, uploads judged by content not by name, login throttling.
// Elsewhere: the authorisation matrix (authz-matrix.test.ts), fuzzing (fuzz.test.ts), login
// throttling in detail (auth.test.ts, "login throttling"), CSV injection (records.test.ts: text
// cells starting with = + - @ are prefixed with a quote), webhook SSRF (webhooks.test.ts).
import { Writable } from 'node:stream';
import pino from 'pino';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loggerOptions, maskUrl } from '../../server/platform/logging';
import { createHarness, type Harness } from './harness';
import { multipart } from './routeWalk';

let h: Harness;
let admin: string;

beforeAll(async () => {
  h = await createHarness({ demo: true, config: { loginMaxFailures: 3 } });
  admin = await h.login('admin@example.com', 'admin123');
});
afterAll(async () => { await h?.close(); });

describe('secrets never reach the log', () => {
  it('logs requests at trace level without passwords, tokens or reset keys', async () => {
    const chunks: string[] = [];
    const sink = new Writable({ write(chunk, _enc, done) { chunks.push(String(chunk)); done(); } });
    const app = await buildApp({ db: h.database.db, pool: h.database.pool, config: h.config, mailer: { send: async () => {} } },
      { loggerInstance: pino(loggerOptions('trace'), sink) });
    await app.ready();
    const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
      app.inject({ method: 'POST', url, payload, headers: { 'x-forwarded-for': '203.0.113.9', ...headers } });
    const secrets = ['Wrong-Pa55word-7', 'N3w-Pa55word-xyz', 'admin123', 'T00-long-'.repeat(40)];
    expect((await post('/api/v2.1/login/', { email: 'admin@example.com', password: secrets[0] })).statusCode).toBe(400);
    expect((await post('/api/v2.1/login/', { email: 'admin@example.com', password: secrets[3] })).statusCode).toBe(400);
    const ok = await post('/api/v2.1/login/', { email: 'admin@example.com', password: 'admin123' });
    expect(ok.statusCode).toBe(200);
    const token = ok.json().token as string;
    secrets.push(token);
    expect((await app.inject({ method: 'GET', url: '/api/v2.1/users/am/', headers: { authorization: `Token ${token}` } })).statusCode).toBe(200);
    // A password reset: the key travels in the path, the new password in the body.
    expect((await post('/api/v2.1/users/password_reset/', { email: 'staff@example.com' })).statusCode).toBe(200);
    await h.runJobs();
    const letter = h.letters.find((l) => l.to === 'staff@example.com');
    const key = /password_reset\/([A-Za-z0-9_-]+)/.exec(letter?.text ?? '')?.[1] ?? /[0-9a-f]{40}/.exec(letter?.text ?? '')?.[0];
    expect(key, 'the reset letter has a key').toBeTruthy();
    secrets.push(key!);
    expect((await app.inject({ method: 'GET', url: `/api/v2.1/users/password_reset/${key}/` })).statusCode).toBe(200);
    const reset = await post(`/api/v2.1/users/password_reset/${key}/`, { password: secrets[1], password_confirm: secrets[1] });
    expect(reset.statusCode, reset.body).toBeLessThan(300);
    // A body that fails validation is not logged either (a password of the wrong type, an unknown field).
    await post('/api/v2.1/login/', { email: 'staff@example.com', password: secrets[1], extra: secrets[0] });
    await app.close();

    const log = chunks.join('');
    expect(log).toContain('incoming request');
    expect(log).toContain('/api/v2.1/users/password_reset/***/');
    for (const s of secrets) expect(log.includes(s), `the log holds ${s.slice(0, 20)}`).toBe(false);
  });

  it('masks long random path segments and signatures, keeps ids and words', () => {
    expect(maskUrl('/api/v2.1/users/password_reset/0123456789abcdef0123456789abcdef01234567/')).toBe('/api/v2.1/users/password_reset/***/');
    expect(maskUrl('/dashboards/revenue/?location=1&expires=2&signature=abcdef')).toBe('/dashboards/revenue/?location=1&expires=2&signature=***');
    expect(maskUrl('/api/v2.1/locations/12/payments/?format=csv')).toBe('/api/v2.1/locations/12/payments/?format=csv');
  });
});

describe('tokens are revocable', () => {
  it('logout revokes only that token; a deactivated user\'s tokens stop working; only hashes are stored', async () => {
    const a = await h.login('manager@example.com', 'manager123');
    const b = await h.login('manager@example.com', 'manager123');
    expect((await h.call('POST', '/api/v2.1/logout/', { token: a })).statusCode).toBeLessThan(300);
    expect((await h.call('GET', '/api/v2.1/users/am/', { token: a })).statusCode).toBe(401);
    expect((await h.call('GET', '/api/v2.1/users/am/', { token: b })).statusCode).toBe(200);
    // Logging out twice, or with a revoked token, is a 401, not a success.
    expect((await h.call('POST', '/api/v2.1/logout/', { token: a })).statusCode).toBe(401);
    await h.database.pool.query("update users set is_active = false where email = 'manager@example.com'");
    expect((await h.call('GET', '/api/v2.1/users/am/', { token: b })).statusCode).toBe(401);
    await h.database.pool.query("update users set is_active = true where email = 'manager@example.com'");
    expect((await h.call('GET', '/api/v2.1/users/am/', { token: b })).statusCode).toBe(200);
    // The tokens table keeps only hashes: a database dump gives no working token.
    const { rows } = await h.database.pool.query<{ key_hash: string }>('select key_hash from auth_tokens');
    expect(rows.some((r) => r.key_hash === b)).toBe(false);
  });
});

describe('uploads are judged by content, not by name or type', () => {
  const html = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>');
  const pngMagic = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  let png: Buffer;
  let tx: number;
  let adminId: number;
  beforeAll(async () => {
    png = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#123456' } }).png().toBuffer();
    tx = (await h.database.pool.query<{ id: number }>('select id from transactions where location_id = 1 order by id limit 1')).rows[0]!.id;
    adminId = (await h.call('GET', '/api/v2.1/users/am/', { token: admin })).json().id;
  });

  const uploads = () => [
    { what: 'avatar', url: `/api/v2.1/users/${adminId}/`, method: 'PUT', field: 'avatar',
      extra: [{ name: 'name', value: 'Admin' }, { name: 'phone', value: '+79990000001' }, { name: 'email', value: 'admin@example.com' }] },
    { what: 'dispute file', url: `/api/v2.1/transactions/${tx}/dispute/`, method: 'POST', field: 'files', extra: [{ name: 'text', value: 'why' }] },
    { what: 'gallery picture', url: '/api/v2.1/locations/1/images/', method: 'POST', field: 'image', extra: [] },
  ];
  const send = (u: ReturnType<typeof uploads>[number], data: Buffer, filename: string, type: string) => {
    const form = multipart([...u.extra, { name: u.field, filename, type, data }]);
    return h.app.inject({ method: u.method as 'POST', url: u.url, payload: form.payload, headers: { ...form.headers, authorization: `Token ${admin}`, 'accept-language': 'en' } });
  };
  const storedUrls = (body: Record<string, unknown>): string[] =>
    [body.avatar, body.url, ...((body.files as { url: string }[] | undefined) ?? []).map((f) => f.url)].filter((x): x is string => typeof x === 'string');

  it('refuses HTML and SVG named and typed as pictures', async () => {
    for (const u of uploads()) {
      for (const [data, name] of [[html, 'photo.png'], [svg, 'photo.png'], [svg, 'photo.svg'], [Buffer.from('MZ\x90\x00'), 'cv.pdf']] as const) {
        const res = await send(u, data, name, 'image/png');
        expect(res.statusCode, `${u.what} ${name}: ${res.body}`).toBe(400);
      }
    }
  });

  it('stores a real picture under the extension of its content and serves it as that type, never as the name says', async () => {
    for (const u of uploads()) {
      const res = await send(u, png, 'evil.html', 'text/html');
      expect(res.statusCode, `${u.what}: ${res.body}`).toBeLessThan(300);
      const urls = storedUrls(res.json());
      expect(urls.length, u.what).toBeGreaterThan(0);
      for (const url of urls) {
        // Dispute files are answered by an API route (with a token), their URL ends with a slash.
        expect(url, u.what).toMatch(/\.png\/?$/);
        const served = await h.app.inject({ method: 'GET', url, headers: { authorization: `Token ${admin}` } });
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toMatch(/^image\/png/);
        expect(served.headers['x-content-type-options']).toBe('nosniff');
      }
    }
  });

  it('a PNG signature in front of HTML is never served as HTML (decoded pictures refuse it)', async () => {
    const polyglot = Buffer.concat([pngMagic, html]);
    for (const u of uploads()) {
      const res = await send(u, polyglot, 'x.html', 'text/html');
      // Public pictures (the gallery, avatars) are decoded (server/platform/images.ts): refused.
      if (u.what !== 'dispute file') { expect(res.statusCode, `${u.what}: ${res.body}`).toBe(400); continue; }
      // Dispute files are checked by signature only; they are private, answered to a token as an
      // attachment, typed PNG with nosniff, so a browser does not run them.
      expect(res.statusCode, `${u.what}: ${res.body}`).toBeLessThan(300);
      for (const url of storedUrls(res.json())) {
        const served = await h.app.inject({ method: 'GET', url, headers: { authorization: `Token ${admin}` } });
        expect(served.headers['content-disposition']).toMatch(/^attachment/);
        expect(served.headers['content-type']).toMatch(/^image\/png/);
        expect(served.headers['x-content-type-options']).toBe('nosniff');
      }
    }
  });
});

describe('login throttling', () => {
  it('answers 429 after the configured failures, even to the right password (details in auth.test.ts)', async () => {
    const from = { 'x-forwarded-for': '198.51.100.77' };
    const attempt = (password: string) => h.call('POST', '/api/v2.1/login/', { body: { email: 'staff@example.com', password }, headers: from });
    for (let i = 0; i < 3; i++) expect((await attempt(`wrong-${i}`)).statusCode).toBe(400);
    const blocked = await attempt('staff123');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeTruthy();
  });
});

// Issue 16: authentication from the matched route, and input PostgreSQL cannot store answered as
// the client's mistake (400 in the DRF shape), never a 500. The walk over every route is in fuzz.test.ts.
describe('authentication is decided by the matched route, not the URL text', () => {
  it('a %-encoded /api path needs its token like the plain one', async () => {
    for (const url of ['/%61pi/v2.1/locations/', '/a%70i/v2.1/locations/', '/api/v2.1/loc%61tions/']) {
      const res = await h.call('GET', url, { lang: 'en' });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
      expect(res.headers['www-authenticate']).toBe('Token');
      expect((await h.call('GET', url, { token: admin })).statusCode, url).toBe(200);
    }
    // An unknown %-encoded /api address is the JSON 404, not the single-page app's index.
    const unknown = await h.call('GET', '/%61pi/v2.1/no-such-route/', { token: admin, lang: 'en' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'Not found.' });
  });

  it('answers 401 before validating the body: no schema is described to a caller without a token', async () => {
    for (const url of ['/api/v2.1/holidays/', '/%61pi/v2.1/holidays/']) {
      const res = await h.call('POST', url, { body: { location: 2 ** 31, date: '+275760-09-13', name: 'a\u0000' }, lang: 'en' });
      expect(res.statusCode, url).toBe(401);
      expect(Object.keys(res.json())).toEqual(['detail']);
    }
    const bad = await h.call('POST', '/api/v2.1/holidays/', { body: { x: 1 }, headers: { authorization: 'Token nope' }, lang: 'en' });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ detail: 'Invalid token.' });
  });

  it('public routes stay public; uploaded media need no token (an <img> sends none)', async () => {
    expect((await h.call('GET', '/api/public/locations/1/')).statusCode).toBe(200);
    expect((await h.call('GET', '/%61pi/public/locations/1/')).statusCode).toBe(200);
    expect((await h.call('GET', '/media/no-such-file.png')).statusCode).toBe(404);
  });
});

describe('input PostgreSQL cannot store is a 400 in the DRF shape, never a 500', () => {
  it('refuses NUL in any text: login e-mail, widget booking name, group name, list search', async () => {
    const login = await h.call('POST', '/api/v2.1/login/', { body: { email: 'admin\u0000@example.com', password: 'admin123' }, lang: 'en' });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toEqual({ email: ['Null characters are not allowed.'] });
    const ru = await h.call('POST', '/api/v2.1/login/', { body: { email: 'admin@example.com', password: 'admin\u0000' }, lang: 'ru' });
    expect(ru.statusCode).toBe(400);
    expect(ru.json()).toEqual({ password: ['Нулевые символы недопустимы.'] });
    const group = await h.call('POST', '/api/v2.1/locations/1/groups/', { token: admin, body: { name: 'VR\u0000' }, lang: 'en' });
    expect(group.statusCode).toBe(400);
    expect(group.json()).toEqual({ name: ['Null characters are not allowed.'] });
    const booking = await h.call('POST', '/api/public/locations/1/bookings/', {
      body: { playground_id: 1, session_dt: '2026-06-15 12:00', persons: 2, name: 'Ann\u0000', phone: '+79990001122', email: 'ann@example.com' }, lang: 'en' });
    expect(booking.statusCode).toBe(400);
    expect(booking.json().name).toEqual(['Null characters are not allowed.']);
    const search = await h.call('GET', '/api/v2.1/locations/1/certificates/?search=a%00b', { token: admin, lang: 'en' });
    expect(search.statusCode).toBe(400);
    expect(search.json()).toEqual({ search: ['Null characters are not allowed.'] });
    // A nested text and a field name with NUL are named too.
    const key = await h.call('POST', '/api/v2.1/login/', { body: { email: 'admin@example.com', password: 'x', 'a\u0000': 1 }, lang: 'en' });
    expect(key.statusCode).toBe(400);
  });

  it('refuses ids of 2^31 and more in bodies and queries (also on the public widget routes); in paths they are 404', async () => {
    const body = await h.call('POST', '/api/v2.1/holidays/', { token: admin, body: { location: 2147483648, date: '2026-12-30', kind: 'holiday' }, lang: 'en' });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toEqual({ location: ['Ensure this value is less than or equal to 2147483647.'] });
    const big = await h.call('POST', '/api/v2.1/booking/', { token: admin, body: { playground_id: 2 ** 53 }, lang: 'en' });
    expect(big.statusCode).toBe(400);
    expect(big.json().playground_id).toContain('Ensure this value is less than or equal to 2147483647.');
    for (const url of ['/api/public/locations/1/?group=2147483648', '/api/public/locations/1/slots/?date=2026-06-15&group=2147483648', '/api/v2.1/schedule/?location=2147483648']) {
      const res = await h.call('GET', url, { token: admin, lang: 'en' });
      expect(res.statusCode, url).toBe(400);
      expect(Object.values(res.json()).flat(), url).toEqual(['Ensure this value is less than or equal to 2147483647.']);
    }
    const price = await h.call('POST', '/api/public/locations/1/price/', { body: { playground_id: 2147483648, session_dt: '2026-06-15 12:00', persons: 2 }, lang: 'en' });
    expect(price.statusCode).toBe(400);
    expect(price.json()).toEqual({ playground_id: ['Ensure this value is less than or equal to 2147483647.'] });
    expect((await h.call('GET', '/api/v2.1/locations/2147483648/', { token: admin })).statusCode).toBe(404);
    expect((await h.call('GET', '/api/public/locations/2147483648/')).statusCode).toBe(404);
  });

  it('refuses dates PostgreSQL cannot store, and any outside 1900..2999', async () => {
    const holiday = (date: string) => h.call('POST', '/api/v2.1/holidays/', { token: admin, body: { location: 1, date, kind: 'holiday' }, lang: 'en' });
    for (const date of ['+275760-09-13', '0000-01-01', '10000-01-01', '-0001-01-01']) {
      const res = await holiday(date);
      expect(res.statusCode, date).toBe(400);
      expect(res.json(), date).toEqual({ date: ['Enter a date as YYYY-MM-DD.'] });
    }
    for (const date of ['1000-01-01', '1899-12-31', '3000-01-01', '9999-12-31']) {
      const res = await holiday(date);
      expect(res.statusCode, date).toBe(400);
      expect(res.json(), date).toEqual({ date: ['Enter a date from 1900-01-01 to 2999-12-31.'] });
    }
    for (const operation_dt of ['9999-01-01 12:00', '10000-01-01T12:00:00Z', '+275760-09-13T00:00:00Z']) {
      const dt = await h.call('POST', '/api/v2.1/transactions/create_transaction/', {
        token: admin, body: { location: 1, amount: '10', type: 'refill', operation_dt }, lang: 'en' });
      expect(dt.statusCode, operation_dt).toBe(400);
      expect(dt.json().operation_dt, operation_dt).toEqual([operation_dt.startsWith('10000') ? 'Enter a date and time as YYYY-MM-DD HH:mm.' : 'Enter a date from 1900-01-01 to 2999-12-31.']);
    }
    const list = await h.call('GET', '/api/v2.1/locations/1/certificates/?date_from=0999-01-01', { token: admin, lang: 'en' });
    expect(list.statusCode).toBe(400);
    expect(list.json()).toEqual({ date_from: ['Enter a date from 1900-01-01 to 2999-12-31.'] });
  });

  it('answers Fastify\'s own errors in the DRF shape: malformed %-encoding, unknown routes, bad JSON', async () => {
    const malformed = await h.call('GET', '/api/v2.1/locations/%E0%A4%A/', { token: admin, lang: 'en' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ detail: 'Malformed URL: invalid percent-encoding.' });
    const ru = await h.call('GET', '/api/v2.1/%zz/', { lang: 'ru' });
    expect(ru.statusCode).toBe(400);
    expect(ru.json()).toEqual({ detail: 'Неверный адрес: ошибка в %-кодировании.' });
    const unknown = await h.call('GET', '/api/v2.1/no-such-route/', { token: admin, lang: 'en' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'Not found.' });
    const json = await h.app.inject({ method: 'POST', url: '/api/v2.1/login/', payload: '{"email":', headers: { 'content-type': 'application/json', 'accept-language': 'en' } });
    expect(json.statusCode).toBe(400);
    expect(Object.keys(json.json())).toEqual(['detail']);
    const type = await h.app.inject({ method: 'POST', url: '/api/v2.1/login/', payload: 'x', headers: { 'content-type': 'text/x-nothing', 'accept-language': 'en' } });
    expect(type.statusCode).toBe(415);
    expect(Object.keys(type.json())).toEqual(['detail']);
  });

  it('maps PostgreSQL data errors (SQLSTATE class 22) that get past the schemas to a 400, logged as a warning', async () => {
    const chunks: string[] = [];
    const sink = new Writable({ write(chunk, _enc, done) { chunks.push(String(chunk)); done(); } });
    const deps = { db: h.database.db, pool: h.database.pool, config: h.config, mailer: { send: async () => {} } };
    const app = await buildApp(deps, { loggerInstance: pino(loggerOptions('info'), sink) });
    // Real refusals of PostgreSQL, and the rest of the class raised as such (no column here is a varchar(n)).
    const probes: Record<string, ReturnType<typeof sql>> = {
      nul: sql`select ${'x\u0000'}::text`,
      int: sql`select ${'2147483648'}::integer`,
      date: sql`select ${'+275760-09-13'}::date`, // 22009 as PostgreSQL reads it
      text: sql`select ${'abc'}::integer`,
      long: sql.raw("DO $$ BEGIN RAISE EXCEPTION 'value too long' USING ERRCODE = '22001'; END $$"),
      datetime: sql.raw("DO $$ BEGIN RAISE EXCEPTION 'bad datetime' USING ERRCODE = '22007'; END $$"),
      other: sql.raw("DO $$ BEGIN RAISE EXCEPTION 'not a data error' USING ERRCODE = '42000'; END $$"),
    };
    app.get('/api/test-only/pg/:kind/', { config: { public: true } }, async (request) => {
      await deps.db.execute(probes[(request.params as { kind: string }).kind]!);
      return {};
    });
    await app.ready();
    for (const kind of Object.keys(probes)) {
      const res = await app.inject({ method: 'GET', url: `/api/test-only/pg/${kind}/`, headers: { 'accept-language': 'en' } });
      if (kind === 'other') {
        expect(res.statusCode, 'not a data error: still a 500').toBe(500);
        expect(res.json()).toEqual({ detail: 'A server error occurred.' });
        continue;
      }
      expect(res.statusCode, `${kind}: ${res.body}`).toBe(400);
      expect(res.json()).toEqual({ non_field_errors: ['Invalid input: the value cannot be stored.'] });
    }
    await app.close();
    const warnings = chunks.join('').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { level: number; sqlstate?: string; msg: string })
      .filter((l) => l.sqlstate);
    expect([...new Set(warnings.map((w) => w.sqlstate))].sort()).toEqual(['22001', '22003', '22007', '22009', '22021', '22P02'].sort());
    expect(warnings.every((w) => w.level === 40)).toBe(true);
  });

  it('a multipart text with NUL (not checked by a schema) is a 400, not a 500', async () => {
    const tx = (await h.database.pool.query<{ id: number }>('select id from transactions where location_id = 1 order by id limit 1')).rows[0]!.id;
    const form = multipart([{ name: 'text', value: 'why\u0000' }]);
    const res = await h.app.inject({ method: 'POST', url: `/api/v2.1/transactions/${tx}/dispute/`, payload: form.payload, headers: { ...form.headers, authorization: `Token ${admin}`, 'accept-language': 'en' } });
    expect(res.statusCode, res.body).toBe(400);
  });
});
