// Per-file test harness: a fresh database cloned from the migrated template, the real app
// (buildApp) on it, the demo data, a mailer that keeps letters, and helpers to call the API.
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
import { seedDemo } from '../../server/db/seed/demo';
import { createJobWorker } from '../../server/jobs';
import type { Letter, Mailer } from '../../server/platform/mail';
import { resolveSecrets } from '../../server/platform/secrets';
import { TEMPLATE_DB } from './globalSetup';

export interface Harness {
  app: FastifyInstance;
  database: Database;
  config: Config;
  letters: Letter[];
  /** Runs queued jobs (letters) now, as the worker would. */
  runJobs: () => Promise<number>;
  login: (email: string, password: string) => Promise<string>;
  call: (method: string, url: string, opts?: { token?: string; body?: unknown; lang?: string; headers?: Record<string, string> }) => Promise<LightMyRequestResponse>;
  close: () => Promise<void>;
}

export async function createHarness(opts: { demo?: boolean; config?: Partial<Config> } = {}): Promise<Harness> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = connect(url.toString(), 5);
  if (opts.demo !== false) await seedDemo(database.db);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-test-data-'));
  // Secrets as main.ts has them: generated into this database unless opts.config gives some.
  const config: Config = await resolveSecrets(database.db, { ...loadConfig({}), dataDir, publicUrl: 'http://backoffice.test', product: 'backoffice', ...opts.config });
  const letters: Letter[] = [];
  const mailer: Mailer = { send: async (letter) => { letters.push(letter); } };
  const deps = { db: database.db, pool: database.pool, config, mailer };
  const app = await buildApp(deps);
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
    close: async () => {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}
