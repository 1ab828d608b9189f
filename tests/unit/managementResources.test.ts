// The location management screens' declarations (games, location_images, location_info): the
// dataProvider calls they make, with `fetch` stubbed, and their place in the management grid.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  const store = new Map<string, string>([['token', 'tok']]);
  (globalThis as any).localStorage = {
    getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v),
    removeItem: (k: string) => store.delete(k), clear: () => store.clear(),
  };
});

const { dataProvider } = await import('../../src/dataProvider');
const { declaration } = await import('../../src/resources/registry');
const { customRoutes } = await import('../../src/resources/declaration');

interface Call { url: string; method: string; body: unknown }
let calls: Call[];
let answer: (call: Call) => unknown;

beforeEach(() => {
  calls = [];
  answer = () => ({});
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const sent = init.body instanceof FormData ? init.body : init.body ? JSON.parse(String(init.body)) : undefined;
    const call = { url, method: init.method ?? 'GET', body: sent };
    calls.push(call);
    const body = answer(call);
    return new Response(body === null ? null : JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
});
afterEach(() => vi.unstubAllGlobals());

const path = (call: Call) => new URL(call.url, 'http://x').pathname;

describe('location management declarations', () => {
  it('route their hand-written screens on the old URLs', () => {
    expect(customRoutes(declaration('games')).map((r) => r.path)).toEqual(['/locations/:location_id/games_table']);
    expect(customRoutes(declaration('location_images')).map((r) => r.path)).toEqual(['/locations/:location_id/location_gallery']);
    expect(customRoutes(declaration('location_info')).map((r) => r.path)).toEqual(['/locations/:location_id/location_info']);
  });

  it('games: the whole plain array of the location through getList', async () => {
    answer = () => [{ id: 2, name: 'B' }, { id: 1, name: 'A' }];
    const result = await dataProvider.getList('games', { pagination: { page: 1, perPage: 10_000 }, sort: { field: '', order: 'ASC' }, filter: {}, meta: { location_id: '2' } });
    expect(path(calls[0]!)).toBe('/api/v2.1/locations/2/games/');
    expect(result).toEqual({ data: [{ id: 2, name: 'B' }, { id: 1, name: 'A' }], total: 2 });
  });

  it('gallery: list, upload as multipart (the upload action), delete by id', async () => {
    answer = () => [{ id: 5, url: 'u', thumbnail: 't' }];
    await dataProvider.getList('location_images', { pagination: { page: 1, perPage: 10_000 }, sort: { field: '', order: 'ASC' }, filter: {}, meta: { location_id: '2' } });
    const form = new FormData();
    form.append('image', new Blob(['x'], { type: 'image/png' }), 'a.png');
    answer = () => ({ id: 6 });
    await dataProvider.action('location_images', { action: 'upload', data: form, meta: { location_id: '2' } });
    answer = () => null;
    await dataProvider.delete('location_images', { id: 6, previousData: { id: 6 } as any, meta: { location_id: '2' } });
    expect(calls.map((c) => `${c.method} ${path(c)}`)).toEqual([
      'GET /api/v2.1/locations/2/images/', 'POST /api/v2.1/locations/2/images/', 'DELETE /api/v2.1/locations/2/images/6/',
    ]);
    expect(calls[1]!.body).toBe(form);
  });

  it('info: saved with PUT on the location', async () => {
    const body = { translations: [], lat: '1', lng: '2', country: 1, city: 2 };
    answer = (call) => ({ id: 2, ...(call.body as object) });
    const saved = await dataProvider.update('location_info', { id: 2, data: body, previousData: { id: 2 } });
    expect(`${calls[0]!.method} ${path(calls[0]!)}`).toBe('PUT /api/v2.1/locations/2/');
    expect(calls[0]!.body).toEqual(body);
    expect(saved.data).toMatchObject({ id: 2, lat: '1' });
  });
});
