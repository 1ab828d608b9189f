// Activating a NOT_PAID certificate (certificate.activate): seller, customer name, phone and
// email, all required. The server sends the certificate letter. Its field errors on phone and
// seller mark those fields (a seller that is not staff of the location: validationSeller).
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { Form, TextInput, useNotify, useTranslate } from 'react-admin';
import { SubmitButton } from '../../components/SubmitButton';
import { requiredField, validEmail, validPhone } from '../../components/validators';
import { session } from '../../authProvider/session';
import { useGenericHandler } from '../../dataProvider/useGenericHandler';
import { submitWithFieldErrors } from '../../pages/money/fieldErrors';
import { certificatesApi, type CertificateRow } from './api';

// These dialogs open inside a list row: without their own record, react-admin's Form would take
// the row's fields (amount, type, ...) as its starting values.
const NO_RECORD = {};

const t = (name: string) => `app.money.certificates.activateFields.${name}`;

/** The screen's message for the server's contract strings; other texts are shown as sent. */
function fieldMessage(field: string, serverText: string): string {
  if (field === 'seller') return serverText === 'Must be a valid UUID.' ? 'app.money.certificates.sellerUuid' : 'validation.validationSeller';
  if (field === 'phone') return 'validation.validationPhone';
  return serverText;
}

export function ActivateDialog({ certificate, locationId, onClose, onDone }: {
  certificate: CertificateRow; locationId: number; onClose: () => void; onDone: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const run = useGenericHandler();
  const text = (values: Record<string, unknown>, name: string) => String(values[name] ?? '').trim();

  const submit = async (values: Record<string, unknown>) => {
    const { saved, errors } = await submitWithFieldErrors(run, () => certificatesApi.activate(certificate.unique_number, {
      seller: text(values, 'seller'), name: text(values, 'name'), phone: text(values, 'phone'), email: text(values, 'email'), location_id: locationId,
    }), { seller: 'seller', name: 'name', phone: 'phone', email: 'email' }, fieldMessage);
    if (errors) return errors;
    if (!saved) return undefined;
    notify('app.money.certificates.certificatesLetterSent', { type: 'success' });
    onDone();
    return undefined;
  };

  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="activate-title" data-testid="activate-certificate">
      {/* The seller is usually the one activating: their own ID is filled in. */}
      <Form record={NO_RECORD} onSubmit={submit} mode="onChange" defaultValues={{ seller: session.user()?.uid ?? '', name: '', phone: '', email: '' }}>
        <DialogTitle id="activate-title">{translate('app.money.certificates.activateTitle', { number: certificate.unique_number })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 1 }}>{translate('app.money.certificates.activateText')}</DialogContentText>
          <TextInput source="seller" label={t('seller')} validate={requiredField} fullWidth helperText="app.money.certificates.sellerHint" />
          <TextInput source="name" label={t('name')} validate={requiredField} fullWidth />
          <TextInput source="phone" label={t('phone')} validate={[requiredField, validPhone]} fullWidth type="tel" />
          <TextInput source="email" label={t('email')} validate={[requiredField, validEmail]} fullWidth type="email" />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('app.common.cancel')}</Button>
          <SubmitButton>{translate('app.money.certificates.activate')}</SubmitButton>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
