// What an order owes and owes back (domain/orderBalance, #25): one rule for the order API, the
// customer's page, the desk and the refund.
import { describe, expect, it } from 'vitest';
import { certificatePart, openLinks, orderBalance, paymentStatusCode, restAfter } from '../../domain/orderBalance';

describe('orderBalance', () => {
  it('a live order owes its price less what is paid; beyond the price is to refund', () => {
    expect(orderBalance({ status: 2, purchase: '1900.00', paid: '500.00' })).toEqual({ toPay: '1400.00', toRefund: '0.00' });
    expect(orderBalance({ status: 6, purchase: '1900.00', paid: '1900.00' })).toEqual({ toPay: '0.00', toRefund: '0.00' });
    expect(orderBalance({ status: 6, purchase: '6000.00', paid: '12000.00' })).toEqual({ toPay: '0.00', toRefund: '6000.00' });
    expect(orderBalance({ status: 6, purchase: '1425.00', paid: '2850.00' })).toEqual({ toPay: '0.00', toRefund: '1425.00' });
  });

  it('a cancelled order owes nothing and everything it holds is to refund', () => {
    expect(orderBalance({ status: 4, purchase: '3000.00', paid: '1500.00' })).toEqual({ toPay: '0.00', toRefund: '1500.00' });
    expect(orderBalance({ status: 5, purchase: '3000.00', paid: '0.00' })).toEqual({ toPay: '0.00', toRefund: '0.00' });
  });
});

describe('openLinks', () => {
  it('counts only pending bills', () => {
    expect(openLinks([
      { payment_type: 4, status: 'processing', purchase: '1500.00' },
      { payment_type: 4, status: 'processing', purchase: '400.50' },
      { payment_type: 4, status: 'cancelled', purchase: '1900.00' },
      { payment_type: 2, status: 'paid', purchase: '100.00' },
    ])).toEqual({ count: 2, amount: '1900.50' });
  });
});

describe('paymentStatusCode', () => {
  it('a paid negative row is a refund, not "paid"', () => {
    expect(paymentStatusCode({ status: 'paid', purchase: '-1800.00' })).toBe('refunded');
    expect(paymentStatusCode({ status: 'paid', purchase: '1800.00' })).toBe('paid');
    expect(paymentStatusCode({ status: 'cancelled', purchase: '1800.00' })).toBe('cancelled');
  });
});

describe('two tenders (#38): certificatePart and restAfter', () => {
  it('a certificate pays all it has up to the debt; the rest is left to cash or card', () => {
    // A smaller balance: part of the debt, the rest for the second tender.
    expect(certificatePart('3600.00', '1500.00')).toBe('1500.00');
    expect(restAfter('3600.00', '1500.00')).toBe('2100.00');
    // A larger balance pays the whole debt and leaves nothing (the old dialog's whole debt, now only here).
    expect(certificatePart('3600.00', '5000.00')).toBe('3600.00');
    expect(restAfter('3600.00', '3600.00')).toBe('0.00');
    // Cents stay cents; nothing owed or nothing left gives nothing.
    expect(certificatePart('1234.56', '1234.55')).toBe('1234.55');
    expect(restAfter('1234.56', '1234.55')).toBe('0.01');
    expect(certificatePart('0.00', '500.00')).toBe('0.00');
    expect(certificatePart('-100.00', '500.00')).toBe('0.00');
    // A certificate part typed above the debt leaves no rest, never a negative one.
    expect(restAfter('1000.00', '1200.00')).toBe('0.00');
  });
});
