// #40 HTTP compression of the built files, made once at build time: after `vite build` every text file
// of dist/ (scripts, styles, pages, SVG) over 1 KB gets a Brotli (.br, the highest quality) and a gzip
// (.gz) copy beside it, kept only when smaller. The server answers with them when the browser accepts
// them (@fastify/static's preCompressed, server/app.ts), so no request spends CPU on compressing a file.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/** What is worth compressing: text. Images and fonts of the build are compressed formats already. */
const TEXT_FILE = /\.(?:js|mjs|css|html|svg|json|txt|xml|map|webmanifest)$/i;
/** Below this a compressed answer saves less than its own headers cost. */
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/** Writes the .br and .gz copies of every text file under `dir`; answers the bytes before and after, per file. */
export function precompressDir(dir: string): { file: string; raw: number; br: number | null; gz: number | null }[] {
  const out: { file: string; raw: number; br: number | null; gz: number | null }[] = [];
  for (const file of filesUnder(dir)) {
    if (!TEXT_FILE.test(file)) continue;
    const raw = fs.readFileSync(file);
    if (raw.length < MIN_BYTES) continue;
    const br = zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
    const gz = zlib.gzipSync(raw, { level: zlib.constants.Z_BEST_COMPRESSION });
    const keep = (copy: Buffer, ext: string) => {
      if (copy.length >= raw.length) return null;
      fs.writeFileSync(`${file}${ext}`, copy);
      return copy.length;
    };
    out.push({ file: path.relative(dir, file), raw: raw.length, br: keep(br, '.br'), gz: keep(gz, '.gz') });
  }
  return out;
}

/** The build step: compresses the output directory once the bundle is written. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) { outDir = path.resolve(config.root, config.build.outDir); },
    closeBundle() {
      const files = precompressDir(outDir);
      const sum = (pick: (f: (typeof files)[number]) => number | null) => files.reduce((n, f) => n + (pick(f) ?? f.raw), 0);
      this.info?.(`precompressed ${files.length} files: ${sum((f) => f.raw)} B, brotli ${sum((f) => f.br)} B, gzip ${sum((f) => f.gz)} B`);
    },
  };
}
