// After-effects in one place (#41). A change of a record has up to five: its activity entry (who
// changed what, #28), its order-log entry (every change of an order), its live event (the desk's
// screens, #17), its webhook event and the customer messages it causes (letters; SMS with #45).
// `recordEffects(tx, ...)` writes all of them in the change's own transaction, so they exist exactly
// when the change commits; a service calls it once per change with what the change did, and calls
// nothing else for its after-effects. The activity entry, the log entries, the live events and the
// letters' jobs go in one statement; webhooks (rare: most locations have none) only where a location
// listens. Every write declares what it records (`WriteRecords`: `records` of defineWrite, or a
// hand-written route's `config.records`); what a request records is checked against it, and the
// generated tests read it.
import { AsyncLocalStorage } from 'node:async_hooks';
import { eq, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../db/client';
import { activityEntries, locationEvents, orderLogs, orderPlaysessions, orders, payments, playsessions } from '../db/schema';
import type { ActivityKind } from '../../domain/activity';
import { activityProblems } from '../../domain/activityWords';
import type { LiveEventKind } from '../../domain/liveEvents';
import type { WebhookEvent } from '../../domain/locationManagement';
import type { OrderLogType } from '../../domain/orderLog';
import type { Actor, ActivityEntry } from './activity';
import {
  ARRIVAL_LINK_LETTER_JOB, BILL_LETTER_JOB, CERTIFICATE_LETTER_JOB, WIDGET_CANCEL_LETTER_JOB, WIDGET_HELD_LETTER_JOB, WIDGET_LETTER_JOB, jobInsert,
  type ArrivalLinkLetterJob, type BillLetterJob, type CertificateLetterJob, type WidgetCancelLetterJob,
} from './jobs';
import { liveKindOf, liveRows, type LiveRecord, type LiveRow, type OrderFacts } from './liveEvents';
import { writeWebhookEvent, type WebhookRecord } from './outbox';
import { planMessages, type PlanRequest } from '../modules/messages/plan';

export type { LiveRecord } from './liveEvents';

/** What a write records: read by the check below, the generated tests and the API's readers of the route table. */
export interface WriteRecords {
  /** The kind of its one activity entry (one of these), or why it writes none (the generated test prints it). */
  activity: ActivityKind | readonly ActivityKind[] | { none: string };
  /** The order-log entries it may write (each implies the order's live event). */
  orderLog?: readonly OrderLogType[];
  /** The live events it may record besides an order's (domain/liveEvents.ts). */
  live?: readonly LiveEventKind[];
  /** The webhook events it may send (a payment's event implies the payment's live event). */
  webhooks?: readonly WebhookEvent[];
  /** The customer messages it may cause. */
  messages?: readonly CustomerMessageKind[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A hand-written route's after-effects (a declared write's come from its declaration). */
    records?: WriteRecords;
  }
}

/**
 * The messages a change sends its customer, each a job of the one outbox (the jobs table): a kind
 * and the job's payload. #45 adds its kinds (SMS, reminders) here; sending is the job's handler.
 */
export interface CustomerMessages {
  /** A widget booking confirmed (its online payment came, or none was needed). */
  booking_confirmed: { orderId: number };
  /** #40 A widget booking held for its online payment: the letter with the payment link. */
  booking_held: { orderId: number };
  /** A widget booking cancelled by the customer, or its payment hold expired. */
  booking_cancelled: WidgetCancelLetterJob;
  /** A payment link made by staff, sent to the order's e-mail. */
  payment_link: BillLetterJob;
  /** A certificate activated (or sent again) to its buyer. */
  certificate: CertificateLetterJob;
  /** #44 The guests' arrival link, sent by staff to the order's e-mail. */
  arrival_link: ArrivalLinkLetterJob;
  // #45 The location's messages (e-mail and SMS by its settings), planned as `messages` rows (modules/messages/plan.ts).
  /** A booking's confirmation, at once. */
  confirmation: { orderId: number };
  /** Its reminders at the location's offsets (planned again: the waiting ones are cancelled first). */
  reminder: { orderId: number };
  /** The thank-you after the visit, where the location sends one (planned again like reminders). */
  thank_you: { orderId: number };
  /** A change the customer should know of: the session moved, the guests changed. */
  change: { orderId: number; changes: ('session' | 'guests')[] };
  /** A cancel: every waiting send of the order cancelled, and the notice (`notify: false`: none, a widget hold released by a new booking). */
  cancellation: { orderId: number; notify?: boolean };
  /** Money given back. */
  refund: { orderId: number; amount: string };
}
export type CustomerMessageKind = keyof CustomerMessages;
const MESSAGE_JOBS: Partial<Record<CustomerMessageKind, string>> = {
  booking_confirmed: WIDGET_LETTER_JOB, booking_held: WIDGET_HELD_LETTER_JOB, booking_cancelled: WIDGET_CANCEL_LETTER_JOB, payment_link: BILL_LETTER_JOB, certificate: CERTIFICATE_LETTER_JOB, arrival_link: ARRIVAL_LINK_LETTER_JOB,
};
/** #45 The kinds planned by the location's messaging settings (the others are single letters' jobs). */
const PLANNED = new Set<CustomerMessageKind>(['confirmation', 'reminder', 'thank_you', 'change', 'cancellation', 'refund']);
export type CustomerMessage = { [K in CustomerMessageKind]: { kind: K; payload: CustomerMessages[K] } }[CustomerMessageKind];

/** An order-log entry: by whom (null: the customer or the system, `data.by` says which) and its facts. */
export interface OrderLogEntry {
  orderId: number;
  type: OrderLogType;
  author: number | null;
  data?: Record<string, unknown>;
}

type Many<T> = T | readonly T[] | null | undefined | false;

/** A change's after-effects. Parts of one change (a payment, and the links it closes) may be passed separately and are written together. */
export interface Effects {
  activity?: Many<ActivityEntry>;
  orderLog?: Many<OrderLogEntry>;
  live?: Many<LiveRecord>;
  webhooks?: Many<WebhookRecord>;
  messages?: Many<CustomerMessage>;
}

const many = <T>(v: Many<T>): T[] => (!v ? [] : Array.isArray(v) ? [...v] : [v as T]);

// ---- the request's scope: who, from where, and what its route declares it records ----

interface Scope extends Actor {
  route?: string;
  records?: WriteRecords;
}

const scopes = new AsyncLocalStorage<Scope>();

/** Every handler runs in its request's scope (a preHandler hook), so no service passes the caller around. */
export function installEffectsScope(app: FastifyInstance): void {
  app.addHook('preHandler', (request, _reply, done) => {
    const records = request.routeOptions.config?.records;
    scopes.run({ userId: request.authUser?.id ?? null, ip: request.ip ?? null, route: `${request.method} ${request.routeOptions.url}`, records }, done);
  });
}

const listOf = <T>(v: T | readonly T[]): readonly T[] => (Array.isArray(v) ? v : [v as T]);

/** The activity kinds a write declares (none: an empty list). */
export const declaredActivity = (records: WriteRecords): readonly ActivityKind[] =>
  (typeof records.activity === 'object' && 'none' in records.activity ? [] : listOf(records.activity as ActivityKind | readonly ActivityKind[]));

interface Flat { activity: ActivityEntry[]; orderLog: OrderLogEntry[]; live: LiveRecord[]; webhooks: WebhookRecord[]; messages: CustomerMessage[] }

/** What a change records and its route does not declare, as "activity money.refund", ... */
function undeclared(records: WriteRecords, e: Flat): string[] {
  const out: string[] = [];
  const kinds = declaredActivity(records);
  for (const a of e.activity) if (!kinds.includes(a.kind)) out.push(`activity ${a.kind}`);
  for (const l of e.orderLog) if (!(records.orderLog ?? []).includes(l.type)) out.push(`order log ${l.type}`);
  const webhooks = records.webhooks ?? [];
  for (const w of e.webhooks) if (!webhooks.includes(w.event)) out.push(`webhook ${w.event}`);
  const live = new Set<LiveEventKind>([...(records.live ?? []), ...(records.orderLog?.length ? ['order' as const] : []),
    ...(webhooks.some((w) => w.startsWith('payment.')) ? ['payment' as const] : [])]);
  for (const r of e.live) if (!live.has(liveKindOf(r))) out.push(`live ${liveKindOf(r)}`);
  for (const m of e.messages) if (!(records.messages ?? []).includes(m.kind)) out.push(`message ${m.kind}`);
  return out;
}

// One live event per transaction and subject is enough (a cancel with refunds names its order several times).
const recorded = new WeakMap<object, Set<string>>();

function firstTime(tx: DbOrTx, row: LiveRow): boolean {
  const key = `${row.locationId}|${row.kind}|${JSON.stringify(row.payload)}`;
  const seen = recorded.get(tx) ?? new Set<string>();
  recorded.set(tx, seen);
  if (seen.has(key)) return false;
  seen.add(key);
  return true;
}

/** Several INSERTs as one statement (data-modifying WITH): one round trip for the entries of a change. */
async function insertTogether(tx: DbOrTx, inserts: SQLWrapper[]): Promise<void> {
  if (!inserts.length) return;
  // Each as its SQL, not as the builder: drizzle puts a builder in parentheses (a subquery).
  const last = inserts[inserts.length - 1]!.getSQL();
  const before = inserts.slice(0, -1).map((q, i) => sql`${sql.raw(`e${i}`)} AS (${q.getSQL()})`);
  await tx.execute(before.length ? sql`WITH ${sql.join(before, sql`, `)} ${last}` : last);
}

/**
 * Writes a change's after-effects inside its transaction `tx`. Orders named (by a log entry, a live
 * record or a webhook) are read once: their location, their sessions and whether it has a webhook.
 */
export async function recordEffects(tx: DbOrTx, ...parts: (Effects | null | undefined | false)[]): Promise<void> {
  const e: Flat = {
    activity: parts.flatMap((p) => many(p && p.activity)), orderLog: parts.flatMap((p) => many(p && p.orderLog)),
    live: parts.flatMap((p) => many(p && p.live)), webhooks: parts.flatMap((p) => many(p && p.webhooks)), messages: parts.flatMap((p) => many(p && p.messages)),
  };
  const scope = scopes.getStore();
  // #42 Every entry reads in words: its fields declared, their values of their declared kind (a name, never an id).
  const unreadable = e.activity.flatMap((a) => activityProblems(a));
  if (unreadable.length && process.env.NODE_ENV !== 'production') throw new Error(`an activity entry that would not read in words: ${unreadable.join('; ')}`);
  if (scope?.records) {
    const wrong = undeclared(scope.records, e);
    // A write that records what it does not declare is a mistake the tests must see; a running venue keeps its change.
    if (wrong.length && process.env.NODE_ENV !== 'production') throw new Error(`${scope.route} records what its declaration (records) does not name: ${wrong.join(', ')}`);
  }

  const orderIds = [...new Set([
    ...e.orderLog.map((l) => l.orderId), ...e.live.flatMap((r) => ('order' in r ? [r.order] : [])),
    ...e.webhooks.flatMap((w) => ('orderId' in w ? [w.orderId] : [])),
  ])];
  const facts = await orderFacts(tx, orderIds);
  const paymentIds = [...new Set(e.webhooks.flatMap((w) => ('paymentId' in w ? [w.paymentId] : [])))];
  const paid = paymentIds.length ? await tx.select({ id: payments.id, locationId: payments.locationId, orderId: payments.orderId, listening: listening(payments.locationId) })
    .from(payments).where(inArray(payments.id, paymentIds)) : [];

  // Every order-log entry is a change of its order on the live desk; every payment's webhook event a change of the payments.
  const logged = new Map<number, Record<string, unknown>[]>();
  for (const l of e.orderLog) logged.set(l.orderId, [...(logged.get(l.orderId) ?? []), l.data ?? {}]);
  const live: LiveRecord[] = [
    ...e.live.filter((r) => !('order' in r) || !logged.has(r.order)),
    ...[...logged.keys()].map((orderId) => ({ order: orderId, left: e.live.flatMap((r) => ('order' in r && r.order === orderId ? r.left ?? [] : [])) })),
    ...paid.map((p) => ({ location: p.locationId, kind: 'payment' as const, payload: { payment_id: p.id, order_id: p.orderId } })),
  ];
  const events = (await liveRows(tx, live, facts, logged)).filter((row) => firstTime(tx, row));

  // #45 The planned messages: rows and their send jobs now; what planning skipped (quiet hours) goes in the order's log.
  const letters = e.messages.filter((m) => !PLANNED.has(m.kind));
  const skipped = await planMessages(tx, e.messages.filter((m) => PLANNED.has(m.kind)).map((m) => ({ kind: m.kind, ...m.payload }) as PlanRequest));
  const skippedLogs = skipped.map((l) => ({ orderId: l.orderId, type: 'message' as const, text: '', data: l.data, authorUserId: null }));

  const actor = scope ?? null;
  await insertTogether(tx, [
    ...(e.activity.length ? [tx.insert(activityEntries).values(e.activity.map((a) => {
      const who = a.actor ?? actor;
      return { userId: who?.userId ?? null, ip: who?.ip ?? null, locationId: a.locationId, kind: a.kind, subject: a.subject, before: a.before ?? null, after: a.after ?? null };
    }))] : []),
    ...(e.orderLog.length || skippedLogs.length ? [tx.insert(orderLogs).values([...e.orderLog.map((l) => ({ orderId: l.orderId, type: l.type, text: '', data: l.data ?? {}, authorUserId: l.author })), ...skippedLogs])] : []),
    ...(events.length ? [tx.insert(locationEvents).values(events.map((r) => ({ locationId: r.locationId, kind: r.kind, payload: r.payload })))] : []),
    ...(letters.length ? [jobInsert(tx, letters.map((m) => ({ kind: MESSAGE_JOBS[m.kind]!, payload: m.payload })))] : []),
  ]);

  // Webhooks only where the location listens (a certificate's location is asked by the outbox itself).
  const listens = new Map<number, boolean>([...[...facts].map(([id, f]) => [id, f.listening] as const)]);
  const paymentListens = new Map(paid.map((p) => [p.id, p.listening]));
  for (const w of e.webhooks) {
    if ('orderId' in w && !listens.get(w.orderId)) continue;
    if ('paymentId' in w && !paymentListens.get(w.paymentId)) continue;
    await writeWebhookEvent(tx, w);
  }
}

/** Whether a location has an active webhook (most have none: then nothing more is read). */
const listening = (locationId: SQLWrapper) => sql<boolean>`exists (select 1 from webhooks w where w.location_id = ${locationId} and w.active)`;

async function orderFacts(tx: DbOrTx, ids: number[]): Promise<Map<number, OrderFacts & { listening: boolean }>> {
  const out = new Map<number, OrderFacts & { listening: boolean }>();
  if (!ids.length) return out;
  const rows = await tx.select({ id: orders.id, locationId: orders.locationId, playgroundId: playsessions.playgroundId, date: playsessions.businessDate,
    timeStart: playsessions.timeStart, listening: listening(orders.locationId) })
    .from(orders).leftJoin(orderPlaysessions, eq(orderPlaysessions.orderId, orders.id))
    .leftJoin(playsessions, eq(playsessions.id, orderPlaysessions.playsessionId))
    .where(inArray(orders.id, ids));
  for (const r of rows) {
    const f = out.get(r.id) ?? { locationId: r.locationId, sessions: [], listening: !!r.listening };
    if (r.playgroundId !== null) f.sessions.push({ playground_id: r.playgroundId, date: String(r.date), time_start: r.timeStart! });
    out.set(r.id, f);
  }
  return out;
}
