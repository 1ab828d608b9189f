// One embedded PostgreSQL for the whole API run (or TEST_DATABASE_URL, a server you give).
// A template database with the migrations applied is made once; each test file clones it
// (CREATE DATABASE ... TEMPLATE), which takes a few milliseconds.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connect, runMigrations } from '../../server/db/client';
import { startEmbeddedPostgres } from '../../server/db/embedded';
import { seedReference } from '../../server/db/seed/demo';

export const TEMPLATE_DB = 'backoffice_test_template';

export default async function setup(project: TestProject) {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stop: (() => Promise<void>) | undefined;
  let dir: string | undefined;
  if (!adminUrl) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-test-pg-'));
    fs.chmodSync(dir, 0o755);
    const embedded = await startEmbeddedPostgres(path.join(dir, 'pg'));
    adminUrl = embedded.url;
    stop = embedded.stop;
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB}`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${TEMPLATE_DB}`;
  const template = connect(url.toString(), 1);
  await runMigrations(template.db);
  await seedReference(template.db);
  await template.close();
  project.provide('adminDatabaseUrl', adminUrl);
  return async () => {
    if (stop) await stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
  }
}
