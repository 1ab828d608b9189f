// How the tools page writes a promo code's discount.
import { formatMoney, type Currency } from '../../../domain/money';
import type { Promocode } from './types';

/** "15 %" for a fraction (0.15), the amount in the location's currency for a flat discount. */
export function promocodeDiscount(p: Pick<Promocode, 'type' | 'discount'>, currency: Currency | null, defaultCurrency: string): string {
  if (p.type === 'fraction') return `${Math.round(Number(p.discount) * 10000) / 100} %`;
  return formatMoney(p.discount, currency, defaultCurrency);
}
