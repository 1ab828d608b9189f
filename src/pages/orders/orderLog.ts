// How an order log entry reads on the order page: its type in words and a short summary of its
// text and data (who booked how many for when, what was paid, what an edit changed). Pure.
import dayjs from 'dayjs';
import { DATETIME_FORMAT } from '../../../domain/constants';
import type { OrderLogEntry } from '../booking/types';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** 'YYYY-MM-DD HH:mm' (or a date) as DD.MM.YYYY HH:mm; anything else as it is. */
export function formatWallClock(value: unknown): string {
  if (typeof value !== 'string') return String(value ?? '');
  return /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(value) ? dayjs(value).format(DATETIME_FORMAT) : value;
}

const MONEY_FIELDS = new Set(['purchase', 'paid', 'cost', 'discount', 'amount']);

export function logTypeText(translate: Translate, type: string): string {
  return translate(`app.order.logTypes.${type}`, { _: type });
}

/** One line about an entry's data; `money` formats amounts in the order's currency. */
export function logSummary(entry: Pick<OrderLogEntry, 'type' | 'text' | 'data'>, translate: Translate, money: (amount: string) => string): string {
  const parts: string[] = [];
  if (entry.text) parts.push(entry.text);
  const data = entry.data ?? {};
  const label = (key: string) => translate(`app.order.logFields.${key}`, { _: key });
  const value = (key: string, v: unknown): string => {
    if (v === null || v === undefined || v === '') return '—';
    if (key === 'payment_type') return translate(`app.paymentTypes.t${v}`, { _: String(v) });
    if (key === 'order_type') return translate(`app.orderTypes.t${v}`, { _: String(v) });
    if (MONEY_FIELDS.has(key)) return money(String(v));
    if (key === 'session_dt') return formatWallClock(v);
    return String(v);
  };
  for (const [key, v] of Object.entries(data)) {
    if (key === 'payment_id') continue;
    if (v && typeof v === 'object' && 'from' in v && 'to' in v) {
      const change = v as { from: unknown; to: unknown };
      parts.push(`${label(key)}: ${value(key, change.from)} → ${value(key, change.to)}`);
    } else {
      parts.push(`${label(key)}: ${value(key, v)}`);
    }
  }
  return parts.join('; ');
}
