// Issue #16: the API answers what the screens show. The demo cashier (role 10 at location 1, no
// permissions) keeps the booking calendar but not the money screens of their own location; launcher
// tokens go only to the control page's permission; dispute files need the role at their location;
// an avatar is decoded, not judged by its first bytes. The authorisation matrix covers every route
// from its declaration; this file keeps the audit's examples readable.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './harness';
import { changedTables, digest, multipart } from './routeWalk';

let h: Harness;
let admin: string;
let staff: string;
let png: Buffer;

beforeAll(async () => {
  h = await createHarness({ demo: true });
  [admin, staff] = await Promise.all([h.login('admin@example.com', 'admin123'), h.login('staff@example.com', 'staff123')]);
  png = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#336699' } }).png().toBuffer();
}, 60_000);

afterAll(async () => { await h?.close(); });

const upload = (url: string, token: string, parts: Parameters<typeof multipart>[0], method: 'POST' | 'PUT' = 'POST') => {
  const form = multipart(parts);
  return h.app.inject({ method, url, payload: form.payload, headers: { ...form.headers, authorization: `Token ${token}` } });
};

describe('the demo cashier at their own location', () => {
  it('is refused the money screens\' calls (403) and changes nothing', async () => {
    const payment = (await h.database.pool.query<{ id: number }>('select id from payments where location_id = 1 and actual order by id limit 1')).rows[0]!;
    const before = await digest(h.database.pool);
    for (const [method, url, body] of [
      ['GET', '/api/v2.1/locations/1/payments/'], ['GET', '/api/v2.1/locations/1/payments/?format=csv'],
      ['GET', '/api/v2.1/transactions/'], ['GET', '/api/v2.1/transactions/?location=1&format=xlsx'],
      ['GET', '/api/v2.1/locations/1/orders/'], ['GET', '/api/v2.1/locations/1/launcher_sessions/'],
      ['PATCH', `/api/v2.1/payment/${payment.id}/actual/`, { actual: false }],
      ['POST', '/api/v2.1/transactions/create_transaction/', { type: 'minimumfee', amount: '100', location: 1 }],
    ] as [string, string, unknown?][]) {
      const res = await h.call(method, url, { token: staff, body });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
    }
    expect(changedTables(before, await digest(h.database.pool))).toEqual([]);
  });

  it('keeps the booking calendar: its location, the day, an order, the standalone payment', async () => {
    expect((await h.call('GET', '/api/v2.1/locations/1/', { token: staff })).statusCode).toBe(200);
    expect((await h.call('GET', '/api/v2.2/orders/search/?phone=%2B7&limit=10&offset=0', { token: staff })).statusCode).toBe(200);
    const order = (await h.database.pool.query<{ id: number }>('select id from orders where location_id = 1 order by id desc limit 1')).rows[0]!;
    expect((await h.call('GET', `/api/v2.2/orders/${order.id}/`, { token: staff })).statusCode).toBe(200);
    const paid = await h.call('POST', '/api/v2.1/locations/1/payments/', { token: staff, body: { purchase: '10.00', external_id: null, comment: 'desk' } });
    expect(paid.statusCode, paid.body).toBe(201);
  });

  it('reads no launcher token; the control page\'s permission does', async () => {
    const tokensOf = (body: { playgrounds: { uuid_token: string | null }[] }[]) => body.flatMap((l) => l.playgrounds.map((p) => p.uuid_token));
    const mine = (await h.call('GET', '/api/v2.1/locations/my/', { token: staff })).json();
    expect(tokensOf(mine).length).toBeGreaterThan(0);
    expect(tokensOf(mine).every((t) => t === null)).toBe(true);
    expect((await h.call('GET', '/api/v2.1/locations/1/', { token: staff })).json().playgrounds.every((p: { uuid_token: unknown }) => p.uuid_token === null)).toBe(true);
    const pg = (await h.database.pool.query<{ id: number }>('select id from playgrounds where location_id = 1 order by id limit 1')).rows[0]!;
    expect((await h.call('POST', '/api/v2.2/playgrounds/create_token/', { token: staff, body: { playground: pg.id } })).statusCode).toBe(403);
    const made = await h.call('POST', '/api/v2.2/playgrounds/create_token/', { token: admin, body: { playground: pg.id } });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().uuid_token).toMatch(/^[0-9a-f-]{36}$/);
    const adminView = (await h.call('GET', '/api/v2.1/locations/my/', { token: admin })).json();
    expect(tokensOf(adminView)).toContain(made.json().uuid_token);
  });
});

describe('the order of the checks: token, right, input, location', () => {
  it('answers 403 before looking at the input when the caller may make this call nowhere', async () => {
    // A cashier (role 10) asks an administrator's call (role 40) with a body that is not even JSON: 403, not 400.
    const broken = await h.app.inject({ method: 'POST', url: '/api/v2.1/locations/1/webhooks/', payload: '{"url": ',
      headers: { authorization: `Token ${staff}`, 'content-type': 'application/json', 'accept-language': 'en' } });
    expect(broken.statusCode, broken.body).toBe(403);
    expect(broken.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
    const wrongTypes = await h.call('POST', '/api/v2.1/locations/1/webhooks/', { token: staff, body: { url: [1], extra: 'x' } });
    expect(wrongTypes.statusCode).toBe(403);
    // A permission the caller lacks, with a body of wrong types: 403.
    const noPerm = await h.call('POST', '/api/v2.2/playgrounds/create_token/', { token: staff, body: { playground: 'x' } });
    expect(noPerm.statusCode).toBe(403);
    // Without a token: 401 whatever the body.
    expect((await h.call('POST', '/api/v2.1/locations/1/webhooks/', { body: { url: [1] } })).statusCode).toBe(401);
  });

  it('validates the input of a caller who may make the call somewhere, then answers 404 for a location that is not theirs', async () => {
    const admin2 = (await h.userWithToken('order-admin2@example.com', [[2, 40]])).token;
    const invalid = await h.call('POST', '/api/v2.1/locations/1/webhooks/', { token: admin2, body: { url: [1] }, lang: 'en' });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.json())).toContain('url');
    const valid = await h.call('POST', '/api/v2.1/locations/1/webhooks/', { token: admin2, body: { url: 'https://example.com/hook' }, lang: 'en' });
    expect(valid.statusCode).toBe(404);
    expect(valid.json()).toEqual({ detail: 'Not found.' });
  });
});

describe('dispute files', () => {
  let url: string;
  beforeAll(async () => {
    const tx = (await h.database.pool.query<{ id: number }>('select id from transactions where location_id = 1 order by id limit 1')).rows[0]!;
    const res = await upload(`/api/v2.1/transactions/${tx.id}/dispute/`, admin, [{ name: 'text', value: 'wrong fee' }, { name: 'files', filename: 'счёт.png', type: 'image/png', data: png }]);
    expect(res.statusCode, res.body).toBe(201);
    url = res.json().files[0].url;
    expect(url).toMatch(new RegExp(`^/api/v2\\.1/transactions/${tx.id}/dispute/files/${tx.id}-[0-9a-f]{16}\\.png/$`));
    const listed = await h.call('GET', `/api/v2.1/transactions/${tx.id}/dispute/`, { token: admin });
    expect(listed.json()[0].files[0].url).toBe(url);
  });

  it('are not public media: none under /media/, and the download needs a token (401)', async () => {
    const file = url.split('/').filter(Boolean).pop()!;
    expect(fs.existsSync(path.join(h.config.dataDir, 'media', 'disputes', file))).toBe(false);
    expect((await h.call('GET', `/media/disputes/${file}`)).statusCode).toBe(404);
    expect((await h.call('GET', url)).statusCode).toBe(401);
  });

  it('are refused to another location\'s staff (404) and to the location\'s cashier (403)', async () => {
    // An administrator of location 2 only: the file's location is not theirs, so it does not exist for them.
    const stranger = (await h.userWithToken('admin2@example.com', [[2, 40]])).token;
    expect((await h.call('GET', url, { token: stranger })).statusCode).toBe(404);
    expect((await h.call('GET', url, { token: staff })).statusCode).toBe(403);
    expect((await h.call('GET', url.replace(/\.png\/$/, '.pdf/'), { token: admin })).statusCode).toBe(404);
  });

  it('are answered to the location\'s administrator, as an attachment', async () => {
    const res = await h.call('GET', url, { token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''%D1%81%D1%87%D1%91%D1%82.png");
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.equals(png)).toBe(true);
  });
});

describe('avatars', () => {
  it('are decoded: a PNG header on anything else is refused', async () => {
    const me = (await h.call('GET', '/api/v2.1/users/am/', { token: staff })).json();
    const fields = [{ name: 'name', value: me.name }, { name: 'phone', value: me.phone }, { name: 'email', value: me.email }];
    const forged = Buffer.concat([png.subarray(0, 16), Buffer.from('<script>alert(1)</script>'.repeat(20))]);
    const bad = await upload(`/api/v2.1/users/${me.id}/`, staff, [...fields, { name: 'avatar', filename: 'a.png', type: 'image/png', data: forged }], 'PUT');
    expect(bad.statusCode, bad.body).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['avatar']);
    const good = await upload(`/api/v2.1/users/${me.id}/`, staff, [...fields, { name: 'avatar', filename: 'a.png', type: 'image/png', data: png }], 'PUT');
    expect(good.statusCode, good.body).toBe(200);
    expect((await h.call('GET', good.json().avatar)).statusCode).toBe(200);
  });
});
