// The promo code list's own cells: the discount as its type reads it, the limit, the status.
import { Chip } from '@mui/material';
import { useParams } from 'react-router-dom';
import { useGetOne, useTranslate } from 'react-admin';
import { formatMoney, NUMBER_MARKS, type Currency } from '../../../domain/money';
import dayjs from 'dayjs';
import { DATE_FORMAT } from '../../../domain/constants';
import type { PromocodeStatus } from '../../../domain/promocodes';
import { languageOf } from '../../i18n/useLanguage';
import type { Language } from '../../../domain/constants';
import type { LocationRecord } from '../locations/types';

export interface Promocode {
  id: number;
  code: string;
  /** `fraction`: 0 < discount < 1 of the price (0.15 is 15 %); `flat`: an amount of at least 1. */
  type: 'fraction' | 'flat';
  discount: string;
  usage_limit: number | null;
  active: boolean;
  valid_from: string | null;
  /** The server's reading of the domain's rule (domain/promocodes.ts) on the location's today. */
  status: PromocodeStatus;
}

/** "15 %" for a fraction (0.15), the amount in the location's currency for a flat discount. */
export function promocodeDiscount(p: Pick<Promocode, 'type' | 'discount'>, currency: Currency | null, lang: Language): string {
  // 12,5 % in Russian, 12.5 % in English: the language's decimal mark, as amounts have.
  if (p.type === 'fraction') return `${String(Math.round(Number(p.discount) * 10000) / 100).replace('.', NUMBER_MARKS[lang].decimal)} %`;
  return formatMoney(p.discount, currency, lang);
}

export function PromocodeDiscount({ record }: { record: Promocode }) {
  const translate = useTranslate();
  const { location_id: locationId } = useParams();
  const { data: location } = useGetOne<LocationRecord>('locations', { id: Number(locationId) }, { enabled: !!locationId });
  return <>{promocodeDiscount(record, location?.currency ?? null, languageOf(translate))}</>;
}

export function UsageLimit({ record }: { record: Promocode }) {
  const translate = useTranslate();
  return <>{record.usage_limit ?? translate('app.tools.promo.unlimited')}</>;
}

// Colours whose white text keeps AA contrast; switched off is outlined to tell it from expired and used up.
const STATUS_COLOR = { active: 'success', not_started: 'primary', inactive: 'default', expired: 'default', used_up: 'default' } as const;

export function PromocodeStatusChip({ record }: { record: Promocode }) {
  const translate = useTranslate();
  const status = record.status ?? (record.active ? 'active' : 'inactive');
  return (
    <Chip size="small" color={STATUS_COLOR[status]} variant={status === 'inactive' ? 'outlined' : 'filled'} data-testid="promocode-status" data-status={status}
      label={translate(`app.tools.promo.statuses.${status}`, { date: record.valid_from ? dayjs(record.valid_from).format(DATE_FORMAT) : '' })} />
  );
}
