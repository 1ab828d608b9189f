// #43 The till's arithmetic (domain/till.ts) over 1,000 random shifts: expected cash = float + cash
// payments - cash refunds + paid-in - paid-out - drops, expected card = card payments - card
// refunds, variance = counted - expected, each to the kopeck, against an oracle of its own (decimal
// texts read as whole kopecks in BigInt, never a float); and the rules around them: when a count
// needs a manager, what bills and coins add up to, the float offered, who sees the figures.
import { describe, expect, it } from 'vitest';
import {
  countFigures, denominationsCents, expectedOf, floatNeedsComment, needsConfirmation, seesExpected, shiftTotals, suggestedFloat,
  type MovementKind, type ShiftMoney,
} from '../../domain/till';

/** A deterministic sequence (the same shifts on every run). */
function random(seed: number) {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
}

/** The oracle's own reading of an amount as people type it ("12", "12.5", "12,50", "-3.07"): whole kopecks. */
function kopecks(text: string): bigint {
  const t = text.trim().replace(',', '.');
  const negative = t.startsWith('-');
  const [whole, frac = ''] = t.replace('-', '').split('.');
  const value = BigInt(whole!) * 100n + BigInt((frac + '00').slice(0, 2));
  return negative ? -value : value;
}
const text = (k: bigint) => `${k < 0n ? '-' : ''}${(k < 0n ? -k : k) / 100n}.${String((k < 0n ? -k : k) % 100n).padStart(2, '0')}`;

/** An amount in one of the ways it is written: "1234.56", "1234.5", "1234", "1234,56". */
function written(r: () => number, cents: number): string {
  const whole = Math.floor(cents / 100);
  const frac = cents % 100;
  const way = Math.floor(r() * 4);
  if (way === 0 && frac === 0) return String(whole);
  if (way === 1 && frac % 10 === 0) return `${whole}.${frac / 10}`;
  if (way === 2) return `${whole},${String(frac).padStart(2, '0')}`;
  return `${whole}.${String(frac).padStart(2, '0')}`;
}

interface RandomShift { money: ShiftMoney; counted: { cash: string; card: string } }

function randomShift(r: () => number): RandomShift {
  const cents = (max: number) => Math.floor(r() * max);
  const payments: ShiftMoney['payments'][number][] = [];
  const movements: { kind: MovementKind; amount: string }[] = [];
  for (let i = Math.floor(r() * 30); i > 0; i--) {
    const type = [2, 6, 3, 1, 4][Math.floor(r() * 5)]!;
    const amount = written(r, 1 + cents(5_000_000));
    payments.push({ payment_type: type, amount: r() < 0.2 ? `-${amount}` : amount });
  }
  for (let i = Math.floor(r() * 8); i > 0; i--) movements.push({ kind: (['paid_in', 'paid_out', 'drop'] as const)[Math.floor(r() * 3)]!, amount: written(r, 1 + cents(1_000_000)) });
  const sign = () => (r() < 0.3 ? '-' : '');
  return {
    money: { float: written(r, cents(2_000_000)), payments, movements },
    counted: { cash: written(r, cents(20_000_000)), card: `${sign()}${written(r, cents(20_000_000))}` },
  };
}

/** The oracle: the formula over the oracle's kopecks. */
function oracle(s: RandomShift) {
  const sum = (rows: { amount: string }[]) => rows.reduce((n, x) => n + kopecks(x.amount), 0n);
  const of = (type: number) => s.money.payments.filter((p) => p.payment_type === type);
  const cashIn = sum(of(2).filter((p) => kopecks(p.amount) > 0n));
  const cashOut = -sum(of(2).filter((p) => kopecks(p.amount) < 0n));
  const cardIn = sum(of(6).filter((p) => kopecks(p.amount) > 0n));
  const cardOut = -sum(of(6).filter((p) => kopecks(p.amount) < 0n));
  const moved = (kind: MovementKind) => sum(s.money.movements.filter((m) => m.kind === kind));
  const cash = kopecks(s.money.float) + cashIn - cashOut + moved('paid_in') - moved('paid_out') - moved('drop');
  const card = cardIn - cardOut;
  return { cash, card, varianceCash: kopecks(s.counted.cash) - cash, varianceCard: kopecks(s.counted.card) - card };
}

describe('#43 the till\'s figures', () => {
  it('over 1,000 random shifts: expected cash and card, and variance = counted - expected, to the kopeck', () => {
    const r = random(43);
    let nonzero = 0;
    for (let i = 0; i < 1000; i++) {
      const s = randomShift(r);
      const want = oracle(s);
      const expected = expectedOf(shiftTotals(s.money));
      const figures = countFigures(expected, s.counted);
      expect(figures, `shift ${i}: ${JSON.stringify(s)}`).toEqual({
        expected_cash: text(want.cash), expected_card: text(want.card), variance_cash: text(want.varianceCash), variance_card: text(want.varianceCard),
      });
      if (want.varianceCash !== 0n) nonzero++;
    }
    // The shifts are not all alike: most have a variance, some are short.
    expect(nonzero).toBeGreaterThan(900);
  });

  it('money that is not the desk\'s (online, certificate, a bill) is in no expected figure', () => {
    const t = shiftTotals({ float: '100', payments: [{ payment_type: 1, amount: '50' }, { payment_type: 3, amount: '70' }, { payment_type: 4, amount: '90' }], movements: [] });
    expect(expectedOf(t)).toEqual({ cash: 10000, card: 0 });
  });

  it('a count needs a manager when either variance is above the threshold, by its size', () => {
    const at = (cash: string, card: string, threshold: string) => needsConfirmation({ variance_cash: cash, variance_card: card }, threshold);
    expect(at('0.00', '0.00', '0.00')).toBe(false);
    expect(at('-0.01', '0.00', '0.00')).toBe(true);
    expect(at('100.00', '-100.00', '100.00')).toBe(false);
    expect(at('0.00', '-100.01', '100.00')).toBe(true);
    expect(at('100.01', '0.00', '100.00')).toBe(true);
  });

  it('bills and coins add up in kopecks; the float offered is the last close\'s counted cash less its drop; another needs a reason', () => {
    expect(denominationsCents({ 5000: 2, 100: 3, '0.50': 3, '0.01': 7 })).toBe(1_030_157);
    expect(denominationsCents({})).toBe(0);
    expect(suggestedFloat(null)).toBeNull();
    expect(suggestedFloat({ counted_cash: '15000.50', drop: '10000' })).toBe('5000.50');
    expect(floatNeedsComment('5000.5', '5000.50')).toBe(false);
    expect(floatNeedsComment('5000', '5000.50')).toBe(true);
    expect(floatNeedsComment('5000', null)).toBe(false);
  });

  it('blind: administrators see the expected figures of an open shift, cashiers and managers once it is counted', () => {
    expect([10, 20, 40].map((role) => seesExpected(role, 'open'))).toEqual([false, false, true]);
    expect([10, 20].map((role) => [seesExpected(role, 'needs_confirmation'), seesExpected(role, 'closed')])).toEqual([[true, true], [true, true]]);
  });
});
