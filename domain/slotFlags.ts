// The booking spec's derived flags of a slot, from its orders. Cancelled orders (status 4, 5) no
// longer count: they hold no places and owe nothing.

export const BOOKABLE_PLAYGROUND_TYPES = ['the_cube', 'arena', 'lounge'] as const;

export const ORDER_STATUS = { cart: 1, pending: 2, confirmed: 3, cancelled: 4, cartCancelled: 5, paid: 6 } as const;
export const ORDER_TYPE = { paid: 1, technical: 2, free: 3, event: 4 } as const;

export interface FlagOrder {
  status: number;
  order_type: number;
  persons: number;
  purchase: string;
  paid: string;
  need_paid: string;
}

export interface SlotFlags {
  free: boolean;
  pending: boolean;
  not_paid: boolean;
  need_paid: boolean;
  paid: boolean;
  event: boolean;
  archived: boolean;
}

export const isLiveOrder = (o: Pick<FlagOrder, 'status'>) =>
  o.status !== ORDER_STATUS.cancelled && o.status !== ORDER_STATUS.cartCancelled;

/** Places taken by the live orders of a slot. */
export function personsTaken(orders: readonly Pick<FlagOrder, 'status' | 'persons'>[]): number {
  return orders.filter(isLiveOrder).reduce((sum, o) => sum + o.persons, 0);
}

export function slotFlags(orders: readonly FlagOrder[], archived: boolean): SlotFlags {
  const live = orders.filter(isLiveOrder);
  const owesNothing = (o: FlagOrder) => o.order_type === ORDER_TYPE.technical || o.order_type === ORDER_TYPE.free;
  return {
    free: live.some((o) => o.order_type === ORDER_TYPE.free),
    pending: live.some((o) => o.status === ORDER_STATUS.pending),
    // "not paid": some order has paid nothing of a positive price and is not technical or free.
    not_paid: live.some((o) => Number(o.paid) === 0 && Number(o.purchase) > 0 && !owesNothing(o)),
    // "need paid": some order is partly paid.
    need_paid: live.some((o) => Number(o.need_paid) > 0 && Number(o.paid) > 0),
    paid: live.length > 0 && live.every((o) => o.status === ORDER_STATUS.paid || owesNothing(o) || Number(o.need_paid) <= 0),
    event: live.some((o) => o.order_type === ORDER_TYPE.event),
    archived,
  };
}
