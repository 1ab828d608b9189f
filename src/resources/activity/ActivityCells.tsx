// #28 ACTIVITY: an entry's before and after, one field a line ("Цена: 1 800,00 ₽"), the two columns
// in the same order so a change reads across. Fields by their names (domain/activity.ts), codes by
// their words (payment types, statuses, ledger types), amounts in the location's money and days as
// DD.MM.YYYY through the one formatters; a list as its length, anything else as short JSON text
// (the exports keep every side whole).
import { Box } from '@mui/material';
import { useGetOne, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { ACTIVITY_BY_LABELS, ACTIVITY_CHANGE_FIELDS, ACTIVITY_REFUND_LABELS } from '../../../domain/activity';
import { CERTIFICATE_STATUS_LABELS, ORDER_TYPE_LABELS, PAYMENT_TYPE_LABELS, TRANSACTION_TYPE_LABELS, type EnumLabels } from '../../../domain/enumLabels';
import { formatMoney, type Currency } from '../../../domain/money';
import { formatDay } from '../../../domain/dates';
import type { Language } from '../../../domain/constants';
import { languageOf } from '../../i18n/useLanguage';
import type { LocationRecord } from '../locations/types';

type Fields = Record<string, unknown> | null;
interface Entry { before: Fields; after: Fields }
interface Context { currency: Currency | null; lang: Language; translate: (key: string, options?: Record<string, unknown>) => string }

/** Fields that hold an amount of the location's money (#41: `paid_cash`, `paid_card`... of a cancelled booking too). */
const MONEY_FIELDS = new Set(['amount', 'paid', 'price', 'purchase']);
const isMoneyField = (key: string) => MONEY_FIELDS.has(key) || key.startsWith('paid_');
/** Fields whose values are codes with words. */
const CODE_WORDS: Record<string, EnumLabels> = {
  payment_type: PAYMENT_TYPE_LABELS, status: CERTIFICATE_STATUS_LABELS, type: TRANSACTION_TYPE_LABELS,
  order_type: ORDER_TYPE_LABELS, by: ACTIVITY_BY_LABELS, refund: ACTIVITY_REFUND_LABELS,
};
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Fields that name something by its number: `id`, `shop_id`, `payment_id`... */
const IDENTIFIER = /(^|_)id$/;
const LONGEST = 80;

/** A day (and its time) inside a text: "Куб 2 2026-12-07 15:00" or "2026-12-07T15:00:00" reads "Куб 2 07.12.2026 15:00" (#41: a booking's sessions). */
const DAY_IN_TEXT = /\b(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?\b/g;
const withReadableDays = (text: string) => text.replace(DAY_IN_TEXT, (_all, day: string, time?: string) => (time ? `${formatDay(day)} ${time}` : formatDay(day)));

/** A field's name: its label, a translation's as "Адрес (ru)", else the key. */
export function activityField(key: string, lang: Language): string {
  const labels = ACTIVITY_CHANGE_FIELDS as Record<string, { ru: string; en: string }>;
  const [first, rest] = key.split(/\.(.*)/s) as [string, string | undefined];
  if (rest !== undefined && labels[rest]) return `${labels[rest][lang]} (${first})`;
  return labels[key]?.[lang] ?? key;
}

/** One value as people read it. */
export function activityValue(key: string, value: unknown, ctx: Context): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return ctx.translate(value ? 'app.common.yes' : 'app.common.no');
  const words = CODE_WORDS[key]?.[String(value)];
  if (words) return words[ctx.lang];
  if (key === 'secret' && value === 'set') return ctx.translate('resources.activity.secretSet');
  // #40 A consent text by its version and the start of its hash (the text itself is in the location's versions).
  if (key === 'personal_data_consent' && typeof value === 'object' && 'version' in value) {
    const { version, text_hash: hash } = value as { version: number; text_hash?: string };
    return ctx.translate('resources.activity.consentVersion', { version, hash: (hash ?? '').slice(0, 12) });
  }
  if (isMoneyField(key) && /^-?\d+(\.\d+)?$/.test(String(value))) return formatMoney(String(value), ctx.currency, ctx.lang);
  if (typeof value === 'string') return DAY.test(value) ? formatDay(value) : withReadableDays(value);
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return ctx.translate('resources.activity.rows', { smart_count: value.length });
  const text = JSON.stringify(value);
  return text.length > LONGEST ? `${text.slice(0, LONGEST - 1)}…` : text;
}

/** The keys of both sides, in one order: the two columns line up. */
export const activityKeys = (e: Entry) => [...new Set([...Object.keys(e.before ?? {}), ...Object.keys(e.after ?? {})])];

function Side({ record, side }: { record: Entry; side: 'before' | 'after' }) {
  const translate = useTranslate();
  const { location_id: locationId } = useParams();
  const { data: location } = useGetOne<LocationRecord>('locations', { id: Number(locationId) }, { enabled: !!locationId });
  const fields = record[side];
  if (!fields) return <>—</>;
  const ctx: Context = { currency: location?.currency ?? null, lang: languageOf(translate), translate };
  return (
    <Box component="span" sx={{ display: 'block', fontSize: '0.8125rem', wordBreak: 'break-word' }}>
      {activityKeys(record).map((key) => (
        <Box component="span" key={key} sx={{ display: 'block' }}>
          {activityField(key, ctx.lang)}:{' '}
          {/* An identifier (a shop id, an external id) is not an amount: never grouped, and the number check knows it. */}
          {IDENTIFIER.test(key) ? <span data-number-check="skip">{activityValue(key, fields[key], ctx)}</span> : activityValue(key, fields[key], ctx)}
        </Box>
      ))}
    </Box>
  );
}

export const ActivityBefore = ({ record }: { record: Entry }) => <Side record={record} side="before" />;
export const ActivityAfter = ({ record }: { record: Entry }) => <Side record={record} side="after" />;
