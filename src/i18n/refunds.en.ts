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
  // #38 refunds by tender: what goes back, each the way it came.
  tenders: {
    title: 'Goes back the way it was paid',
    cash: 'In cash: %{amount}',
    card: 'To the card: %{amount}. Refund it on the card terminal and print the cash register\'s refund receipt.',
    certificate: 'Onto certificate %{number}: %{amount}',
    certificateExpired: 'Onto certificate %{number}: %{amount}. It has expired: its balance comes back, it stays expired.',
    provider: 'Through %{provider}: %{amount} back to the customer\'s card or wallet',
    online: 'Paid online: %{amount} (recorded as given back)',
    pending: 'Refund through %{provider} in progress: %{amount}',
    providers: { yookassa: 'YooKassa', stripe: 'Stripe', sandbox: 'the demo sandbox' },
    cardReference: 'Terminal reference (RRN), optional',
    refundAll: 'Refund %{amount} the way it was paid',
    confirmAll: 'Each part goes back as listed: cash from the till, card on the terminal, certificates onto their balance, online money through the provider.',
    done: '%{amount} refunded the way it was paid.',
    other: 'Another way…',
    cashInstead: 'Pay it all out in cash instead (a manager\'s decision, with a reason)',
    cashInsteadShort: 'Cash instead of another tender needs a reason',
    reason: 'Why in cash (3-500 characters)',
    managerOnly: 'Only a manager can pay out card, certificate or online money in cash.',
  },
  automatic: 'The system: paid after the link was closed', // #38
};
