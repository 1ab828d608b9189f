// Shared measuring helpers of the benchmarks: command-line numbers, percentiles, closed-loop load
// (N clients each sending its next request when the last one is answered) and memory sampling.
import fs from 'node:fs';

/** `--name value` from the command line, or the fallback. */
export function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i > 0 ? Number(process.argv[i + 1]) : NaN;
  return Number.isFinite(v) ? v : fallback;
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

export const round1 = (v: number) => Math.round(v * 10) / 10;

export interface LoadResult {
  /** Completed tasks (errors included). */
  count: number;
  errors: number;
  /** Wall time of the timed part, seconds. */
  seconds: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  /** The first error's text, to tell what went wrong. */
  firstError?: string;
  /** CPU time of the metered processes during the timed part, ms per completed task, by group. */
  cpuPerTask?: Record<string, number>;
}

/** CPU time (user + system) of a process in ms, from /proc; 0 when it is gone. */
export function cpuMsOf(pid: number): number {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(f[11]) + Number(f[12])) * 10; // clock ticks of 10 ms
  } catch {
    return 0;
  }
}

/** Groups of processes whose CPU time a load loop reports per task, e.g. {server, postgres}. */
export type CpuGroups = Record<string, () => number[]>;

/** CPU time so far of each process of each group. */
export function cpuSnapshot(groups: CpuGroups): Map<string, Map<number, number>> {
  return new Map(Object.entries(groups).map(([name, pids]) => [name, new Map(pids().map((p) => [p, cpuMsOf(p)]))]));
}

/**
 * CPU time of each group since `before`, ms per task: per process, so a process that ended in between
 * (a PostgreSQL backend) is not subtracted from the total, and one started in between counts from 0.
 */
export function cpuSince(groups: CpuGroups, before: Map<string, Map<number, number>>, tasks: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, pids] of Object.entries(groups)) {
    const was = before.get(name)!;
    // Processes started in between (a new PostgreSQL backend) count from 0.
    const used = pids().reduce((sum, p) => sum + cpuMsOf(p) - (was.get(p) ?? 0), 0);
    out[name] = Math.round((used / Math.max(1, tasks)) * 100) / 100;
  }
  return out;
}

export function summarize(latencies: number[], seconds: number, errors = 0, firstError?: string): LoadResult {
  const s = [...latencies].sort((a, b) => a - b);
  return {
    count: s.length, errors, seconds, perSecond: s.length / seconds,
    p50: round1(percentile(s, 50)), p95: round1(percentile(s, 95)), p99: round1(percentile(s, 99)), firstError,
  };
}

/**
 * `concurrency` clients run `task` back to back for `seconds` (after `warmupSeconds` not counted).
 * `task` resolves true for success; a thrown error or false counts as an error. `limit` stops early
 * after that many tasks (for finite work such as a list of free sessions).
 */
export async function closedLoop(
  opts: { concurrency: number; seconds: number; warmupSeconds?: number; limit?: number; cpu?: CpuGroups },
  task: (i: number) => Promise<boolean | string>,
): Promise<LoadResult> {
  let next = 0;
  const run = async (until: number, record: number[] | null, state: { errors: number; firstError?: string }) => {
    const worker = async () => {
      while (Date.now() < until && (opts.limit === undefined || next < opts.limit)) {
        const i = next++;
        const t = performance.now();
        let ok: boolean | string;
        try { ok = await task(i); } catch (e) { ok = String(e); }
        if (record) record.push(performance.now() - t);
        if (ok !== true) { state.errors++; state.firstError ??= typeof ok === 'string' ? ok : 'failed'; }
      }
    };
    await Promise.all(Array.from({ length: opts.concurrency }, worker));
  };
  if (opts.warmupSeconds) await run(Date.now() + opts.warmupSeconds * 1000, null, { errors: 0 });
  const latencies: number[] = [];
  const state: { errors: number; firstError?: string } = { errors: 0 };
  const cpuBefore = opts.cpu && cpuSnapshot(opts.cpu);
  const started = performance.now();
  await run(Date.now() + opts.seconds * 1000, latencies, state);
  const result = summarize(latencies, (performance.now() - started) / 1000, state.errors, state.firstError);
  if (opts.cpu) result.cpuPerTask = cpuSince(opts.cpu, cpuBefore!, result.count);
  return result;
}

/**
 * One client runs the tasks in turn, a call each (A, B, C, A, B, ...) for `seconds` after
 * `warmupSeconds`: a drift in the machine's speed, which within a run moved a row by a fifth, hits
 * them alike, so their ratio holds where rows measured minutes apart did not (#49). Each task's
 * figures; its `seconds` is the time spent in its own calls.
 */
export async function alternating<K extends string>(
  opts: { seconds: number; warmupSeconds?: number },
  tasks: Record<K, () => Promise<boolean | string>>,
): Promise<Record<K, LoadResult>> {
  const names = Object.keys(tasks) as K[];
  const runFor = async (seconds: number, record: boolean) => {
    const latencies = Object.fromEntries(names.map((n) => [n, [] as number[]])) as Record<K, number[]>;
    const state = Object.fromEntries(names.map((n) => [n, { errors: 0 } as { errors: number; firstError?: string }])) as Record<K, { errors: number; firstError?: string }>;
    const until = Date.now() + seconds * 1000;
    while (Date.now() < until) {
      for (const name of names) {
        const t = performance.now();
        let ok: boolean | string;
        try { ok = await tasks[name](); } catch (e) { ok = String(e); }
        if (!record) continue;
        latencies[name].push(performance.now() - t);
        if (ok !== true) { state[name].errors++; state[name].firstError ??= typeof ok === 'string' ? ok : 'failed'; }
      }
    }
    return { latencies, state };
  };
  if (opts.warmupSeconds) await runFor(opts.warmupSeconds, false);
  const { latencies, state } = await runFor(opts.seconds, true);
  return Object.fromEntries(names.map((n) => {
    const spent = latencies[n].reduce((a, b) => a + b, 0) / 1000;
    return [n, summarize(latencies[n], spent, state[n].errors, state[n].firstError)];
  })) as Record<K, LoadResult>;
}

/** Resident memory of a process in bytes (Linux /proc), 0 when it is gone. */
export function rssOf(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Samples the RSS of `pid` every `everyMs` until stopped; answers the peak and the first sample. */
export function sampleRss(pid: number, everyMs = 50) {
  const first = rssOf(pid);
  let peak = first;
  const timer = setInterval(() => { peak = Math.max(peak, rssOf(pid)); }, everyMs);
  return { first, stop: () => { clearInterval(timer); peak = Math.max(peak, rssOf(pid)); return peak; } };
}

export const mb = (bytes: number) => Math.round(bytes / 1048576);
