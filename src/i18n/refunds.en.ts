// #29 refunds through the payment provider: the order page's refund offer and its refund records.
export const refundsEn = {
  amount: 'Amount to refund',
  online: 'Through the payment provider: up to %{amount} (paid online). The rest, if any, another way.',
  onlineFull: 'Through the payment provider: %{amount} goes back to the customer\'s card or wallet.',
  confirmOnline: 'The payment provider is asked to give %{amount} back to the customer. The order shows the money as refunded once the provider confirms.',
  sendOnline: 'Refund through the provider',
  pendingDone: 'The payment provider took the refund of %{amount}; it is pending until the provider confirms it.',
  doneOnline: 'The payment provider refunded %{amount}.',
  title: 'Refunds through the payment provider',
  columns: { created: 'Created', amount: 'Amount', status: 'Status', receipt: 'Refund receipt', by: 'By', error: 'Reason' },
  status: { pending: 'Pending', succeeded: 'Refunded', failed: 'Failed' },
  receipt: { pending: 'Being registered', succeeded: 'Registered', canceled: 'Not registered', none: 'Not sent' },
  external: 'In the provider\'s dashboard',
  customer: 'The customer, by cancelling', // #29 widget cancellation refunds
  automatic: 'The system: paid after the link was closed', // #38
};
