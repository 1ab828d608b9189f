// #44 The desk's pure parts of arrival (h44-desk): the slot card's "checked in x of y" (which orders
// count, and where the card says nothing), the daily report's no-shows (summed per currency, written
// in the export of a day and not of a shift), and the booking form's "N no-shows for this phone" in
// Russian plural forms and English.
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { PAYMENT_TYPE_LABELS } from '../../domain/enumLabels';
import { buildReport, reportLines, type TillReport } from '../../domain/tillReport';
import { slotArrivals } from '../../src/calendar/calendarModel';
import type { SlotOrder } from '../../src/calendar/types';
import { arrivalDeskEn } from '../../src/i18n/arrivalDesk.en';
import { arrivalDeskRu } from '../../src/i18n/arrivalDesk.ru';

const order = (over: Partial<SlotOrder>): SlotOrder => ({
  id: 1, name: 'Анна', phone: '+79990000000', email: null, persons: 2, order_type: 1, status: 2, cost: '0', discount: '0', purchase: '0', paid: '0',
  need_paid: '0', promocode: null, bill: null, cancel_delay: null, comment: '', seller_user_id: null, staff_user_id: null, game_id: null, multisession: false, ...over,
});

describe('the slot card\'s checked in x of y', () => {
  it('sums the live orders\' participants checked in against their persons; a cancelled order counts neither', () => {
    expect(slotArrivals({ orders: [order({ persons: 4, checked_in: 3 }), order({ id: 2, persons: 2, checked_in: 0 }), order({ id: 3, persons: 5, checked_in: 5, status: 4 })] }))
      .toEqual({ checkedIn: 3, persons: 6 });
  });

  it('says nothing where the location does not check guests in (no count on the orders) or nobody is booked', () => {
    expect(slotArrivals({ orders: [order({ persons: 4 }), order({ id: 2, checked_in: null })] })).toBeNull();
    expect(slotArrivals({ orders: [] })).toBeNull();
    expect(slotArrivals({ orders: [order({ status: 4, checked_in: 1 })] })).toBeNull();
  });

  it('never counts more guests in than an order has persons (participants above a lowered persons)', () => {
    expect(slotArrivals({ orders: [order({ persons: 2, checked_in: 3 })] })).toEqual({ checkedIn: 2, persons: 2 });
  });
});

describe('the daily report\'s no-shows', () => {
  const parts = buildReport({
    payments: [], movements: [], certificatesSold: [], discounts: [],
    noShows: [{ purchase: '3000.00', currency: 'RUB' }, { purchase: '1500.50', currency: 'RUB' }, { purchase: '20.00', currency: 'USD' }],
  }, ['RUB']);
  const report = (kind: TillReport['kind']): TillReport => ({
    kind, location: { id: 1, name: 'L', timezone: 'Europe/Moscow', currency: { code: 'RUB', is_before: false, blank_place: true, unicode: '₽' } },
    date: kind === 'daily' ? '2026-11-27' : null, from: '', to: '', generated_at: '', shifts: [],
    parts: parts.map((p) => ({ ...p, currency: p.currency ? { code: p.currency, is_before: false, blank_place: true, unicode: null } : null })),
  });

  it('counts them and their value in each currency apart; a ledger without them has none', () => {
    expect(parts.map((p) => [p.currency, p.no_shows])).toEqual([['RUB', { count: 2, amount: '4500.50' }], ['USD', { count: 1, amount: '20.00' }]]);
    expect(buildReport({ payments: [], movements: [], certificatesSold: [], discounts: [] }, ['RUB'])[0]!.no_shows).toEqual({ count: 0, amount: '0.00' });
  });

  it('writes them in a day\'s export in the reader\'s language, and not in a shift\'s', () => {
    expect(reportLines(report('daily'), 'ru', PAYMENT_TYPE_LABELS).filter((l) => l.section === 'Неявки').map((l) => [l.line, l.currency, l.count, l.amount]))
      .toEqual([['Итого', 'RUB', 2, '4500.50'], ['Итого', 'USD', 1, '20.00']]);
    expect(reportLines(report('daily'), 'en', PAYMENT_TYPE_LABELS).filter((l) => l.section === 'No-shows')).toHaveLength(2);
    expect(reportLines(report('shift'), 'en', PAYMENT_TYPE_LABELS).filter((l) => l.section === 'No-shows')).toEqual([]);
  });
});

describe('the booking form\'s no-shows of a phone', () => {
  // As the app says it: react-admin's polyglot provider in the language chosen.
  const say = (locale: 'ru' | 'en', n: number) =>
    polyglotI18nProvider(() => ({ t: (locale === 'ru' ? arrivalDeskRu : arrivalDeskEn).phoneNoShows }) as unknown as TranslationMessages, locale).translate('t', { smart_count: n }) as string;

  it('reads in Russian plural forms: 1 неявка, 2-4 неявки, 5 and 11-14 неявок, 21 неявка', () => {
    expect([1, 2, 4, 5, 11, 14, 21, 22].map((n) => say('ru', n))).toEqual([
      '1 неявка с этим телефоном', '2 неявки с этим телефоном', '4 неявки с этим телефоном', '5 неявок с этим телефоном',
      '11 неявок с этим телефоном', '14 неявок с этим телефоном', '21 неявка с этим телефоном', '22 неявки с этим телефоном',
    ]);
  });

  it('reads in English: one no-show, two no-shows', () => {
    expect([1, 2].map((n) => say('en', n))).toEqual(['1 no-show for this phone', '2 no-shows for this phone']);
  });
});
