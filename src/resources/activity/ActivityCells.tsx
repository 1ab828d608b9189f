// #28 ACTIVITY: an entry's before and after, one field a line ("Цена: 1 800,00 ₽"), the two columns
// in the same order so a change reads across. #42 Every field by its name and every value in words
// (domain/activityWords.ts: codes by their words, amounts in the location's money, days DD.MM.YYYY,
// a schedule's rows with their prices, names instead of ids); the exports keep each side whole.
import { Box } from '@mui/material';
import { useGetOne, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { activityField, activityValue, type ActivityContext } from '../../../domain/activityWords';
import { languageOf } from '../../i18n/useLanguage';
import type { LocationRecord } from '../locations/types';

type Fields = Record<string, unknown> | null;
interface Entry { before: Fields; after: Fields }

export { activityField, activityValue };

/** Fields that name something by its number: `shop_id`, `payment_id`... */
const IDENTIFIER = /(^|_)id$/;

/** The keys of both sides, in one order: the two columns line up. */
export const activityKeys = (e: Entry) => [...new Set([...Object.keys(e.before ?? {}), ...Object.keys(e.after ?? {})])];

function Side({ record, side }: { record: Entry; side: 'before' | 'after' }) {
  const translate = useTranslate();
  const { location_id: locationId } = useParams();
  const { data: location } = useGetOne<LocationRecord>('locations', { id: Number(locationId) }, { enabled: !!locationId });
  const fields = record[side];
  if (!fields) return <>—</>;
  const ctx: ActivityContext = { currency: location?.currency ?? null, lang: languageOf(translate), translate };
  return (
    <Box component="span" sx={{ display: 'block', fontSize: '0.8125rem', wordBreak: 'break-word' }}>
      {activityKeys(record).map((key) => (
        // A schedule's rows one a line (pre-line keeps the line breaks of its value).
        <Box component="span" key={key} sx={{ display: 'block', whiteSpace: 'pre-line' }}>
          {activityField(key, ctx.lang)}:{' '}
          {/* An identifier (a shop id, a payment's number) is not an amount: never grouped, and the number check knows it. */}
          {IDENTIFIER.test(key) ? <span data-number-check="skip">{activityValue(key, fields[key], ctx)}</span> : activityValue(key, fields[key], ctx)}
        </Box>
      ))}
    </Box>
  );
}

export const ActivityBefore = ({ record }: { record: Entry }) => <Side record={record} side="before" />;
export const ActivityAfter = ({ record }: { record: Entry }) => <Side record={record} side="after" />;
