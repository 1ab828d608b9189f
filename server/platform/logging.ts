// The server's pino options, shared by main.ts and the test that proves secrets never reach a log.
import type { LoggerOptions } from 'pino';

/** Long random path segments are secrets (password reset keys, payment links, customers' booking
 * keys); signatures and keys in the query too. A log shows where a request went, not them. */
export function maskUrl(url: string): string {
  return url
    .replace(/(?<=\/)[A-Za-z0-9_~-]{32,}(?=[/?#]|$)/g, '***')
    .replace(/([?&](?:signature|token|key)=)[^&#]*/gi, '$1***');
}

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    // Fastify's request serializer with the URL masked (Fastify merges it over its own).
    serializers: {
      req: (req: { method?: string; url?: string; host?: string; ip?: string; socket?: { remotePort?: number } }) => ({
        method: req.method, url: maskUrl(req.url ?? ''), host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort,
      }),
    },
    // Bodies are never logged; these paths are censored wherever an object with them is logged.
    redact: ['req.headers.authorization', '*.password', '*.password_confirm'],
  };
}
