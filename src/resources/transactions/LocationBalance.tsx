// The transactions screen's figure in its bar: the location's balance in its balance currency.
import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { balanceCurrency, formatMoney } from '../../../domain/money';
import { languageOf } from '../../i18n/useLanguage';
import type { LocationRecord } from '../locations/types';

export function LocationBalance({ location }: { location: LocationRecord }) {
  const translate = useTranslate();
  const balance = formatMoney(location.balance, balanceCurrency(location), languageOf(translate));
  return (
    <Typography data-testid="location-balance" sx={{ fontWeight: 600 }}>
      {translate('app.money.transactions.balance', { name: location.name, amount: balance })}
    </Typography>
  );
}
