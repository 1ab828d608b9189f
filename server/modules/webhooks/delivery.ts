// Delivering one webhook attempt (the 'webhook.deliver' job). The body written by the outbox is
// posted as it is, signed `X-Webhook-Signature: sha256=<HMAC-SHA256(body, webhook secret)>`.
// 2xx: delivered. 410: the target is gone; the webhook is switched off. Anything else (another
// status, a timeout, a refused connection): the next attempt is booked as a new job after the
// next delay of RETRY_DELAYS_MINUTES (about three days in all), then the delivery is failed.
// Every attempt is logged in webhook_attempts. A job whose attempt number no longer matches the
// delivery (a crash after our commit, a duplicate) does nothing: deliveries are never doubled
// by the queue, though a receiver may see one again after a crash mid-request (at least once;
// receivers dedupe by event_id / X-Webhook-Delivery).
import crypto from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { webhookAttempts, webhookDeliveries, webhooks } from '../../db/schema';
import { enqueueJob } from '../../platform/jobs';
import { guardedLookup, literalRefused, parseTarget } from './address';
import { DELIVER_JOB, type DeliverJob } from '../../platform/outbox';
import { lockedTransaction } from '../../platform/locks';
import { webhookDeliveriesTotal } from '../../platform/metrics';

/** Minutes to wait before attempt 2, 3, ...: 1 min, 5 min, 15 min, 1 h, 3 h, 6 h, 12 h, 24 h, 24 h (~2.9 days). */
export const RETRY_DELAYS_MINUTES = [1, 5, 15, 60, 180, 360, 720, 1440, 1440] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MINUTES.length + 1;
const TIMEOUT_MS = 10_000;
const EXCERPT_CHARS = 500;
const MAX_READ_BYTES = 64 * 1024;

export function signature(secret: string, body: string): string {
  return `sha256=${crypto.createHmac('sha256', secret).update(body).digest('hex')}`;
}

export interface AttemptResult {
  statusCode: number | null;
  excerpt: string;
  error: string | null;
  durationMs: number;
}

/** One POST; never throws: every outcome is a result to log. */
export function postOnce(target: string, body: string, headers: Record<string, string>, allowPrivate: boolean): Promise<AttemptResult> {
  const started = Date.now();
  const done = (r: Omit<AttemptResult, 'durationMs'>): AttemptResult => ({ ...r, durationMs: Date.now() - started });
  const url = parseTarget(target);
  if (!url) return Promise.resolve(done({ statusCode: null, excerpt: '', error: 'invalid URL' }));
  const literal = literalRefused(url, allowPrivate);
  if (literal) return Promise.resolve(done({ statusCode: null, excerpt: '', error: `refused: ${literal} is a private or local address` }));
  return new Promise((resolve) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
      lookup: guardedLookup(allowPrivate),
      timeout: TIMEOUT_MS,
    }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        if (size < MAX_READ_BYTES) chunks.push(chunk);
        size += chunk.length;
      });
      const finish = () => resolve(done({
        statusCode: res.statusCode ?? null,
        excerpt: Buffer.concat(chunks).toString('utf8').slice(0, EXCERPT_CHARS),
        error: null,
      }));
      res.on('end', finish);
      res.on('error', finish);
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)));
    req.on('error', (err) => resolve(done({ statusCode: null, excerpt: '', error: err.message.slice(0, EXCERPT_CHARS) })));
    req.end(body);
  });
}

/** The job handler. */
export async function deliverWebhook(db: Db, allowPrivate: boolean, job: DeliverJob): Promise<void> {
  const [row] = await db.select({ d: webhookDeliveries, w: webhooks }).from(webhookDeliveries)
    .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId)).where(eq(webhookDeliveries.id, job.deliveryId));
  if (!row || row.d.status !== 'pending' || row.d.attempts !== job.attempt) return;
  if (!row.w.active) {
    await db.update(webhookDeliveries).set({ status: 'skipped', nextAttemptAt: null }).where(eq(webhookDeliveries.id, row.d.id));
    webhookDeliveriesTotal.inc({ result: 'skipped' });
    return;
  }
  const result = await postOnce(row.w.url, row.d.body, {
    'user-agent': 'venue-backoffice-webhooks/1',
    'x-webhook-event': row.d.event,
    'x-webhook-delivery': String(row.d.id),
    'x-webhook-signature': signature(row.w.secret, row.d.body),
  }, allowPrivate);

  const booked = await lockedTransaction(db, async (tx): Promise<string | null> => {
    // Re-read under the row lock: only the process that holds it books the outcome.
    const locked = await tx.execute<{ attempts: number; status: string }>(sql`
      SELECT attempts, status FROM ${webhookDeliveries} WHERE id = ${row.d.id} FOR UPDATE`);
    const current = locked.rows[0];
    if (!current || current.status !== 'pending' || current.attempts !== job.attempt) return null;
    await tx.insert(webhookAttempts).values({
      deliveryId: row.d.id, statusCode: result.statusCode, responseExcerpt: result.excerpt, error: result.error, durationMs: result.durationMs,
    });
    const attempts = job.attempt + 1;
    const code = result.statusCode;
    if (code !== null && code >= 200 && code < 300) {
      await tx.update(webhookDeliveries).set({ status: 'delivered', attempts, deliveredAt: new Date(), nextAttemptAt: null })
        .where(eq(webhookDeliveries.id, row.d.id));
      return 'delivered';
    } else if (code === 410) {
      await tx.update(webhookDeliveries).set({ status: 'gone', attempts, nextAttemptAt: null }).where(eq(webhookDeliveries.id, row.d.id));
      await tx.update(webhooks).set({ active: false, disabledReason: 'HTTP 410 Gone' }).where(eq(webhooks.id, row.w.id));
      return 'gone';
    } else if (attempts >= MAX_ATTEMPTS) {
      await tx.update(webhookDeliveries).set({ status: 'failed', attempts, nextAttemptAt: null }).where(eq(webhookDeliveries.id, row.d.id));
      return 'failed';
    } else {
      const next = new Date(Date.now() + RETRY_DELAYS_MINUTES[attempts - 1]! * 60_000);
      await tx.update(webhookDeliveries).set({ attempts, nextAttemptAt: next }).where(eq(webhookDeliveries.id, row.d.id));
      await enqueueJob(tx, DELIVER_JOB, { deliveryId: row.d.id, attempt: attempts } satisfies DeliverJob, next);
      return 'retrying';
    }
  });
  // Counted once committed: an attempt whose outcome another process booked is not counted twice.
  if (booked) webhookDeliveriesTotal.inc({ result: booked });
}
