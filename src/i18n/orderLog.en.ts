// English texts of the order log on the order page (src/pages/orders/orderLog.ts), key for key as orderLog.ru.ts.
export const orderLogEn = {
  customer: 'Customer',
  session: '%{when} (%{playground})',
  sessions: 'sessions: %{list}',
  sessionsAdded: 'sessions added: %{list}',
  sessionsRemoved: 'sessions removed: %{list}',
  sessionsAddedCount: 'sessions added: %{n}',
  sessionsRemovedCount: 'sessions removed: %{n}',
  change: '%{field}: %{from} → %{to}',
  value: '%{field}: %{value}',
  paymentOf: 'payment №%{id}',
  sentTo: 'sent to %{email}',
  notPaidInTime: 'not paid in time',
  toRefund: 'to refund: %{amount}',
  linksClosed: 'the order is paid; open links for %{amount} no longer take payment',
  lateLink: 'paid on a link closed before',
  // #29 refunds
  externalRefund: 'made in the payment provider\'s dashboard',
  providerReason: 'the provider\'s reason: %{reason}',
  // #38 provider checks
  testPayment: 'payment №%{id} of %{amount} was made in the provider\'s test mode: no money came, the order still owes it',
  released: 'the customer paid %{amount} (payment №%{id}) but the order no longer owed it: the provider\'s hold was cancelled, no money moved',
  releasedLate: 'the customer paid %{amount} (payment №%{id}) on a link closed before: the provider\'s hold was cancelled, no money moved',
  lateRefund: '%{amount} paid on a link closed before (payment №%{id}) goes back to the customer in full through the provider',
  multisession: 'multi-booking',
  priceReason: 'Price changed: %{reason}',
  priceReasons: {
    session_changed: 'another session',
    persons_changed: 'another number of guests',
    promocode_changed: 'another promo code',
    order_type_changed: 'another order type',
    prices_changed: 'the session\'s prices changed since the booking',
  },
  fields: {
    persons: 'guests', session_dt: 'session', purchase: 'price', paid: 'paid in total', payment_type: 'method', name: 'name', phone: 'phone',
    email: 'e-mail', order_type: 'order type', comment: 'comment', cost: 'cost', discount: 'discount', amount: 'amount', promocode: 'promo code',
  },
};
