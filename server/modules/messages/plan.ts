// #45 Planning a change's customer messages, inside the change's transaction (recordEffects calls it
// for the `messages` a write declares): one `messages` row per send and channel, with its
// `message.send` job of the one outbox due at its time. Rules (domain/customerMessages.ts): the
// confirmation at once; reminders at the location's offsets, none inside the window, held by quiet
// hours or skipped (a skipped row and a log entry say so); a move plans them again; a cancel cancels
// every pending send before its own notice; nothing at all where the location has no channels on.
// A widget order's confirmation and e-mail cancellation are the widget's own letters (not planned twice).
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { jobInsert } from '../../platform/jobs';
import {
  channelsFor, planReminders, planThankYou, type MessageChannel, type MessageKind, type MessageMode,
} from '../../../domain/customerMessages';
import { ORDER_SOURCE } from '../../../domain/booking';
import { ORDER_STATUS } from '../../../domain/slotFlags';
import { instantOfLocal } from '../../../domain/zonedTime';

export const MESSAGE_SEND_JOB = 'message.send';
export interface MessageSendJob { messageId: number }

/** What a change asks for (the `messages` of recordEffects with a #45 kind). */
export type PlanRequest =
  | { kind: 'confirmation' | 'reminder' | 'thank_you'; orderId: number }
  | { kind: 'cancellation'; orderId: number; notify?: boolean }
  | { kind: 'change'; orderId: number; changes: ('session' | 'guests')[] }
  | { kind: 'refund'; orderId: number; amount: string };

/** An order-log entry the planning writes (a skipped reminder), for recordEffects to insert with the others. */
export interface PlannedLog { orderId: number; data: Record<string, unknown> }

type Facts = {
  id: number; location_id: number; status: number; email: string | null; phone: string; language: string | null; source: string;
  timezone: string; languages: string[]; start: string | null; end_local: string | null; end_minutes: number | null;
  channels: string[] | null; mode: string | null; reminder_offsets: number[] | null; quiet_from: string | null; quiet_to: string | null;
  thank_you: boolean | null; thank_you_delay: number | null;
};

async function factsOf(tx: DbOrTx, ids: number[]): Promise<Map<number, Facts>> {
  const res = await tx.execute<Facts>(sql`
    SELECT o.id, o.location_id, o.status, o.email, o.phone, o.language, o.source, l.timezone, l.languages,
      s.start, s.end_local, s.end_minutes,
      m.channels, m.mode, m.reminder_offsets, m.quiet_from, m.quiet_to, m.thank_you, m.thank_you_delay
    FROM orders o JOIN locations l ON l.id = o.location_id
    LEFT JOIN location_messaging m ON m.location_id = o.location_id
    LEFT JOIN LATERAL (
      SELECT min(ps.time_start) AS start,
        (array_agg(ps.time_start ORDER BY ps.time_start DESC))[1] AS end_local,
        (array_agg(ps.duration ORDER BY ps.time_start DESC))[1] AS end_minutes
      FROM order_playsessions op JOIN playsessions ps ON ps.id = op.playsession_id WHERE op.order_id = o.id) s ON true
    WHERE o.id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
  return new Map(res.rows.map((r) => [Number(r.id), { ...r, id: Number(r.id) }]));
}

/** The language of an order's messages: its own, else the location's first. */
export const orderLanguage = (order: { language: string | null }, languages: readonly string[]): 'ru' | 'en' =>
  ((order.language ?? languages[0]) === 'en' ? 'en' : 'ru');

interface Row {
  orderId: number; locationId: number; kind: MessageKind; channel: MessageChannel; language: string; dueAt: Date;
  state: 'pending' | 'skipped'; error: string | null; data: Record<string, unknown>;
}

/** Plans the requests of one change; answers the log entries of what it skipped. */
export async function planMessages(tx: DbOrTx, requests: PlanRequest[], now = new Date()): Promise<PlannedLog[]> {
  if (!requests.length) return [];
  const facts = await factsOf(tx, [...new Set(requests.map((r) => r.orderId))]);
  const rows: Row[] = [];
  const nowMs = now.getTime();
  for (const r of requests) {
    const f = facts.get(r.orderId);
    if (!f) continue;
    // Sends waiting that this change makes wrong: all of a cancelled order's; a moved order's reminders and thank-you.
    const replaced = r.kind === 'cancellation' ? null : r.kind === 'reminder' || r.kind === 'thank_you' ? r.kind : undefined;
    if (replaced !== undefined) {
      await tx.execute(sql`UPDATE messages SET state = 'cancelled', updated_at = now()
        WHERE order_id = ${f.id} AND state = 'pending' ${replaced ? sql`AND kind = ${replaced}` : sql``}`);
    }
    const channels = (f.channels ?? []) as MessageChannel[];
    if (!channels.length || (r.kind === 'cancellation' && r.notify === false)) continue;
    if (f.status === ORDER_STATUS.cancelled && r.kind !== 'cancellation' && r.kind !== 'refund') continue;
    const contact = { email: !!f.email, phone: f.phone.replace(/\D/g, '').length >= 10 };
    let chosen = channelsFor(channels, (f.mode ?? 'first_available') as MessageMode, contact);
    // The widget confirms its own bookings (its letter when the booking is confirmed: a held one only once paid) and writes
    // its own cancellation letter: no second confirmation, and its cancellation only by SMS.
    if (f.source === ORDER_SOURCE.widget && r.kind === 'confirmation') continue;
    if (f.source === ORDER_SOURCE.widget && r.kind === 'cancellation') chosen = chosen.filter((c) => c !== 'email');
    if (!chosen.length) continue;
    const language = orderLanguage(f, f.languages);
    const base = { orderId: f.id, locationId: f.location_id, kind: r.kind, language };
    const quiet = { from: f.quiet_from ?? '22:00', to: f.quiet_to ?? '09:00' };
    const add = (dueAt: Date, data: Record<string, unknown> = {}, skipped?: string) => {
      for (const channel of chosen) rows.push({ ...base, channel, dueAt, state: skipped ? 'skipped' : 'pending', error: skipped ?? null, data });
    };
    if (r.kind === 'reminder') {
      if (!f.start) continue;
      const startMs = instantOfLocal(f.timezone, f.start);
      for (const p of planReminders({ tz: f.timezone, nowMs, startMs, offsets: f.reminder_offsets ?? [1440, 120], quiet })) {
        add(new Date(p.dueMs), { offset: p.offset }, p.skipped);
      }
    } else if (r.kind === 'thank_you') {
      if (!f.thank_you || !f.end_local) continue;
      const endMs = instantOfLocal(f.timezone, f.end_local) + (f.end_minutes ?? 0) * 60_000;
      add(new Date(planThankYou({ tz: f.timezone, endMs, delay: f.thank_you_delay ?? 60, quiet })));
    } else if (r.kind === 'change') {
      add(now, { changes: r.changes });
    } else if (r.kind === 'refund') {
      add(now, { amount: r.amount });
    } else {
      add(now);
    }
  }
  if (!rows.length) return [];
  const inserted = await tx.execute<{ id: string; state: string; due_at: Date; order_id: string; kind: string; channel: string; error: string | null }>(sql`
    INSERT INTO messages (order_id, location_id, kind, channel, language, due_at, state, error, data)
    VALUES ${sql.join(rows.map((r) => sql`(${r.orderId}, ${r.locationId}, ${r.kind}, ${r.channel}, ${r.language}, ${r.dueAt.toISOString()}, ${r.state}, ${r.error}, ${JSON.stringify(r.data)}::jsonb)`), sql`, `)}
    RETURNING id, state, due_at, order_id, kind, channel, error`);
  const pending = inserted.rows.filter((m) => m.state === 'pending');
  if (pending.length) {
    await jobInsert(tx, pending.map((m) => ({ kind: MESSAGE_SEND_JOB, payload: { messageId: Number(m.id) } satisfies MessageSendJob, runAt: new Date(m.due_at) })));
  }
  return inserted.rows.filter((m) => m.state === 'skipped').map((m) => ({
    orderId: Number(m.order_id), data: { message_id: Number(m.id), kind: m.kind, channel: m.channel, state: 'skipped', reason: m.error },
  }));
}
