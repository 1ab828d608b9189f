// Adding a transaction (users with transactions.edit and transactions.all): type, amount (required,
// at most 8 characters, entered positive: the type sets the direction), date and time (empty: now),
// description, document number, debt open, location (the user's; this one first) and session.
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { BooleanInput, Form, SelectInput, TextInput, required, useNotify, useTranslate } from 'react-admin';
import { SubmitButton } from '../../components/SubmitButton';
import { useGenericHandler } from '../../dataProvider/useGenericHandler';
import { submitWithFieldErrors } from '../../pages/money/fieldErrors';
import { amountRules, toAmount, transactionsApi, typeChoices, useMyLocations } from './api';

const t = (name: string) => `app.money.transactions.addFields.${name}`;
const FIELDS = ['type', 'amount', 'operation_dt', 'description', 'number', 'debt_open', 'location', 'session'];

export function AddTransactionDialog({ locationId, onClose, onSaved }: { locationId: number; onClose: () => void; onSaved: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const run = useGenericHandler();
  const { data: locations = [] } = useMyLocations();

  const submit = async (values: Record<string, unknown>) => {
    const text = (name: string) => String(values[name] ?? '').trim();
    // datetime-local is the browser's wall clock; the server gets the instant with its offset.
    const when = text('operation_dt') ? new Date(text('operation_dt')).toISOString() : null;
    const { saved, errors } = await submitWithFieldErrors(run, () => transactionsApi.create({
      type: text('type'), amount: toAmount(values.amount), operation_dt: when, description: text('description'),
      number: text('number') || null, debt_open: Boolean(values.debt_open), location: Number(values.location), session: text('session') || null,
    }), Object.fromEntries(FIELDS.map((f) => [f, f])));
    if (errors) return errors;
    if (!saved) return undefined;
    notify('app.money.transactions.added', { type: 'success', messageArgs: { id: saved.id } });
    onSaved();
    return undefined;
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="add-transaction-title" data-testid="add-transaction">
      <Form
        onSubmit={submit} mode="onChange"
        defaultValues={{ type: '', amount: '', operation_dt: '', description: '', number: '', debt_open: false, location: locationId, session: '' }}
      >
        <DialogTitle id="add-transaction-title">{translate('app.money.transactions.addTitle')}</DialogTitle>
        <DialogContent>
          <SelectInput source="type" label={t('type')} choices={typeChoices} validate={required('validation.validationRequired')} fullWidth />
          <TextInput source="amount" label={t('amount')} validate={amountRules} fullWidth inputMode="decimal"
            helperText="app.money.transactions.amountHint" />
          <TextInput source="operation_dt" label={t('operation_dt')} type="datetime-local" fullWidth
            InputLabelProps={{ shrink: true }} helperText="app.money.transactions.operationDtHint" />
          <TextInput source="description" label={t('description')} fullWidth multiline minRows={2} />
          <TextInput source="number" label={t('number')} fullWidth />
          <SelectInput source="location" label={t('location')} choices={locations} validate={required('validation.validationRequired')} fullWidth />
          <TextInput source="session" label={t('session')} fullWidth />
          <BooleanInput source="debt_open" label={t('debt_open')} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('app.common.cancel')}</Button>
          <SubmitButton>{translate('app.common.create')}</SubmitButton>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
