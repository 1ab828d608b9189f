// One embedded PostgreSQL for the whole API run (or TEST_DATABASE_URL, a server you give).
// A template database with the migrations applied is made once, and a second one with the demo data
// on top; each test file clones one of them (CREATE DATABASE ... TEMPLATE), which takes a few
// milliseconds where seeding the demo data took a second or two of CPU per file (#28 test-suite time).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connect, runMigrations } from '../../server/db/client';
import { startEmbeddedPostgres } from '../../server/db/embedded';
import { seedDemo, seedReference } from '../../server/db/seed/demo';

export const TEMPLATE_DB = 'backoffice_test_template';
/** The template with the demo data (server/db/seed/demo.ts) as a fresh install seeds it. */
export const DEMO_TEMPLATE_DB = 'backoffice_test_demo';

export default async function setup(project: TestProject) {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stop: (() => Promise<void>) | undefined;
  let dir: string | undefined;
  if (!adminUrl) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-test-pg-'));
    fs.chmodSync(dir, 0o755);
    // The API suite's database is thrown away (server/db/embedded.ts throwawayFlags); the fault tests,
    // which share this setup, keep PostgreSQL's durable settings.
    const embedded = await startEmbeddedPostgres(path.join(dir, 'pg'), undefined, { throwaway: project.name === 'api' });
    adminUrl = embedded.url;
    stop = embedded.stop;
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DEMO_TEMPLATE_DB}`);
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB}`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  const server = adminUrl;
  const at = (name: string) => {
    const url = new URL(server);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const template = connect(at(TEMPLATE_DB), 1);
  await runMigrations(template.db);
  await seedReference(template.db);
  await template.close();
  // The fault test starts servers of its own (they seed): only the API files' harness clones this.
  if (project.name === 'api') {
    await admin.query(`CREATE DATABASE ${DEMO_TEMPLATE_DB} TEMPLATE ${TEMPLATE_DB}`);
    const demo = connect(at(DEMO_TEMPLATE_DB), 1);
    await seedDemo(demo.db);
    await demo.close();
  }
  await admin.end();
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
