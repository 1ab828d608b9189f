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

// #28 GAPS: what only an owner may do is offered to owners only.
describe('owner-only actions', () => {
  const asUser = (isOwner: boolean) => localStorage.setItem('user', JSON.stringify({ id: 1, is_owner: isOwner }));
  const shown = (name: string, record: Record<string, unknown>) =>
    (declaration(name).rowActions ?? []).filter((a) => !a.when || a.when(record)).map((a) => ('action' in a ? a.action : 'form' in a ? a.form : a.kind));
  afterEach(() => localStorage.removeItem('user'));

  it('staff: deactivate, activate and make owner for owners only; the rest for every administrator', () => {
    const active = { user_id: 7, state: 'active', is_owner: false };
    const off = { user_id: 8, state: 'deactivated', is_owner: false };
    asUser(false);
    expect(shown('staff', active)).toEqual(['change', 'remove']);
    expect(shown('staff', off)).toEqual(['change', 'remove']);
    asUser(true);
    expect(shown('staff', active)).toEqual(['change', 'remove', 'deactivate', 'owner']);
    expect(shown('staff', off)).toEqual(['change', 'remove', 'activate']);
    // An owner is never deactivated or made owner again.
    expect(shown('staff', { ...active, is_owner: true })).toEqual(['change', 'remove']);
  });

  it('games catalogue: add and change for owners; the ratings line goes to the server as {country, age} rows', async () => {
    const d = declaration('games_catalogue');
    const add = d.list!.actions![0]!;
    asUser(false);
    expect(add.when!({} as any)).toBe(false);
    expect(shown('games_catalogue', { id: 1 })).toEqual([]);
    asUser(true);
    expect(add.when!({} as any)).toBe(true);
    expect(shown('games_catalogue', { id: 1 })).toEqual(['change']);

    const form = d.actionForms!.change!;
    const values = form.defaults!({ record: { id: 3, name: 'Beat', genre: 'Rhythm', info: [{ country: 'RU', age: 12 }, { country: 'US', age: 13 }] }, meta: {} });
    expect(values).toEqual({ name: 'Beat', genre: 'Rhythm', info: 'RU 12+, US 13+' });
    expect(form.body!({ ...values, info: 'RU 16+; Germany 18' }, { meta: {} })).toEqual({ name: 'Beat', genre: 'Rhythm', info: [{ country: 'RU', age: 16 }, { country: 'Germany', age: 18 }] });
    const info = form.fields.find((f) => f.source === 'info')!;
    expect(info.rules!.map((r) => r('RU twelve', {}))).toEqual(['app.catalogue.gameCatalogue.infoInvalid']);
    expect(info.rules!.map((r) => r('RU 22+', {}))).toEqual(['app.catalogue.gameCatalogue.infoInvalid']);
    expect(info.rules!.map((r) => r('', {}))).toEqual([undefined]);

    answer = () => ({ id: 3, name: 'Beat', genre: 'Rhythm', info: [] });
    await dataProvider.action('games_catalogue', { action: 'change', id: 3, data: { name: 'Beat', genre: '', info: [] }, meta: { location_id: '1' } });
    expect(`${calls[0]!.method} ${path(calls[0]!)}`).toBe('PUT /api/v2.1/games/3/');
  });
});
