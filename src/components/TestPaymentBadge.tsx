// #38 The "TEST" / "ТЕСТ" badge of a payment the provider made in its test mode on a live install: it
// brought no money, settled nothing and is in no total. One badge for every screen that lists payments
// (the payments list's column, the order page's payments).
import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';

export function TestPaymentBadge({ payment }: { payment: { test?: boolean } }) {
  const translate = useTranslate();
  if (!payment.test) return null;
  return <Chip size="small" color="warning" variant="outlined" label={translate('app.money.payments.testBadge')}
    title={translate('app.money.payments.testHint')} data-testid="payment-test" sx={{ ml: 0.5 }} />;
}

/** The payments list's cell (src/resources/payments). */
export function TestPaymentCell({ record }: { record: { test?: boolean } }) {
  return <TestPaymentBadge payment={record} />;
}
