// The order log's vocabulary, shared by the server that writes entries and the order page that
// reads them: one list of entry types, so a type written without a renderer fails the unit test.

export const ORDER_LOG_TYPES = [
  'created', 'edited', 'paid', 'payment_failed', 'bill', 'bill_sent', 'refunded', 'cancelled', 'auto_cancelled',
  // An order owes money back (data: amount, by: staff | customer | system; payment_id of a late link): a cancelled
  // order's money, or an overpayment by a link settled after the order was paid (#25). Staff refund it (then `refunded`).
  'refund_due',
  // The order was paid in full another way: its open payment links are closed (data: payment_ids, amount).
  'links_closed',
  // #29 A refund through the payment provider: taken and not final yet, or refused (data: amount, refund_id, error). Its success is `refunded`.
  'refund_pending', 'refund_failed',
  // #38 A provider's test-mode payment on a live install: recorded, settles nothing (data: payment_id, purchase).
  'test_payment',
  // #38 Money the provider held (two-stage) was let go: its link was closed or the order no longer owes it (data: payment_id, purchase, late).
  'payment_released',
  // #38 A payment that reached a closed link is refunded in full through its provider, automatically (data: payment_id, amount).
  'late_refund',
  // #44 Arrival: participants checked in at the desk or undone (data: participants, their names; reason
  // of a check-in past a block), a participant's signature on the guest's page (data: participant, document,
  // version), the no-show flag set by the job (data: by: system), the guests' link sent by e-mail (data: email).
  'checked_in', 'check_in_undone', 'signed', 'no_show', 'arrival_link_sent',
  // #45 A message to the customer: sent, delivered, failed, unknown or skipped (data: message_id, kind, channel, state; reason or error).
  'message',
  // #45 The customer unsubscribed the order's e-mail and phone from the location's offers (data: by: customer).
  'unsubscribed',
  // #47 The guest's personal data were erased (data: by: staff | system; no erased value, no grounds: the activity log and person_erasures keep those).
  'personal_data_erased',
] as const;
export type OrderLogType = (typeof ORDER_LOG_TYPES)[number];

/**
 * A session as an entry names it. `playground_name` is stored when written (the name then), and
 * filled in when read for entries written before it was stored.
 */
export interface LoggedSession {
  playground_id: number;
  playground_name?: string | null;
  /** 'YYYY-MM-DD HH:mm', the location's wall clock. */
  session_dt: string;
}

/** Keys of `data` that hold lists of sessions: created (`sessions`), a multi-booking's edit (`sessions_added`, `sessions_removed`). */
export const LOGGED_SESSION_LISTS = ['sessions', 'sessions_added', 'sessions_removed'] as const;

/** Why an edit changed the price (`price_reason` of an 'edited' entry). */
export const PRICE_REASONS = ['session_changed', 'persons_changed', 'promocode_changed', 'order_type_changed', 'prices_changed'] as const;

/** `data.by` of an entry the customer caused in the booking widget (no staff author). */
export const BY_CUSTOMER = 'customer';
/** #44 `data.by` of a signature made on the desk's tablet (its author: the staff user whose tablet it is). */
export const BY_DESK = 'desk';

export function isLoggedSessionList(value: unknown): value is LoggedSession[] {
  return Array.isArray(value) && value.every((s) => s && typeof s === 'object' && typeof (s as LoggedSession).session_dt === 'string');
}
