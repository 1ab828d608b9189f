// How an order log entry reads on the order page: its type in words, a summary of its data in the
// user's language (which sessions, what changed from what to what, how much was paid and how) and
// who did it. Pure. One renderer per type of domain/orderLog.ts, so a new type must come with one.
import {
  BY_CUSTOMER, BY_DESK, LOGGED_SESSION_LISTS, PRICE_REASONS, isLoggedSessionList, type LoggedSession, type OrderLogType,
} from '../../../domain/orderLog';
import { readableLocal } from '../../../domain/zonedTime';
import type { OrderLogEntry } from '../booking/types';

type Translate = (key: string, options?: Record<string, unknown>) => string;
type Data = Record<string, unknown>;
interface Format { t: Translate; money: (amount: string) => string }

/** A session's local time as DD.MM.YYYY HH:mm (the second of a repeated hour with its UTC offset); other text as it is. */
export function formatWallClock(value: unknown): string {
  if (typeof value !== 'string') return String(value ?? '');
  return readableLocal(value, true);
}

export function logTypeText(translate: Translate, type: string): string {
  return translate(`app.order.logTypes.${type}`, { _: type });
}

/** The author's name; without one, the customer when the entry says so (widget), else the system. */
export function logAuthor(entry: Pick<OrderLogEntry, 'author' | 'data'>, translate: Translate): string {
  if (entry.author?.name) return entry.author.name;
  return entry.data?.by === BY_CUSTOMER ? translate('app.orderLog.customer') : translate('app.order.system');
}

const MONEY_FIELDS = new Set(['purchase', 'paid', 'cost', 'discount', 'amount']);
// Labels we have words for; a key from a newer server shows as it is rather than vanish.
const LABELLED = new Set(['persons', 'session_dt', 'purchase', 'paid', 'payment_type', 'name', 'phone', 'email', 'order_type', 'comment', 'cost',
  'discount', 'amount', 'promocode']);
// Bookkeeping, said elsewhere on the page (payment ids, the author, the order's kind).
// #29: a provider refund's record id and its `external` flag (said in words), the refusal's code.
const UNSAID = new Set(['payment_id', 'payment_ids', 'by', 'multisession', 'late', 'refund_id', 'external', 'error']);

function fieldValue(f: Format, key: string, v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (key === 'payment_type') return f.t(`app.paymentTypes.t${v}`, { _: String(v) });
  if (key === 'order_type') return f.t(`app.orderTypes.t${v}`, { _: String(v) });
  if (MONEY_FIELDS.has(key)) return f.money(String(v));
  if (key === 'session_dt') return formatWallClock(v);
  return String(v);
}

const fieldLabel = (f: Format, key: string) => (LABELLED.has(key) ? f.t(`app.orderLog.fields.${key}`) : key);

function sessionText(f: Format, s: LoggedSession): string {
  const when = formatWallClock(s.session_dt);
  return s.playground_name ? f.t('app.orderLog.session', { when, playground: s.playground_name }) : when;
}

// PostgreSQL's jsonb keeps keys in its own order, so the page sets one: what, then who, then money.
const KEY_ORDER = ['sessions', 'sessions_added', 'sessions_removed', 'added', 'removed', 'session_dt', 'persons', 'name', 'phone', 'email',
  'order_type', 'promocode', 'comment', 'payment_type', 'cost', 'discount', 'purchase', 'amount', 'paid'];
const rank = (key: string) => (KEY_ORDER.includes(key) ? KEY_ORDER.indexOf(key) : KEY_ORDER.length);

const isChange = (v: unknown): v is { from: unknown; to: unknown } => !!v && typeof v === 'object' && 'from' in v && 'to' in v;

/**
 * The data's keys, each as a phrase. `labels` renames a key for one type (a payment's
 * `purchase` is its amount, not the order's price); `skip` leaves out what the type said already.
 */
function describe(data: Data, f: Format, labels: Record<string, string> = {}, skip: string[] = []): string[] {
  const parts: string[] = [];
  let reason = '';
  for (const [key, v] of Object.entries(data).sort(([a], [b]) => rank(a) - rank(b))) {
    if (UNSAID.has(key) || skip.includes(key)) continue;
    const label = fieldLabel(f, labels[key] ?? key);
    if ((LOGGED_SESSION_LISTS as readonly string[]).includes(key)) {
      if (!isLoggedSessionList(v) || !v.length) continue;
      const list = v.map((s) => sessionText(f, s)).join(', ');
      parts.push(f.t(key === 'sessions_added' ? 'app.orderLog.sessionsAdded' : key === 'sessions_removed' ? 'app.orderLog.sessionsRemoved' : 'app.orderLog.sessions', { list }));
    } else if ((key === 'added' || key === 'removed') && typeof v === 'number') {
      // Multi-booking edits written before the sessions were named kept only counts.
      if (v > 0) parts.push(f.t(key === 'added' ? 'app.orderLog.sessionsAddedCount' : 'app.orderLog.sessionsRemovedCount', { n: v }));
    } else if (key === 'price_reason') {
      const known = (PRICE_REASONS as readonly unknown[]).includes(v);
      reason = f.t('app.orderLog.priceReason', { reason: known ? f.t(`app.orderLog.priceReasons.${v}`) : String(v) });
    } else if (isChange(v)) {
      parts.push(f.t('app.orderLog.change', { field: label, from: fieldValue(f, key, v.from), to: fieldValue(f, key, v.to) }));
    } else if (v === null || typeof v !== 'object') {
      parts.push(f.t('app.orderLog.value', { field: label, value: fieldValue(f, key, v) }));
    }
    // Any other object is left out: never raw JSON on the page.
  }
  if (reason) parts.push(reason);
  return parts;
}

const AMOUNT = { purchase: 'amount' };

/** Every type the server writes, each with its phrases. */
export const LOG_RENDERERS: Record<OrderLogType, (data: Data, f: Format) => string[]> = {
  created: (d, f) => describe(d, f),
  edited: (d, f) => describe(d, f),
  paid: (d, f) => [...(d.late ? [f.t('app.orderLog.lateLink')] : []), ...describe(d, f, AMOUNT)],
  payment_failed: (d, f) => [...(d.payment_id ? [f.t('app.orderLog.paymentOf', { id: d.payment_id })] : []), ...describe(d, f, AMOUNT)],
  bill: (d, f) => describe(d, f, AMOUNT),
  bill_sent: (d, f) => [...(d.email ? [f.t('app.orderLog.sentTo', { email: d.email })] : []), ...describe(d, f, AMOUNT, ['email'])],
  refunded: (d, f) => [...describe(d, f), ...(d.external ? [f.t('app.orderLog.externalRefund')] : [])],
  refund_pending: (d, f) => describe(d, f),
  refund_failed: (d, f) => [...describe(d, f), ...(d.error ? [f.t('app.orderLog.providerReason', { reason: String(d.error) })] : [])],
  refund_due: (d, f) => [...(d.amount ? [f.t('app.orderLog.toRefund', { amount: f.money(String(d.amount)) })] : []), ...describe(d, f, {}, ['amount'])],
  links_closed: (d, f) => [f.t('app.orderLog.linksClosed', { amount: f.money(String(d.amount ?? '0')) })],
  cancelled: (d, f) => describe(d, f),
  auto_cancelled: (d, f) => [f.t('app.orderLog.notPaidInTime'), ...describe(d, f)],
  // #38 provider checks: each a sentence of its own (the payment's number and amount are in it).
  test_payment: (d, f) => [f.t('app.orderLog.testPayment', { id: d.payment_id, amount: f.money(String(d.purchase ?? '0')) })],
  payment_released: (d, f) => [f.t(d.late ? 'app.orderLog.releasedLate' : 'app.orderLog.released', { id: d.payment_id, amount: f.money(String(d.purchase ?? '0')) })],
  late_refund: (d, f) => [f.t('app.orderLog.lateRefund', { id: d.payment_id, amount: f.money(String(d.amount ?? '0')) })],
  // #44 arrival
  checked_in: (d, f) => [f.t('app.arrival.log.checkedIn', { names: names(d.participants) }), ...(d.reason ? [f.t('app.arrival.log.overridden', { reason: String(d.reason) })] : [])],
  check_in_undone: (d, f) => [f.t('app.arrival.log.undone', { names: names(d.participants) })],
  signed: (d, f) => [f.t(d.by === BY_DESK ? 'app.arrival.tablet.logSigned' : 'app.arrival.log.signed', { name: String(d.participant ?? ''), document: f.t(`app.arrival.kinds.${String(d.document)}`, { _: String(d.document ?? '') }), version: String(d.version ?? '') })],
  no_show: (_d, f) => [f.t('app.arrival.log.noShow')],
  arrival_link_sent: (d, f) => (d.email ? [f.t('app.orderLog.sentTo', { email: d.email })] : []),
  // #47 the guest's data erased: by whom (the retention job is the system)
  personal_data_erased: (d, f) => (d.by === 'system' ? [f.t('app.people.logByRetention')] : []),
  // #45 the customer unsubscribed from offers (the label says it all)
  unsubscribed: () => [],
  // #45 a message to the customer: its channel, kind and state; why it was skipped, or the gateway's error.
  message: (d, f) => [
    f.t('app.customerMessages.log.entry', { channel: f.t(`app.customerMessages.channels.${String(d.channel)}`, { _: String(d.channel ?? '') }),
      kind: f.t(`app.customerMessages.kinds.${String(d.kind)}`, { _: String(d.kind ?? '') }), state: f.t(`app.customerMessages.states.${String(d.state)}`, { _: String(d.state ?? '') }) }),
    ...(d.reason ? [f.t('app.customerMessages.log.reason', { reason: f.t(`app.customerMessages.reasons.${String(d.reason)}`, { _: String(d.reason) }) })] : []),
    ...(d.error ? [f.t('app.customerMessages.log.error', { error: String(d.error) })] : []),
  ],
};

/** #44 Participants as the log names them (a list of names; one without a name is "—"). */
const names = (v: unknown): string => (Array.isArray(v) ? v.map((n) => String(n || '—')).join(', ') : '');

/** One line about an entry's text and data; `money` formats amounts in the order's currency. */
export function logSummary(entry: Pick<OrderLogEntry, 'type' | 'text' | 'data'>, translate: Translate, money: (amount: string) => string): string {
  const data = entry.data && typeof entry.data === 'object' ? entry.data : {};
  const render = Object.hasOwn(LOG_RENDERERS, entry.type) ? LOG_RENDERERS[entry.type as OrderLogType] : describe;
  return [...(entry.text ? [entry.text] : []), ...render(data, { t: translate, money })].join('; ');
}
