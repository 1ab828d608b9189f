// A light HTTP client for the load loops: node:http with keep-alive (fetch costs the load driver,
// which shares the CPU with the server, several times more per request).
import http from 'node:http';

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

export interface HttpAnswer {
  status: number;
  body: string;
}

/**
 * `timeoutMs`: no answer by then is an error (a request handed to a worker killed at that moment can
 * wait for ever; a client gives up and tries again, with its Idempotency-Key where it has one).
 */
export function request(url: string, opts: { method?: string; headers?: Record<string, string>; body?: unknown; timeoutMs?: number } = {}): Promise<HttpAnswer> {
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      agent, method: opts.method ?? 'GET',
      headers: { ...opts.headers, ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.setTimeout(opts.timeoutMs ?? 60_000, () => req.destroy(new Error(`no answer from ${url} in ${(opts.timeoutMs ?? 60_000) / 1000} s`)));
    req.on('error', reject);
    req.end(payload);
  });
}

export const authHeaders = (token: string) => ({ authorization: `Token ${token}`, 'accept-language': 'ru' });
