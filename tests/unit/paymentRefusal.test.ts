// The pay call's checks in one domain step (#41): what a cashier is told, in the order it is told.
import { describe, expect, it } from 'vitest';
import { paymentRefusal } from '../../domain/orderBalance';

const live = { status: 2, purchase: '1500.00', paid: '500.00' };
const cash = (amount: string) => ({ amount, byCertificate: false, certificate: null });

describe('paymentRefusal', () => {
  it('takes a payment up to what is left to pay, to the kopeck', () => {
    expect(paymentRefusal(live, cash('1000.00'))).toBeNull();
    expect(paymentRefusal(live, cash('0.01'))).toBeNull();
    expect(paymentRefusal(live, cash('1000.01'))).toEqual({ field: 'purchase', code: 'overpayment', max: '1000.00' });
  });
  it('a certificate payment names its certificate, before anything else is said', () => {
    expect(paymentRefusal({ ...live, status: 4 }, { amount: '10.00', byCertificate: true, certificate: null })).toEqual({ field: 'certificate', code: 'certificate_required' });
    expect(paymentRefusal(live, { amount: '10.00', byCertificate: true, certificate: 'ABC' })).toBeNull();
  });
  it('a cancelled order takes nothing; a paid one nothing more', () => {
    expect(paymentRefusal({ ...live, status: 4 }, cash('10.00'))).toEqual({ field: 'non_field_errors', code: 'order_not_payable' });
    expect(paymentRefusal({ ...live, paid: '1500.00', status: 6 }, cash('10.00'))).toEqual({ field: 'purchase', code: 'order_fully_paid' });
  });
});
