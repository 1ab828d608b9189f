// Random secrets (auth tokens, reset keys) handed out once; only their SHA-256 is stored.
import crypto from 'node:crypto';

export function newSecret(bytes = 20): string {
  return crypto.randomBytes(bytes).toString('hex');
}

export function secretHash(secret: string): string {
  return crypto.createHash('sha256').update(secret).digest('hex');
}
