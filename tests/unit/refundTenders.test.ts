// #38 the split of an order's money by tender (domain/refundTenders.ts): latest paid first, never
// more from a tender than it paid in, refunds already made taken from their own tender.
import { describe, expect, it } from 'vitest';
import { splitRefund, tenderHoldings, type TenderPayment } from '../../domain/refundTenders';

let next = 0;
const p = (payment_type: number, purchase: string, over: Partial<TenderPayment> = {}): TenderPayment => ({
  id: ++next, paid_at: next * 1000, payment_type, status: 'paid', purchase, certificate_id: null, provider: null, provider_refundable: false, provider_refund_row: false, ...over,
});
const view = (hs: ReturnType<typeof tenderHoldings>) => hs.map((h) => [h.key, h.cents]);

describe('tenderHoldings', () => {
  it('groups by tender, latest paid first: each certificate and each provider payment on its own', () => {
    const rows = [p(3, '1000.00', { certificate_id: 7 }), p(1, '500.00', { provider: 'yookassa', provider_refundable: true }), p(6, '300.00'),
      p(3, '200.00', { certificate_id: 8 }), p(2, '100.00'), p(6, '50.00')];
    expect(view(tenderHoldings(rows, new Map(), 215000))).toEqual([['card', 35000], ['cash', 10000], ['certificate:8', 20000], ['provider:2', 50000], ['certificate:7', 100000]]);
  });

  it('takes refunds from their own tender; provider refunds through their records; never more than the order holds', () => {
    const cash = p(2, '1000.00');
    const online = p(1, '500.00', { provider: 'stripe', provider_refundable: true });
    const rows = [cash, online, p(6, '700.00'), p(6, '-200.00'), p(1, '-100.00', { provider_refund_row: true }), p(4, '100.00', { status: 'processing' })];
    // 100 of the provider payment went back through it (its record), 150 more is pending there.
    expect(view(tenderHoldings(rows, new Map([[online.id, 25000]]), 175000))).toEqual([['card', 50000], ['provider:' + online.id, 25000], ['cash', 100000]]);
  });

  it('an old cash refund of another tender\'s money is taken from the latest payments', () => {
    const rows = [p(3, '1000.00', { certificate_id: 1 }), p(2, '-1000.00')];
    expect(view(tenderHoldings(rows, new Map(), 0))).toEqual([]);
    const mixed = [p(2, '300.00'), p(6, '700.00'), p(2, '-500.00')];
    expect(view(tenderHoldings(mixed, new Map(), 50000))).toEqual([['card', 50000]]);
  });

  it('orders by when the money came in: a link paid after the cash goes back first', () => {
    const link = p(4, '1425.00', { provider: 'sandbox' });
    const cash = p(2, '1425.00');
    const hs = tenderHoldings([link, { ...cash }, { ...link, id: link.id, paid_at: cash.paid_at + 1 }].slice(1), new Map(), 285000);
    expect(view(splitRefund(hs, 142500))).toEqual([['online', 142500]]);
  });
});

describe('splitRefund', () => {
  it('takes from the latest tender first, each at most what it holds', () => {
    const hs = tenderHoldings([p(3, '2000.00', { certificate_id: 3 }), p(6, '800.00'), p(2, '200.00')], new Map(), 300000);
    expect(view(splitRefund(hs, 50000))).toEqual([['cash', 20000], ['card', 30000]]);
    expect(view(splitRefund(hs, 300000))).toEqual([['cash', 20000], ['card', 80000], ['certificate:3', 200000]]);
    expect(view(splitRefund(hs, 999999))).toEqual([['cash', 20000], ['card', 80000], ['certificate:3', 200000]]);
    expect(splitRefund(hs, 0)).toEqual([]);
  });
});
