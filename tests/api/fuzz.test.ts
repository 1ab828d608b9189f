// Property-based fuzzing (issue 9) of every route of the server's own route table: the query and
// the body are made from the route's zod schemas (a valid-looking request of the admin's own
// location 1, then fields dropped, added or replaced by wrong types, huge or odd text, unicode,
// negative and huge numbers, bad dates) and sometimes a path parameter is replaced too.
// Never a 5xx; a 4xx changes no row. Deterministic: FUZZ_SEED (printed on failure) and FUZZ_RUNS.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './harness';
import {
  apiRoutes, changeCount, DATE_NAME, drfError, enc, IMPOSSIBLE_DATES, FAR_DATES, FAR_DATETIMES, HUGE_IDS, installChangeCounter, fillPath, hostileObject, hostileValue,
  LONG_TEXT, NUL_TEXT, ownIds, routeKey, sample, schemaFields, setAt, STATIC_ROUTE, toQuery, walkHints, walkParams, type ApiRoute, type Hints, type OwnIds,
} from './routeWalk';

const SEED = Number(process.env.FUZZ_SEED ?? 20260906);
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);

/** Routes not fuzzed here, and why. */
const SKIPPED: Record<string, string> = {
  'POST /api/v2.1/logout/': 'revokes the token the fuzzer uses; it takes no input (tested in security.test.ts)',
};

/** Known bugs in files being edited by others right now: [route, reason]. Fuzzed, but a 5xx is reported, not failed. */
const KNOWN_5XX: Record<string, string> = {};

let h: Harness;
let admin: string;
let own: OwnIds;
let ownParams: (url: string) => Record<string, string | number>;
let ownHints: Hints;

beforeAll(async () => {
  h = await createHarness({ demo: true });
  admin = await h.login('admin@example.com', 'admin123');
  await lookUpOwn();
  await installChangeCounter(h.database.pool);
}, 120_000);

/** The admin's own records of location 1 (again after tests that delete some: the DELETE routes succeed). */
async function lookUpOwn() {
  own = await ownIds(h.database.pool);
  ownParams = (url) => walkParams(url, own);
  ownHints = walkHints(own);
}

afterAll(async () => { await h?.close(); });

function requestArbitrary(route: ApiRoute) {
  const params = ownParams(route.url);
  const names = Object.keys(params);
  return fc.record({
    query: route.querystring ? hostileObject(route.querystring, ownHints) : fc.option(hostileObject(undefined), { nil: undefined, freq: 3 }),
    body: route.method === 'GET' || route.method === 'DELETE' && !route.body
      ? fc.constant(undefined)
      : hostileObject(route.body, ownHints),
    param: names.length ? fc.option(fc.record({ name: fc.constantFrom(...names), value: hostileValue }), { freq: 4 }) : fc.constant(null),
  }).map(({ query, body, param }) => {
    const p = { ...params };
    if (param) p[param.name] = typeof param.value === 'string' ? param.value : JSON.stringify(param.value) ?? 'undefined';
    return { method: route.method, url: fillPath(route.url, p) + toQuery(query), body };
  });
}

const fuzzed = () => apiRoutes(h.app).filter((r) => !STATIC_ROUTE.test(r.url) && !(routeKey(r) in SKIPPED));

describe('fuzzing every route from its schemas', () => {
  it('names a field `constructor` or `__proto__` in a 400 like any other (found by the fuzzer: was a 500)', async () => {
    const res = await h.call('GET', '/api/v2.1/loginjwt/permissions/?constructor=false&__proto__=1&toString=2', { token: admin, lang: 'en' });
    expect(res.statusCode).toBe(400);
    const body = JSON.parse(res.body) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['__proto__', 'constructor', 'toString']);
    expect(Object.values(body)).toEqual([['Unknown field.'], ['Unknown field.'], ['Unknown field.']]);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  const reported: string[] = [];

  it('never answers 5xx and changes no row on a 4xx', async () => {
    const started = Date.now();
    const routes = fuzzed();
    expect(routes.length).toBeGreaterThan(90);
    let requests = 0;
    const slow: [string, number][] = [];
    for (const route of routes) {
      const t0 = Date.now();
      let before = await changeCount(h.database.pool);
      await fc.assert(fc.asyncProperty(requestArbitrary(route), async (req) => {
        const res = await h.app.inject({
          method: req.method as 'GET', url: req.url,
          headers: { authorization: `Token ${admin}`, 'accept-language': 'en' },
          ...(req.body !== undefined ? { payload: JSON.stringify(req.body), headers: { authorization: `Token ${admin}`, 'content-type': 'application/json' } } : {}),
        });
        requests++;
        if (res.statusCode >= 500 && routeKey(route) in KNOWN_5XX) {
          reported.push(`${routeKey(route)} -> ${res.statusCode} (${KNOWN_5XX[routeKey(route)]})`);
          before = await changeCount(h.database.pool);
          return;
        }
        expect(res.statusCode, `${req.method} ${req.url.slice(0, 300)} ${JSON.stringify(req.body)?.slice(0, 300)} -> ${res.body.slice(0, 300)}`).toBeLessThan(500);
        if (route.method === 'GET') return; // checked once for the whole route below: a GET changes nothing
        const after = await changeCount(h.database.pool);
        if (res.statusCode >= 400) {
          expect(after - before, `${req.method} ${req.url.slice(0, 300)} ${JSON.stringify(req.body)?.slice(0, 300)} -> ${res.statusCode} changed rows`).toBe(0);
        }
        before = after;
      }), { numRuns: RUNS, seed: SEED, endOnFailure: true });
      if (route.method === 'GET') expect(await changeCount(h.database.pool) - before, `${routeKey(route)} changed rows`).toBe(0);
      slow.push([routeKey(route), Date.now() - t0]);
    }
    console.log(`fuzz: ${routes.length} routes, ${requests} requests, ${((Date.now() - started) / 1000).toFixed(1)} s, seed ${SEED}`);
    if (process.env.FUZZ_PROFILE) console.log(slow.sort((a, b) => b[1] - a[1]).slice(0, 15).map(([k, ms]) => `${ms} ms ${k}`).join('\n'));
    if (reported.length) console.log(`known 5xx:\n${reported.join('\n')}`);
  }, 400_000);

  it('answers 400 to broken JSON and 413 to a body over the limit, never 5xx', async () => {
    const bad: string[] = [];
    for (const route of fuzzed().filter((r) => r.method !== 'GET')) {
      const url = fillPath(route.url, ownParams(route.url));
      for (const payload of ['{"a":', '[', 'null', '"x"', '\u0000']) {
        const res = await h.app.inject({ method: route.method as 'POST', url, payload, headers: { authorization: `Token ${admin}`, 'content-type': 'application/json' } });
        if (res.statusCode >= 500) bad.push(`${route.method} ${url} ${JSON.stringify(payload)} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
      const huge = await h.app.inject({ method: route.method as 'POST', url, payload: `{"a":"${'x'.repeat(1_100_000)}"}`, headers: { authorization: `Token ${admin}`, 'content-type': 'application/json' } });
      if (huge.statusCode >= 500) bad.push(`${route.method} ${url} huge -> ${huge.statusCode}`);
      const odd = await h.app.inject({ method: route.method as 'POST', url, payload: 'a=1&b=2', headers: { authorization: `Token ${admin}`, 'content-type': 'application/x-www-form-urlencoded' } });
      if (odd.statusCode >= 500) bad.push(`${route.method} ${url} form -> ${odd.statusCode}`);
    }
    expect(bad).toEqual([]);
    void enc;
  }, 120_000);
});

// Issue 16: the input classes PostgreSQL cannot store, one field at a time on a valid-looking
// request of every route (not left to chance as above): NUL in each text, 2^31 and 2^53 in each
// integer (ids) of bodies, queries and paths, dates it cannot store (or we do not take) in each
// date. Never a 5xx, and every error DRF-shaped. And the token check cannot be skipped by
// %-encoding the path: every non-public route answers 401 without a token, before validation.
describe('input classes PostgreSQL cannot store, and %-encoded paths (issue 16)', () => {
  const dateKind = (name: string): 'date' | 'datetime' | null => {
    const v = ownHints(name, []);
    if (typeof v !== 'string') return null;
    return /^\d{4}-\d{2}-\d{2}$/.test(v) ? 'date' : /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(v) ? 'datetime' : null;
  };
  /** The hostile values of one field: [label, value]. */
  const variants = (kind: string, name: string): [string, unknown][] => {
    const out: [string, unknown][] = [];
    if (kind === 'text') out.push(['NUL', NUL_TEXT], ['over-long', LONG_TEXT]);
    if (kind === 'int' || kind === 'text' && /(^|_)id$|^(location|playground|group|order|schedule|game)$/.test(name)) {
      for (const n of HUGE_IDS) out.push([String(n), n]);
    }
    const dk = dateKind(name);
    if (dk) for (const d of dk === 'date' ? FAR_DATES : FAR_DATETIMES) out.push([d, d]);
    return out;
  };

  const send = (route: ApiRoute, params: Record<string, string | number>, query: unknown, body: unknown, token: string | null) => {
    const headers: Record<string, string> = { 'accept-language': 'en' };
    if (token) headers.authorization = `Token ${token}`;
    const hasBody = body !== undefined && route.method !== 'GET';
    if (hasBody) headers['content-type'] = 'application/json';
    const url = fillPath(route.url, params) + toQuery(query);
    return { url, res: h.app.inject({ method: route.method as 'GET', url, headers, ...(hasBody ? { payload: JSON.stringify(body) } : {}) }) };
  };

  it('NUL in every text, 2^31 and 2^53 in every id, far dates: never a 5xx, always a DRF-shaped error', async () => {
    const bad: string[] = [];
    let requests = 0;
    for (const route of fuzzed()) {
      if (route.multipart) continue;
      const params = ownParams(route.url);
      const query = route.querystring ? sample(route.querystring, ownHints) : undefined;
      const body = route.method === 'GET' ? undefined : route.body ? sample(route.body, ownHints) : {};
      const cases: { label: string; params: Record<string, string | number>; query: unknown; body: unknown }[] = [];
      for (const f of schemaFields(route.body)) {
        const name = String(f.path.filter((p) => typeof p === 'string').at(-1));
        for (const [label, v] of variants(f.kind, name)) cases.push({ label: `body ${f.path.join('.')}=${label}`, params, query, body: setAt(body, f.path, v) });
      }
      for (const f of schemaFields(route.querystring)) {
        const name = String(f.path.filter((p) => typeof p === 'string').at(-1));
        for (const [label, v] of variants(f.kind, name)) cases.push({ label: `query ${f.path.join('.')}=${label}`, params, query: setAt(query, f.path, v), body });
      }
      for (const name of Object.keys(params)) {
        for (const v of [NUL_TEXT, ...HUGE_IDS]) cases.push({ label: `path :${name}=${JSON.stringify(v)}`, params: { ...params, [name]: v }, query, body });
      }
      for (const c of cases) {
        const before = c.label.endsWith('=over-long') ? await changeCount(h.database.pool) : 0;
        const { url, res: pending } = send(route, c.params, c.query, c.body, admin);
        const res = await pending;
        requests++;
        const where = `${route.method} ${url.slice(0, 200)} (${c.label})`;
        // An over-long text is a 400 on its field (#18), and nothing is written.
        if (c.label.endsWith('=over-long')) {
          const field = c.label.replace(/^(body|query) /, '').replace(/=over-long$/, '').split('.').filter((p) => !/^\d+$/.test(p)).at(-1)!;
          if (![400, 401, 403, 404, 429].includes(res.statusCode)) bad.push(`${where} -> ${res.statusCode} (want 400) ${res.body.slice(0, 120)}`);
          else if (res.statusCode === 400 && !res.body.includes(field)) bad.push(`${where} -> 400 not on the field: ${res.body.slice(0, 160)}`);
          if ((await changeCount(h.database.pool)) !== before) bad.push(`${where} -> stored something`);
        }
        if (res.statusCode >= 500) bad.push(`${where} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
        else if (!route.page) {
          const shape = drfError(res.statusCode, res.body);
          if (shape) bad.push(`${where} -> ${res.statusCode} ${shape}`);
        }
      }
    }
    console.log(`input classes: ${requests} requests`);
    expect(requests).toBeGreaterThan(300);
    expect(bad).toEqual([]);
  }, 300_000);

  it('every non-public route answers 401 without a token, its path %-encoded or not, before its body is validated', async () => {
    const bad: string[] = [];
    const routes = apiRoutes(h.app).filter((r) => !r.public && !STATIC_ROUTE.test(r.url));
    expect(routes.length).toBeGreaterThan(80);
    for (const route of routes) {
      const path = fillPath(route.url, ownParams(route.url));
      const variantsOfPath = [path];
      if (path.startsWith('/api/')) variantsOfPath.push(path.replace(/^\/api\//, '/%61pi/'), path.replace(/^\/api\//, '/a%70i/'), path.replace(/^\/api\//, '/ap%69/'));
      for (const url of variantsOfPath) {
        const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
        const res = await h.app.inject({
          method: route.method as 'GET', url, headers: { 'accept-language': 'en', ...(hasBody ? { 'content-type': 'application/json' } : {}) },
          ...(hasBody ? { payload: JSON.stringify({ unknown_field: NUL_TEXT, id: 2 ** 53 }) } : {}),
        });
        if (res.statusCode !== 401 || drfError(res.statusCode, res.body)) bad.push(`${route.method} ${url} -> ${res.statusCode} ${res.body.slice(0, 150)}`);
      }
    }
    expect(bad).toEqual([]);
  }, 120_000);

  it('a malformed %-encoding and an unknown route answer in the DRF shape', async () => {
    for (const url of ['/api/v2.1/locations/%E0%A4%A/', '/%E0%A4%A/api/', '/api/v2.1/%zz/', '/api/v2.1/no-such-route/', '/%61pi/v2.1/no-such-route/']) {
      const res = await h.app.inject({ method: 'GET', url, headers: { authorization: `Token ${admin}`, 'accept-language': 'en' } });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(drfError(res.statusCode, res.body), `${url} -> ${res.body}`).toBeNull();
    }
  });
});

// Issue 25: hostile input classes, every route. Deeply nested bodies (and qs-style nested query
// keys) are refused before anything walks them, quickly, the anonymous routes included.
describe('hostile input classes (issue 25)', () => {
  // The records the tests above deleted are looked up again; each request comes from its own address,
  // so the widget's per-address limits (429 before the body is read) never hide an answer.
  beforeAll(lookUpOwn);
  let addresses = 0;
  const address = () => { addresses++; return `10.25.${(addresses >> 8) & 255}.${addresses & 255}`; };
  const DEPTH = 5000;
  const deepObject = '{"a":'.repeat(DEPTH) + '1' + '}'.repeat(DEPTH);
  const deepArray = '['.repeat(DEPTH) + ']'.repeat(DEPTH);
  const deepInField = `{"name":${'['.repeat(DEPTH)}"x"${']'.repeat(DEPTH)}}`;
  // Generous for a busy shared machine: the old recursive walk spent ~1 s of CPU on 3,000 levels.
  const QUICK_MS = 1000;

  it('a body nested ~5,000 levels deep: every route answers 4xx within a second, anonymous or not, never 5xx', async () => {
    const bad: string[] = [];
    const times: number[] = [];
    let requests = 0;
    for (const route of fuzzed()) {
      if (route.method === 'GET') continue; // Fastify reads no body of a GET
      const url = fillPath(route.url, ownParams(route.url));
      // Each route as its callers reach it: with the admin's token, and without one (the public
      // routes: login, password reset, the widget; the others answer 401 before reading the body).
      for (const token of [admin, null]) {
        for (const [label, payload] of [['objects', deepObject], ['arrays', deepArray], ['in a field', deepInField]] as const) {
          const headers: Record<string, string> = { 'content-type': 'application/json', 'accept-language': 'en' };
          if (token) headers.authorization = `Token ${token}`;
          const t0 = performance.now();
          const res = await h.app.inject({ remoteAddress: address(), method: route.method as 'POST', url, payload, headers });
          const ms = performance.now() - t0;
          times.push(ms);
          requests++;
          const where = `${route.method} ${url} (${label}, ${token ? 'token' : 'anonymous'})`;
          if (res.statusCode < 400 || res.statusCode >= 500) bad.push(`${where} -> ${res.statusCode} ${res.body.slice(0, 150)}`);
          else if (drfError(res.statusCode, res.body)) bad.push(`${where} -> ${drfError(res.statusCode, res.body)}`);
          if (ms > QUICK_MS) bad.push(`${where} took ${Math.round(ms)} ms`);
        }
      }
    }
    times.sort((a, b) => a - b);
    console.log(`deep bodies: ${requests} requests, median ${times[times.length >> 1]!.toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms`);
    expect(requests).toBeGreaterThan(150);
    expect(bad).toEqual([]);
  }, 300_000);

  /** How each route is called by its real callers: the launcher with its playground token, the rest with the admin's. */
  const authOf = (route: ApiRoute) => route.url.includes('/launcher/') ? `Playground ${own.playgroundToken}` : `Token ${admin}`;
  // The dashboards page (GET /dashboards/:id/) reads its period itself, as typed (DD.MM.YYYY), with
  // parseDay, which refuses impossible days; it has no query schema, so it is not walked here.

  it('impossible calendar dates in every date field of every body and query: a 400 on the field, nothing stored', async () => {
    const bad: string[] = [];
    let requests = 0;
    const kinds = new Set<string>();
    for (const route of fuzzed()) {
      if (route.multipart) continue;
      const params = ownParams(route.url);
      const query = route.querystring ? sample(route.querystring, ownHints) : undefined;
      const body = route.method === 'GET' ? undefined : route.body ? sample(route.body, ownHints) : undefined;
      for (const [part, schema] of [['body', route.body], ['query', route.querystring]] as const) {
        for (const f of schemaFields(schema)) {
          const name = String(f.path.filter((p) => typeof p === 'string').at(-1));
          if (!f.date) {
            const key = `${routeKey(route)} ${f.path.join('.')}`;
            if (DATE_NAME.test(name)) bad.push(`${key} (${part}): named like a date, but not one of the shared date schemas: use dateSchema, dateTimeSchema or instantText of server/platform/validation.ts`);
            continue;
          }
          kinds.add(`${f.date}:${name}`);
          for (const v of IMPOSSIBLE_DATES[f.date]) {
            const before = await changeCount(h.database.pool);
            const q = part === 'query' ? setAt(query, f.path, v) : query;
            const b = part === 'body' ? setAt(body, f.path, v) : body;
            const url = fillPath(route.url, params) + toQuery(q);
            const res = await h.app.inject({ remoteAddress: address(),
              method: route.method as 'GET', url,
              headers: { authorization: authOf(route), 'accept-language': 'en', ...(b !== undefined ? { 'content-type': 'application/json' } : {}) },
              ...(b !== undefined ? { payload: JSON.stringify(b) } : {}),
            });
            requests++;
            const where = `${route.method} ${url.slice(0, 160)} (${part} ${f.path.join('.')}=${v})`;
            const text = f.date === 'date' ? 'Enter a date as YYYY-MM-DD.' : 'Enter a date and time as YYYY-MM-DD HH:mm.';
            if (res.statusCode !== 400) bad.push(`${where} -> ${res.statusCode} (want 400) ${res.body.slice(0, 160)}`);
            else if (!res.body.includes(`"${name}":`) || !res.body.includes(text)) bad.push(`${where} -> 400 not the date error on the field: ${res.body.slice(0, 200)}`);
            if (await changeCount(h.database.pool) !== before) bad.push(`${where} -> stored something`);
          }
        }
      }
    }
    console.log(`impossible dates: ${requests} requests over ${kinds.size} date fields (${[...kinds].sort().join(', ')})`);
    // Every kind of the shared date schemas is reached: days, wall-clock moments, ISO instants.
    expect([...kinds].map((k) => k.split(':')[0])).toEqual(expect.arrayContaining(['date', 'datetime', 'instant']));
    expect(bad).toEqual([]);
  }, 300_000);

  // Closed sets that clients send (#25): a value reserved for the server (`widget`: the booking
  // widget's own orders, which get its letters and customer page) or of no set is refused with a
  // 400 on the field, and nothing is stored, on every route that takes the field.
  const FORGED: Record<string, unknown[]> = {
    source: ['widget', 'WIDGET', 'site'],
    payment_type: [0, 1, 5, 7, 8],
    order_type: [0, 5],
    type: ['bonus'],
    session_type: [0, 5],
  };
  /** Values of FORGED a route takes, and why. */
  const TAKEN: Record<string, unknown[]> = {
    // Staff record that a cancelled order's money went back online (type 1), as at the desk or to the card.
    'POST /api/v2.2/orders/:id/refund/ payment_type': [1],
  };
  /** More values a route must refuse. */
  const ALSO_FORGED: Record<string, unknown[]> = {
    // A refund row is a refund: stored as `refill` it would read as money put in.
    'POST /api/v2.2/transactions/create_transaction/ type': ['refill', 'chargeoff', 'overdraft', 'minimumfee', 'vatfee'],
  };

  it('forged values of closed sets (source `widget` at the desk, ...): a 400 on the field, nothing stored', async () => {
    const bad: string[] = [];
    const seen = new Set<string>();
    for (const route of fuzzed()) {
      if (route.multipart || !route.body) continue;
      const params = ownParams(route.url);
      const body = sample(route.body, ownHints);
      for (const f of schemaFields(route.body)) {
        const name = String(f.path.filter((p) => typeof p === 'string').at(-1));
        const key = `${routeKey(route)} ${f.path.join('.')}`;
        const values = [...(FORGED[name] ?? []), ...(ALSO_FORGED[key] ?? [])].filter((v) => !(TAKEN[key] ?? []).includes(v));
        for (const v of values) {
          seen.add(key);
          const before = await changeCount(h.database.pool);
          const url = fillPath(route.url, params);
          const res = await h.app.inject({ remoteAddress: address(),
            method: route.method as 'POST', url, payload: JSON.stringify(setAt(body, f.path, v)),
            headers: { authorization: authOf(route), 'accept-language': 'en', 'content-type': 'application/json' },
          });
          const where = `${route.method} ${url} (${f.path.join('.')}=${JSON.stringify(v)})`;
          if (res.statusCode !== 400) bad.push(`${where} -> ${res.statusCode} (want 400) ${res.body.slice(0, 160)}`);
          else if (!res.body.includes(`"${name}":`)) bad.push(`${where} -> 400 not on the field: ${res.body.slice(0, 160)}`);
          if (await changeCount(h.database.pool) !== before) bad.push(`${where} -> stored something`);
        }
      }
    }
    console.log(`forged closed-set values: ${seen.size} fields (${[...seen].sort().join('; ')})`);
    // The desk's two booking routes and the multi-booking's both take `source`, and refuse `widget`.
    expect([...seen].filter((k) => k.endsWith(' source')).length).toBeGreaterThanOrEqual(4);
    // The widget sets its source itself: a source in its body is an unknown field.
    const widget = await h.app.inject({ remoteAddress: address(),
      method: 'POST', url: '/api/public/locations/1/bookings/', headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: JSON.stringify({ playground_id: own.playground, session_dt: '2026-06-15 12:00', persons: 1, name: 'A', phone: '+79990001122', email: 'a@example.com', source: 'backoffice' }),
    });
    expect(widget.statusCode).toBe(400);
    expect(widget.json().source).toEqual(['Unknown field.']);
    expect(bad).toEqual([]);
  }, 300_000);

  // Money taken (#25): every money field of every body refuses nothing and less than nothing, as a
  // number or as text. Each field is found by its schema's type (#41: positiveAmount, amountOrZero or
  // a schema marked with moneyKind, server/platform/validation.ts), never by its name: a new money
  // field made of those is covered without anyone listing it. A field named like money that is none
  // of them fails below, saying what to use (or to list it in NOT_MONEY with why).
  const MONEY_NAME = /amount|purchase|cost|price|sum|rate|discount|paid|fee/;
  const NOT_MONEY: Record<string, string> = {
    prepayment: 'a fraction 0-1 of the price (0: no prepayment), not an amount',
    // An early booking discount is a whole percent (1..), its range checked by its own schema.
    discount: 'where it is an integer: an early booking discount in percent (1..); a promo code\'s discount is money (moneyKind)',
  };
  const NOT_POSITIVE: unknown[] = ['0', '-5', '-0', '0.00', '0,00', 0, -5, -0.01];

  it('money fields of every body refuse 0, negative amounts, -0 and 0.00: a 400 on the field, nothing stored', async () => {
    const bad: string[] = [];
    const seen = new Set<string>();
    for (const route of fuzzed()) {
      if (route.multipart || !route.body) continue;
      const params = ownParams(route.url);
      const body = sample(route.body, ownHints);
      for (const f of schemaFields(route.body)) {
        const name = String(f.path.filter((p) => typeof p === 'string').at(-1));
        if (!f.money) {
          if (MONEY_NAME.test(name) && !(name in NOT_MONEY)) {
            bad.push(`${routeKey(route)} ${f.path.join('.')}: named like money, but not a money schema: use positiveAmount or amountOrZero of `
              + 'server/platform/validation.ts (or mark its own schema with moneyKind there), or list it in NOT_MONEY of tests/api/fuzz.test.ts with why');
          }
          continue;
        }
        seen.add(`${routeKey(route)} ${f.path.join('.')} (${f.money})`);
        // A price that may be free (amountOrZero, a schedule's price list): only signed values are refused there.
        // #43 An amount with its sign (a card terminal's net total, sales less refunds): any sign is an amount there.
        const values = f.money === 'signed' ? [] : f.money === 'zero_or_more' ? NOT_POSITIVE.filter((v) => /^-/.test(String(v)) || Object.is(v, -0)) : NOT_POSITIVE;
        for (const v of values) {
          const before = await changeCount(h.database.pool);
          const url = fillPath(route.url, params);
          const res = await h.app.inject({ remoteAddress: address(),
            method: route.method as 'POST', url, payload: JSON.stringify(setAt(body, f.path, v)),
            headers: { authorization: authOf(route), 'accept-language': 'en', 'content-type': 'application/json' },
          });
          const where = `${route.method} ${url} (${f.path.join('.')}=${JSON.stringify(v)})`;
          if (res.statusCode !== 400) bad.push(`${where} -> ${res.statusCode} (want 400) ${res.body.slice(0, 160)}`);
          else if (!res.body.includes(`"${name}":`)) bad.push(`${where} -> 400 not on the field: ${res.body.slice(0, 160)}`);
          if (await changeCount(h.database.pool) !== before) bad.push(`${where} -> stored something`);
        }
      }
    }
    console.log(`money fields: ${seen.size} (${[...seen].sort().join('; ')})`);
    expect(seen.size).toBeGreaterThanOrEqual(8);
    expect(bad).toEqual([]);
  }, 300_000);

  it('deep bodies from anonymous clients do not hold up /healthz (the audit measured 3.7 s)', async () => {
    const started = performance.now();
    const flood = Array.from({ length: 40 }, (_, i) => h.app.inject({
      remoteAddress: address(), method: 'POST', url: i % 2 ? '/api/v2.1/login/' : '/api/public/locations/1/price/',
      payload: i % 4 < 2 ? deepObject : deepArray, headers: { 'content-type': 'application/json' },
    }));
    const t0 = performance.now();
    const health = await h.app.inject({ remoteAddress: address(), method: 'GET', url: '/healthz' });
    const healthMs = performance.now() - t0;
    const answers = await Promise.all(flood);
    console.log(`healthz under 40 deep bodies: ${healthMs.toFixed(1)} ms; all 40 answered in ${(performance.now() - started).toFixed(0)} ms`);
    expect(health.statusCode).toBe(200);
    expect(answers.map((r) => r.statusCode)).toEqual(Array(40).fill(400));
    expect(healthMs).toBeLessThan(QUICK_MS);
  });

  it('names the nesting limit in the caller\'s language, on the anonymous login too', async () => {
    for (const [lang, text] of [['en', 'The request nests objects and lists more than 32 levels deep.'], ['ru', 'В запросе объекты и списки вложены глубже 32 уровней.']] as const) {
      const res = await h.app.inject({ remoteAddress: address(), method: 'POST', url: '/api/v2.1/login/', payload: deepObject, headers: { 'content-type': 'application/json', 'accept-language': lang } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: text });
    }
  });

  it('qs-style nested query keys are plain unknown keys: every route answers 4xx quickly, never 5xx', async () => {
    const bad: string[] = [];
    const nested = `?a${'[a]'.repeat(DEPTH)}=1&b${'[]'.repeat(DEPTH)}=2`;
    for (const route of fuzzed()) {
      const url = fillPath(route.url, ownParams(route.url)) + nested;
      const t0 = performance.now();
      const res = await h.app.inject({ remoteAddress: address(), method: route.method as 'GET', url, headers: { authorization: `Token ${admin}`, 'accept-language': 'en' } });
      const ms = performance.now() - t0;
      if (res.statusCode >= 500) bad.push(`${route.method} ${route.url} -> ${res.statusCode} ${res.body.slice(0, 150)}`);
      // The API document is built on its first call (about a second), whatever the query.
      if (ms > QUICK_MS && !route.url.startsWith('/api/docs')) bad.push(`${route.method} ${route.url} took ${Math.round(ms)} ms`);
    }
    expect(bad).toEqual([]);
  }, 120_000);
});
