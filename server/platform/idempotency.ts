// Idempotency keys for money writes (Stripe's `Idempotency-Key` header): a client that did not get
// an answer (time-out, dropped connection, a double click) sends the same request with the same key
// again and gets the first answer back, instead of paying twice.
//
// The key is claimed in the same transaction as the write, before anything else is locked: the
// first request inserts its row; a concurrent one with the same key waits on the unique index until
// the first commits and then reads its stored answer (or, if the first failed and rolled back,
// claims the key itself). Only answers of writes that committed are stored, so a refused request
// can be retried as it is. Lock order: the key's row, then whatever the write locks.
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { ApiError, fieldError } from './errors';

/** How long a key is remembered. */
export const IDEMPOTENCY_KEY_HOURS = 24;

export interface IdempotentCall {
  userId: number;
  key: string;
  /** The call (method and route with its ids): a key is good for one call only. */
  scope: string;
  /** The request body: the same key with another body is refused. */
  body: unknown;
  /** Set when the answer was the stored one. */
  replayed?: boolean;
}

const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

/** The request's Idempotency-Key as a call to make once, or undefined when none was sent. */
export function idempotentCall(request: FastifyRequest, userId: number): IdempotentCall | undefined {
  // The OpenAPI document lists the header only on routes that say so: a route that reads it must.
  if (!request.routeOptions.config.idempotent) throw new Error(`${request.routeOptions.url}: reads Idempotency-Key without config.idempotent`);
  const header = request.headers['idempotency-key'];
  if (header === undefined) return undefined;
  const key = Array.isArray(header) ? header.join(',') : header;
  if (!KEY_PATTERN.test(key)) throw fieldError('idempotency_key', 'idempotency_key_invalid');
  const scope = `${request.method} ${request.routeOptions.url ?? ''} ${JSON.stringify(request.params ?? {})}`;
  return { userId, key, scope, body: request.body };
}

function hashOf(call: IdempotentCall): string {
  return crypto.createHash('sha256').update(`${call.scope}\n${JSON.stringify(call.body ?? null)}`).digest('hex');
}

/**
 * Runs `write` once per key, inside `tx` (the write's own transaction): a repeated call answers what
 * the first one answered. Without a call (no header) it just runs `write`.
 */
export async function idempotent<T>(tx: Tx, call: IdempotentCall | undefined, write: () => Promise<T>): Promise<T> {
  if (!call) return write();
  const hash = hashOf(call);
  const claimed = await tx.execute(sql`
    INSERT INTO ${idempotencyKeys} (user_id, key, scope, request_hash) VALUES (${call.userId}, ${call.key}, ${call.scope}, ${hash})
    ON CONFLICT (user_id, key) DO NOTHING RETURNING id`);
  if (claimed.rows.length === 0) {
    const { rows: [stored] } = await tx.execute<{ request_hash: string; response: T; created_at: Date; expired: boolean }>(sql`
      SELECT request_hash, response, created_at < now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS}) AS expired
      FROM ${idempotencyKeys} WHERE user_id = ${call.userId} AND key = ${call.key}`);
    if (stored && !stored.expired) {
      if (stored.request_hash !== hash) throw new ApiError(409, { key: 'idempotency_key_reused' });
      call.replayed = true;
      return stored.response;
    }
    // An expired key is forgotten: this call uses it anew.
    await tx.execute(sql`UPDATE ${idempotencyKeys} SET scope = ${call.scope}, request_hash = ${hash}, response = NULL, created_at = now()
      WHERE user_id = ${call.userId} AND key = ${call.key}`);
  }
  const answer = await write();
  await tx.execute(sql`UPDATE ${idempotencyKeys} SET response = ${JSON.stringify(answer)}::jsonb, status_code = 201
    WHERE user_id = ${call.userId} AND key = ${call.key}`);
  // The caller's other keys past their time go now: the table holds a day of keys per user.
  await tx.execute(sql`DELETE FROM ${idempotencyKeys}
    WHERE user_id = ${call.userId} AND created_at < now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})`);
  return answer;
}
