// #45 Sending the planned messages: the `message.send` job of the one outbox (message priority, below
// money), and the `message.sweep` job every minute.
// Exactly once: the row is claimed `pending -> sending` (with what will go out: recipient, subject,
// text, an e-mail's Message-ID) and committed before the gateway is called. A second run of the job
// (another process, a retry after a kill -9) finds it not pending and does nothing. A failure the
// gateway answered goes back to `pending` with a new job after a growing delay (first_available: the
// next channel at once, within that one retry), and is `failed` after the last try. An answer lost
// on the way (a timeout after the request left) leaves it `sending`: the sweep reads such rows older
// than 2 minutes back from SMS.ru (sms/status) when its id was stored, else marks them `unknown`,
// never sent again; an e-mail has no status to ask, so it is `unknown` with its Message-ID kept.
// The sweep also reads delivery back: an SMS `sent` becomes `delivered` (or `failed`, undelivered).
// Every outcome is an entry in the order's log (recordEffects).
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Deps } from '../../deps';
import { enqueueJob, enqueueUnlessWaiting } from '../../platform/jobs';
import { recordEffects } from '../../platform/effects';
import { fallbackChannel, type MessageChannel, type MessageKind } from '../../../domain/customerMessages';
import { ORDER_STATUS } from '../../../domain/slotFlags';
import { locationSender } from '../locations/letters';
import { MESSAGE_SEND_JOB, type MessageSendJob } from './plan';
import { messagingOf, smsKeyOf } from './settings';
import { SmsRuError, deliveryOf, sendSms, smsStatuses } from './smsru';
import { orderValues, rendered, templateOf, thankYouOffer } from './templates';
import { marketingRefusal } from './marketing';

export const MESSAGE_SWEEP_JOB = 'message.sweep';
export const MESSAGE_SWEEP_EVERY_MS = 60_000;
/** A send in flight longer than this is read back (or given up as unknown). */
export const SENDING_STALE_MS = 2 * 60_000;
/** Tries of one message before it is `failed`. */
export const MESSAGE_MAX_ATTEMPTS = 4;
/** Delay before the next try: 30 s, 1 min, 2 min... */
const backoffSeconds = (attempts: number) => 30 * 2 ** Math.max(0, attempts - 1);

type MessageRow = {
  id: string; order_id: string; location_id: number; kind: MessageKind; channel: MessageChannel; language: 'ru' | 'en'; state: string;
  attempts: number; gateway_id: string | null; data: Record<string, unknown>;
};

/** One outcome in the order's log. */
async function logOutcome(db: Db, m: Pick<MessageRow, 'id' | 'order_id' | 'kind' | 'channel'>, state: string, extra: Record<string, unknown> = {}): Promise<void> {
  await db.transaction(async (tx) => {
    await recordEffects(tx, { orderLog: { orderId: Number(m.order_id), type: 'message', author: null, data: { message_id: Number(m.id), kind: m.kind, channel: m.channel, state, ...extra } } });
  });
}

/** Why a send cannot go on this channel, before any call: a reason kept as the row's error. */
class CannotSend extends Error {
  constructor(message: string, readonly final = false) {
    super(message);
  }
}

/** The `message.send` job: one try of one message. */
export async function sendMessage(deps: Deps, job: MessageSendJob): Promise<void> {
  const { db, config } = deps;
  const found = await db.execute<MessageRow>(sql`SELECT id, order_id, location_id, kind, channel, language, state, attempts, gateway_id, data FROM messages WHERE id = ${job.messageId}`);
  const m = found.rows[0];
  if (!m || m.state !== 'pending') return;
  const [order] = (await db.execute<{ status: number; email: string | null; phone: string }>(sql`SELECT status, email, phone FROM orders WHERE id = ${m.order_id}`)).rows;
  // A cancel cancels waiting sends in its transaction; this guards one planned before that rule existed.
  if (!order || (order.status === ORDER_STATUS.cancelled && m.kind !== 'cancellation' && m.kind !== 'refund')) {
    await db.execute(sql`UPDATE messages SET state = 'cancelled', updated_at = now() WHERE id = ${m.id} AND state = 'pending'`);
    return;
  }
  const settings = await messagingOf(db, m.location_id);
  // The location turned this channel off since it was planned: nothing goes by it.
  if (!settings.channels.includes(m.channel)) {
    await db.execute(sql`UPDATE messages SET state = 'cancelled', error = 'channel turned off', updated_at = now() WHERE id = ${m.id} AND state = 'pending'`);
    return;
  }
  const contact = { email: !!order.email, phone: order.phone.replace(/\D/g, '').length >= 10 };
  // A thank-you with an offer is marketing: only with the lead guest's consent, never after an unsubscribe.
  if (m.kind === 'thank_you' && await thankYouOffer(db, m.location_id)) {
    const refusal = await marketingRefusal(db, { id: Number(m.order_id), locationId: m.location_id, email: order.email, phone: order.phone });
    if (refusal) {
      const res = await db.execute(sql`UPDATE messages SET state = 'skipped', error = ${refusal}, updated_at = now() WHERE id = ${m.id} AND state = 'pending'`);
      if (res.rowCount) await logOutcome(db, m, 'skipped', { reason: refusal });
      return;
    }
  }
  try {
    const facts = await orderValues(db, { publicUrl: config.publicUrl, widgetSecret: config.widgetSecret }, Number(m.order_id), m.language, m.data);
    if (!facts) throw new CannotSend('order not found', true);
    const text = rendered(m.kind, m.channel, await templateOf(db, m.location_id, m.kind, m.channel, m.language), facts.values);
    if (m.channel === 'email') {
      if (!order.email) throw new CannotSend('the order has no e-mail', true);
      const host = new URL(config.publicUrl).hostname || 'localhost';
      const messageId = `<message-${m.id}.${crypto.randomBytes(6).toString('hex')}@${host}>`;
      if (!(await claim(db, m, { recipient: order.email, subject: text.subject, body: text.body, gatewayId: messageId }))) return;
      try {
        await deps.mailer.send({ to: order.email, subject: text.subject, text: text.body, messageId, ...await locationSender(db, m.location_id, m.language) });
      } catch (err) {
        // A refusal (no connection, a rejected recipient) is a failure; a timeout may have left the letter with the
        // SMTP server: never sent twice, the sweep marks it unknown.
        const code = (err as { code?: string }).code;
        if (code === 'ETIMEDOUT' || code === 'ESOCKET') {
          await db.execute(sql`UPDATE messages SET error = ${String((err as Error).message ?? err).slice(0, 500)}, updated_at = now() WHERE id = ${m.id}`);
          return;
        }
        await failed(deps, { ...m, attempts: m.attempts + 1 }, String((err as Error).message ?? err), settings.channels as MessageChannel[], settings.mode, contact, false);
        return;
      }
      await markSent(db, m, messageId);
      return;
    }
    const apiKey = smsKeyOf(config, settings);
    if (!apiKey) throw new CannotSend('SMS.ru is not set up at this location', true);
    if (!contact.phone) throw new CannotSend('the order has no phone', true);
    const claimed = await db.transaction(async (tx) => {
      // The daily limit, counted and claimed under one lock per location (two processes cannot both take the last one).
      await tx.execute(sql`SELECT pg_advisory_xact_lock(4545, ${m.location_id})`);
      const [{ n }] = (await tx.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM messages m JOIN locations l ON l.id = m.location_id
        WHERE m.location_id = ${m.location_id} AND m.channel = 'sms' AND m.state IN ('sending', 'sent', 'delivered', 'unknown')
          AND m.sending_at >= (date_trunc('day', now() AT TIME ZONE l.timezone) AT TIME ZONE l.timezone)`)).rows as [{ n: number }];
      if (n >= settings.smsDailyLimit) return 'limit' as const;
      return (await claim(tx as unknown as Db, m, { recipient: order.phone, subject: '', body: text.body, gatewayId: null })) ? 'claimed' as const : 'gone' as const;
    });
    if (claimed === 'limit') throw new CannotSend(`the location's daily SMS limit (${settings.smsDailyLimit}) is reached`, true);
    if (claimed === 'gone') return;
    let smsId: string;
    try {
      smsId = await sendSms({ apiUrl: config.smsruApiUrl, apiKey }, { to: order.phone, text: text.body, from: settings.smsSender });
    } catch (err) {
      if (err instanceof SmsRuError && !err.ambiguous) {
        await failed(deps, { ...m, attempts: m.attempts + 1 }, `${err.code ? `${err.code} ` : ''}${err.message}`, settings.channels as MessageChannel[], settings.mode, contact, false);
        return;
      }
      // The request may have reached SMS.ru: never sent again; the sweep reads it back or marks it unknown.
      await db.execute(sql`UPDATE messages SET error = ${String((err as Error).message ?? err).slice(0, 500)}, updated_at = now() WHERE id = ${m.id}`);
      return;
    }
    await markSent(db, m, smsId);
  } catch (err) {
    if (!(err instanceof CannotSend)) throw err;
    await failed(deps, m, err.message, settings.channels as MessageChannel[], settings.mode, contact, err.final);
  }
}

/** pending -> sending, committed before any call; false when another run has it. */
async function claim(db: Db, m: MessageRow, what: { recipient: string; subject: string; body: string; gatewayId: string | null }): Promise<boolean> {
  const res = await db.execute(sql`UPDATE messages SET state = 'sending', sending_at = now(), attempts = attempts + 1, recipient = ${what.recipient},
    subject = ${what.subject || null}, body = ${what.body}, gateway_id = ${what.gatewayId}, error = NULL, updated_at = now()
    WHERE id = ${m.id} AND state = 'pending'`);
  return (res.rowCount ?? 0) > 0;
}

async function markSent(db: Db, m: MessageRow, gatewayId: string): Promise<void> {
  const res = await db.execute(sql`UPDATE messages SET state = 'sent', sent_at = now(), gateway_id = ${gatewayId}, updated_at = now() WHERE id = ${m.id} AND state = 'sending'`);
  if (res.rowCount) await logOutcome(db, m, 'sent');
}

/**
 * A try that did not send: first_available falls back to the next channel at once (once); else
 * the next try after a growing delay; after the last, or a reason no retry mends, `failed`.
 */
async function failed(deps: Deps, m: MessageRow, error: string, channels: MessageChannel[], mode: string, contact: { email: boolean; phone: boolean }, final: boolean): Promise<void> {
  const { db } = deps;
  const next = mode === 'first_available' && !m.data.fell_back_from ? fallbackChannel(channels, m.channel, contact) : null;
  await db.transaction(async (tx) => {
    if (next) {
      await tx.execute(sql`UPDATE messages SET state = 'pending', channel = ${next}, error = ${error.slice(0, 500)}, sending_at = NULL, updated_at = now(),
        data = data || ${JSON.stringify({ fell_back_from: m.channel })}::jsonb WHERE id = ${m.id} AND state IN ('pending', 'sending')`);
      await enqueueJob(tx, MESSAGE_SEND_JOB, { messageId: Number(m.id) } satisfies MessageSendJob);
    } else if (!final && m.attempts < MESSAGE_MAX_ATTEMPTS) {
      await tx.execute(sql`UPDATE messages SET state = 'pending', error = ${error.slice(0, 500)}, sending_at = NULL, updated_at = now() WHERE id = ${m.id} AND state IN ('pending', 'sending')`);
      await enqueueJob(tx, MESSAGE_SEND_JOB, { messageId: Number(m.id) } satisfies MessageSendJob, new Date(Date.now() + backoffSeconds(m.attempts) * 1000));
    } else {
      const res = await tx.execute(sql`UPDATE messages SET state = 'failed', error = ${error.slice(0, 500)}, updated_at = now() WHERE id = ${m.id} AND state IN ('pending', 'sending')`);
      if (res.rowCount) {
        await recordEffects(tx, { orderLog: { orderId: Number(m.order_id), type: 'message', author: null, data: { message_id: Number(m.id), kind: m.kind, channel: m.channel, state: 'failed', error: error.slice(0, 200) } } });
      }
    }
  });
  if (next) await logOutcome(db, m, 'failed', { error: error.slice(0, 200) });
}

/** Books the next sweep unless one is waiting (restarts and processes started together book one). */
export async function scheduleMessageSweep(db: Db, runAt = new Date()): Promise<void> {
  await enqueueUnlessWaiting(db, MESSAGE_SWEEP_JOB, runAt);
}

const BATCH = 200;

/** The sweep: sends left in flight resolved, delivery of sent SMS read back. Answers how many rows it changed. */
export async function sweepMessages(deps: Deps): Promise<number> {
  const { db, config } = deps;
  let changed = 0;
  const stale = (await db.execute<MessageRow>(sql`SELECT id, order_id, location_id, kind, channel, language, state, attempts, gateway_id, data FROM messages
    WHERE state = 'sending' AND sending_at < now() - make_interval(secs => ${SENDING_STALE_MS / 1000}) ORDER BY sending_at LIMIT ${BATCH}`)).rows;
  const sent = (await db.execute<MessageRow>(sql`SELECT id, order_id, location_id, kind, channel, language, state, attempts, gateway_id, data FROM messages
    WHERE state = 'sent' AND channel = 'sms' AND gateway_id IS NOT NULL AND sent_at > now() - interval '3 days' ORDER BY sent_at LIMIT ${BATCH}`)).rows;
  // SMS with an id: asked of SMS.ru, per location (its key), several ids a call.
  const asked = [...stale.filter((m) => m.channel === 'sms' && m.gateway_id), ...sent];
  const statuses = new Map<string, { code: number; text: string }>();
  for (const locationId of new Set(asked.map((m) => m.location_id))) {
    const apiKey = smsKeyOf(config, await messagingOf(db, locationId));
    if (!apiKey) continue;
    const ids = asked.filter((m) => m.location_id === locationId).map((m) => m.gateway_id!);
    try {
      for (const [id, s] of await smsStatuses({ apiUrl: config.smsruApiUrl, apiKey }, ids)) statuses.set(id, s);
    } catch {
      // SMS.ru silent: asked again at the next sweep.
    }
  }
  for (const m of stale) {
    const s = m.gateway_id && m.channel === 'sms' ? statuses.get(m.gateway_id) : undefined;
    if (m.channel === 'sms' && m.gateway_id && !s) continue;
    const d = s ? deliveryOf(s.code) : null;
    const state = d === 'delivered' ? 'delivered' : d === 'in_flight' ? 'sent' : d === 'undelivered' ? 'failed' : 'unknown';
    const error = state === 'unknown' ? (m.channel === 'email' ? `not confirmed; Message-ID ${m.gateway_id ?? '—'}` : 'not confirmed by the gateway') : state === 'failed' ? `${s!.code} ${s!.text}` : null;
    const res = await db.execute(sql`UPDATE messages SET state = ${state}, error = ${error}, updated_at = now(),
      sent_at = CASE WHEN ${state} IN ('sent', 'delivered') THEN COALESCE(sent_at, now()) ELSE sent_at END,
      delivered_at = CASE WHEN ${state} = 'delivered' THEN now() ELSE delivered_at END WHERE id = ${m.id} AND state = 'sending'`);
    if (res.rowCount) {
      changed++;
      await logOutcome(db, m, state, error ? { error } : {});
    }
  }
  for (const m of sent) {
    const s = statuses.get(m.gateway_id!);
    const d = s ? deliveryOf(s.code) : null;
    if (d !== 'delivered' && d !== 'undelivered') continue;
    const state = d === 'delivered' ? 'delivered' : 'failed';
    const res = await db.execute(sql`UPDATE messages SET state = ${state}, error = ${d === 'undelivered' ? `${s!.code} ${s!.text}` : null}, updated_at = now(),
      delivered_at = CASE WHEN ${state} = 'delivered' THEN now() ELSE NULL END WHERE id = ${m.id} AND state = 'sent'`);
    if (res.rowCount) {
      changed++;
      await logOutcome(db, m, state, d === 'undelivered' ? { error: `${s!.code} ${s!.text}` } : {});
    }
  }
  return changed;
}
