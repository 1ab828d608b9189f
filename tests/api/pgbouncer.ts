// PgBouncer in front of the test PostgreSQL (issue #31): Debian's `pgbouncer` package, started here with
// an ini and an auth file of its own in a temporary folder, on a free port, in the pooling mode asked.
// Used by tests/api/pooler.test.ts and the benchmark's "through PgBouncer" row.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../../server/db/embedded';

/** The pgbouncer binary (Debian puts it in /usr/sbin, often not on a user's PATH), or null. */
export function findPgbouncer(): string | null {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin', '/sbin'];
  for (const dir of dirs) {
    const file = path.join(dir, 'pgbouncer');
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return file;
    } catch { /* not here */ }
  }
  return null;
}

export interface Pgbouncer {
  /** `directUrl` with PgBouncer's host and port instead: the same database, user and password. */
  url: (directUrl: string) => string;
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * Starts PgBouncer in front of the server of `adminUrl` (any of its databases, as the client names
 * them), with `poolSize` server connections per database and user. It refuses to run as root, so as
 * root it runs as `nobody` (-u).
 */
export async function startPgbouncer(bin: string, adminUrl: string, opts: { mode: 'transaction' | 'session'; poolSize: number; settings?: string[] }): Promise<Pgbouncer> {
  const server = new URL(adminUrl);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-pgbouncer-'));
  fs.chmodSync(dir, 0o755);
  const port = await freePort();
  const user = decodeURIComponent(server.username);
  const password = decodeURIComponent(server.password);
  // The clients are trusted (local, tests); PgBouncer signs in to PostgreSQL with the password here (SCRAM or md5).
  fs.writeFileSync(path.join(dir, 'users.txt'), `"${user}" "${password}"\n`, { mode: 0o644 });
  fs.writeFileSync(path.join(dir, 'pgbouncer.ini'), [
    '[databases]',
    `* = host=${server.hostname} port=${server.port}`,
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${port}`,
    'unix_socket_dir =',
    'auth_type = trust',
    `auth_file = ${path.join(dir, 'users.txt')}`,
    `pool_mode = ${opts.mode}`,
    `default_pool_size = ${opts.poolSize}`,
    'max_client_conn = 500',
    'ignore_startup_parameters = extra_float_digits,options',
    'log_connections = 0',
    'log_disconnections = 0',
    // More of PgBouncer's own settings (the fault test's: how it waits for a restarted PostgreSQL).
    ...(opts.settings ?? []),
    '',
  ].join('\n'), { mode: 0o644 });
  const args = [...(process.getuid?.() === 0 ? ['-u', 'nobody'] : []), path.join(dir, 'pgbouncer.ini')];
  const child: ChildProcess = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d) => { out += d; });
  child.stderr!.on('data', (d) => { out += d; });
  const url = (directUrl: string) => {
    const u = new URL(directUrl);
    u.hostname = '127.0.0.1';
    u.port = String(port);
    return u.toString();
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await gone;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  // Up once a client gets an answer through it.
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`pgbouncer exited:\n${out}`);
    const client = new pg.Client({ connectionString: url(adminUrl) });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('SELECT 1');
      await client.end();
      break;
    } catch (err) {
      await client.end().catch(() => undefined);
      if (i > 100) {
        await stop();
        throw new Error(`pgbouncer did not answer: ${(err as Error).message}\n${out}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return { url, output: () => out, stop };
}
