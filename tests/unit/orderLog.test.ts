// The order log reads as text in ru and en: every type the server writes (domain ORDER_LOG_TYPES),
// with data as the server writes it today and as older entries hold it, through the real catalogues.
import { describe, expect, it } from 'vitest';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'react-admin';
import { ORDER_LOG_TYPES, PRICE_REASONS, type OrderLogType } from '../../domain/orderLog';
import { formatMoney } from '../../domain/money';
import { enMessages } from '../../src/i18n/en';
import { ruMessages } from '../../src/i18n/ru';
import { LOG_RENDERERS, formatWallClock, logAuthor, logSummary, logTypeText } from '../../src/pages/orders/orderLog';

const RUB = { code: 'RUB', is_before: false, blank_place: true };
const EMAIL = 'party@example.com';

function translator(lang: 'ru' | 'en') {
  const provider = polyglotI18nProvider(() => (lang === 'ru' ? ruMessages : enMessages) as TranslationMessages, lang, [], { allowMissing: false });
  const t = (key: string, options?: Record<string, unknown>) => provider.translate(key, options);
  return { t, money: (v: string) => formatMoney(v, RUB, lang) };
}

const cube = (time: string) => ({ playground_id: 1, playground_name: 'Куб 1', session_dt: `2030-01-14 ${time}` });

// Each type's data as the server writes it; old shapes still in databases are listed too.
const SAMPLES: Record<OrderLogType, Record<string, unknown>[]> = {
  created: [
    { persons: 2, session_dt: '2030-01-14 15:00', purchase: '3000.00' },
    { sessions: [cube('15:00'), { playground_id: 3, playground_name: 'Арена', session_dt: '2030-01-14 16:00' }], persons: 4, order_type: 4, purchase: '30000.00', multisession: true },
    // Written before sessions carried names, by a playground since deleted.
    { sessions: [{ playground_id: 99, session_dt: '2030-01-14 15:00' }], purchase: '12000.00', multisession: true },
  ],
  edited: [
    { persons: { from: 2, to: 3 }, purchase: { from: '1900.00', to: '2850.00' }, price_reason: 'persons_changed' },
    { name: { from: 'Петр', to: 'Петр Иванов' }, phone: { from: '+79990000000', to: '+79990000001' }, comment: { from: '', to: 'у окна' },
      order_type: { from: 1, to: 3 }, session_dt: { from: '2030-01-14 15:00', to: '2030-01-15 16:00' }, price_reason: 'session_changed' },
    { promocode: { from: null, to: 'ВЕСНА' }, price_reason: 'promocode_changed' },
    { order_type: { from: 1, to: 2 }, price_reason: 'order_type_changed' },
    { purchase: { from: '9000.50', to: '6000.00' }, sessions_added: [cube('18:00')], sessions_removed: [cube('16:00')] },
    // A multi-booking edit as it was logged before: the new set and counts.
    { sessions: [{ playground_id: 1, session_dt: '2030-01-14 15:00' }], removed: 1, added: 1, purchase: '6000.00' },
  ],
  paid: [{ payment_type: 2, payment_id: 9, purchase: '1000.00', paid: '1000.00' }, { payment_type: 4, payment_id: 10, purchase: '500.00', paid: '1500.00' },
    // A link settled after it was closed (#25).
    { payment_type: 4, payment_id: 12, purchase: '500.00', paid: '2000.00', late: true }],
  payment_failed: [{ payment_id: 10 }],
  bill: [{ payment_id: 10, purchase: '500.00' }],
  bill_sent: [{ email: EMAIL, purchase: '500.00' }],
  refunded: [{ payment_type: 2, payment_id: 11, amount: '1500.00' },
    // #29 through the provider, and one made in its dashboard.
    { payment_type: 1, payment_id: 14, amount: '500.00', refund_id: 3 }, { payment_type: 1, payment_id: 15, amount: '700.00', refund_id: 4, external: true }],
  refund_pending: [{ payment_type: 1, amount: '500.00', refund_id: 3 }],
  refund_failed: [{ payment_type: 1, amount: '500.00', refund_id: 3, error: 'rejected_by_payee' }],
  refund_due: [{ amount: '1500.00', by: 'staff' }, { amount: '500.00', by: 'system', payment_id: 12 }],
  links_closed: [{ payment_ids: [10, 13], amount: '1000.00' }],
  cancelled: [{}, { by: 'customer' }],
  auto_cancelled: [{}, { by: 'system' }],
  // #38 provider checks
  test_payment: [{ payment_id: 21, purchase: '1500.00', by: 'system' }],
  payment_released: [{ payment_id: 22, purchase: '1500.00', by: 'system', late: true }, { payment_id: 23, purchase: '700.00', by: 'system', late: false }],
  late_refund: [{ payment_id: 24, amount: '1500.00', by: 'system' }],
  // #44 arrival
  checked_in: [{ participants: ['Анна Петрова', 'Иван'] }, { participants: ['Анна Петрова', ''], reason: 'оплатят на месте' }],
  check_in_undone: [{ participants: ['Иван'] }],
  signed: [{ participant: 'Анна Петрова', document: 'rules', version: 2 }, { participant: 'Иван', document: 'personal_data', version: 1 }],
  no_show: [{ by: 'system' }],
  personal_data_erased: [{ by: 'staff' }, { by: 'system' }],
  unsubscribed: [{ by: 'customer' }],
  arrival_link_sent: [{ email: EMAIL }],
  // #45
  message: [{ message_id: 5, kind: 'reminder', channel: 'sms', state: 'skipped', reason: 'quiet_hours' }, { message_id: 6, kind: 'confirmation', channel: 'email', state: 'sent' },
    { message_id: 7, kind: 'refund', channel: 'sms', state: 'failed', error: 'Недостаточно средств на счёте' }],
};

// What may stay latin on a Russian screen: the currency's code, the customer's e-mail and a provider's reason code (#29).
const LATIN_ALLOWED = ['RUB', EMAIL, 'rejected_by_payee'];

/** Every type's samples in one language: a name, no raw keys or JSON, and in ru no English. */
function readsAsText(lang: 'ru' | 'en') {
  const { t, money } = translator(lang);
  for (const type of ORDER_LOG_TYPES) {
    expect(LOG_RENDERERS, type).toHaveProperty(type);
    const name = logTypeText(t, type);
    expect(name, type).not.toBe(type);
    expect(name, type).not.toMatch(/app\./);
    expect(SAMPLES[type], `a sample of ${type}`).toBeDefined();
    for (const data of SAMPLES[type]) {
      const text = `${name}: ${logSummary({ type, text: '', data }, t, money)}`;
      expect(text, type).not.toContain('[object');
      expect(text, type).not.toMatch(/app\.|%\{|[{}"]|undefined|NaN/);
      if (lang === 'ru') {
        const rest = LATIN_ALLOWED.reduce((s, word) => s.split(word).join(''), text);
        expect(rest, `${type} ${JSON.stringify(data)}: ${text}`).not.toMatch(/[A-Za-z]/);
      }
    }
  }
}

describe('order log texts', () => {
  it('ru: every type the server writes has a renderer, a name and readable text', () => readsAsText('ru'));
  it('en: every type the server writes has a renderer, a name and readable text', () => readsAsText('en'));

  it('names sessions by date, time and playground; shows from → to, money and the price reason', () => {
    const ru = translator('ru');
    const en = translator('en');
    const edit = SAMPLES.edited[4]!;
    expect(logSummary({ type: 'edited', text: '', data: edit }, ru.t, ru.money))
      .toBe('добавлены сеансы: 14.01.2030 18:00 (Куб 1); убраны сеансы: 14.01.2030 16:00 (Куб 1); цена: 9\u00a0000,50\u00a0RUB → 6\u00a0000,00\u00a0RUB');
    expect(logSummary({ type: 'edited', text: '', data: edit }, en.t, en.money))
      .toBe('sessions added: 14.01.2030 18:00 (Куб 1); sessions removed: 14.01.2030 16:00 (Куб 1); price: 9,000.50\u00a0RUB → 6,000.00\u00a0RUB');
    expect(logSummary({ type: 'created', text: '', data: SAMPLES.created[1]! }, ru.t, ru.money))
      .toBe('сеансы: 14.01.2030 15:00 (Куб 1), 14.01.2030 16:00 (Арена); гостей: 4; тип заказа: Мероприятие; цена: 30\u00a0000,00\u00a0RUB');
    expect(logSummary({ type: 'edited', text: '', data: SAMPLES.edited[0]! }, ru.t, ru.money))
      .toBe('гостей: 2 → 3; цена: 1\u00a0900,00\u00a0RUB → 2\u00a0850,00\u00a0RUB; Цена изменилась: другое число гостей');
    expect(logSummary({ type: 'edited', text: 'заметка', data: SAMPLES.edited[5]! }, ru.t, ru.money))
      .toBe('заметка; сеансы: 14.01.2030 15:00; добавлено сеансов: 1; убрано сеансов: 1; цена: 6\u00a0000,00\u00a0RUB');
    expect(logSummary({ type: 'paid', text: '', data: SAMPLES.paid[0]! }, ru.t, ru.money))
      .toBe('способ: Наличные; сумма: 1\u00a0000,00\u00a0RUB; всего оплачено: 1\u00a0000,00\u00a0RUB');
    expect(logSummary({ type: 'bill_sent', text: '', data: SAMPLES.bill_sent[0]! }, en.t, en.money)).toBe(`sent to ${EMAIL}; amount: 500.00\u00a0RUB`);
    expect(logSummary({ type: 'cancelled', text: '', data: null }, ru.t, ru.money)).toBe('');
    for (const reason of PRICE_REASONS) expect(ru.t(`app.orderLog.priceReasons.${reason}`)).not.toMatch(/app\./);
    expect(formatWallClock('2030-01-14 15:00')).toBe('14.01.2030 15:00');
    expect(formatWallClock('soon')).toBe('soon');
  });

  it('an unknown type or key from a newer server still reads without raw JSON', () => {
    const { t, money } = translator('ru');
    expect(logSummary({ type: 'merged', text: '', data: { into: 7, detail: { a: 1 } } }, t, money)).toBe('into: 7');
  });

  it('says who: the user, the customer of the widget, or the system', () => {
    const { t } = translator('ru');
    expect(logAuthor({ author: { name: 'Анна' }, data: {} }, t)).toBe('Анна');
    expect(logAuthor({ author: null, data: { by: 'customer' } }, t)).toBe('Клиент');
    expect(logAuthor({ author: null, data: { by: 'system' } }, t)).toBe('Система');
    expect(logAuthor({ author: null, data: null }, translator('en').t)).toBe('System');
  });
});
