// #40 The app sends HTTP compression: the built files' Brotli and gzip copies made at build time
// (vite.precompress.ts) answer a browser that accepts them, and JSON answers of 1 KB or more are
// compressed per request (server/platform/compression.ts). A client that accepts neither gets the
// plain bytes, and every such answer says it varies by Accept-Encoding.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../vite.precompress';
import { acceptedEncoding } from '../../server/platform/compression';
import { createHarness, type Harness } from './harness';

let h: Harness;
let web: string;
const script = `export const widget = () => ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `session ${i} at 10:00`))};\n`;
const page = `<!doctype html><html lang="ru"><head><script type="module" src="/assets/widget-abc.js"></script></head><body><main id="widget"></main>${'<!-- booking -->'.repeat(100)}</body></html>`;

beforeAll(async () => {
  // A built web app as vite build leaves it (index.html, widget.html, a hashed asset), compressed by the build step.
  web = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-web-'));
  fs.mkdirSync(path.join(web, 'assets'));
  fs.writeFileSync(path.join(web, 'index.html'), page.replace('widget-abc', 'main-abc'));
  fs.writeFileSync(path.join(web, 'widget.html'), page);
  fs.writeFileSync(path.join(web, 'assets', 'widget-abc.js'), script);
  fs.writeFileSync(path.join(web, 'assets', 'tiny-abc.js'), 'export {};\n');
  const made = precompressDir(web);
  expect(made.map((f) => f.file).sort()).toEqual(['assets/widget-abc.js', 'index.html', 'widget.html']);
  for (const f of made) expect(f.br! < f.raw && f.gz! < f.raw, f.file).toBe(true);
  h = await createHarness({ config: { webDir: web } });
}, 60_000);
afterAll(async () => {
  await h?.close();
  fs.rmSync(web, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) => h.app.inject({ method: 'GET', url, headers: encoding === undefined ? {} : { 'accept-encoding': encoding } });
const decoded = (body: Buffer, encoding: string | undefined) =>
  (encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : body).toString('utf8');

describe('the built files (#40)', () => {
  it('answer with the build\'s Brotli or gzip copy as the browser accepts, else the file itself', async () => {
    for (const [accept, want] of [['gzip, deflate, br, zstd', 'br'], ['gzip, deflate', 'gzip'], ['br;q=0, gzip', 'gzip'], ['identity', undefined], [undefined, undefined]] as const) {
      const res = await get('/assets/widget-abc.js', accept);
      expect(res.statusCode, String(accept)).toBe(200);
      expect(res.headers['content-encoding'], String(accept)).toBe(want);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toContain('immutable');
      expect(decoded(res.rawPayload, want)).toBe(script);
      if (want) expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(script) / 3);
    }
    // A file too small to be worth a copy is sent as it is.
    const tiny = await get('/assets/tiny-abc.js', 'br');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('export {};\n');
  });

  it('the widget\'s page and the app\'s page too, with their own caching and framing', async () => {
    const widget = await get('/widget/?location=1', 'gzip, deflate, br');
    expect(widget.statusCode).toBe(200);
    expect(widget.headers).toMatchObject({ 'content-encoding': 'br', 'cache-control': 'no-cache', 'content-type': 'text/html; charset=utf-8' });
    expect(widget.headers['content-security-policy']).toMatch(/frame-ancestors \*$/);
    expect(decoded(widget.rawPayload, 'br')).toBe(page);
    expect((await get('/widget/order/1-abc', 'gzip')).headers['content-encoding']).toBe('gzip');
    const plain = await get('/widget/?location=1');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(page);
    const app = await get('/locations', 'br');
    expect(app.headers['content-encoding']).toBe('br');
    expect(decoded(app.rawPayload, 'br')).toContain('main-abc');
  });
});

describe('JSON answers (#40)', () => {
  it('of 1 KB or more are compressed for a browser that accepts it; smaller ones and other clients get them plain', async () => {
    const plain = await get('/api/public/locations/1/?lang=ru');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    // The location with its consent text: several kilobytes.
    expect(plain.rawPayload.length).toBeGreaterThan(4000);
    for (const [accept, want] of [['gzip, deflate, br', 'br'], ['gzip', 'gzip']] as const) {
      const res = await get('/api/public/locations/1/?lang=ru', accept);
      expect(res.headers['content-encoding']).toBe(want);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(decoded(res.rawPayload, want))).toEqual(plain.json());
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    }
    // Small: not worth it.
    const small = await get('/api/public/locations/1/games/', 'br');
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    // Errors in the DRF shape are JSON like any other answer.
    expect((await get('/api/public/locations/999/', 'br')).json()).toEqual({ detail: 'Не найдено.' });
  });

  it('reads Accept-Encoding with its weights', () => {
    expect(acceptedEncoding('gzip, deflate, br')).toBe('br');
    expect(acceptedEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(acceptedEncoding('*')).toBe('br');
    expect(acceptedEncoding('*;q=0, identity')).toBeNull();
    expect(acceptedEncoding('deflate')).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
  });
});
