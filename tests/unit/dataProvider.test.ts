// The dataProvider's mapping from the resource declarations to HTTP calls, with `fetch` stubbed:
// filters -> query names, paging styles, browser-side paging and sort, writes and named actions,
// DRF errors as react-admin validation errors, and clear refusals.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  const store = new Map<string, string>([['token', 'tok']]);
  (globalThis as any).localStorage = {
    getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v),
    removeItem: (k: string) => store.delete(k), clear: () => store.clear(),
  };
});

const { dataProvider, listRequest, exportRequest } = await import('../../src/dataProvider');

interface Call { url: string; method: string; body: unknown; headers: Record<string, string> }
let calls: Call[];
let answer: (call: Call) => { status?: number; body?: unknown };

beforeEach(() => {
  calls = [];
  answer = () => ({ body: {} });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    // FormData (multipart) is kept as it is; JSON bodies are parsed.
    const sent = init.body instanceof FormData ? init.body : init.body ? JSON.parse(String(init.body)) : undefined;
    const call = { url, method: init.method ?? 'GET', body: sent, headers: init.headers as Record<string, string> };
    calls.push(call);
    const { status = 200, body = null } = answer(call);
    return new Response(body === null ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
});
afterEach(() => vi.unstubAllGlobals());

const url = (call: Call) => new URL(call.url, 'http://x');

describe('lists', () => {
  it('maps react-admin filters to the endpoint names, arrays as comma lists, the location into the path', async () => {
    answer = () => ({ body: { count: 42, results: [{ id: 1 }] } });
    const result = await dataProvider.getList('transactions', {
      filter: { location_id: '1', date_from: '2026-01-01', date_to: '2026-01-31', location: [1, 2], direction: 'out', kind: [], unknown: 'x' },
      pagination: { page: 3, perPage: 15 }, sort: { field: 'operation_dt', order: 'DESC' },
    });
    expect(result).toEqual({ data: [{ id: 1 }], total: 42 });
    const u = url(calls[0]!);
    expect(u.pathname).toBe('/api/v2.1/transactions/');
    expect(Object.fromEntries(u.searchParams)).toEqual({
      date_start: '2026-01-01', date_end: '2026-01-31', location: '1,2', transaction_type: 'out', limit: '15', offset: '30', ordering: '-operation_dt',
    });
    expect(calls[0]!.headers.Authorization).toBe('Token tok');
  });

  it('fills {location_id} and sends only mapped filters', () => {
    expect(listRequest('location_orders', { location_id: 7, status: [6, 4], search: 'x' })).toEqual({
      path: '/api/v2.1/locations/7/orders/', query: { status: '6,4' },
    });
    expect(exportRequest('location_payments', { location_id: 1, date_from: '2026-01-01' }, 'xlsx')).toEqual({
      path: '/api/v2.1/locations/1/payments/', query: { date_start: '2026-01-01', format: 'xlsx' },
    });
  });

  it('pages, sorts and filters a plain array in the browser', async () => {
    const rows = [1, 2, 3, 4, 5].map((id) => ({ id, created: `2026-01-0${6 - id}`, payment_type: id % 2 ? 2 : 7 }));
    answer = () => ({ body: rows });
    const page = await dataProvider.getList('location_payments', {
      filter: { location_id: 1, payment_type: [2] }, pagination: { page: 2, perPage: 2 }, sort: { field: 'created', order: 'DESC' },
    });
    expect(url(calls[0]!).searchParams.get('payment_type')).toBe('2');
    expect(url(calls[0]!).searchParams.has('limit')).toBe(false);
    expect(page.total).toBe(5);
    expect(page.data.map((r) => r.id)).toEqual([3, 4]);
    answer = () => ({ body: [{ id: 1, country: { id: 1 } }, { id: 2, country: { id: 2 } }] });
    const located = await dataProvider.getList('locations', { filter: { country: '2' }, pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' } });
    expect(located).toEqual({ data: [{ id: 2, country: { id: 2 } }], total: 1 });
  });

  it('sends a sort the endpoint does as `ordering`, to the page and the export, and passes the totals on', async () => {
    const totals = [{ currency: 'RUB', sums: { amount: '-150.00' } }];
    answer = () => ({ body: { count: 1, results: [{ id: 1 }], totals } });
    const page = await dataProvider.getList('transactions', { filter: { location_id: 1 }, pagination: { page: 1, perPage: 10 }, sort: { field: 'amount', order: 'ASC' } });
    expect(url(calls[0]!).searchParams.get('ordering')).toBe('amount');
    expect(page.meta).toEqual({ totals });
    // A column the endpoint does not sort (or no sort at all) sends none: the server's order.
    await dataProvider.getList('transactions', { filter: { location_id: 1 }, pagination: { page: 1, perPage: 10 }, sort: { field: 'license', order: 'ASC' } });
    await dataProvider.getList('transactions', { filter: { location_id: 1 }, pagination: { page: 1, perPage: 10 }, sort: { field: '', order: 'ASC' } });
    expect(calls.slice(1).map((c) => url(c).searchParams.has('ordering'))).toEqual([false, false]);
    expect(exportRequest('location_orders', { location_id: 1 }, 'csv', { field: 'cost', order: 'DESC' }).query).toEqual({ ordering: '-cost', format: 'csv' });
  });

  it('lets the server sort and sum a plain array it sorts (payments): the browser pages it as it came', async () => {
    const rows = [{ id: 2, created: '2026-01-01' }, { id: 1, created: '2026-01-02' }];
    answer = (call) => ({ body: url(call).searchParams.get('format') === 'totals' ? { count: 2, totals: [{ currency: 'RUB', sums: { purchase: '10.00' } }] } : rows });
    const page = await dataProvider.getList('location_payments', { filter: { location_id: 1 }, pagination: { page: 1, perPage: 10 }, sort: { field: 'created', order: 'ASC' } });
    expect(page.data.map((r) => r.id)).toEqual([2, 1]);
    expect(page.meta).toEqual({ totals: [{ currency: 'RUB', sums: { purchase: '10.00' } }] });
    expect(calls.map((c) => Object.fromEntries(url(c).searchParams))).toEqual([{ ordering: 'created' }, { format: 'totals' }]);
  });

  it('getManyReference filters on the target', async () => {
    answer = () => ({ body: { count: 0, results: [] } });
    await dataProvider.getManyReference('location_orders', {
      target: 'location_id', id: 3, filter: { status: [6] }, pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' },
    });
    expect(url(calls[0]!).pathname).toBe('/api/v2.1/locations/3/orders/');
  });
});

describe('records and writes', () => {
  it('reads one and many through the one endpoint', async () => {
    answer = (call) => ({ body: { id: Number(url(call).pathname.split('/')[4]), name: 'L' } });
    expect((await dataProvider.getOne('locations', { id: 5 })).data).toEqual({ id: 5, name: 'L' });
    expect((await dataProvider.getMany('locations', { ids: [1, 2] })).data.map((r) => r.id)).toEqual([1, 2]);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/v2.1/locations/5/', 'GET /api/v2.1/locations/1/', 'GET /api/v2.1/locations/2/']);
  });

  it('runs a named action with its method and path', async () => {
    answer = () => ({ body: { id: 9, actual: false } });
    const result = await dataProvider.action('location_payments', { id: 9, action: 'hide', data: { actual: false } });
    expect(result.data).toEqual({ id: 9, actual: false });
    expect(calls[0]).toMatchObject({ method: 'PATCH', url: '/api/v2.1/payment/9/actual/', body: { actual: false } });
    await expect(dataProvider.action('location_payments', { id: 9, action: 'nope' })).rejects.toThrow(/no action "nope"/);
  });

  it('refuses writes a declaration does not offer, without calling the server', async () => {
    await expect(dataProvider.create('location_orders', { data: { a: 1 } })).rejects.toThrow(/create is not offered/);
    await expect(dataProvider.update('location_orders', { id: 1, data: {}, previousData: { id: 1 } })).rejects.toThrow(/update is not offered/);
    await expect(dataProvider.delete('location_orders', { id: 1 })).rejects.toThrow(/delete is not offered/);
    await expect(dataProvider.deleteMany('location_orders', { ids: [1] })).rejects.toThrow(/delete is not offered/);
    await expect(dataProvider.getOne('location_orders', { id: 1 })).rejects.toThrow(/one is not offered/);
    expect(calls).toEqual([]);
  });
});

describe('writes of a declared endpoint set', async () => {
  // A declaration with every endpoint, added to the registry for this test only.
  const registry = await import('../../src/resources/registry');
  const { defineResource } = await import('../../src/resources/declaration');
  const probe = defineResource({
    name: 'probe_things',
    api: {
      list: '/api/things/{location_id}/', paging: 'limit-offset', one: '/api/thing/{id}/',
      create: '/api/things/{location_id}/', update: { path: '/api/thing/{id}/', method: 'PUT' }, delete: '/api/thing/{id}/',
      actions: { ping: { path: '/api/thing/{id}/ping/', method: 'GET' } },
    },
  });
  registry.declarations.push(probe);

  it('creates, updates (PUT), updates many, deletes and deletes many on the declared URLs', async () => {
    answer = (call) => ({ status: call.method === 'DELETE' ? 204 : call.method === 'POST' ? 201 : 200, body: call.method === 'DELETE' ? null : { id: 4, ...(call.body as object) } });
    expect((await dataProvider.create('probe_things', { data: { name: 'a' }, meta: { location_id: 2 } })).data).toEqual({ id: 4, name: 'a' });
    await dataProvider.update('probe_things', { id: 4, data: { name: 'b' }, previousData: { id: 4 } });
    await dataProvider.updateMany('probe_things', { ids: [5, 6], data: { name: 'c' } });
    expect((await dataProvider.delete('probe_things', { id: 4, previousData: { id: 4, name: 'b' } })).data).toEqual({ id: 4, name: 'b' });
    expect((await dataProvider.deleteMany('probe_things', { ids: [7, 8] })).data).toEqual([7, 8]);
    await dataProvider.action('probe_things', { id: 3, action: 'ping' });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/things/2/', 'PUT /api/thing/4/', 'PUT /api/thing/5/', 'PUT /api/thing/6/', 'DELETE /api/thing/4/',
      'DELETE /api/thing/7/', 'DELETE /api/thing/8/', 'GET /api/thing/3/ping/',
    ]);
    expect(calls[0]!.body).toEqual({ name: 'a' });
    expect(calls.at(-1)!.body).toBeUndefined();
  });

  it('sends meta.idempotencyKey as the Idempotency-Key header of a create and an action, never in the path or body', async () => {
    answer = () => ({ status: 201, body: { id: 4 } });
    await dataProvider.create('probe_things', { data: { name: 'a' }, meta: { location_id: 2, idempotencyKey: 'k1' } });
    await dataProvider.action('transactions', { action: 'refund', data: { amount: '5' }, meta: { idempotencyKey: 'k2' } });
    await dataProvider.create('probe_things', { data: { name: 'b' }, meta: { location_id: 2 } });
    expect(calls.map((c) => [c.url, c.headers['Idempotency-Key']])).toEqual([
      ['/api/things/2/', 'k1'], ['/api/v2.2/transactions/create_transaction/', 'k2'], ['/api/things/2/', undefined],
    ]);
    expect(calls[0]!.body).toEqual({ name: 'a' });
  });

  it('answers a create that made several records as one record with an id and the records', async () => {
    answer = () => ({ status: 201, body: [{ id: 7, unique_number: 'A' }, { id: 8, unique_number: 'B' }] });
    const { data } = await dataProvider.create('location_certificates', { data: { rate: '1000.00' }, meta: { location_id: 1 } });
    expect(data).toEqual({ id: 7, records: [{ id: 7, unique_number: 'A' }, { id: 8, unique_number: 'B' }] });
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/v2.2/certificate/' });
  });

  it('sends FormData of an action as multipart (no JSON type), the path filled from the id', async () => {
    answer = () => ({ status: 201, body: { id: 1 } });
    const form = new FormData();
    form.append('text', 'wrong fee');
    await dataProvider.action('transactions', { id: 12, action: 'dispute', data: form });
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/v2.1/transactions/12/dispute/' });
    expect(calls[0]!.body).toBe(form);
    expect(calls[0]!.headers['Content-Type']).toBeUndefined();
    await dataProvider.action('transactions', { id: 12, action: 'disputes' });
    expect(calls[1]).toMatchObject({ method: 'GET', url: '/api/v2.1/transactions/12/dispute/', body: undefined });
  });

  it('turns a DRF 400 into a react-admin validation error (body.errors per field)', async () => {
    answer = () => ({ status: 400, body: { name: ['Too long.'], non_field_errors: ['Nope.'] } });
    const error = await dataProvider.create('probe_things', { data: { name: 'x'.repeat(300) }, meta: { location_id: 1 } }).catch((e) => e);
    expect(error.status).toBe(400);
    expect(error.body.errors).toEqual({ name: 'Too long.', non_field_errors: 'Nope.' });
    // #39 Every reason, the whole request's first (src/dataProvider/refusal.ts).
    expect(error.reasons).toEqual(['Nope.', 'Too long.']);
    expect(error.message).toBe('Nope. Too long.');
  });

  it('#39 says "try later" only for no answer or a 5xx, whatever the body holds', async () => {
    answer = () => ({ status: 500, body: { detail: 'A server error occurred.' } });
    const failed = await dataProvider.getOne('locations', { id: 1 }).catch((e) => e);
    expect(failed.reasons).toEqual(['Что-то пошло не так. Попробуйте позже.']);
    vi.stubGlobal('fetch', async () => { throw new TypeError('Failed to fetch'); });
    const unanswered = await dataProvider.getOne('locations', { id: 1 }).catch((e) => e);
    expect([unanswered.status, unanswered.message]).toEqual([0, 'Что-то пошло не так. Попробуйте позже.']);
  });
});

describe('the end of a session (#18: no 401 storm after a logout)', () => {
  it('a 401 drops the token once, and later calls fail at once without reaching the server', async () => {
    const { authProvider } = await import('../../src/authProvider');
    localStorage.setItem('token', 'tok');
    answer = () => ({ status: 401, body: { detail: 'Invalid token.' } });
    const first = await dataProvider.getOne('locations', { id: 1 }).catch((e) => e);
    expect(first.status).toBe(401);
    expect(localStorage.getItem('token')).toBeNull();
    // The first 401 logs out (react-admin clears its cache); any later one only redirects.
    await expect(authProvider.checkError(first)).rejects.toMatchObject({ redirectTo: '/login', logoutUser: true });
    const again = await dataProvider.getOne('locations', { id: 1 }).catch((e) => e);
    expect(again.status).toBe(401);
    expect(calls).toHaveLength(1);
    await expect(authProvider.checkError(again)).rejects.toMatchObject({ redirectTo: '/login', logoutUser: false });
    localStorage.setItem('token', 'tok');
  });
});
