// The e2e suite in shards side by side (#26): `playwright test --shard=i/n` for each i at once, each
// with its own server port (E2E_PORT + i - 1) and data folder, so its own embedded PostgreSQL and
// demo data; the setup project (auth.setup.ts) signs in within each. Fails when any shard fails.
// E2E_SHARDS sets n (2 by default: the machine's two cores); arguments go on to Playwright.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

const shards = Number(process.env.E2E_SHARDS ?? 2);
const basePort = Number(process.env.E2E_PORT ?? 8123);
const started = Date.now();

function runShard(index: number): Promise<number> {
  const port = basePort + index - 1;
  const child = spawn('npx', ['playwright', 'test', `--shard=${index}/${shards}`, ...process.argv.slice(2)], {
    env: { ...process.env, E2E_PORT: String(port), E2E_DATA_DIR: path.join(os.tmpdir(), `backoffice-e2e-${port}`) },
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

const codes = await Promise.all(Array.from({ length: shards }, (_, i) => runShard(i + 1)));
console.log(`e2e shards: ${codes.map((c, i) => `${i + 1}: ${c === 0 ? 'passed' : `failed (${c})`}`).join(', ')}, ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(codes.every((c) => c === 0) ? 0 : 1);
