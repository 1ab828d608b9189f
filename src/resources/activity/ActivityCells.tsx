// #28 ACTIVITY: an entry's before and after, one field a line ("price: 1 800,00 ₽"), the two
// columns in the same order so a change reads across. Amounts in the location's money and days as
// DD.MM.YYYY through the one formatters; anything else as short JSON-ish text.
import { Box } from '@mui/material';
import { useGetOne, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { formatMoney, type Currency } from '../../../domain/money';
import { formatDay } from '../../../domain/dates';
import type { Language } from '../../../domain/constants';
import { languageOf } from '../../i18n/useLanguage';
import type { LocationRecord } from '../locations/types';

type Fields = Record<string, unknown> | null;
interface Entry { before: Fields; after: Fields }

/** Fields that hold an amount of the location's money. */
const MONEY_FIELDS = new Set(['amount', 'paid', 'price', 'purchase']);
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const LONGEST = 80;

/** One value as people read it. */
export function activityValue(key: string, value: unknown, ctx: { currency: Currency | null; lang: Language; yes: string; no: string }): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? ctx.yes : ctx.no;
  if (MONEY_FIELDS.has(key) && /^-?\d+(\.\d+)?$/.test(String(value))) return formatMoney(String(value), ctx.currency, ctx.lang);
  if (typeof value === 'string') return DAY.test(value) ? formatDay(value) : value;
  if (typeof value === 'number') return String(value);
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
  const ctx = { currency: location?.currency ?? null, lang: languageOf(translate), yes: translate('app.common.yes'), no: translate('app.common.no') };
  return (
    <Box component="span" sx={{ display: 'block', fontSize: '0.8125rem', wordBreak: 'break-word' }}>
      {activityKeys(record).map((key) => (
        <Box component="span" key={key} sx={{ display: 'block' }}>{key}: {activityValue(key, fields[key], ctx)}</Box>
      ))}
    </Box>
  );
}

export const ActivityBefore = ({ record }: { record: Entry }) => <Side record={record} side="before" />;
export const ActivityAfter = ({ record }: { record: Entry }) => <Side record={record} side="after" />;
