// A code reads one way everywhere: the screens' dictionaries say exactly what the domain's labels
// (the words of the CSV/XLSX exports and letters) say, in both languages. Since #27 the dictionaries
// are built from those labels (textsIn); this keeps a key typed by hand from standing beside them.
import { describe, expect, it } from 'vitest';
import {
  CERTIFICATE_STATUS_LABELS, CERTIFICATE_TYPE_LABELS, ORDER_SOURCE_LABELS, ORDER_STATUS_LABELS, ORDER_TYPE_LABELS, PAYMENT_STATUS_LABELS,
  PAYMENT_TYPE_LABELS, SESSION_TYPE_LABELS, TRANSACTION_TYPE_LABELS, WEBHOOK_DELIVERY_STATUS_LABELS, type EnumLabels,
} from '../../domain/enumLabels';
import { enMessages } from '../../src/i18n/en';
import { ruMessages } from '../../src/i18n/ru';
import { texts, WIDGET_STATE_STATUS } from '../../src/widget/texts';

const at = (messages: unknown, key: string): unknown => key.split('.').reduce<any>((m, k) => m?.[k], messages);

/** Dictionary prefix (code appended) -> the domain labels it must repeat. */
const SCREEN_KEYS: [string, EnumLabels][] = [
  ['app.orderStatus.s', ORDER_STATUS_LABELS],
  ['app.orderTypes.t', ORDER_TYPE_LABELS],
  ['app.orderSources.', ORDER_SOURCE_LABELS],
  ['app.paymentTypes.t', PAYMENT_TYPE_LABELS],
  ['app.order.paymentStatus.', PAYMENT_STATUS_LABELS],
  ['app.records.sessionType.t', SESSION_TYPE_LABELS],
  ['app.money.transactions.types.', TRANSACTION_TYPE_LABELS],
  ['app.money.certificates.statuses.', CERTIFICATE_STATUS_LABELS],
  ['app.money.certificates.types.', CERTIFICATE_TYPE_LABELS],
  ['resources.webhook_deliveries.status.', WEBHOOK_DELIVERY_STATUS_LABELS],
];

describe('enum words', () => {
  it.each(SCREEN_KEYS)('%s says what the domain labels say, in ru and en', (prefix, labels) => {
    for (const [code, label] of Object.entries(labels)) {
      expect(at(ruMessages, `${prefix}${code}`), `${prefix}${code} ru`).toBe(label.ru);
      expect(at(enMessages, `${prefix}${code}`), `${prefix}${code} en`).toBe(label.en);
    }
  });

  it('has one wording of the order status: no second dictionary of it', () => {
    expect(at(ruMessages, 'app.records.orderStatus')).toBeUndefined();
    expect(at(enMessages, 'app.records.orderStatus')).toBeUndefined();
  });

  it('the widget\'s order states say the order statuses\' words, in ru and en (not "Оплачена" beside "Оплачен")', () => {
    for (const lang of ['ru', 'en'] as const) {
      const t = texts(lang);
      for (const [state, status] of Object.entries(WIDGET_STATE_STATUS)) {
        expect(t(`state_${state}` as Parameters<typeof t>[0]), `${state} ${lang}`).toBe(ORDER_STATUS_LABELS[status]![lang]);
      }
    }
  });
});
