// The payment line of an order (domain paymentLine) in the screen's language, amounts in the
// slot's currency.
import type { TranslateFunction } from 'react-admin';
import { formatMoney, type Currency } from '../../domain/money';
import { languageOf } from '../i18n/useLanguage';
import { paymentLine, type PaymentLine, type PaymentLineOrder } from '../../domain/paymentLine';

export function paymentLineText(translate: TranslateFunction, order: PaymentLineOrder, currency: Currency | null | undefined): string {
  const line = paymentLine(order);
  if ('amount' in line) {
    return translate(`app.paymentLine.${line.kind}`, { amount: formatMoney(line.amount, currency, languageOf(translate)) });
  }
  return translate(`app.paymentLine.${line.kind}`);
}

/** The MUI palette colour of a payment line, so owing money reads at a glance. */
export function paymentLineColour(kind: PaymentLine['kind']): string {
  switch (kind) {
    // Darker than the palette's error.main and warning.dark: the line is small text on the cards'
    // tinted backgrounds, where those read 4.36:1 and 3.3:1 (WCAG AA wants 4.5:1; tests/unit/contrast.test.ts).
    case 'not_paid': return '#c62828';
    case 'to_pay': return '#a84300';
    case 'paid': return 'success.dark';
    case 'overpayment': return 'info.dark';
    default: return 'text.secondary';
  }
}
