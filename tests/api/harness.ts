// Per-file test harness: a fresh database cloned from the migrated template (with the demo data
// unless `demo: false`), the real app (buildApp) on it, a mailer that keeps letters, and helpers to call the API.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { connect, type Database } from '../../server/db/client';
import { createJobWorker } from '../../server/jobs';
import type { Letter, Mailer } from '../../server/platform/mail';
import { DUMMY_HASH } from '../../server/platform/passwords';
import { resolveSecrets } from '../../server/platform/secrets';
import { secretHash } from '../../server/platform/tokens';
import { DEMO_TEMPLATE_DB, TEMPLATE_DB } from './globalSetup';
import { DocumentChecker } from './openapiCheck';

interface RecordedAnswer { method: string; url: string; status: number; contentType?: string; body: string }

/** OPENAPI_CHECK: every answer of a documented route, to check against the document at close. */
function recordAnswers(app: FastifyInstance): RecordedAnswer[] {
  const out: RecordedAnswer[] = [];
  app.addHook('onSend', async (request, reply, payload) => {
    const url = request.routeOptions.url;
    if (!url?.startsWith('/api/') || url.startsWith('/api/docs') || request.routeOptions.schema?.hide) return payload;
    // Streams (exports, files, events) are checked by their media type only.
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : payload == null ? '' : '<stream>';
    out.push({ method: request.method, url, status: reply.statusCode, contentType: reply.getHeader('content-type') as string | undefined, body });
    return payload;
  });
  return out;
}

async function undocumentedAnswers(app: FastifyInstance, answers: RecordedAnswer[]): Promise<string[]> {
  const checker = new DocumentChecker((await app.inject({ method: 'GET', url: '/api/docs/json' })).json());
  const problems = new Set<string>();
  for (const a of answers) {
    const wrong = checker.check(a.method, a.url, a.status, a.contentType, a.body);
    if (wrong) problems.add(`${a.method} ${a.url} -> ${wrong}`);
  }
  return [...problems];
}

export interface Harness {
  app: FastifyInstance;
  database: Database;
  config: Config;
  letters: Letter[];
  /** Runs queued jobs (letters) now, as the worker would. */
  runJobs: () => Promise<number>;
  login: (email: string, password: string) => Promise<string>;
  /** A user made for the test: roles as [location id, role id] pairs, permission codenames; signed in. */
  userWithToken: (email: string, roles: [number, number][], permissions?: readonly string[]) => Promise<{ id: number; token: string }>;
  call: (method: string, url: string, opts?: { token?: string; body?: unknown; lang?: string; headers?: Record<string, string> }) => Promise<LightMyRequestResponse>;
  close: () => Promise<void>;
}

/** #45 No test reaches the real SMS.ru: a closed port unless the test gives its local SMS.ru (tests/providers/smsru.ts). */
const NO_SMSRU = 'http://127.0.0.1:2';

export async function createHarness(opts: { demo?: boolean; config?: Partial<Config> } = {}): Promise<Harness> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${opts.demo === false ? TEMPLATE_DB : DEMO_TEMPLATE_DB}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = connect(url.toString(), 5);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-test-data-'));
  // Secrets as main.ts has them: generated into this database unless opts.config gives some.
  const resolved: Config = await resolveSecrets(database.db, { ...loadConfig({}), dataDir, publicUrl: 'http://backoffice.test', product: 'backoffice', smsruApiUrl: NO_SMSRU, ...opts.config });
  // As main.ts (#29): the sandbox provider with the demo data, unless the test says.
  const config: Config = { ...resolved, paymentSandbox: opts.config?.paymentSandbox ?? (opts.demo !== false) };
  const letters: Letter[] = [];
  const mailer: Mailer = { send: async (letter) => { letters.push(letter); } };
  const deps = { db: database.db, pool: database.pool, config, mailer };
  const app = await buildApp(deps);
  const answers = process.env.OPENAPI_CHECK ? recordAnswers(app) : null;
  await app.ready();
  const worker = createJobWorker(deps, app.log);

  const call: Harness['call'] = (method, url, o = {}) => app.inject({
    method: method as 'GET',
    url,
    headers: {
      ...(o.token ? { authorization: `Token ${o.token}` } : {}),
      ...(o.lang ? { 'accept-language': o.lang } : {}),
      ...o.headers,
    },
    ...(o.body !== undefined ? { payload: o.body as object } : {}),
  });

  return {
    app, database, config, letters, call,
    runJobs: () => worker.runDue(),
    login: async (email, password) => {
      const res = await call('POST', '/api/v2.1/login/', { body: { email, password } });
      if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
      return res.json().token as string;
    },
    userWithToken: async (email, roles, permissions = []) => {
      const { rows: [u] } = await database.pool.query<{ id: number }>(
        'insert into users (email, name, password_hash) values ($1, $2, $3) returning id', [email, email, DUMMY_HASH]);
      for (const [locationId, roleId] of roles) {
        await database.pool.query('insert into user_location_roles (user_id, location_id, role_id) values ($1, $2, $3)', [u!.id, locationId, roleId]);
      }
      // Permissions are per location (#28): held at every location the user is given a role at here.
      for (const p of permissions) {
        for (const [locationId] of roles) await database.pool.query('insert into user_permissions (user_id, location_id, codename) values ($1, $2, $3)', [u!.id, locationId, p]);
      }
      const key = crypto.randomBytes(20).toString('hex');
      await database.pool.query('insert into auth_tokens (user_id, key_hash) values ($1, $2)', [u!.id, secretHash(key)]);
      return { id: u!.id, token: key };
    },
    close: async () => {
      const problems = answers ? await undocumentedAnswers(app, answers) : [];
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
      if (problems.length) throw new Error(`answers the API document does not describe (OPENAPI_CHECK):\n${problems.join('\n')}`);
    },
  };
}
