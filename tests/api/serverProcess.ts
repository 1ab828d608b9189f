// Real server processes (server/main.ts) for the tests that need more than the in-process app:
// start, health, exit, and an empty database of their own on the test PostgreSQL.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export type ServerProcess = ChildProcess & { output: () => string };

const dirs: string[] = [];

export function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-proc-'));
  fs.chmodSync(dir, 0o755);
  dirs.push(dir);
  return dir;
}

export function removeTempDirs(): void {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

export async function emptyDatabase(adminUrl: string): Promise<string> {
  const name = `p_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export function startServer(env: Record<string, string>, entry = 'server/main.ts'): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: { ...process.env, LOG_LEVEL: 'info', WEB_DIR: path.join(os.tmpdir(), 'no-web-build'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => { out += d; });
  child.stderr!.on('data', (d) => { out += d; });
  return Object.assign(child, { output: () => out });
}

export async function waitHealthy(port: number, child: { output: () => string }): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.ok) return;
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not come up:\n${child.output()}`);
}

export function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.on('exit', (code) => resolve(code)));
}

/** Stops the processes still running (SIGTERM: a graceful stop) and waits for each to exit. */
export async function stopServers(children: ChildProcess[]): Promise<void> {
  await Promise.all(children.map(async (s) => {
    if (s.exitCode !== null || s.signalCode !== null) return;
    const done = exited(s);
    s.kill('SIGTERM');
    await done;
  }));
}

/** `npm run start:cluster` without the web build: server/cluster.ts and its workers. */
export const spawnCluster = (env: Record<string, string>) => startServer(env, 'server/cluster.ts');
