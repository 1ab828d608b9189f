// The schedules resource (src/resources/schedules): the routes of its hand-written screens
// (declaration `screen` + `screens`), its calls through the dataProvider (paths, methods, bodies,
// DRF errors), and the app's QueryClient, which never retries a 4xx answer (issue #18).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from 'react-admin';

vi.hoisted(() => {
  const store = new Map<string, string>([['token', 'tok']]);
  (globalThis as any).localStorage = {
    getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v),
    removeItem: (k: string) => store.delete(k), clear: () => store.clear(),
  };
});

const { customRoutes, scopedPath, lazyPart } = await import('../../src/resources/declaration');
const { declaration, declarations } = await import('../../src/resources/registry');
const { dataProvider } = await import('../../src/dataProvider');
const { createQueryClient, retryUnlessClientError, statusOf } = await import('../../src/dataProvider/queryClient');
const { ApiError } = await import('../../src/dataProvider/http');

interface Call { url: string; method: string; body: unknown }
let calls: Call[];
let answer: (call: Call) => { status?: number; body?: unknown };

beforeEach(() => {
  calls = [];
  answer = () => ({ body: {} });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const call = { url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const { status = 200, body = null } = answer(call);
    return new Response(body === null ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('custom screens of a declaration', () => {
  const part = lazyPart(async () => ({ X: () => null }), 'X');

  it('routes a location screen, and create/edit screens in the route scope', () => {
    expect(customRoutes({ name: 'r', api: { paging: 'none' }, route: { scope: 'location', path: 'things' }, screen: part,
      screens: { create: { path: 'new_thing', part }, edit: { path: 'thing/:thing_id', part } } }).map((r) => [r.key, r.path]))
      .toEqual([['r:list', '/locations/:location_id/things'], ['r:create', '/locations/:location_id/new_thing'], ['r:edit', '/locations/:location_id/thing/:thing_id']]);
  });

  it('leaves a global screen to <Resource list> and a declared list to the generic screen', () => {
    expect(customRoutes({ name: 'g', api: { paging: 'none' }, route: { scope: 'global', path: 'g' }, screen: part })).toEqual([]);
    expect(customRoutes({ name: 'l', api: { paging: 'none' }, route: { scope: 'location', path: 'l' },
      list: { title: 't', empty: 'e', columns: [] } })).toEqual([]);
    expect(scopedPath({ route: { scope: 'global', path: 'g' } }, 'g/new')).toBe('/g/new');
  });

  it('keeps the schedules URLs: the page, new_schedule and schedule/:schedule_id', () => {
    expect(customRoutes(declaration('schedules')).map((r) => r.path)).toEqual([
      '/locations/:location_id/schedules_and_playgrounds', '/locations/:location_id/new_schedule', '/locations/:location_id/schedule/:schedule_id',
    ]);
    // No two declarations claim the same path.
    const paths = declarations.flatMap((d) => customRoutes(d).map((r) => r.path));
    expect(new Set(paths).size).toBe(paths.length);
  });
});

describe('schedules through the dataProvider', () => {
  it('lists a location\'s schedules as a plain array in the server\'s order', async () => {
    answer = () => ({ body: [{ id: 2, name: 'B' }, { id: 1, name: 'A' }] });
    const { data, total } = await dataProvider.getList('schedules', {
      pagination: { page: 1, perPage: 100_000 }, sort: { field: '', order: 'ASC' }, filter: {}, meta: { location_id: '7' },
    });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/v2.1/schedule/?location=7']);
    expect(data.map((s) => s.id)).toEqual([2, 1]);
    expect(total).toBe(2);
  });

  it('reads, creates, updates and deletes at the editor\'s endpoints', async () => {
    answer = (c) => ({ status: c.method === 'DELETE' ? 204 : 200, body: c.method === 'DELETE' ? null : { id: 5, name: 'S' } });
    await dataProvider.getOne('schedules', { id: 5 });
    await dataProvider.create('schedules', { data: { name: 'S', location: 7 } });
    await dataProvider.update('schedules', { id: 5, data: { name: 'S', location: 7 }, previousData: { id: 5 } });
    await dataProvider.delete('schedules', { id: 5, previousData: { id: 5, name: 'S' } });
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['GET', '/api/v2.1/schedule/5/', undefined],
      ['POST', '/api/v2.1/schedule/', { name: 'S', location: 7 }],
      ['PUT', '/api/v2.1/schedule/5/', { name: 'S', location: 7 }],
      ['DELETE', '/api/v2.1/schedule/5/', undefined],
    ]);
  });

  it('shows/hides, clones and checks a grid as named actions', async () => {
    await dataProvider.action('schedules', { id: 5, action: 'visible', data: { disabled: true } });
    await dataProvider.action('schedules', { id: 5, action: 'clone' });
    await dataProvider.action('schedules', { action: 'check', data: { items: [] } });
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['PATCH', '/api/v2.1/schedule/5/visible/', { disabled: true }],
      ['POST', '/api/v2.1/schedule/5/clone/', {}],
      ['POST', '/api/v2.1/schedule/check/', { items: [] }],
    ]);
  });

  it('keeps the nested DRF body of a refused save for the grid editor', async () => {
    const drf = { items: [{ price_rows: [{ price: ['Too low'] }] }], start_dt: ['Taken'] };
    answer = () => ({ status: 400, body: drf });
    const error = await dataProvider.update('schedules', { id: 5, data: {}, previousData: { id: 5 } }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.drfBody).toEqual(drf);
    expect(error.body.errors.start_dt).toBe('Taken');
  });
});

describe('the app\'s QueryClient', () => {
  it('never retries a 4xx answer; retries network failures and 5xx up to 3 times', () => {
    const retry = retryUnlessClientError(3);
    for (const status of [400, 401, 403, 404, 409, 499]) expect(retry(0, new HttpError('x', status))).toBe(false);
    expect(retry(0, new ApiError('x', 404, null))).toBe(false);
    expect(retry(0, new ApiError('x', 0, null))).toBe(true);
    expect(retry(2, new HttpError('x', 500))).toBe(true);
    expect(retry(3, new HttpError('x', 503))).toBe(false);
    expect(retry(0, new Error('no status'))).toBe(true);
    expect(statusOf(null)).toBeUndefined();
  });

  it('fetches a missing record once', async () => {
    const client = createQueryClient();
    let fetches = 0;
    const queryFn = async () => { fetches++; throw new ApiError('Not found', 404, { detail: 'Not found' }); };
    await expect(client.fetchQuery({ queryKey: ['schedules', 'getOne', { id: '5' }], queryFn, retryDelay: 0 })).rejects.toThrow('Not found');
    expect(fetches).toBe(1);
    let flaky = 0;
    const recovered = await client.fetchQuery({ queryKey: ['x'], retryDelay: 0,
      queryFn: async () => { if (++flaky < 3) throw new ApiError('down', 502, null); return 'ok'; } });
    expect([recovered, flaky]).toEqual(['ok', 3]);
    expect(client.getDefaultOptions().mutations?.retry).toBe(false);
  });
});
