// Hostile input and access (issue 9), the checks that are not a walk over every route:
// secrets never logged, tokens revocable, uploads judged by content not by name, login throttling.
// Elsewhere: the authorisation matrix (authz-matrix.test.ts), fuzzing (fuzz.test.ts), login
// throttling in detail (auth.test.ts, "login throttling"), CSV injection (records.test.ts: text
// cells starting with = + - @ are prefixed with a quote), webhook SSRF (webhooks.test.ts).
import { Writable } from 'node:stream';
import pino from 'pino';
import sharp from 'sharp';
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
        expect(url, u.what).toMatch(/\.png$/);
        const served = await h.app.inject({ method: 'GET', url });
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
      if (u.what === 'gallery picture') { expect(res.statusCode).toBe(400); continue; }
      // Avatars and dispute files are checked by signature only; they are served as PNG with
      // nosniff, so a browser does not run them.
      expect(res.statusCode, `${u.what}: ${res.body}`).toBeLessThan(300);
      for (const url of storedUrls(res.json())) {
        const served = await h.app.inject({ method: 'GET', url });
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
