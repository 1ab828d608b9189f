// The server as `npm start` runs it (server/main.ts in its own process): with DATABASE_URL, with the
// embedded PostgreSQL, the demo seed, graceful shutdown, and the seed command.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../../server/db/embedded';
import { emptyDatabase as emptyDatabaseOn, exited, removeTempDirs, spawnCluster, startServer, tempDir, waitHealthy } from './serverProcess';

const adminUrl = inject('adminDatabaseUrl');
const emptyDatabase = () => emptyDatabaseOn(adminUrl);

async function login(port: number): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}/api/v2.1/login/`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: 'admin123' }),
  });
  return res.status;
}

afterAll(removeTempDirs);

describe('server process', () => {
  it('uses DATABASE_URL when set: migrates, seeds demo data, and stops cleanly on SIGTERM', async () => {
    const url = await emptyDatabase();
    const dataDir = tempDir();
    const port = await freePort();
    const server = startServer({ DATABASE_URL: url, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir });
    await waitHealthy(port, server);
    expect(await login(port)).toBe(200);
    // No embedded PostgreSQL was started in the data folder.
    expect(fs.existsSync(path.join(dataDir, 'postgres'))).toBe(false);
    const code = exited(server);
    server.kill('SIGTERM');
    expect(await code).toBe(0);
    expect(server.output()).toContain('stopped cleanly');
    // #29: the start line says the payment mode; the demo data makes it the sandbox's.
    expect(server.output()).toContain('payments: DEMO mode');

    // A second start on the same database seeds nothing new (the seed is idempotent).
    const again = startServer({ DATABASE_URL: url, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir });
    await waitHealthy(port, again);
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    const { rows } = await db.query('select count(*)::int as n from users');
    await db.end();
    expect(rows[0].n).toBe(3);
    expect(again.output()).not.toContain('demo data seeded');
    const code2 = exited(again);
    again.kill('SIGINT');
    expect(await code2).toBe(0);
  }, 60_000);

  it('starts its own embedded PostgreSQL in DATA_DIR/postgres and stops it on SIGTERM', async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const server = startServer({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '' });
    await waitHealthy(port, server);
    expect(fs.existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);
    // Its superuser's password: random, in a file only this user reads (issue #25).
    expect(fs.statSync(path.join(dataDir, 'postgres.password')).mode & 0o777).toBe(0o600);
    expect(await login(port)).toBe(200);
    const pid = Number(fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
    const code = exited(server);
    server.kill('SIGTERM');
    expect(await code).toBe(0);
    // The PostgreSQL process is gone and left no lock file behind: a clean shutdown.
    expect(() => process.kill(pid, 0)).toThrow();
    expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  }, 90_000);

  it('starts again after being killed with SIGKILL, keeping acknowledged changes', async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const first = startServer({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '' });
    await waitHealthy(port, first);
    const loginRes = await fetch(`http://127.0.0.1:${port}/api/v2.1/login/`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'staff@example.com', password: 'staff123' }),
    });
    const { token } = await loginRes.json() as { token: string };
    const me = await (await fetch(`http://127.0.0.1:${port}/api/v2.1/users/am/`, { headers: { authorization: `Token ${token}` } })).json() as { id: number };
    const saved = await fetch(`http://127.0.0.1:${port}/api/v2.1/users/${me.id}/`, {
      method: 'PUT', headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Saved before the crash', phone: '+70000000000', email: 'staff@example.com' }),
    });
    expect(saved.status).toBe(200);
    const dead = exited(first);
    first.kill('SIGKILL');
    await dead;
    // The old PostgreSQL still runs; the new server stops it and starts its own.
    const second = startServer({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '' });
    await waitHealthy(port, second);
    const after = await (await fetch(`http://127.0.0.1:${port}/api/v2.1/users/am/`, { headers: { authorization: `Token ${token}` } })).json() as { name: string };
    expect(after.name).toBe('Saved before the crash');
    const code = exited(second);
    second.kill('SIGTERM');
    expect(await code).toBe(0);
  }, 90_000);

  it('`npm run seed -- --reset` rebuilds the demo data', async () => {
    const url = await emptyDatabase();
    const run = (args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', 'server/db/seed/cli.ts', ...args], {
      env: { ...process.env, DATABASE_URL: url }, encoding: 'utf8',
    });
    expect(run([]).stdout).toContain('Demo data seeded.');
    expect(run([]).stdout).toContain('nothing seeded');
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    await db.query("update users set name = 'Changed' where email = 'admin@example.com'");
    expect(run(['--reset']).stdout).toContain('Demo data seeded.');
    const { rows } = await db.query("select name from users where email = 'admin@example.com'");
    await db.end();
    expect(rows[0].name).toBe('Анна Администратор');
    // Three seeds, each a process of its own that compiles the seed: 70 s at a load of 19 with two
    // API workers, so twice the 60 s it had.
  }, 120_000);
});

describe('cluster', () => {
  it('`npm run start:cluster` runs N processes on one port; a killed worker is replaced; SIGTERM stops all', async () => {
    const url = await emptyDatabase();
    const port = await freePort();
    const primary = spawnCluster({ DATABASE_URL: url, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: tempDir(), CLUSTER_WORKERS: '2', LOG_LEVEL: 'info' });
    await waitHealthy(port, primary);
    const pidsAnswering = async (n: number) => {
      const pids = new Set<number>();
      for (let i = 0; i < n; i++) {
        // A fresh connection each time, so the kernel may hand it to either worker.
        const res = await fetch(`http://127.0.0.1:${port}/healthz`, { headers: { connection: 'close' }, signal: AbortSignal.timeout(2000) }).catch(() => null);
        if (res?.ok) pids.add(((await res.json()) as { pid: number }).pid);
      }
      return pids;
    };
    let pids = new Set<number>();
    for (let round = 0; round < 20 && pids.size < 2; round++) pids = new Set([...pids, ...(await pidsAnswering(20))]);
    expect(pids.size).toBe(2);
    expect(pids.has(primary.pid!)).toBe(false);
    expect(await login(port)).toBe(200);

    // kill -9 one worker: the others keep answering and a new worker takes its place.
    const [victim] = [...pids];
    process.kill(victim!, 'SIGKILL');
    let replaced = false;
    for (let round = 0; round < 300 && !replaced; round++) {
      const now = await pidsAnswering(10);
      replaced = [...now].some((p) => !pids.has(p));
      if (!replaced) await new Promise((r) => setTimeout(r, 200));
    }
    expect(replaced, primary.output().slice(-3000)).toBe(true);
    expect(primary.output()).toContain('worker died; starting another');

    const code = exited(primary);
    primary.kill('SIGTERM');
    expect(await code).toBe(0);
    expect(primary.output()).toContain('cluster stopped cleanly');
  }, 180_000);
});
