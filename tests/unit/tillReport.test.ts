// #43 The till's reports (domain/tillReport.ts) over 1,000 random days: for every payment type x
// channel, and for money in, by staff member, refunds by tender, certificates, top-ups, test payments
// and movements, each currency apart, the report equals an oracle of the ledger to the kopeck (its own
// reading of the rows: amounts as whole kopecks in BigInt, the channel by a table of cases, never the
// builder's code). Then the rules a reader notices: a test payment counts nowhere else, a pending or
// hidden row nowhere at all, a top-up apart from money in, the export's lines.
import { describe, expect, it } from 'vitest';
import { PAYMENT_TYPE_LABELS } from '../../domain/enumLabels';
import {
  REPORT_CHANNELS, buildReport, channelOf, hasVariance, openTooLong, reportLines,
  type LedgerPayment, type ReportLedger, type TillReport,
} from '../../domain/tillReport';
import type { MovementKind } from '../../domain/till';

function random(seed: number) {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
}

const kopecks = (text: string): bigint => {
  const negative = text.startsWith('-');
  const [whole, frac = ''] = text.replace('-', '').split('.');
  const v = BigInt(whole!) * 100n + BigInt((frac + '00').slice(0, 2));
  return negative ? -v : v;
};
const text = (k: bigint) => `${k < 0n ? '-' : ''}${(k < 0n ? -k : k) / 100n}.${String((k < 0n ? -k : k) % 100n).padStart(2, '0')}`;

const CURRENCIES = ['RUB', 'USD', null] as const;
const PEOPLE = [{ id: 1, name: 'Анна' }, { id: 2, name: 'Boris' }, null];

/** The oracle's channel: the channels, case by case, from what a row records. */
function oracleChannel(p: LedgerPayment): string {
  const cases: [boolean, string][] = [
    [p.top_up, 'topup'],
    [!p.top_up && p.payment_type === 3, 'certificate'],
    [!p.top_up && p.payment_type !== 3 && p.order?.source === 'widget', 'widget'],
    [!p.top_up && p.payment_type === 4 && p.order !== null && p.order.source !== 'widget', 'link'],
    [!p.top_up && ![3, 4].includes(p.payment_type) && p.order !== null && p.order.source !== 'widget' && p.order.multisession, 'multibooking'],
  ];
  return cases.find(([holds]) => holds)?.[1] ?? 'desk';
}

function randomDay(r: () => number): ReportLedger {
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const amount = (signed: boolean) => {
    const cents = 1 + Math.floor(r() * 5_000_000);
    return `${signed && r() < 0.25 ? '-' : ''}${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
  };
  const payments: LedgerPayment[] = Array.from({ length: Math.floor(r() * 40) }, (_, i) => {
    const topUp = r() < 0.08;
    const type = topUp ? 1 : 1 + Math.floor(r() * 7);
    const order = topUp || r() < 0.1 ? null : { source: pick(['backoffice', 'widget', 'site']), multisession: r() < 0.3 };
    return {
      id: i + 1, payment_type: type, status: pick(['paid', 'paid', 'paid', 'paid', 'processing', 'failed', 'cancelled']), amount: amount(!topUp),
      currency: pick(CURRENCIES), test: r() < 0.05, actual: r() > 0.05, user: pick(PEOPLE), order, top_up: topUp,
    };
  });
  return {
    payments,
    movements: Array.from({ length: Math.floor(r() * 5) }, () => ({ kind: pick(['paid_in', 'paid_out', 'drop'] as MovementKind[]), amount: amount(false), currency: pick(CURRENCIES) })),
    certificatesSold: Array.from({ length: Math.floor(r() * 4) }, () => ({ rate: amount(false), currency: pick(CURRENCIES), seller: pick(PEOPLE) })),
    discounts: Array.from({ length: Math.floor(r() * 5) }, () => ({ discount: amount(false), promocode: pick(['SPRING', 'VIP', null]), currency: pick(CURRENCIES) })),
  };
}

interface O { count: number; taken: bigint; refunded: bigint }
const o = (rows: LedgerPayment[]): O => ({
  count: rows.length,
  taken: rows.reduce((s, p) => s + (kopecks(p.amount) > 0n ? kopecks(p.amount) : 0n), 0n),
  refunded: rows.reduce((s, p) => s + (kopecks(p.amount) < 0n ? -kopecks(p.amount) : 0n), 0n),
});
const asSums = (x: O) => ({ count: x.count, taken: text(x.taken), refunded: text(x.refunded), net: text(x.taken - x.refunded) });

describe('the report equals the ledger', () => {
  it('over 1,000 random days: every payment type x channel, money in, staff, refunds, certificates, top-ups, tests and movements, each currency apart, to the kopeck', () => {
    const r = random(43);
    let cells = 0;
    for (let day = 0; day < 1000; day++) {
      const ledger = randomDay(r);
      const parts = buildReport(ledger);
      for (const currency of CURRENCIES) {
        const part = parts.find((p) => p.currency === currency);
        const mine = ledger.payments.filter((p) => p.currency === currency);
        const money = mine.filter((p) => p.status === 'paid' && !p.test && p.actual);
        const anything = mine.length + ledger.movements.filter((m) => m.currency === currency).length
          + ledger.certificatesSold.filter((c) => c.currency === currency).length + ledger.discounts.filter((d) => d.currency === currency).length;
        if (!anything) { expect(part).toBeUndefined(); continue; }
        expect(part, `day ${day} ${currency}`).toBeDefined();
        for (let type = 1; type <= 7; type++) {
          for (const channel of REPORT_CHANNELS) {
            const rows = money.filter((p) => p.payment_type === type && oracleChannel(p) === channel);
            const cell = part!.grid.find((c) => c.payment_type === type && c.channel === channel);
            if (!rows.length) { expect(cell).toBeUndefined(); continue; }
            cells++;
            expect(cell, `day ${day} ${currency} ${type} ${channel}`).toEqual({ payment_type: type, channel, ...asSums(o(rows)) });
          }
        }
        const customers = money.filter((p) => !p.top_up);
        const tender = (t: number) => asSums(o(customers.filter((p) => p.payment_type === t)));
        expect(part!.money_in).toEqual({
          cash: tender(2), card: tender(6), online: tender(1), bill: tender(4), total: asSums(o(customers.filter((p) => [1, 2, 4, 6].includes(p.payment_type)))),
        });
        for (const who of PEOPLE) {
          const rows = customers.filter((p) => [1, 2, 4, 6].includes(p.payment_type) && (p.user?.id ?? null) === (who?.id ?? null));
          const line = part!.by_staff.find((s) => (s.user?.id ?? null) === (who?.id ?? null));
          if (rows.length) expect(line).toEqual({ user: who, ...asSums(o(rows)) }); else expect(line).toBeUndefined();
        }
        for (let type = 1; type <= 7; type++) {
          const back = customers.filter((p) => p.payment_type === type && kopecks(p.amount) < 0n);
          const line = part!.refunds.find((x) => x.payment_type === type);
          if (back.length) expect(line).toEqual({ payment_type: type, count: back.length, amount: text(o(back).refunded) }); else expect(line).toBeUndefined();
        }
        expect(part!.certificates.redeemed).toEqual(asSums(o(customers.filter((p) => p.payment_type === 3))));
        const sold = ledger.certificatesSold.filter((c) => c.currency === currency);
        expect(part!.certificates.sold.count).toBe(sold.length);
        expect(part!.certificates.sold.amount).toBe(text(sold.reduce((s, c) => s + kopecks(c.rate), 0n)));
        expect(part!.top_ups).toEqual(asSums(o(money.filter((p) => p.top_up))));
        const tests = mine.filter((p) => p.test);
        expect(part!.tests).toEqual({ count: tests.length, amount: text(tests.reduce((s, p) => s + kopecks(p.amount), 0n)) });
        const moved = (k: MovementKind) => text(ledger.movements.filter((m) => m.currency === currency && m.kind === k).reduce((s, m) => s + kopecks(m.amount), 0n));
        expect(part!.movements).toEqual({ paid_in: moved('paid_in'), paid_out: moved('paid_out'), drops: moved('drop') });
        const discounts = ledger.discounts.filter((d) => d.currency === currency);
        expect(part!.discounts.orders).toBe(discounts.length);
        expect(part!.discounts.amount).toBe(text(discounts.reduce((s, d) => s + kopecks(d.discount), 0n)));
        expect(part!.discounts.by_promocode.reduce((s, p) => s + p.orders, 0)).toBe(discounts.length);
      }
    }
    // The random days reach every cell a row can land in many times over.
    expect(cells).toBeGreaterThan(5000);
  });
});

describe('the rules a reader sees', () => {
  const pay = (over: Partial<LedgerPayment>): LedgerPayment => ({
    id: 1, payment_type: 2, status: 'paid', amount: '100.00', currency: 'RUB', test: false, actual: true, user: null, order: { source: 'backoffice', multisession: false }, top_up: false, ...over,
  });
  it('names the channel from what a payment records', () => {
    expect(channelOf(pay({}))).toBe('desk');
    expect(channelOf(pay({ order: null, payment_type: 7 }))).toBe('desk');
    expect(channelOf(pay({ order: { source: 'backoffice', multisession: true } }))).toBe('multibooking');
    expect(channelOf(pay({ payment_type: 4, order: { source: 'backoffice', multisession: true } }))).toBe('link');
    expect(channelOf(pay({ payment_type: 4, order: { source: 'widget', multisession: false } }))).toBe('widget');
    expect(channelOf(pay({ payment_type: 2, order: { source: 'widget', multisession: false } }))).toBe('widget');
    expect(channelOf(pay({ payment_type: 3, order: { source: 'widget', multisession: false } }))).toBe('certificate');
    expect(channelOf(pay({ payment_type: 1, order: null, top_up: true }))).toBe('topup');
  });

  it('keeps a test payment apart, counts no pending or hidden row, and a top-up apart from money in', () => {
    const [part] = buildReport({
      payments: [
        pay({ amount: '500.00' }), pay({ amount: '-200.50', user: { id: 1, name: 'Анна' } }), pay({ payment_type: 4, amount: '999.00', test: true, status: 'failed' }),
        pay({ payment_type: 4, status: 'processing', amount: '700.00' }), pay({ payment_type: 7, actual: false, amount: '50.00' }),
        pay({ payment_type: 1, order: null, top_up: true, amount: '150000.00' }),
      ],
      movements: [], certificatesSold: [], discounts: [],
    });
    expect(part!.money_in.total).toEqual({ count: 2, taken: '500.00', refunded: '200.50', net: '299.50' });
    expect(part!.tests).toEqual({ count: 1, amount: '999.00' });
    expect(part!.top_ups).toEqual({ count: 1, taken: '150000.00', refunded: '0.00', net: '150000.00' });
    expect(part!.refunds).toEqual([{ payment_type: 2, count: 1, amount: '200.50' }]);
    expect(part!.grid.map((c) => [c.payment_type, c.channel, c.net])).toEqual([[1, 'topup', '150000.00'], [2, 'desk', '299.50']]);
  });

  it('flags a shift open longer than 23 hours and one counted with a variance', () => {
    const now = new Date('2026-11-28T12:00:00Z');
    expect(openTooLong({ opened_at: '2026-11-27T12:59:00Z', closed_at: null }, now)).toBe(true);
    expect(openTooLong({ opened_at: '2026-11-27T13:00:00Z', closed_at: null }, now)).toBe(false);
    expect(openTooLong({ opened_at: '2026-11-26T00:00:00Z', closed_at: '2026-11-26T23:30:00Z' }, now)).toBe(true);
    expect(hasVariance({ variance_cash: '0.00', variance_card: '-0.01' })).toBe(true);
    expect(hasVariance({ variance_cash: '0.00', variance_card: '0.00' })).toBe(false);
    expect(hasVariance({ variance_cash: null, variance_card: null })).toBe(false);
  });

  it('writes the export\'s lines in the reader\'s language, each currency apart, a shift with its flags', () => {
    const parts = buildReport({ payments: [pay({ amount: '1500.00' }), pay({ currency: 'USD', payment_type: 6, amount: '20.00' })], movements: [], certificatesSold: [], discounts: [] });
    const report: TillReport = {
      kind: 'daily', location: { id: 1, name: 'L', timezone: 'Europe/Moscow', currency: { code: 'RUB', is_before: false, blank_place: true, unicode: '₽' } },
      date: '2026-11-27', from: '', to: '', generated_at: '',
      parts: parts.map((p) => ({ ...p, currency: p.currency ? { code: p.currency, is_before: false, blank_place: true, unicode: null } : null })),
      shifts: [{ id: 7, till: { id: 1, name: 'Касса 1' }, state: 'closed', opened_at: '', opened_by: null, closed_at: '', confirmed_by: null, float: '5000.00', float_suggested: null,
        float_comment: '', expected_cash: '6500.00', expected_card: '0.00', counted_cash: '6200.00', counted_card: '0.00', variance_cash: '-300.00', variance_card: '0.00', counts: 1,
        register_revenue: '1480.00', desk_revenue: '1500.00', register_difference: '-20.00', open_too_long: true, with_variance: true }],
    };
    const en = reportLines(report, 'en', PAYMENT_TYPE_LABELS);
    expect(en.find((l) => l.section === 'Money in' && l.line === 'Cash' && l.currency === 'RUB')).toMatchObject({ count: 1, amount: '1500.00' });
    expect(en.find((l) => l.section === 'Money in' && l.line === 'Card' && l.currency === 'USD')).toMatchObject({ count: 1, amount: '20.00' });
    expect(en.find((l) => l.section === 'By payment type and channel' && l.currency === 'USD')).toMatchObject({ line: 'Card', detail: 'Desk', amount: '20.00' });
    expect(en.filter((l) => l.line === 'Касса 1 №7').map((l) => [l.detail, l.amount])).toEqual([
      ['closed; Open longer than 23 hours; With a variance', null], ['Float', '5000.00'], ['Cash expected', '6500.00'], ['Cash counted', '6200.00'],
      ['Cash variance', '-300.00'], ['Card expected', '0.00'], ['Terminal total', '0.00'], ['Card variance', '0.00'],
      ['Cash register\'s revenue', '1480.00'], ['Desk revenue (cash and card)', '1500.00'], ['Register difference', '-20.00'],
    ]);
    const ru = reportLines(report, 'ru', PAYMENT_TYPE_LABELS);
    expect(ru.find((l) => l.line === 'Касса 1 №7')!.detail).toBe('закрыта; Открыта дольше 23 часов; С расхождением');
    expect(ru[0]).toMatchObject({ section: 'Поступления', line: 'Наличные' });
  });
});
