// #42 A price or an amount is typed beside its currency: the location's money sign before or after
// the number, as the currency writes it ("₽" after, "$" before). Used by the schedule's prices and
// every declared `money` field in a location's screens.
import { InputAdornment } from '@mui/material';
import { currencySign, type Currency } from '../../../domain/money';

export function currencyAdornment(currency: Currency | null | undefined) {
  if (!currency) return undefined;
  const sign = <InputAdornment position={currency.is_before ? 'start' : 'end'} data-testid="price-currency">{currencySign(currency)}</InputAdornment>;
  return currency.is_before ? { startAdornment: sign } : { endAdornment: sign };
}
