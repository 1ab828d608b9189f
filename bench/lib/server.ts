// Real server processes for the benchmarks: `server/main.ts` (one process) or `server/cluster.ts`
// with CLUSTER_WORKERS (several), against the benchmark's PostgreSQL, as in production (logging
// at info to a file, no demo seed). `stop` sends SIGTERM and waits for the exit.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '../../server/db/embedded';
import { waitHealthy, exited } from '../../tests/api/serverProcess';

export interface BenchServer {
  base: string;
  /** The process that serves (main.ts) or the cluster's primary. */
  pid: number;
  /** Pids that serve requests (the workers of a cluster). */
  servingPids: () => number[];
  token: string;
  stop: () => Promise<void>;
}

function childPids(pid: number): number[] {
  try {
    return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/**
 * `nodeArgs`: extra Node flags for the server process, e.g. ['--cpu-prof'] when profiling; `webDir`: serve the built app;
 * `env`: more settings (issue #31: DATABASE_PREPARED_STATEMENTS, which is on unless given here: the benchmark's database is direct).
 */
export async function startBenchServer(opts: { databaseUrl: string; dataDir: string; workers?: number; nodeArgs?: string[]; webDir?: string; env?: Record<string, string> }): Promise<BenchServer> {
  const port = await freePort();
  const workers = opts.workers ?? 1;
  const entry = workers > 1 ? 'server/cluster.ts' : 'server/main.ts';
  const logFile = path.join(opts.dataDir, `server-${port}.log`);
  const log = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), '--import', 'tsx', entry], {
    env: {
      ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: opts.databaseUrl, DATA_DIR: opts.dataDir,
      CLUSTER_WORKERS: String(workers), SEED_DEMO: 'false', LOG_LEVEL: 'info', LOGIN_MAX_FAILURES: '1000000',
      WEB_DIR: opts.webDir ?? path.join(opts.dataDir, 'no-web-build'), WEBHOOK_ALLOW_PRIVATE: 'true',
      DATABASE_PREPARED_STATEMENTS: 'on', ...opts.env,
    },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const output = () => fs.readFileSync(logFile, 'utf8').slice(-4000);
  const gone = exited(child);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await gone;
  };
  try {
    // A server that exits while starting fails at once, with its output (not after waitHealthy's minute).
    await Promise.race([
      waitHealthy(port, { output }),
      gone.then((code) => { throw new Error(`${entry} exited (${code ?? child.signalCode}) before it was up:\n${output()}`); }),
    ]);
    const base = `http://127.0.0.1:${port}`;
    // Every worker must be up before the clock starts: each logs the line once.
    for (let i = 0; i < 600 && (fs.readFileSync(logFile, 'utf8').match(/back-office is up/g)?.length ?? 0) < workers; i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    const res = await fetch(`${base}/api/v2.1/login/`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'admin123' }),
    });
    if (!res.ok) throw new Error(`login: ${res.status} ${await res.text()}`);
    const { token } = (await res.json()) as { token: string };
    return { base, pid: child.pid!, servingPids: () => (workers > 1 ? childPids(child.pid!) : [child.pid!]), token, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}
