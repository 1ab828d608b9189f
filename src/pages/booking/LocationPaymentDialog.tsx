// A payment of the location not tied to an order (the payments button, location 1 only): amount
// (required, at most 10 characters), external id and comment. Server field messages show under
// their inputs.
import { DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { Form, TextInput, required, useNotify, useTranslate } from 'react-admin';
import { SubmitButton } from '../../components/SubmitButton';
import { amountMaxChars, maxChars, positiveAmount } from '../../components/validators';
import { TEXT_LIMITS } from '../../../domain/textLimits';
import { useState } from 'react';
import { newIdempotencyKey } from '../../dataProvider/http';
import { useGenericHandler } from '../../dataProvider/useGenericHandler';
import { bookingApi } from './api';
import { amountRule } from './bookingForm';
import { readAmount } from '../../../domain/money';
import { CancelButton, GuardedDialog, ReportFormDirty } from '../../components/forms/GuardedDialog';

const amountRules = [required('validation.validationSum'), amountMaxChars(10), amountRule, positiveAmount];

export function LocationPaymentDialog({ locationId, onClose }: { locationId: number; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const run = useGenericHandler();
  // One key for this dialog: saving again after a lost answer does not record the payment twice.
  const [idempotencyKey] = useState(newIdempotencyKey);

  const submit = async (values: Record<string, unknown>) => {
    let fieldErrors: Record<string, string> | undefined;
    const saved = await run(
      () => bookingApi.locationPayment(locationId, {
        purchase: readAmount(values.amount) ?? String(values.amount ?? '').trim(),
        external_id: String(values.external_id ?? '').trim() || null,
        comment: String(values.comment ?? '').trim(),
      }, idempotencyKey),
      (err) => {
        const fields = (err.body?.errors ?? {}) as Record<string, string>;
        const mapped: Record<string, string> = {};
        if (fields.purchase) mapped.amount = fields.purchase;
        if (fields.external_id) mapped.external_id = fields.external_id;
        if (fields.comment) mapped.comment = fields.comment;
        if (!Object.keys(mapped).length) return false;
        fieldErrors = mapped;
        return true;
      },
    );
    if (fieldErrors) return fieldErrors;
    if (!saved) return undefined;
    notify('app.booking.locationPayment.done', { type: 'success', messageArgs: { id: saved.id } });
    onClose();
    return undefined;
  };

  return (
    <GuardedDialog onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="location-payment-title" data-testid="location-payment">
      <Form onSubmit={submit} mode="onChange" defaultValues={{ amount: '', external_id: '', comment: '' }}>
        <ReportFormDirty />
        <DialogTitle id="location-payment-title">{translate('app.booking.locationPayment.title')}</DialogTitle>
        <DialogContent>
          <TextInput source="amount" label="app.booking.pay.amount" validate={amountRules} fullWidth autoFocus inputMode="decimal" />
          <TextInput source="external_id" label="app.booking.pay.externalId" validate={maxChars(TEXT_LIMITS.externalId)} fullWidth />
          <TextInput source="comment" label="app.booking.fields.comment" validate={maxChars(TEXT_LIMITS.shortComment)} fullWidth multiline minRows={2} />
        </DialogContent>
        <DialogActions>
          <CancelButton onClose={onClose}>{translate('app.common.cancel')}</CancelButton>
          <SubmitButton>{translate('app.booking.locationPayment.submit')}</SubmitButton>
        </DialogActions>
      </Form>
    </GuardedDialog>
  );
}
