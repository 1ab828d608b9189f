// Runs npm scripts side by side (`npm test`'s quick first step: the type check, the unit tests and the
// web build need one core each for half a minute, and the machine has two). Each output line is
// marked with its script; fails when any script fails, after all have ended.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
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

const codes = await Promise.all(scripts.map(run));
process.exit(codes.every((c) => c === 0) ? 0 : 1);
