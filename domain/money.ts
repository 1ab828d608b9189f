// Amounts are decimal strings (never floats in transit); this only formats them for people.
export interface Currency {
  code: string;
  is_before: boolean;
  blank_place: boolean;
}

/** Groups thousands with a thin space and keeps two decimals unless they are zero. */
export function formatAmount(amount: string | number): string {
  const text = typeof amount === 'number' ? amount.toFixed(2) : amount;
  const negative = text.trim().startsWith('-');
  const [intPart = '0', frac = ''] = text.replace('-', '').trim().split('.');
  const grouped = intPart.replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');
  const decimals = frac && Number(frac) !== 0 ? `.${frac.padEnd(2, '0').slice(0, 2)}` : '';
  return `${negative ? '-' : ''}${grouped}${decimals}`;
}

/**
 * The amount with the currency code placed as the currency says: `is_before` puts it in front,
 * `blank_place` separates them with a space. RUB: "1 500 RUB"; USD: "USD1 500".
 * Without a currency the caller supplies a default title.
 */
export function formatMoney(amount: string | number, currency: Currency | null | undefined, defaultTitle: string): string {
  const value = formatAmount(amount);
  if (!currency) return `${value} ${defaultTitle}`;
  const gap = currency.blank_place ? ' ' : '';
  return currency.is_before ? `${currency.code}${gap}${value}` : `${value}${gap}${currency.code}`;
}

/** The currency a location's balance is shown in: its business (b2b) currency, else its currency. */
export function balanceCurrency(location: { b2b_currency?: Currency | null; currency?: Currency | null }): Currency | null {
  return location.b2b_currency ?? location.currency ?? null;
}

/** A decimal string with exactly two decimals ('1800' -> '1800.00', '12.5' -> '12.50'), no float. */
export function toMoneyString(value: string): string {
  const [intPart = '0', frac = ''] = value.trim().replace(',', '.').split('.');
  return `${intPart}.${frac.padEnd(2, '0').slice(0, 2)}`;
}
