// #45 Sending the planned messages: the `message.send` job of the one outbox (message priority, below
// money; the worker hands the ones due together to one run, up to 100, see sendMessages), and the
// `message.sweep` job every minute.
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
import { SMSRU_NUMBERS_PER_CALL, SmsRuError, deliveryOf, sendSmsMany, smsStatuses, type SmsOutcome } from './smsru';
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

/** A message the batch will try, rendered: its row, its order's contacts, its location's settings and its text. */
interface Ready {
  m: MessageRow; email: string | null; phone: string; settings: Settings; contact: { email: boolean; phone: boolean };
  text: { subject: string; body: string };
}
type Settings = Awaited<ReturnType<typeof messagingOf>>;
type Loaded = MessageRow & { order_status: number | null; email: string | null; phone: string | null };

/**
 * One try of each of several messages (the worker hands the `message.send` jobs due together, up
 * to 100): each row and order read in one query, rendered with each location's settings and
 * templates read once, the SMS of a location claimed together under its daily limit and sent in
 * calls of up to 100 numbers. A morning's reminders, all due at one time, go out in seconds.
 */
export async function sendMessages(deps: Deps, batch: MessageSendJob[]): Promise<void> {
  const { db, config } = deps;
  const ids = [...new Set(batch.map((j) => Number(j.messageId)))];
  if (!ids.length) return;
  const rows = (await db.execute<Loaded>(sql`SELECT m.id, m.order_id, m.location_id, m.kind, m.channel, m.language, m.state, m.attempts, m.gateway_id, m.data,
      o.status AS order_status, o.email, o.phone
    FROM messages m LEFT JOIN orders o ON o.id = m.order_id
    WHERE m.id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) AND m.state = 'pending' ORDER BY m.id`)).rows;
  const settingsCache = new Map<number, Promise<Settings>>();
  const settingsOf = (locationId: number) => {
    if (!settingsCache.has(locationId)) settingsCache.set(locationId, messagingOf(db, locationId));
    return settingsCache.get(locationId)!;
  };
  const cancelled: string[] = [];
  const channelOff: string[] = [];
  const going: { m: Loaded; settings: Settings }[] = [];
  for (const m of rows) {
    // A cancel cancels waiting sends in its transaction; this guards one planned before that rule existed.
    if (m.order_status === null || (m.order_status === ORDER_STATUS.cancelled && m.kind !== 'cancellation' && m.kind !== 'refund')) { cancelled.push(m.id); continue; }
    const settings = await settingsOf(m.location_id);
    // The location turned this channel off since it was planned: nothing goes by it.
    if (!settings.channels.includes(m.channel)) { channelOff.push(m.id); continue; }
    // A thank-you with an offer is marketing: only with the lead guest's consent, never after an unsubscribe.
    if (m.kind === 'thank_you' && await thankYouOffer(db, m.location_id)) {
      const refusal = await marketingRefusal(db, { id: Number(m.order_id), locationId: m.location_id, email: m.email, phone: m.phone ?? '' });
      if (refusal) {
        const res = await db.execute(sql`UPDATE messages SET state = 'skipped', error = ${refusal}, updated_at = now() WHERE id = ${m.id} AND state = 'pending'`);
        if (res.rowCount) await logOutcome(db, m, 'skipped', { reason: refusal });
        continue;
      }
    }
    going.push({ m, settings });
  }
  const idList = (list: string[]) => sql.join(list.map((id) => sql`${id}`), sql`, `);
  if (cancelled.length) await db.execute(sql`UPDATE messages SET state = 'cancelled', updated_at = now() WHERE id IN (${idList(cancelled)}) AND state = 'pending'`);
  if (channelOff.length) await db.execute(sql`UPDATE messages SET state = 'cancelled', error = 'channel turned off', updated_at = now() WHERE id IN (${idList(channelOff)}) AND state = 'pending'`);

  const links = { publicUrl: config.publicUrl, widgetSecret: config.widgetSecret };
  const values = await orderValues(db, links, going.map(({ m }) => ({ orderId: Number(m.order_id), lang: m.language, data: m.data })));
  const templates = new Map<string, ReturnType<typeof templateOf>>();
  const templateFor = (m: MessageRow) => {
    const k = `${m.location_id} ${m.kind} ${m.channel} ${m.language}`;
    if (!templates.has(k)) templates.set(k, templateOf(db, m.location_id, m.kind, m.channel, m.language));
    return templates.get(k)!;
  };
  const emails: Ready[] = [];
  const sms: Ready[] = [];
  for (const [i, { m, settings }] of going.entries()) {
    const phone = m.phone ?? '';
    const contact = { email: !!m.email, phone: phone.replace(/\D/g, '').length >= 10 };
    const facts = values[i];
    let cannot: string | null = null;
    if (!facts) cannot = 'order not found';
    else if (m.channel === 'email' && !m.email) cannot = 'the order has no e-mail';
    else if (m.channel === 'sms' && !smsKeyOf(config, settings)) cannot = 'SMS.ru is not set up at this location';
    else if (m.channel === 'sms' && !contact.phone) cannot = 'the order has no phone';
    if (cannot) {
      await failed(deps, m, cannot, settings.channels as MessageChannel[], settings.mode, contact, true);
      continue;
    }
    const text = rendered(m.kind, m.channel, await templateFor(m), facts!.values);
    (m.channel === 'email' ? emails : sms).push({ m, email: m.email, phone, settings, contact, text });
  }
  for (const r of emails) await sendEmail(deps, r);
  for (const locationId of new Set(sms.map((r) => r.m.location_id))) await sendSmsOf(deps, sms.filter((r) => r.m.location_id === locationId));
}

/** One e-mail: claimed with its Message-ID, sent over SMTP (or into the mail folder), marked sent. */
async function sendEmail(deps: Deps, r: Ready): Promise<void> {
  const { db, config } = deps;
  const { m } = r;
  const host = new URL(config.publicUrl).hostname || 'localhost';
  const messageId = `<message-${m.id}.${crypto.randomBytes(6).toString('hex')}@${host}>`;
  if (!(await claim(db, m, { recipient: r.email!, subject: r.text.subject, body: r.text.body, gatewayId: messageId }))) return;
  try {
    await deps.mailer.send({ to: r.email!, subject: r.text.subject, text: r.text.body, messageId, ...await locationSender(db, m.location_id, m.language) });
  } catch (err) {
    // A refusal (no connection, a rejected recipient) is a failure; a timeout may have left the letter with the
    // SMTP server: never sent twice, the sweep marks it unknown.
    const code = (err as { code?: string }).code;
    if (code === 'ETIMEDOUT' || code === 'ESOCKET') {
      await db.execute(sql`UPDATE messages SET error = ${String((err as Error).message ?? err).slice(0, 500)}, updated_at = now() WHERE id = ${m.id}`);
      return;
    }
    await failed(deps, { ...m, attempts: m.attempts + 1 }, String((err as Error).message ?? err), r.settings.channels as MessageChannel[], r.settings.mode, r.contact, false);
    return;
  }
  await markSent(db, [{ m, gatewayId: messageId }]);
}

/**
 * A location's SMS of the batch: claimed together under the daily limit (counted and claimed under
 * one lock per location: two processes cannot both take the last one), then sent in calls of up to
 * 100 numbers, each number once a call; each number's answer settles its own message.
 */
async function sendSmsOf(deps: Deps, list: Ready[]): Promise<void> {
  const { db, config } = deps;
  const { m: first, settings } = list[0]!;
  const claimed = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(4545, ${first.location_id})`);
    const [{ n }] = (await tx.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM messages m JOIN locations l ON l.id = m.location_id
      WHERE m.location_id = ${first.location_id} AND m.channel = 'sms' AND m.state IN ('sending', 'sent', 'delivered', 'unknown')
        AND m.sending_at >= (date_trunc('day', now() AT TIME ZONE l.timezone) AT TIME ZONE l.timezone)`)).rows as [{ n: number }];
    const room = Math.max(0, settings.smsDailyLimit - n);
    const taking = list.slice(0, room);
    if (!taking.length) return { ids: new Set<string>(), over: list };
    const res = await tx.execute<{ id: string }>(sql`UPDATE messages SET state = 'sending', sending_at = now(), attempts = messages.attempts + 1,
        recipient = v.recipient, subject = NULL, body = v.body, gateway_id = NULL, error = NULL, updated_at = now()
      FROM (VALUES ${sql.join(taking.map((r) => sql`(${r.m.id}::bigint, ${r.phone}::text, ${r.text.body}::text)`), sql`, `)}) AS v(id, recipient, body)
      WHERE messages.id = v.id AND messages.state = 'pending' RETURNING messages.id`);
    return { ids: new Set(res.rows.map((x) => String(x.id))), over: list.slice(room) };
  });
  for (const r of claimed.over) {
    await failed(deps, r.m, `the location's daily SMS limit (${settings.smsDailyLimit}) is reached`, settings.channels as MessageChannel[], settings.mode, r.contact, true);
  }
  const apiKey = smsKeyOf(config, settings)!;
  // Calls of up to 100 numbers, each number once a call (a second message to one number goes in the next call).
  const calls: Ready[][] = [];
  for (const r of list.filter((x) => claimed.ids.has(String(x.m.id)))) {
    const digits = r.phone.replace(/\D/g, '');
    const open = calls.find((c) => c.length < SMSRU_NUMBERS_PER_CALL && !c.some((x) => x.phone.replace(/\D/g, '') === digits));
    if (open) open.push(r); else calls.push([r]);
  }
  for (const call of calls) {
    let outcomes: Map<string, SmsOutcome>;
    try {
      outcomes = await sendSmsMany({ apiUrl: config.smsruApiUrl, apiKey }, settings.smsSender, call.map((r) => ({ to: r.phone, text: r.text.body })));
    } catch (err) {
      if (err instanceof SmsRuError && !err.ambiguous) {
        for (const r of call) await failed(deps, { ...r.m, attempts: r.m.attempts + 1 }, `${err.code ? `${err.code} ` : ''}${err.message}`, settings.channels as MessageChannel[], settings.mode, r.contact, false);
        continue;
      }
      // The request may have reached SMS.ru: never sent again; the sweep reads them back or marks them unknown.
      await db.execute(sql`UPDATE messages SET error = ${String((err as Error).message ?? err).slice(0, 500)}, updated_at = now()
        WHERE id IN (${sql.join(call.map((r) => sql`${r.m.id}`), sql`, `)})`);
      continue;
    }
    const sent: { m: MessageRow; gatewayId: string }[] = [];
    for (const r of call) {
      const o = outcomes.get(r.phone.replace(/\D/g, ''))!;
      if ('smsId' in o) sent.push({ m: r.m, gatewayId: o.smsId });
      else await failed(deps, { ...r.m, attempts: r.m.attempts + 1 }, `${o.code ? `${o.code} ` : ''}${o.text}`, settings.channels as MessageChannel[], settings.mode, r.contact, false);
    }
    await markSent(db, sent);
  }
}

/** pending -> sending, committed before any call; false when another run has it. */
async function claim(db: Db, m: MessageRow, what: { recipient: string; subject: string; body: string; gatewayId: string | null }): Promise<boolean> {
  const res = await db.execute(sql`UPDATE messages SET state = 'sending', sending_at = now(), attempts = attempts + 1, recipient = ${what.recipient},
    subject = ${what.subject || null}, body = ${what.body}, gateway_id = ${what.gatewayId}, error = NULL, updated_at = now()
    WHERE id = ${m.id} AND state = 'pending'`);
  return (res.rowCount ?? 0) > 0;
}

/** sending -> sent with the gateway's id (SMS.ru's, an e-mail's Message-ID), each with its entry in its order's log, in one transaction. */
async function markSent(db: Db, sent: { m: Pick<MessageRow, 'id' | 'order_id' | 'kind' | 'channel'>; gatewayId: string }[]): Promise<void> {
  if (!sent.length) return;
  await db.transaction(async (tx) => {
    const res = await tx.execute<{ id: string }>(sql`UPDATE messages SET state = 'sent', sent_at = now(), gateway_id = v.gateway_id, updated_at = now()
      FROM (VALUES ${sql.join(sent.map((x) => sql`(${x.m.id}::bigint, ${x.gatewayId}::text)`), sql`, `)}) AS v(id, gateway_id)
      WHERE messages.id = v.id AND messages.state = 'sending' RETURNING messages.id`);
    const done = new Set(res.rows.map((x) => String(x.id)));
    const entries = sent.filter((x) => done.has(String(x.m.id))).map(({ m }) => ({
      orderId: Number(m.order_id), type: 'message' as const, author: null, data: { message_id: Number(m.id), kind: m.kind, channel: m.channel, state: 'sent' },
    }));
    if (entries.length) await recordEffects(tx, { orderLog: entries });
  });
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
