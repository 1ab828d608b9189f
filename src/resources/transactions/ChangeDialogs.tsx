// The editor's two changes to a transaction, each a yes/no question with what it needs:
// change type (the new type; the sign and later balances follow on the server) and refund (the
// amount, at most 8 characters; the server refuses more than is left of the original).
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { Form, SelectInput, TextInput, required, useNotify, useTranslate } from 'react-admin';
import { SubmitButton } from '../../components/SubmitButton';
import { useGenericHandler } from '../../dataProvider/useGenericHandler';
import { submitWithFieldErrors } from '../../pages/money/fieldErrors';
import { amountRules, toAmount, transactionsApi, typeChoices, type TransactionRow, type TransactionType } from './api';

// These dialogs open inside a list row: without their own record, react-admin's Form would take
// the row's fields (amount, type, ...) as its starting values.
const NO_RECORD = {};

interface Props {
  transaction: TransactionRow;
  onClose: () => void;
  onDone: () => void;
}

export function ChangeTypeDialog({ transaction, onClose, onDone }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const run = useGenericHandler();
  const submit = async (values: Record<string, unknown>) => {
    const { saved, errors } = await submitWithFieldErrors(run,
      () => transactionsApi.changeType(transaction.id, values.type as TransactionType), { type: 'type' });
    if (errors) return errors;
    if (!saved) return undefined;
    notify('app.money.transactions.transactionsTypeChanged', { type: 'success' });
    onDone();
    return undefined;
  };
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="change-type-title" data-testid="change-type">
      <Form record={NO_RECORD} onSubmit={submit} mode="onChange" defaultValues={{ type: '' }}>
        <DialogTitle id="change-type-title">{translate('app.money.transactions.changeTypeTitle', { id: transaction.id })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 1 }}>{translate('app.money.transactions.changeTypeText')}</DialogContentText>
          <SelectInput
            source="type" label="app.money.transactions.newType" fullWidth validate={required('validation.validationRequired')}
            choices={typeChoices.filter((c) => c.id !== transaction.type)}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('app.common.no')}</Button>
          <SubmitButton color="error">{translate('app.common.yes')}</SubmitButton>
        </DialogActions>
      </Form>
    </Dialog>
  );
}

export function RefundDialog({ transaction, onClose, onDone }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const run = useGenericHandler();
  const submit = async (values: Record<string, unknown>) => {
    const { saved, errors } = await submitWithFieldErrors(run,
      () => transactionsApi.refund(transaction, toAmount(values.amount), String(values.description ?? '').trim()),
      { amount: 'amount', description: 'description' });
    if (errors) return errors;
    if (!saved) return undefined;
    notify('app.money.transactions.transactionsTypeRefund', { type: 'success' });
    onDone();
    return undefined;
  };
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="refund-title" data-testid="refund">
      {/* The whole amount by default; the sign is the server's (a refund reverses the original). */}
      <Form record={NO_RECORD} onSubmit={submit} mode="onChange" defaultValues={{ amount: transaction.amount.replace('-', '').replace(/\.00$/, ''), description: '' }}>
        <DialogTitle id="refund-title">{translate('app.money.transactions.refundTitle', { id: transaction.id })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 1 }}>{translate('app.money.transactions.refundText')}</DialogContentText>
          <TextInput source="amount" label="app.money.transactions.addFields.amount" validate={amountRules} fullWidth inputMode="decimal" />
          <TextInput source="description" label="app.money.transactions.addFields.description" fullWidth />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('app.common.no')}</Button>
          <SubmitButton color="error">{translate('app.common.yes')}</SubmitButton>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
