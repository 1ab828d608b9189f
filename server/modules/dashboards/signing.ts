// Signed, expiring dashboard URLs. The statistics screen embeds our dashboard pages in frames, and a
// frame cannot send the Authorization header; so the API (which checks the token and the role)
// hands out a URL that carries its own proof: HMAC-SHA256 over dashboard, location and expiry under
// DASHBOARD_SECRET (the same for every server process). Changing any of them, or waiting past the
// expiry, makes the page refuse it.
import crypto from 'node:crypto';

export interface SignedParams {
  dashboard: string;
  location: number;
  /** Unix seconds. */
  expires: number;
}

export function dashboardSignature(secret: string, p: SignedParams): string {
  return crypto.createHmac('sha256', secret).update(`${p.dashboard}|${p.location}|${p.expires}`).digest('hex');
}

export function signedQuery(secret: string, p: SignedParams): string {
  return `location=${p.location}&expires=${p.expires}&signature=${dashboardSignature(secret, p)}`;
}

/**
 * True when the signature is right, the URL has not expired, and its expiry is at most `ttlSeconds`
 * away: a URL signed for a far future (by an old or leaked secret, or a longer TTL since shortened)
 * is refused even when its signature is right.
 */
export function verifySignature(secret: string, p: SignedParams, signature: string, ttlSeconds: number, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
  if (!/^[0-9a-f]{64}$/.test(signature) || p.expires <= nowSeconds || p.expires - nowSeconds > ttlSeconds) return false;
  const expected = Buffer.from(dashboardSignature(secret, p), 'hex');
  return crypto.timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
