// #40 HTTP compression of the JSON answers. The built files have compressed copies made at build
// time (vite.precompress.ts, served by @fastify/static's preCompressed); a JSON answer is made per
// request, so it is compressed here, when it is worth it: at least COMPRESS_MIN_BYTES, to a browser
// that accepts Brotli or gzip. Brotli at quality 4 is about gzip's speed with smaller output; both run
// on libuv's thread pool (zlib's async API), not on the event loop. Streams (CSV, XLSX, the live
// events, files) are left alone: they are not held in memory, and an event stream must not be buffered.
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/** Below this a compressed answer saves less than it costs (headers, a round of the thread pool). */
export const COMPRESS_MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The encoding to answer in: br, else gzip, as Accept-Encoding allows (q=0 refuses one); null for none. */
export function acceptedEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  const text = Array.isArray(header) ? header.join(',') : header ?? '';
  const allowed = new Map<string, number>();
  for (const part of text.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    allowed.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const ok = (name: string) => (allowed.get(name) ?? allowed.get('*') ?? 0) > 0;
  return ok('br') ? 'br' : ok('gzip') ? 'gzip' : null;
}

export function installCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding') || !/^application\/json\b/i.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    const size = Buffer.byteLength(payload);
    if (size < COMPRESS_MIN_BYTES) return payload;
    // A cache between must keep the compressed and the plain answer apart.
    const vary = String(reply.getHeader('vary') ?? '');
    if (!/\baccept-encoding\b/i.test(vary)) reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const body = encoding === 'br'
      ? await brotli(payload, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size } })
      : await gzip(payload, { level: 6 });
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return body;
  });
}
