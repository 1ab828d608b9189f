// #45 The churn test of customer messages: N desk bookings on a 2-process cluster whose job workers
// send SMS through a local SMS.ru (tests/providers/smsru.ts, real HTTP), 20 % of them moved, 10 %
// cancelled, 5 % made inside the reminder window, a worker killed with SIGKILL at a random moment of
// the changes and once more as the reminders fall due (the cluster forks a new one). The gateway's
// received set must equal the set the benchmark expects from its own actions: a confirmation per
// booking, a change per move, a cancellation per cancel, one reminder per booking of location A made
// before its reminder time and not cancelled; none for location B, whose quiet hours hold its reminder
// time (too close to the session: skipped), none for the bookings made inside the window. Each within
// 60 s of its due time (the row's due_at); duplicates 0 apart from sends in flight at a kill (a row
// left `sending`: the SMS may or may not have left, it is never sent again), counted and reported.
// The server has no test clock: the reminder offset is set so that the reminder time is a minute
// boundary a few minutes ahead (the full run waits for it in real time); the smoke run, which cannot
// wait for a minute boundary, moves the planned reminders' due time and their jobs' run_at earlier
// by one shift in SQL (a test clock of the benchmark's own), and plans its window bookings by a
// larger offset.
import type { BenchDatabase } from './postgres';
import { startBenchServer, type BenchServer } from './server';
import { chainPlaygroundsOf, sessionsFrom, type Chain } from './chain';
import { authHeaders, request } from './http';
import { percentile } from './measure';
import { unlimitedPlayers } from './booking';
import { startLocalSmsRu, type LocalSms } from '../../tests/providers/smsru';
import { addDays } from '../../domain/businessDay';
import { ORDER_STATUS } from '../../domain/slotFlags';
import { formatLocal, instantOfLocal } from '../../domain/zonedTime';

export interface ChurnResult {
  bookings: number; moved: number; cancelled: number; insideWindow: number; expected: number; received: number;
  missing: number; unexpected: number; duplicates: number; inFlightAtKill: number; kills: number;
  sentBeforeCancel: number; cancelledBeforeSent: number;
  lateness: { p50: number; p95: number; max: number }; reminders: number; quietSkipped: number; shifted: boolean; seconds: number;
  /** Calls answered 409 (the session's lock busy) and tried again. */
  busyRetries: number;
  problems: string[];
}

const KEY = 'churn-smsru-key';
const SENDER = 'VR-Arena';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const phoneOf = (i: number) => `+7902${String(i).padStart(7, '0')}`;
const digits = (p: string) => p.replace(/\D/g, '');

interface Booked { i: number; id: number; location: 'A' | 'B'; playgroundId: number; sessionDt: string; phase: 'main' | 'window'; moved?: boolean; cancelled?: boolean; cancelledAt?: number }

/** Runs `work` over items with `concurrency` at once. */
async function pool<T>(items: T[], concurrency: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < items.length) {
      const k = next++;
      await work(items[k]!, k);
    }
  }));
}

export async function runChurn(opts: { database: BenchDatabase; chain: Chain; today: string; bookings: number; leadMinutes: number; shift: boolean; concurrency: number }): Promise<ChurnResult> {
  const t0 = performance.now();
  const { database, chain } = opts;
  const q = async <T>(text: string, params: unknown[] = []) => (await database.pool.query(text, params)).rows as T[];
  const smsru = await startLocalSmsRu();
  smsru.accounts.set(KEY, { senders: [SENDER], balance: '100000.00' });
  let server: BenchServer | undefined;
  const problems: string[] = [];
  try {
    server = await startBenchServer({ databaseUrl: database.url, dataDir: database.dir, workers: 2, env: { SMSRU_API_URL: smsru.url } });
    const s = server;
    const headers = authHeaders(s.token);
    const [idA, idB] = [chain.locationIds[0]!, chain.locationIds[1]!];
    const tzOf = async (id: number) => (await q<{ timezone: string }>('SELECT timezone FROM locations WHERE id = $1', [id]))[0]!.timezone;

    // Sessions of each location starting at one time, far enough ahead for the lead, the 10-minute offset and the quiet margin.
    const now0 = Date.now();
    const earliest = now0 + (opts.leadMinutes + 50) * 60_000;
    const target = async (id: number) => {
      const tz = await tzOf(id);
      const playgrounds = chainPlaygroundsOf(chain, id);
      const sessions = (await sessionsFrom(database, chain, addDays(opts.today, -1), 4, playgrounds)).filter((x) => instantOfLocal(tz, x.sessionDt) >= earliest);
      const first = sessions[0];
      if (!first) throw new Error(`churn: no session of location ${id} in the next days`);
      const at = sessions.filter((x) => x.sessionDt === first.sessionDt).map((x) => x.playgroundId);
      if (at.length < 2) throw new Error(`churn: location ${id} has one playground at ${first.sessionDt}, a move needs two`);
      for (const p of at) await unlimitedPlayers(database, p);
      const startMs = instantOfLocal(tz, first.sessionDt);
      // The reminder time: the first minute boundary at least the lead ahead.
      const offset = Math.floor((startMs - (now0 + opts.leadMinutes * 60_000)) / 60_000);
      return { id, tz, sessionDt: first.sessionDt, playgrounds: at, startMs, offset, reminderMs: startMs - offset * 60_000 };
    };
    const A = await target(idA);
    const B = await target(idB);
    const hhmm = (tz: string, ms: number) => formatLocal(tz, ms).slice(11, 16);
    const kills: number[] = [];
    const kill = () => {
      const pids = s.servingPids();
      const pid = pids[Math.floor(Math.random() * pids.length)];
      if (!pid) return;
      process.kill(pid, 'SIGKILL');
      kills.push(Date.now());
    };
    // A request that a kill cut off is asked again (with the same Idempotency-Key for a booking: made once).
    let busyRetries = 0;
    const call = async (method: string, url: string, body: unknown, key?: string): Promise<{ status: number; body: string }> => {
      for (let attempt = 0; ; attempt++) {
        try {
          const res = await request(`${s.base}${url}`, { method, headers: key ? { ...headers, 'idempotency-key': key } : headers, body, timeoutMs: 20_000 });
          if (res.status >= 500) {
            if (attempt < 60) { await sleep(250); continue; }
          }
          // 409: the session's lock was busy (hundreds of moves into one session at once), nothing was
          // done: tried again after a pause, as the desk's form does when told "try again".
          if (res.status === 409 && attempt < 60) {
            busyRetries++;
            await sleep(100 + Math.random() * 400);
            continue;
          }
          return res;
        } catch (e) {
          if (attempt >= 60) throw e;
          await sleep(250);
        }
      }
    };
    const put = async (id: number, body: Record<string, unknown>) => {
      const res = await call('PUT', `/api/v2.2/locations/${id}/messaging/`, body);
      if (res.status !== 200) throw new Error(`churn: messaging of location ${id}: ${res.status} ${res.body.slice(0, 300)}`);
    };
    const common = { channels: ['sms'], mode: 'first_available', smsru_api_key: KEY, sms_sender: SENDER, sms_daily_limit: 100_000, thank_you: false };
    // A: quiet hours far from the reminder time. B: quiet from just before its reminder time to 10 minutes before the session (skipped).
    await put(A.id, { ...common, reminder_offsets: [A.offset], quiet_from: hhmm(A.tz, A.reminderMs + 6 * 3600_000), quiet_to: hhmm(A.tz, A.reminderMs + 7 * 3600_000) });
    await put(B.id, { ...common, reminder_offsets: [B.offset], quiet_from: hhmm(B.tz, B.reminderMs - 60_000), quiet_to: hhmm(B.tz, B.startMs - 10 * 60_000) });

    const bodyOf = (b: Booked) => ({
      playground_id: b.playgroundId, persons: 1, order_type: 1, name: `Гость ${b.i}`, phone: phoneOf(b.i), email: '',
      session_dt: b.sessionDt, comment: '', source: 'backoffice', language: 'ru',
    });
    const booked: Booked[] = [];
    const book = async (i: number, phase: Booked['phase']) => {
      const loc = i % 5 === 4 ? B : A;
      // Spread over the location's playgrounds at that time (each session its own lock), as a day's bookings are.
      const b: Booked = { i, id: 0, location: loc === A ? 'A' : 'B', playgroundId: loc.playgrounds[i % loc.playgrounds.length]!, sessionDt: loc.sessionDt, phase };
      const res = await call('POST', '/api/v2.1/booking/', bodyOf(b), `churn-${i}`);
      if (res.status !== 201) throw new Error(`churn: booking ${i}: ${res.status} ${res.body.slice(0, 300)}`);
      b.id = (JSON.parse(res.body) as { id: number }).id;
      booked.push(b);
    };

    const n = opts.bookings;
    const nWindow = Math.round(n * 0.05);
    const nMain = n - nWindow;
    const nMove = Math.round(n * 0.2);
    const nCancel = Math.round(n * 0.1);
    // One kill at a random moment of the bookings, moves and cancels.
    const ops = nMain + nMove + nCancel;
    const killAt = Math.floor(ops * (0.1 + 0.8 * Math.random()));
    let done = 0;
    const tick = () => { if (++done === killAt) kill(); };
    await pool(Array.from({ length: nMain }, (_, i) => i), opts.concurrency, async (i) => { await book(i, 'main'); tick(); });
    const shuffled = [...booked].sort(() => Math.random() - 0.5);
    const moving = shuffled.slice(0, nMove);
    const cancelling = shuffled.slice(nMove, nMove + nCancel);
    await pool(moving, opts.concurrency, async (b) => {
      const loc = b.location === 'A' ? A : B;
      const to = { ...b, playgroundId: loc.playgrounds[(loc.playgrounds.indexOf(b.playgroundId) + 1) % loc.playgrounds.length]! };
      const res = await call('PUT', `/api/v2.1/booking/${b.id}/`, bodyOf(to));
      if (res.status !== 200) throw new Error(`churn: move of order ${b.id}: ${res.status} ${res.body.slice(0, 300)}`);
      b.playgroundId = to.playgroundId;
      b.moved = true;
      tick();
    });
    await pool(cancelling, opts.concurrency, async (b) => {
      const res = await call('DELETE', `/api/v2.1/booking/${b.id}/`, undefined);
      const [row] = await q<{ status: number }>('SELECT status FROM orders WHERE id = $1', [b.id]);
      if (res.status >= 300 && row?.status !== ORDER_STATUS.cancelled && res.status !== 404) throw new Error(`churn: cancel of order ${b.id}: ${res.status} ${res.body.slice(0, 300)}`);
      b.cancelled = true;
      b.cancelledAt = Date.now();
      tick();
    });
    const reminderAt = Math.min(A.reminderMs, B.reminderMs);
    if (Date.now() > reminderAt - 3000) {
      throw new Error(`churn: the bookings and changes took ${Math.round((Date.now() - now0) / 1000)} s, past the reminder time ${opts.leadMinutes} min ahead: more lead is needed on this machine`);
    }
    // The reminder time: waited for, or (smoke) brought forward to 2 s from now.
    let shiftMs = 0;
    if (opts.shift) {
      shiftMs = reminderAt - (Date.now() + 2000);
      await q(`WITH r AS (UPDATE messages SET due_at = due_at - make_interval(secs => $1 / 1000.0) WHERE location_id = ANY($2) AND kind = 'reminder' AND state = 'pending' RETURNING id)
        UPDATE jobs SET run_at = run_at - make_interval(secs => $1 / 1000.0) WHERE kind = 'message.send' AND done_at IS NULL AND (payload->>'messageId')::bigint IN (SELECT id FROM r)`, [shiftMs, [A.id, B.id]]);
    }
    const dueA = A.reminderMs - shiftMs;
    while (Date.now() < dueA) await sleep(Math.min(1000, dueA - Date.now()));
    // The second kill, as the reminders go out.
    await sleep(Math.random() * 1500);
    kill();
    // Bookings inside the window: the reminder time has passed (smoke: a larger offset says so).
    if (opts.shift) {
      await put(A.id, { reminder_offsets: [Math.min(7 * 24 * 60, Math.ceil((A.startMs - Date.now()) / 60_000) + 1)] });
      await put(B.id, { reminder_offsets: [Math.min(7 * 24 * 60, Math.ceil((B.startMs - Date.now()) / 60_000) + 1)] });
    }
    await pool(Array.from({ length: nWindow }, (_, i) => nMain + i), opts.concurrency, async (i) => { await book(i, 'window'); });

    // What the gateway must receive, from the benchmark's own actions: [phone digits, kind] -> count.
    const expected = new Map<string, number>();
    // A cancel cancels what was still waiting: a cancelled order's confirmation or change may have gone before it, or never.
    const optional = new Map<string, Booked>();
    const add = (b: Booked, kind: string) => { const k = `${digits(phoneOf(b.i))} ${kind}`; expected.set(k, (expected.get(k) ?? 0) + 1); };
    for (const b of booked) {
      if (b.cancelled) {
        optional.set(`${digits(phoneOf(b.i))} confirmation`, b);
        if (b.moved) optional.set(`${digits(phoneOf(b.i))} change`, b);
      } else {
        add(b, 'confirmation');
        if (b.moved) add(b, 'change');
      }
      if (b.cancelled) add(b, 'cancellation');
      if (b.location === 'A' && b.phase === 'main' && !b.cancelled) add(b, 'reminder');
    }
    const expectedTotal = [...expected.values()].reduce((a, v) => a + v, 0); // the optional ones are not counted
    type Msg = { id: string; kind: string; state: string; recipient: string; body: string | null; gateway_id: string | null; due_at: Date; sending_at: Date | null; location_id: number; error: string | null };
    const rows = () => q<Msg>('SELECT id, kind, state, recipient, body, gateway_id, due_at, sending_at, location_id, error FROM messages WHERE location_id = ANY($1)', [[A.id, B.id]]);
    // Wait until every expected send arrived (the gateway's count) or 65 s after the last due time.
    const lastDue = Date.now();
    while (Date.now() < lastDue + 65_000) {
      const left = (await rows()).filter((m) => m.state === 'pending').length;
      if (smsru.sent.length >= expectedTotal && left === 0) break;
      if (left === 0 && (await rows()).every((m) => m.state !== 'pending') && Date.now() > lastDue + 5000) break;
      await sleep(500);
    }
    await sleep(1500); // late duplicates, if any

    const all = await rows();
    const byGateway = new Map(all.filter((m) => m.gateway_id).map((m) => [m.gateway_id!, m]));
    const inFlight = all.filter((m) => m.state === 'sending' || m.state === 'unknown');
    const inFlightKeys = new Set(inFlight.map((m) => `${digits(m.recipient)} ${m.kind}`));
    const received = new Map<string, number>();
    const lateness: number[] = [];
    const classify = (sms: LocalSms) => byGateway.get(sms.id) ?? inFlight.find((m) => digits(m.recipient) === sms.to && m.body === sms.msg);
    let unclassified = 0;
    let unexpectedAfterCancel = 0;
    let sentBeforeCancel = 0;
    for (const sms of smsru.sent) {
      const m = classify(sms);
      if (!m) { unclassified++; continue; }
      const k = `${sms.to} ${m.kind}`;
      const opt = optional.get(k);
      if (opt) {
        // Claimed after the cancel had answered: a send after a cancel.
        if (m.sending_at && new Date(m.sending_at).getTime() > opt.cancelledAt!) { unexpectedAfterCancel++; if (problems.length < 5) problems.push(`sent after its cancel: ${k}`); }
        else sentBeforeCancel++;
      }
      received.set(k, (received.get(k) ?? 0) + 1);
      lateness.push(Math.max(0, sms.at - new Date(m.due_at).getTime()));
    }
    let missing = 0; let unexpected = 0; let duplicates = 0;
    let inFlightNotReceived = 0;
    for (const k of new Set([...expected.keys(), ...received.keys()])) {
      const r = received.get(k) ?? 0;
      const e = optional.has(k) ? Math.min(1, r) : expected.get(k) ?? 0;
      if (r < e) {
        if (inFlightKeys.has(k)) inFlightNotReceived += e - r;
        else { missing += e - r; if (problems.length < 5) problems.push(`missing: ${k}`); }
      } else if (r > e) {
        if (e === 0) { unexpected += r; if (problems.length < 5) problems.push(`unexpected: ${k}`); }
        else duplicates += r - e;
        if (e > 0 && !inFlightKeys.has(k) && problems.length < 5) problems.push(`duplicate not in flight at a kill: ${k}`);
      }
    }
    const unexplainedDuplicates = [...received.entries()].filter(([k, r]) => r > (expected.get(k) ?? 0) && (expected.get(k) ?? 0) > 0 && !inFlightKeys.has(k)).length
      + [...received.entries()].filter(([k, r]) => optional.has(k) && r > 1 && !inFlightKeys.has(k)).length;
    if (unclassified) problems.push(`${unclassified} SMS the gateway received match no message row`);
    lateness.sort((a, b) => a - b);
    const late = { p50: percentile(lateness, 50) / 1000, p95: percentile(lateness, 95) / 1000, max: (lateness.at(-1) ?? 0) / 1000 };
    const quietSkipped = all.filter((m) => m.location_id === B.id && m.kind === 'reminder' && m.state === 'skipped').length;
    if (late.max > 60) problems.push(`a send came ${late.max.toFixed(1)} s after its due time (at most 60 s)`);
    unexpected += unexpectedAfterCancel;
    if (missing || unexpected || unexplainedDuplicates) problems.push(`received set differs: ${missing} missing, ${unexpected} unexpected, ${unexplainedDuplicates} duplicates outside a kill's sends in flight`);
    if (!quietSkipped) problems.push('no reminder of the quiet-hours location was skipped: the quiet hours were not exercised');
    void inFlightNotReceived;
    return {
      sentBeforeCancel, cancelledBeforeSent: optional.size - sentBeforeCancel,
      bookings: booked.length, moved: moving.length, cancelled: cancelling.length, insideWindow: nWindow, expected: expectedTotal, received: smsru.sent.length,
      missing, unexpected, duplicates, inFlightAtKill: inFlight.length, kills: kills.length, lateness: late,
      reminders: [...received.entries()].filter(([k]) => k.endsWith(' reminder')).reduce((a, [, v]) => a + v, 0), quietSkipped,
      shifted: opts.shift, seconds: (performance.now() - t0) / 1000, busyRetries, problems,
    };
  } finally {
    await server?.stop();
    await smsru.close();
  }
}
