// #29 The payment providers' secrets at rest: AES-256-GCM under a key the server keeps like its other
// secrets (PAYMENT_PROVIDER_KEY, else made on first start into app_secrets: platform/secrets.ts).
// A stored value is `v1.<iv>.<tag>.<ciphertext>` (base64url); a database dump alone reveals no key.
import crypto from 'node:crypto';

// The server secret is text of any length: hashed to the 32 bytes AES-256 takes.
const keyOf = (secret: string) => crypto.createHash('sha256').update(`payment-provider:${secret}`).digest();

export function seal(secret: string, plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

/** The plain text, or null when the value was sealed under another key or altered (GCM's tag fails). */
export function unseal(secret: string, sealed: string): string | null {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || data === undefined) return null;
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', keyOf(secret), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
