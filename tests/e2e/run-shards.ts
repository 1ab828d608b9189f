// The e2e suite in shards side by side (#26): each shard is one `playwright test <its files>` at once,
// with its own server port (E2E_PORT + i - 1) and data folder, so its own embedded PostgreSQL and
// demo data; the setup project (auth.setup.ts) signs in within each. Fails when any shard fails.
//
// The files are dealt to the shards by their measured run time (tests/e2e/durations.json, seconds
// per spec file on this kind of machine): longest first, each to the shard with the least so far.
// Playwright's own --shard deals whole files by their number of tests, which put both walks and
// the long specs in one half (794 s against 1285 s). A spec not yet in the file counts as the
// median. `npm run test:e2e -- --update-durations` writes the file from the run's own figures.
//
// E2E_SHARDS sets n: 3 by default (docs/decisions.md, "Three e2e shards, again"): once no spec left
// live screens open behind it (tests/e2e/test.ts), two shards kept the two cores 65-90 % busy and three
// keep them 90-98 %: the clean run's e2e part took 886 s against 1,069 s with two.
// Other arguments go on to Playwright
// and then Playwright's --shard is used (a run of one file, say).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DURATIONS = path.join(ROOT, 'tests/e2e/durations.json');
export const DEFAULT_SHARDS = 3;
const shards = Number(process.env.E2E_SHARDS ?? DEFAULT_SHARDS);
const basePort = Number(process.env.E2E_PORT ?? 8123);
const update = process.argv.includes('--update-durations');
const passOn = process.argv.slice(2).filter((a) => a !== '--update-durations');
const started = Date.now();

/** Spec files in tests/e2e, relative to the project. */
function specFiles(): string[] {
  return fs.readdirSync(path.join(ROOT, 'tests/e2e')).filter((f) => f.endsWith('.spec.ts')).sort()
    .map((f) => `tests/e2e/${f}`);
}

/** Longest first onto the least loaded shard. Exported for its unit test. */
export function deal(files: string[], seconds: Record<string, number>, n: number): string[][] {
  const known = Object.values(seconds).sort((a, b) => a - b);
  const median = known.length ? known[Math.floor(known.length / 2)]! : 60;
  const weight = (f: string) => seconds[f] ?? median;
  const out = Array.from({ length: n }, () => ({ files: [] as string[], total: 0 }));
  for (const f of [...files].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))) {
    const least = out.reduce((a, b) => (b.total < a.total ? b : a));
    least.files.push(f);
    least.total += weight(f);
  }
  return out.map((s) => s.files);
}

function readDurations(): Record<string, number> {
  return fs.existsSync(DURATIONS) ? JSON.parse(fs.readFileSync(DURATIONS, 'utf8')) as Record<string, number> : {};
}

interface JsonSuite { file: string; suites?: JsonSuite[]; specs?: { tests: { results: { duration: number }[] }[] }[] }

/** Seconds per spec file from a Playwright JSON report (every result, retries included). */
function secondsPerFile(report: { suites: JsonSuite[] }): Record<string, number> {
  const out: Record<string, number> = {};
  const add = (file: string, s: JsonSuite) => {
    for (const spec of s.specs ?? []) for (const t of spec.tests) for (const r of t.results) out[file] = (out[file] ?? 0) + r.duration / 1000;
    for (const child of s.suites ?? []) add(file, child);
  };
  for (const s of report.suites) add(`tests/e2e/${path.basename(s.file)}`, s);
  return out;
}

function runShard(index: number, files: string[] | null): Promise<number> {
  const port = basePort + index - 1;
  const report = path.join(os.tmpdir(), `backoffice-e2e-report-${port}.json`);
  const args = files
    ? ['playwright', 'test', ...files, ...(update ? ['--reporter=list,json'] : []), ...passOn]
    : ['playwright', 'test', `--shard=${index}/${shards}`, ...passOn];
  const child = spawn('npx', args, {
    env: { ...process.env, E2E_PORT: String(port), E2E_DATA_DIR: path.join(os.tmpdir(), `backoffice-e2e-${port}`), PLAYWRIGHT_JSON_OUTPUT_NAME: report },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Each line marked with its shard: the two outputs interleave.
  const prefix = (stream: NodeJS.ReadableStream, out: NodeJS.WritableStream) => {
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop()!;
      for (const line of lines) out.write(`[${index}/${shards}] ${line}\n`);
    });
    stream.on('end', () => { if (rest) out.write(`[${index}/${shards}] ${rest}\n`); });
  };
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  return new Promise((resolve) => child.on('close', (code) => {
    console.log(`[${index}/${shards}] finished with ${code} after ${Math.round((Date.now() - started) / 1000)} s`);
    resolve(code ?? 1);
  }));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const dealt = passOn.length ? null : deal(specFiles(), readDurations(), shards);
  if (dealt) dealt.forEach((files, i) => console.log(`[${i + 1}/${shards}] ${files.map((f) => path.basename(f, '.spec.ts')).join(', ')}`));
  const codes = await Promise.all(Array.from({ length: shards }, (_, i) => runShard(i + 1, dealt?.[i] ?? null)));
  console.log(`e2e shards: ${codes.map((c, i) => `${i + 1}: ${c === 0 ? 'passed' : `failed (${c})`}`).join(', ')}, ${Math.round((Date.now() - started) / 1000)} s`);
  if (update && dealt) {
    const measured: Record<string, number> = {};
    for (let i = 0; i < shards; i++) {
      const report = path.join(os.tmpdir(), `backoffice-e2e-report-${basePort + i}.json`);
      if (fs.existsSync(report)) Object.assign(measured, secondsPerFile(JSON.parse(fs.readFileSync(report, 'utf8'))));
    }
    const rounded = Object.fromEntries(Object.entries({ ...readDurations(), ...measured })
      .filter(([f]) => f.endsWith('.spec.ts') && fs.existsSync(path.join(ROOT, f))).sort(([a], [b]) => a.localeCompare(b)).map(([f, s]) => [f, Math.round(s)]));
    fs.writeFileSync(DURATIONS, `${JSON.stringify(rounded, null, 2)}\n`);
    console.log(`wrote ${path.relative(ROOT, DURATIONS)}`);
  }
  process.exit(codes.every((c) => c === 0) ? 0 : 1);
}
