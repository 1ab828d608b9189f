// What a slot card says about an order's money (the booking spec's payment line), and the colour
// of a slot from its flags. Pure: the calendar renders these, unit tests prove them.
import { ORDER_STATUS, ORDER_TYPE, type SlotFlags } from './slotFlags';

export type PaymentLine =
  | { kind: 'cancelled' }
  | { kind: 'event' | 'free' | 'technical' }
  | { kind: 'paid'; amount: string }
  | { kind: 'overpayment'; amount: string }
  | { kind: 'not_paid'; amount: string }
  | { kind: 'to_pay'; amount: string };

export interface PaymentLineOrder {
  status: number;
  order_type: number;
  purchase: string;
  paid: string;
  need_paid: string;
}

const abs = (v: string) => v.replace(/^-/, '');

export function paymentLine(o: PaymentLineOrder): PaymentLine {
  if (o.status === ORDER_STATUS.cancelled || o.status === ORDER_STATUS.cartCancelled) return { kind: 'cancelled' };
  if (o.order_type === ORDER_TYPE.event) return { kind: 'event' };
  if (o.order_type === ORDER_TYPE.free) return { kind: 'free' };
  if (o.order_type === ORDER_TYPE.technical) return { kind: 'technical' };
  if (Number(o.need_paid) < 0) return { kind: 'overpayment', amount: abs(o.need_paid) };
  if (o.status === ORDER_STATUS.paid) return { kind: 'paid', amount: o.paid };
  if (Number(o.paid) === 0) return { kind: 'not_paid', amount: o.need_paid };
  return { kind: 'to_pay', amount: o.need_paid };
}

export type SlotColour = 'empty' | 'event' | 'free' | 'unpaid' | 'partly_paid' | 'paid' | 'pending';

/** Event purple, free blue, unpaid red, partly paid orange, paid green; pending otherwise. */
export function slotColour(flags: SlotFlags, hasLiveOrders: boolean): SlotColour {
  if (!hasLiveOrders) return 'empty';
  if (flags.event) return 'event';
  if (flags.free) return 'free';
  if (flags.not_paid) return 'unpaid';
  if (flags.need_paid) return 'partly_paid';
  if (flags.paid) return 'paid';
  return 'pending';
}
