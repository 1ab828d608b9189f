// The OpenAPI document (/api/docs/json) passes Redocly's recommended ruleset with no error and no
// warning; only `no-path-trailing-slash` is off, because our paths end with `/` by the spec (DRF).
// Every operation has an operationId, a summary, its success answers and its 4xx answers (server/platform/openapi.ts);
// tests/api/openapi-conformance.test.ts checks them against real answers.
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './harness';
import { apiRoutes } from './routeWalk';

let h: Harness;
let doc: { paths: Record<string, Record<string, Record<string, unknown>>>; servers?: { url: string }[] };

beforeAll(async () => {
  h = await createHarness({ demo: false });
  const res = await h.call('GET', '/api/docs/json');
  expect(res.statusCode).toBe(200);
  doc = res.json();
}, 60_000);

afterAll(async () => { await h?.close(); });

const operations = () => Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op: op as {
    operationId?: string; summary?: string; responses: Record<string, unknown>; parameters?: { in: string }[]; security?: unknown[];
  } })));

describe('the OpenAPI document', () => {
  it('passes the recommended lint rules with no error and no warning', async () => {
    const config = await createConfig({ extends: ['recommended'], rules: { 'no-path-trailing-slash': 'off' } });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: '/api/docs/json', config });
    const report = problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`);
    expect(report).toEqual([]);
  });

  it('gives every operation a unique operationId, a summary and its 4xx answers', () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(90);
    const ids = ops.map((o) => o.op.operationId);
    expect(ops.filter((o) => !o.op.operationId).map((o) => o.key)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ops.filter((o) => !o.op.summary?.trim()).map((o) => o.key)).toEqual([]);
    expect(ops.filter((o) => !Object.keys(o.op.responses).some((s) => /^4\d\d$/.test(s))).map((o) => o.key)).toEqual([]);
  });

  it('derives the error answers from the route: token, path parameters, input, locks and rate limits', () => {
    const byKey = Object.fromEntries(operations().map((o) => [o.key, o.op]));
    const codes = (key: string) => Object.keys(byKey[key]!.responses).sort();
    expect(byKey['GET /api/v2.2/orders/{id}/']!.operationId).toBe('getV22OrdersById');
    expect(codes('GET /api/v2.2/orders/{id}/')).toEqual(['200', '400', '401', '403', '404']);
    expect(codes('POST /api/v2.1/logout/')).toEqual(['200', '401', '403']);
    expect(codes('POST /api/v2.1/login/')).toEqual(['200', '400', '413', '415', '429']);
    expect(byKey['POST /api/v2.1/login/']!.security).toEqual([]);
    expect(byKey['GET /api/v2.2/orders/{id}/']!.security).toBeUndefined();
    expect(codes('POST /api/v2.1/booking/')).toEqual(['201', '400', '401', '403', '404', '409', '413', '415']);
    expect(codes('POST /api/public/locations/{id}/bookings/')).toEqual(['201', '400', '404', '409', '413', '415', '429']);
    expect(byKey['GET /api/v2.2/orders/{id}/']!.responses['404']).toEqual({ $ref: '#/components/responses/NotFound' });
    // A body route's 400 is errors by field or {detail} (malformed JSON; the login's wrong password); a query's only by field.
    expect(byKey['POST /api/v2.1/booking/']!.responses['400']).toEqual({ $ref: '#/components/responses/BadBody' });
    expect(byKey['POST /api/v2.1/login/']!.responses['400']).toEqual({ $ref: '#/components/responses/BadBody' });
    expect(byKey['GET /api/v2.2/orders/search/']!.responses['400']).toEqual({ $ref: '#/components/responses/BadRequest' });
    // The success answers the routes declare: 201 and 204 where they answer them; 401 where a ticket or a playground token is checked.
    expect(codes('DELETE /api/v2.1/locations/{id}/groups/')).toContain('204');
    expect(byKey['DELETE /api/v2.1/locations/{id}/groups/']!.responses['204']).toEqual({ description: 'Done: no body.' });
    expect(codes('POST /api/v2.2/playgrounds/{id}/tech_sessions/')).toContain('201');
    // The streams check their ticket (401) and cap each user's open streams (429, #25).
    expect(codes('GET /api/v2.1/events/')).toEqual(['200', '400', '401', '429']);
    expect(codes('POST /api/v2.2/launcher/sessions/')).toEqual(['200', '201', '400', '401', '403', '413', '415']);
    // A body or query that names a row (config.notFound): an unknown one is 404 though the path names nothing.
    expect(codes('POST /api/v2.1/check_coupon/')).toContain('404');
    // The declarations that make the document are not in it.
    const keys = new Set(operations().flatMap((o) => Object.keys(o.op)));
    expect([...keys].filter((k) => k === 'answers' || k === 'x-reads-body' || k === 'x-error-answers' || k === 'x-idempotent')).toEqual([]);
    // A record shared by several answers is one component.
    expect(byKey['GET /api/v2.2/orders/{id}/']!.responses['200']).toEqual({
      description: 'Done.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Order' } } },
    });
  });

  it('documents the Idempotency-Key header on exactly the money writes that take it', () => {
    const withKey = operations().filter((o) => ((o.op.parameters ?? []) as { in: string; name: string }[])
      .some((p) => p.in === 'header' && p.name === 'Idempotency-Key')).map((o) => o.key).sort();
    expect(withKey).toEqual([
      'POST /api/v2.1/booking/', 'POST /api/v2.1/booking/{id}/pay/', 'POST /api/v2.1/locations/{id}/payments/', 'POST /api/v2.1/transactions/create_transaction/',
      'POST /api/v2.2/locations/{id}/refill/', 'POST /api/v2.2/orders/{id}/refund/',
      // #43 the till: a shift opened, money moved by hand, the count.
      'POST /api/v2.2/shifts/{id}/close/', 'POST /api/v2.2/shifts/{id}/movements/', 'POST /api/v2.2/tills/{id}/shifts/',
      'POST /api/v2.2/transactions/create_transaction/',
    ]);
  });

  it('says who may call each route, from the same declaration the server enforces (config.access)', () => {
    const byKey = Object.fromEntries(operations().map((o) => [o.key, o.op as Record<string, unknown>]));
    const routes = apiRoutes(h.app).filter((r) => r.access);
    expect(routes.length).toBeGreaterThan(40);
    for (const r of routes) {
      const key = `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`;
      if (!byKey[key]) continue; // pages and hidden routes are not in the document
      expect(byKey[key]!['x-access'], key).toEqual(r.access);
      expect(String(byKey[key]!.description), key).toContain('Needs ');
    }
    expect(byKey['GET /api/v2.1/locations/{id}/payments/']!.description).toContain('a role of value 40 or more at the location');
    expect(byKey['POST /api/v2.2/playgrounds/create_token/']!.description).toContain('`techsessions`');
    expect(byKey['POST /api/v2.1/booking/']!['x-access']).toBeUndefined();
  });

  it('names the server by PUBLIC_URL and leaves pages and static files out', () => {
    expect(doc.servers).toEqual([{ url: 'http://backoffice.test', description: 'this server (PUBLIC_URL)' }]);
    const paths = Object.keys(doc.paths);
    expect(paths.filter((p) => !p.startsWith('/api/'))).toEqual([]);
    expect(paths.filter((p) => p.startsWith('/api/docs'))).toEqual([]);
  });
});
