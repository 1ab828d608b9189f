// `npm run test:drill` (#48): the restore drill of docs/operations.md ("A chain of 500 venues"), done
// as an operator does it, and measured. PostgreSQL archives its WAL (`archive_mode`, a copy to an
// archive folder, `archive_timeout` 5 s here, 60 s in the guide); a base backup is taken while it runs
// (the low-level API: pg_backup_start, a copy of the folder, pg_backup_stop's label); then the desk
// books, and the machine is lost: PostgreSQL killed (SIGKILL) and its folder gone. The backup is
// restored into a new folder with the archive replayed to its end, one server process is started on
// it with SEED_DEMO=false, and the drill reports the two figures the guide asks for:
// - the recovery point: how much acknowledged work before the loss is missing (the span between the
//   newest restored booking and the loss; what was committed but not yet archived is gone);
// - the recovery time: from the start of the restore to `/readyz` answering 200.
// It holds them to what the archive promises: nothing acknowledged more than archive_timeout (and a
// margin for the copy) before the loss is missing, every restored booking is one the desk was told of
// or was in flight, and the restored database serves the day view.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, passwordFileOf, startEmbeddedPostgres, type EmbeddedDatabase } from '../../server/db/embedded';
import { exited, removeTempDirs, stopServers, startServer, tempDir, waitHealthy, type ServerProcess } from '../api/serverProcess';

const ARCHIVE_TIMEOUT_S = 5;
const LOAD_MS = 12_000;
const servers: ServerProcess[] = [];
const databases: EmbeddedDatabase[] = [];

afterAll(async () => {
  await stopServers(servers);
  for (const d of databases) await d.stop().catch(() => undefined);
  removeTempDirs();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** As root the bundled PostgreSQL runs as `postgres` (server/db/embedded.ts): what it reads and writes must be its own. */
const asRoot = process.getuid?.() === 0;
const giveToPostgres = (dir: string) => { if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', dir]); };

/** A Moscow business date `days` ahead (beyond the demo orders). */
function moscowDatePlus(days: number): string {
  const d = new Date(Date.now() + 3 * 3600_000);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

describe('#48 the restore drill', () => {
  it('restores the base backup and the WAL archive after the machine is lost: the recovery point within archive_timeout, the recovery time measured', async () => {
    const root = tempDir();
    const archive = path.join(root, 'archive');
    fs.mkdirSync(archive, { mode: 0o700 });
    giveToPostgres(archive);
    const primaryDir = path.join(root, 'primary');
    const primary = await startEmbeddedPostgres(primaryDir);
    databases.push(primary);
    // Continuous archiving, as the guide sets it (archive_mode needs a restart).
    const admin = new pg.Client({ connectionString: primary.url });
    await admin.connect();
    await admin.query('ALTER SYSTEM SET archive_mode = on');
    await admin.query(`ALTER SYSTEM SET archive_command = 'test ! -f ${archive}/%f && cp %p ${archive}/%f'`);
    await admin.query(`ALTER SYSTEM SET archive_timeout = '${ARCHIVE_TIMEOUT_S}s'`);
    await admin.query('CREATE DATABASE drill');
    await admin.end();
    await primary.stop();
    await primary.start();
    const url = new URL(primary.url);
    url.pathname = '/drill';

    const port = await freePort();
    servers.push(startServer({ PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATA_DIR: tempDir(), DATABASE_URL: url.toString() }));
    await waitHealthy(port, servers[0]!);
    const base = `http://127.0.0.1:${port}`;
    const login = await fetch(`${base}/api/v2.1/login/`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@example.com', password: 'admin123' }),
    });
    const { token } = await login.json() as { token: string };
    const headers = { authorization: `Token ${token}`, 'content-type': 'application/json' };

    // The base backup, while it runs: the folder copied between pg_backup_start and pg_backup_stop on one session.
    const backupDir = path.join(root, 'backup');
    const session = new pg.Client({ connectionString: primary.url });
    await session.connect();
    await session.query(`SELECT pg_backup_start('drill', true)`);
    fs.cpSync(primaryDir, backupDir, {
      recursive: true,
      filter: (src) => !/(^|\/)(postmaster\.pid|postmaster\.opts)$/.test(src) && !src.startsWith(path.join(primaryDir, 'pg_wal') + path.sep),
    });
    const { rows: [stop] } = await session.query<{ labelfile: string }>('SELECT labelfile FROM pg_backup_stop(true)');
    await session.end();
    fs.writeFileSync(path.join(backupDir, 'backup_label'), stop!.labelfile);
    fs.copyFileSync(passwordFileOf(primaryDir), passwordFileOf(backupDir));

    // The desk books: one booking after another on the free sessions of a day 40 days ahead, each acknowledged one noted with its time.
    const date = moscowDatePlus(40);
    const multi = await (await fetch(`${base}/api/v2.2/locations/1/schedule_multi/?date=${date}`, { headers })).json() as {
      playgrounds: { id: number; max_players: number }[];
      schedule: { playground: number; time_start: string; available_persons: number; archived: boolean }[];
    };
    const arena = multi.playgrounds.reduce((a, b) => (b.max_players > a.max_players ? b : a));
    const games = await (await fetch(`${base}/api/v2.2/playgrounds/${arena.id}/games_for_booking/`, { headers })).json() as { id: number }[];
    const free = multi.schedule.filter((s) => s.playground === arena.id && !s.archived && s.available_persons === arena.max_players).map((s) => s.time_start);
    expect(free.length).toBeGreaterThan(3);
    const acknowledged: { id: number; at: number }[] = [];
    const started = Date.now();
    for (let n = 0; Date.now() - started < LOAD_MS; n++) {
      const res = await fetch(`${base}/api/v2.1/booking/`, {
        method: 'POST', headers, body: JSON.stringify({
          playground_id: arena.id, persons: 1, order_type: 1, promocode: null, name: `Drill Guest ${n}`, phone: '+79990003344', email: null,
          bill: false, cancel_delay: null, comment: 'restore-drill', session_dt: free[n % free.length], game_id: games[0]!.id, seller: null, source: 'backoffice',
        }),
      });
      if (res.status === 201) acknowledged.push({ id: (await res.json() as { id: number }).id, at: Date.now() });
      else await res.text();
      await sleep(50);
    }
    expect(acknowledged.length).toBeGreaterThan(20);

    // The machine is lost: PostgreSQL killed where it stands, its folder gone; the process is stopped.
    const lostAt = Date.now();
    const postmaster = Number(fs.readFileSync(path.join(primaryDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    process.kill(postmaster, 'SIGKILL');
    databases.splice(databases.indexOf(primary), 1); // nothing left to stop
    const app = servers[0]!;
    const gone = exited(app);
    app.kill('SIGKILL');
    await gone;
    await sleep(500);
    fs.rmSync(primaryDir, { recursive: true, force: true });

    // The restore: the backup into a new folder, the archive replayed to its end, then promoted.
    const restoreFrom = Date.now();
    const restoredDir = path.join(root, 'restored');
    fs.cpSync(backupDir, restoredDir, { recursive: true });
    fs.copyFileSync(passwordFileOf(backupDir), passwordFileOf(restoredDir));
    for (const sub of ['pg_wal/archive_status', 'pg_wal/summaries']) fs.mkdirSync(path.join(restoredDir, sub), { recursive: true });
    fs.appendFileSync(path.join(restoredDir, 'postgresql.auto.conf'), `restore_command = 'cp ${archive}/%f %p'\narchive_mode = off\n`);
    fs.writeFileSync(path.join(restoredDir, 'recovery.signal'), '');
    fs.chmodSync(restoredDir, 0o700);
    giveToPostgres(restoredDir);
    const restored = await startEmbeddedPostgres(restoredDir);
    databases.push(restored);
    const restoredUrl = new URL(restored.url);
    restoredUrl.pathname = '/drill';
    const port2 = await freePort();
    servers.push(startServer({ PORT: String(port2), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATA_DIR: tempDir(), DATABASE_URL: restoredUrl.toString(), SEED_DEMO: 'false' }));
    for (;;) {
      const ready = await fetch(`http://127.0.0.1:${port2}/readyz`).then((r) => r.status, () => 0);
      if (ready === 200) break;
      if (Date.now() - restoreFrom > 120_000) throw new Error(`not ready in 2 minutes:\n${servers[1]!.output()}`);
      await sleep(100);
    }
    const recoveryTime = Date.now() - restoreFrom;

    const db = new pg.Client({ connectionString: restoredUrl.toString() });
    await db.connect();
    const kept = new Set(((await db.query(`SELECT id::int AS id FROM orders WHERE comment = 'restore-drill'`)).rows as { id: number }[]).map((r) => r.id));
    await db.end();
    const missing = acknowledged.filter((b) => !kept.has(b.id));
    const newestKept = acknowledged.filter((b) => kept.has(b.id)).reduce((t, b) => Math.max(t, b.at), started);
    const recoveryPoint = lostAt - newestKept;
    console.log(`#48 restore drill (archive_timeout ${ARCHIVE_TIMEOUT_S} s): ${acknowledged.length} bookings acknowledged over ${LOAD_MS / 1000} s, `
      + `${kept.size} restored, ${missing.length} missing (all acknowledged in the last ${((lostAt - (missing[0]?.at ?? lostAt)) / 1000).toFixed(1)} s); `
      + `recovery point ${(recoveryPoint / 1000).toFixed(1)} s before the loss; recovery time ${(recoveryTime / 1000).toFixed(1)} s (restore started → /readyz 200)`);

    // Nothing acknowledged before the last archive_timeout (and the copy's moment) is missing.
    expect(missing.filter((b) => b.at < lostAt - (ARCHIVE_TIMEOUT_S + 2) * 1000)).toEqual([]);
    expect(recoveryPoint).toBeLessThanOrEqual((ARCHIVE_TIMEOUT_S + 2) * 1000);
    // Every booking restored is one the desk made (none half-made), and the restored database serves.
    for (const id of kept) expect(acknowledged.some((b) => b.id === id) || id > Math.max(...acknowledged.map((b) => b.id))).toBe(true);
    const login2 = await fetch(`http://127.0.0.1:${port2}/api/v2.1/login/`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@example.com', password: 'admin123' }),
    });
    expect(login2.status).toBe(200);
    const day = await fetch(`http://127.0.0.1:${port2}/api/v2.2/locations/1/schedule_multi/?date=${date}`, {
      headers: { authorization: `Token ${(await login2.json() as { token: string }).token}` },
    });
    expect(day.status).toBe(200);
  }, 240_000);
});
