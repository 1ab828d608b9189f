// Issue #16: a route answers what its screen shows. A screen declares who sees it (`access` in
// src/resources/*/index.ts) and the route that reads its data declares who may call it
// (`config.access`, server/platform/access.ts). The two are written in two places because the
// browser and the server are two programs; this test holds them to one rule: the route that reads a
// screen's rows (its `api.list` or `api.one`) asks for exactly what the screen asks for.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHarness, type Harness } from './harness';
import { apiRoutes } from './routeWalk';

vi.hoisted(() => {
  const store = new Map<string, string>();
  (globalThis as any).localStorage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v) };
});

const { declarations } = await import('../../src/resources/registry');

let h: Harness;
beforeAll(async () => { h = await createHarness({ demo: false }); }, 60_000);
afterAll(async () => { await h?.close(); });

/** Reads shared by several screens, with the widest screen's rule, and why. */
const SHARED_READS: Record<string, string> = {
  'GET /api/v2.1/locations/*/': 'the location\'s card: every screen of the location reads it (the booking calendar too); its launcher tokens are answered only with `techsessions`',
  'GET /api/v2.1/games/': 'the installation\'s games catalogue (#28): any signed-in user reads it, as the location\'s games dialog does for role 40; only owners change it',
  'GET /api/v2.2/locations/*/events_packages/': 'with `date`, the packages on sale that day for the multi-session booking form of any role at the location (the spec\'s read); without it, every package for the tools tab, which the service answers only to role 40 (#28)',
  'GET /api/v2.2/locations/*/consent_documents/': 'a location\'s consent documents (#44): any role there reads them (what guests sign); the screen that edits them is role 40, as its writes are',
  'GET /api/v2.2/certificate_rates/': 'the rates of the location: the certificate form of anyone who may create certificates reads them (the spec\'s read); the tools tab that edits them is role 40, as its writes are',
};

/** `/api/v2.1/locations/{location_id}/payments/?x=1` and `/api/v2.1/locations/:id/payments/` -> the same shape. */
const shape = (url: string) => url.split('?')[0]!.replace(/\{[^}]+\}|:[A-Za-z_]+/g, '*');

describe('screens and the routes that read them', () => {
  it('ask for the same role and permissions', () => {
    const routes = apiRoutes(h.app).filter((r) => r.method === 'GET');
    const compared: string[] = [];
    const differ: string[] = [];
    for (const d of declarations) {
      if (!d.access) continue;
      const reads = [d.api.list, (d.api as { one?: string }).one].filter((u): u is string => typeof u === 'string');
      for (const url of reads) {
        if (`GET ${shape(url)}` in SHARED_READS) continue;
        const route = routes.find((r) => shape(r.url) === shape(url));
        expect(route, `${d.name}: no GET route for ${url}`).toBeDefined();
        const screen = { minRole: d.access.minRole, permissions: d.access.permissions, owner: d.access.owner };
        const server = { minRole: route!.access?.minRole, permissions: route!.access?.permissions, owner: route!.access?.owner };
        compared.push(d.name);
        if (JSON.stringify(screen) !== JSON.stringify(server)) differ.push(`${d.name} ${url}: screen ${JSON.stringify(screen)}, route ${JSON.stringify(server)}`);
      }
    }
    expect(differ).toEqual([]);
    expect(compared.length).toBeGreaterThanOrEqual(12);
  });
});
