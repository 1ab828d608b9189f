// #43 The daily letter's text (domain/tillLetter.ts) from a report: each currency apart, an empty
// day said as such and not worth a letter, a shift still open after 23 hours with the 54-FZ reminder
// and one closed after 23 hours only named, the variance listed, in ru and en with the one money formatter.
import { describe, expect, it } from 'vitest';
import { PAYMENT_TYPE_LABELS } from '../../domain/enumLabels';
import { formatMoney } from '../../domain/money';
import { LONG_SHIFT_ALERT, LONG_SHIFT_HOURS, openTooLong } from '../../domain/till';
import { dailyLetter, dailyLetterWorthSending } from '../../domain/tillLetter';
import { buildReport, type ReportShift, type TillReport } from '../../domain/tillReport';

const RUB = { code: 'RUB', is_before: false, blank_place: true, unicode: '₽' };
const USD = { code: 'USD', is_before: true, blank_place: false, unicode: '$' };
const shift = (over: Partial<ReportShift>): ReportShift => ({
  id: 1, till: { id: 1, name: 'Касса 1' }, state: 'open', opened_at: '2026-11-26T04:00:00Z', opened_by: null, closed_at: null, confirmed_by: null,
  float: '0.00', float_suggested: null, float_comment: '', expected_cash: null, expected_card: null, counted_cash: null, counted_card: null,
  variance_cash: null, variance_card: null, counts: 0, register_revenue: null, desk_revenue: null, register_difference: null, open_too_long: false, with_variance: false, ...over,
});
function report(payments: { type: number; amount: string; currency: string }[], shifts: ReportShift[], noShows: { purchase: string; currency: string }[] = []): TillReport {
  const parts = buildReport({
    payments: payments.map((p, i) => ({ id: i + 1, payment_type: p.type, status: 'paid', amount: p.amount, currency: p.currency, test: false, actual: true, user: null, order: { source: 'backoffice', multisession: false }, top_up: false })),
    movements: [], certificatesSold: [], discounts: [], noShows,
  }, ['RUB']);
  const cur = { RUB, USD } as Record<string, typeof RUB>;
  return {
    kind: 'daily', date: '2026-11-26', from: '2026-11-26T03:00:00Z', to: '2026-11-27T03:00:00Z', generated_at: '2026-11-27T04:00:00Z',
    location: { id: 1, name: 'Парк', timezone: 'Europe/Moscow', currency: RUB },
    parts: parts.map((p) => ({ ...p, currency: p.currency ? cur[p.currency]! : null })), shifts,
  };
}

describe('the daily letter', () => {
  it('an empty day says so and is not worth a letter; a shift alone is', () => {
    const empty = report([], []);
    expect(dailyLetterWorthSending(empty)).toBe(false);
    expect(dailyLetter(empty, 'ru', PAYMENT_TYPE_LABELS).text).toContain('Денег за день не было.');
    expect(dailyLetter(empty, 'en', PAYMENT_TYPE_LABELS).text).toContain('No shifts this day.');
    expect(dailyLetterWorthSending(report([], [shift({})]))).toBe(true);
  });

  it('#44 the day\'s no-shows, counted with their orders\' value in each currency; a day of no-shows alone is worth a letter', () => {
    const r = report([{ type: 2, amount: '1500.00', currency: 'RUB' }], [], [{ purchase: '1000.00', currency: 'RUB' }, { purchase: '2000.00', currency: 'RUB' }]);
    expect(dailyLetter(r, 'ru', PAYMENT_TYPE_LABELS).text).toContain(`Неявки: ${formatMoney('3000.00', RUB, 'ru')} (2)`);
    expect(dailyLetter(r, 'en', PAYMENT_TYPE_LABELS).text).toContain(`No-shows: ${formatMoney('3000.00', RUB, 'en')} (2)`);
    const quiet = report([], [], [{ purchase: '700.00', currency: 'RUB' }]);
    expect(dailyLetterWorthSending(quiet)).toBe(true);
    const { text } = dailyLetter(quiet, 'ru', PAYMENT_TYPE_LABELS);
    expect(text).toContain('Денег за день не было.');
    expect(text).toContain(`Неявки: ${formatMoney('700.00', RUB, 'ru')} (1)`);
    expect(text).not.toContain('Поступления');
  });

  it('each currency apart, money through the one formatter in the reader\'s language', () => {
    const r = report([{ type: 2, amount: '1500.50', currency: 'RUB' }, { type: 6, amount: '20.00', currency: 'USD' }], []);
    for (const lang of ['ru', 'en'] as const) {
      const { subject, text } = dailyLetter(r, lang, PAYMENT_TYPE_LABELS);
      expect(subject).toBe(lang === 'ru' ? 'Дневной отчёт: Парк, 26.11.2026' : 'Daily report: Парк, 26.11.2026');
      const rub = text.indexOf('RUB ==');
      const usd = text.indexOf('USD ==');
      expect(rub).toBeGreaterThan(0);
      expect(usd).toBeGreaterThan(rub);
      expect(text.slice(rub, usd)).toContain(formatMoney('1500.50', RUB, lang));
      expect(text.slice(rub, usd)).not.toContain(formatMoney('20.00', USD, lang));
      expect(text.slice(usd)).toContain(formatMoney('20.00', USD, lang));
    }
  });

  it('a shift still open after 23 hours carries the 54-FZ reminder; one closed after 23 hours is named; a variance is listed', () => {
    const now = new Date('2026-11-27T04:00:00Z');
    const still = shift({ id: 7, opened_at: new Date(now.getTime() - (LONG_SHIFT_HOURS * 3600 + 60) * 1000).toISOString() });
    expect(openTooLong(still, now)).toBe(true);
    const closed = shift({ id: 8, state: 'closed', opened_at: '2026-11-25T03:00:00Z', closed_at: '2026-11-26T03:30:00Z', open_too_long: true, with_variance: true, variance_cash: '-300.00', variance_card: '0.00' });
    const { text } = dailyLetter(report([], [{ ...still, open_too_long: true }, closed]), 'ru', PAYMENT_TYPE_LABELS);
    expect(text).toContain(LONG_SHIFT_ALERT.ru.replace('%{id}', '7'));
    expect(text).not.toContain(LONG_SHIFT_ALERT.ru.replace('%{id}', '8'));
    expect(text).toContain('Касса 1 №8: Открыта дольше 23 часов');
    expect(text).toContain(`Касса 1 №8: расхождение: наличные ${formatMoney('-300.00', RUB, 'ru')}`);
    expect(dailyLetter(report([], [{ ...still, open_too_long: true }]), 'en', PAYMENT_TYPE_LABELS).text)
      .toContain('Shift No. 7 has been open for more than 23 hours. Close the shift and the cash register\'s own shift (54-FZ).');
  });
});
