// Account top-up (only where the location has allow_refill): the amount (required, at most 8
// characters) starts a payment, and the browser goes to the provider's page (payment_url). The
// provider brings the user back to /locations/:id/check_payment/:payment_id.
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { Form, TextInput, useTranslate } from 'react-admin';
import { SubmitButton } from '../../components/SubmitButton';
import { useGenericHandler } from '../../dataProvider/useGenericHandler';
import { submitWithFieldErrors } from '../../pages/money/fieldErrors';
import type { LocationRecord } from '../locations/types';
import { amountRules, toAmount, transactionsApi } from './api';

export function TopUpDialog({ location, onClose }: { location: LocationRecord; onClose: () => void }) {
  const translate = useTranslate();
  const run = useGenericHandler();

  const submit = async (values: Record<string, unknown>) => {
    const { saved, errors } = await submitWithFieldErrors(run, () => transactionsApi.refill(location.id, toAmount(values.amount)), { amount: 'amount' });
    if (errors) return errors;
    if (saved) window.location.assign(saved.payment_url);
    return undefined;
  };

  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="top-up-title" data-testid="top-up">
      <Form onSubmit={submit} mode="onChange" defaultValues={{ amount: '' }}>
        <DialogTitle id="top-up-title">{translate('app.money.transactions.topUpTitle', { name: location.name })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 1 }}>{translate('app.money.transactions.topUpText')}</DialogContentText>
          <TextInput source="amount" label="app.money.transactions.addFields.amount" validate={amountRules} fullWidth autoFocus inputMode="decimal" />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('app.common.cancel')}</Button>
          <SubmitButton>{translate('app.money.transactions.topUpSubmit')}</SubmitButton>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
