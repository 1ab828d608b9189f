// The API document tells the truth (issue #25): every route of the server's own route table is
// called as the fuzzer calls it (tests/api/routeWalk.ts) — without a token, by a cashier of the
// location, by an administrator of another location, with unknown fields, broken JSON, an unknown
// id and a malformed one, then a valid-looking request of the admin — and every answer's status must
// be one the operation in /api/docs/json documents, its body valid against that answer's schema
// (Ajv), and every success of a JSON body must have a schema. A new route that is not documented, a
// new status or a changed body fails here.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_CODENAMES } from '../../domain/permissions';
import { createHarness, type Harness } from './harness';
import { DocumentChecker } from './openapiCheck';
import {
  apiRoutes, fillPath, multipart, ownIds, routeKey, sample, schemaFields, STATIC_ROUTE, toQuery, walkHints, walkParams, type ApiRoute, type Hints,
} from './routeWalk';

let h: Harness;
let checker: DocumentChecker;
const tokens: Record<string, string> = {};
let params: (url: string) => Record<string, string | number>;
let hints: Hints;
let png: Buffer;

beforeAll(async () => {
  h = await createHarness({ demo: true });
  const res = await h.call('GET', '/api/docs/json');
  expect(res.statusCode).toBe(200);
  checker = new DocumentChecker(res.json());
  tokens.admin = await h.login('admin@example.com', 'admin123');
  tokens.cashier = await h.login('staff@example.com', 'staff123');
  tokens.outsider = (await h.userWithToken('outsider@example.com', [[3, 40]], PERMISSION_CODENAMES)).token;
  const own = await ownIds(h.database.pool);
  params = (url) => walkParams(url, own);
  hints = walkHints(own);
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366aa' } }).png().toBuffer();
}, 120_000);

afterAll(async () => { await h?.close(); });

interface Call { label: string; token?: string; params?: Record<string, string | number>; query?: unknown; body?: unknown; raw?: string; multipart?: boolean; authorization?: string; contentType?: string; headers?: Record<string, string> }

async function send(route: ApiRoute, c: Call) {
  const headers: Record<string, string> = { 'accept-language': 'en', ...c.headers };
  if (c.token) headers.authorization = `Token ${c.token}`;
  if (c.authorization) headers.authorization = c.authorization;
  let payload: string | Buffer | undefined;
  if (c.multipart) {
    const form = route.url.includes('dispute')
      ? multipart([{ name: 'text', value: 'A dispute' }, { name: 'files', filename: 'scan.png', type: 'image/png', data: png }])
      : multipart([{ name: 'image', filename: 'a.png', type: 'image/png', data: png }]);
    Object.assign(headers, form.headers);
    payload = form.payload;
  } else if (c.raw !== undefined) {
    headers['content-type'] = c.contentType ?? 'application/json';
    payload = c.raw;
  } else if (c.body !== undefined && route.method !== 'GET') {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(c.body);
  }
  const url = fillPath(route.url, c.params ?? params(route.url)) + toQuery(c.query);
  const res = await h.app.inject({ method: route.method as 'GET', url, headers, ...(payload !== undefined ? { payload } : {}) });
  return { url, res };
}

/** Streams stay open: their success is not walked here (events.test.ts), their refusals are. */
const STREAMS = new Set(['GET /api/v2.1/locations/:id/events/', 'GET /api/v2.1/events/']);
/** Revokes the token it is called with: walked with a token of its own. */
const LOGOUT = 'POST /api/v2.1/logout/';

const documentedRoutes = () => apiRoutes(h.app).filter((r) => !r.page && !r.hidden && !STATIC_ROUTE.test(r.url) && !r.url.startsWith('/api/docs'));

/** The calls of one route, refusals first; the admin's valid-looking call is made in a later pass. */
function refusals(route: ApiRoute): Call[] {
  const own = params(route.url);
  const query = route.querystring ? sample(route.querystring, hints) : undefined;
  const body = route.method === 'GET' ? undefined : route.body ? sample(route.body, hints) : undefined;
  const calls: Call[] = [
    { label: 'no token', query, body },
    { label: 'a cashier of the location', token: tokens.cashier, query, body },
    { label: 'an administrator of another location', token: tokens.outsider, query, body },
  ];
  if (route.querystring) calls.push({ label: 'an unknown query field', token: tokens.admin, query: { ...(query as object), zz_unknown: '1' }, body });
  if (route.body) {
    calls.push({ label: 'an unknown body field', token: tokens.admin, query, body: { ...(body as object), zz_unknown: 1 } });
    calls.push({ label: 'broken JSON', token: tokens.admin, query, raw: '{"a":' });
    calls.push({ label: 'a body over the limit', token: tokens.admin, query, raw: `{"a":"${'x'.repeat(1_100_000)}"}` });
    calls.push({ label: 'a form instead of JSON', token: tokens.admin, query, raw: 'a=1', contentType: 'application/x-www-form-urlencoded' });
  }
  if (route.body || route.querystring) {
    // Every row the body or the query names, unknown (an order, a playground, a location).
    const unknown: Hints = (name, path) => (/(^|_)id$|^(location|playground|group|order|schedule|payment|transaction|original_transaction)$/.test(name)
      && typeof hints(name, path) === 'number' ? 2147480000 : hints(name, path));
    calls.push({
      label: 'unknown rows in the body or query', token: tokens.admin,
      query: route.querystring ? sample(route.querystring, unknown) : undefined, body: route.body && route.method !== 'GET' ? sample(route.body, unknown) : undefined,
    });
  }
  for (const name of Object.keys(own)) {
    calls.push({ label: `an unknown :${name}`, token: tokens.admin, params: { ...own, [name]: typeof own[name] === 'number' ? 2147480000 : 'zz9999' }, query, body });
    calls.push({ label: `a malformed :${name}`, token: tokens.admin, params: { ...own, [name]: 'x-y' }, query, body });
  }
  if (STREAMS.has(routeKey(route))) calls.push({ label: 'a wrong ticket', query: { ticket: 'x'.repeat(48), tickets: 'x'.repeat(48) } });
  if (routeKey(route) === 'POST /api/v2.2/launcher/sessions/') calls.push({ label: 'an unknown playground token', query, body, authorization: 'Playground 00000000-0000-4000-8000-000000000000' });
  return calls;
}

function validCall(route: ApiRoute): Call {
  return {
    label: 'a valid-looking call of the admin',
    token: tokens.admin,
    query: route.querystring ? sample(route.querystring, hints) : undefined,
    body: route.method === 'GET' ? undefined : route.body ? sample(route.body, hints) : undefined,
    multipart: route.multipart,
  };
}

/** Reads first, then writes, deletes last: the writes find the rows the reads saw. */
const ORDER: Record<string, number> = { GET: 0, POST: 1, PUT: 1, PATCH: 1, DELETE: 2 };

describe('the OpenAPI document describes every answer', () => {
  it('documents every /api route, each success with its body schema', () => {
    const missing: string[] = [];
    for (const route of documentedRoutes()) {
      const op = checker.operation(route.method, route.url);
      if (!op) { missing.push(`${routeKey(route)}: not in the document`); continue; }
      const successes = Object.entries(op.responses).filter(([s]) => /^2/.test(s));
      if (!successes.length) missing.push(`${routeKey(route)}: no success answer`);
      for (const [status, a] of successes) {
        const answer = checker.resolve(a);
        if (status === '204') continue;
        if (!answer.content || !Object.values(answer.content).some((m) => m.schema)) missing.push(`${routeKey(route)}: ${status} has no body schema`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('every status and body of a walk of every route is one the document describes', async () => {
    const problems: string[] = [];
    let calls = 0;
    const successes = new Set<string>();
    const record = async (route: ApiRoute, c: Call) => {
      const { url, res } = await send(route, c);
      calls++;
      if (res.statusCode < 300) successes.add(routeKey(route));
      const wrong = checker.check(route.method, route.url, res.statusCode, res.headers['content-type'] as string | undefined, res.body);
      if (wrong) problems.push(`${routeKey(route)} (${c.label}: ${route.method} ${url.slice(0, 120)}) -> ${wrong}`);
    };
    const routes = documentedRoutes();
    expect(routes.length).toBeGreaterThan(90);
    for (const route of routes) for (const c of refusals(route)) await record(route, c);
    const valid = routes.filter((r) => !STREAMS.has(routeKey(r)) && routeKey(r) !== LOGOUT)
      .sort((a, b) => (ORDER[a.method] ?? 1) - (ORDER[b.method] ?? 1));
    for (const route of valid) {
      const takesKey = (checker.operation(route.method, route.url) as { parameters?: { name: string }[] } | undefined)?.parameters
        ?.some((p) => p.name === 'Idempotency-Key');
      if (!takesKey) { await record(route, validCall(route)); continue; }
      // A money write with a key, then the same key with another amount: the key's reuse is refused.
      const key = `walk-${route.url}`;
      await record(route, { ...validCall(route), headers: { 'idempotency-key': key } });
      const other = validCall(route);
      // Its money field (by the schema's type, routeWalk's schemaFields) another amount.
      for (const f of schemaFields(route.body)) if (f.money && f.path.length === 1 && other.body) (other.body as Record<string, unknown>)[String(f.path[0])] = '99.00';
      await record(route, { ...other, label: 'the same Idempotency-Key with another amount', headers: { 'idempotency-key': key } });
    }
    const logout = routes.find((r) => routeKey(r) === LOGOUT)!;
    await record(logout, { label: 'a valid logout', token: await h.login('manager@example.com', 'manager123') });
    console.log(`conformance: ${routes.length} routes, ${calls} calls, ${successes.size} routes answered a success, ${problems.length} problems`);
    expect(problems).toEqual([]);
  }, 300_000);
});
