// Runs npm scripts side by side. `npm test` is two such steps: the type check, the unit tests, the web
// build and the API files (each part leaves a core idle somewhere: the type check and the unit tests
// are one process each, the API files wait on PostgreSQL and on servers they start), then the fault
// test and after it the smoke benchmark (one lane), beside the e2e shards (which start their servers
// and sign in meanwhile, and run for many minutes after that lane is done). An argument "a,b" is one
// lane: b starts when a has ended (passed or not), so the two never share the cores with each other.
// Each output line is marked with its script; fails when any script fails, after all have ended.
import { spawn } from 'node:child_process';

const lanes = process.argv.slice(2).map((arg) => arg.split(',').filter(Boolean));
const started = Date.now();

function run(script: string): Promise<number> {
  const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  const mark = (stream: NodeJS.ReadableStream, out: NodeJS.WritableStream) => {
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop()!;
      for (const line of lines) out.write(`[${script}] ${line}\n`);
    });
    stream.on('end', () => { if (rest) out.write(`[${script}] ${rest}\n`); });
  };
  mark(child.stdout, process.stdout);
  mark(child.stderr, process.stderr);
  return new Promise((resolve) => child.on('close', (code) => {
    console.log(`[${script}] ${code === 0 ? 'passed' : `failed (${code})`} after ${Math.round((Date.now() - started) / 1000)} s`);
    resolve(code ?? 1);
  }));
}

async function lane(scripts: string[]): Promise<number[]> {
  const codes: number[] = [];
  for (const script of scripts) codes.push(await run(script));
  return codes;
}

const codes = (await Promise.all(lanes.map(lane))).flat();
process.exit(codes.length > 0 && codes.every((c) => c === 0) ? 0 : 1);
