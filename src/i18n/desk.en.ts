// #30 DESK: English texts of the desk's fast path (book and pay, walk-ins, the form's hints), key for
// key the same as desk.ru.ts.
export const deskEn = {
  bookAndPay: 'Book and pay',
  confirmTitle: 'Book and take the payment',
  confirmText: 'The order is booked and paid in one step: %{amount}.',
  payType: 'Payment type',
  take: 'Take %{amount}',
  done: 'Order №%{id} is booked and paid: %{amount}.',
  walkIn: 'Walk-in',
  missing: 'Fill in: %{fields}',
  leave: 'The booking form is not saved. Close it?',
  // The cost of an event multi-booking: its package's price, or why none is offered.
  packagePrice: 'By the package "%{name}": %{price}',
  choosePackage: 'Choose an event package: its price becomes the cost.',
  packageNotOnSale: 'The chosen package is not on sale on this date: type the cost.',
  noPackageCost: 'No event package is on sale on this date: type the cost.',
};
