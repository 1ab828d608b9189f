// Creating certificates (accounts.{product}.certificate.create): a rate of the location's
// certificate_rates, the type (digital or physical), the design (one of certificate_designs or
// typed, at most 15 characters) and the quantity (1 to 100, 1 by default). New ones are NOT_PAID.
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { Form, NumberInput, SelectInput, TextInput, maxLength, maxValue, minValue, required, useNotify, useTranslate } from 'react-admin';
import { formatAmount } from '../../../domain/money';
import { SubmitButton } from '../../components/SubmitButton';
import { useGenericHandler } from '../../dataProvider/useGenericHandler';
import { submitWithFieldErrors } from '../../pages/money/fieldErrors';
import { CERTIFICATE_QUANTITY, CERTIFICATE_TEXT_MAX, CERTIFICATE_TYPES, certificatesApi, useCertificateDesigns, useCertificateRates } from './api';

const t = (name: string) => `app.money.certificates.createFields.${name}`;
const requiredField = required('validation.validationRequired');
const designRules = [requiredField, maxLength(CERTIFICATE_TEXT_MAX, 'validation.validationCertificateLength')];
const quantityRules = [
  requiredField, minValue(CERTIFICATE_QUANTITY.min, 'validation.validationMinValue'), maxValue(CERTIFICATE_QUANTITY.max, 'validation.validationMaxValue'),
];

export function CreateCertificatesDialog({ locationId, onClose, onSaved }: { locationId: number; onClose: () => void; onSaved: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const run = useGenericHandler();
  const rates = useCertificateRates(locationId);
  const designs = useCertificateDesigns();

  const submit = async (values: Record<string, unknown>) => {
    const { saved, errors } = await submitWithFieldErrors(run, () => certificatesApi.create({
      rate: String(values.rate), type: String(values.type), design: String(values.design ?? '').trim(),
      quantity: Number(values.quantity), location_id: locationId,
    }), { rate: 'rate', type: 'type', design: 'design', quantity: 'quantity' });
    if (errors) return errors;
    if (!saved) return undefined;
    notify('app.money.certificates.created', {
      type: 'success', messageArgs: { smart_count: saved.length, numbers: saved.map((c) => c.unique_number).join(', ') },
    });
    onSaved();
    return undefined;
  };

  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="create-certificates-title" data-testid="create-certificates">
      <Form onSubmit={submit} mode="onChange" defaultValues={{ rate: '', type: 'digital', design: '', quantity: CERTIFICATE_QUANTITY.default }}>
        <DialogTitle id="create-certificates-title">{translate('app.money.certificates.createTitle')}</DialogTitle>
        <DialogContent>
          <SelectInput
            source="rate" label={t('rate')} validate={requiredField} fullWidth isPending={rates.isPending}
            choices={(rates.data ?? []).map((r) => ({ id: r.rate, name: formatAmount(r.rate) }))} translateChoice={false}
          />
          <SelectInput
            source="type" label={t('type')} validate={requiredField} fullWidth
            choices={CERTIFICATE_TYPES.map((id) => ({ id, name: `app.money.certificates.types.${id}` }))}
          />
          {/* The designs are suggestions (a datalist): a venue may type its own. */}
          <TextInput
            source="design" label={t('design')} validate={designRules} fullWidth helperText="app.money.certificates.designHint"
            slotProps={{ htmlInput: { list: 'certificate-designs' } }}
          />
          <datalist id="certificate-designs">
            {(designs.data ?? []).map((d) => <option key={d.id} value={d.name} />)}
          </datalist>
          <NumberInput
            source="quantity" label={t('quantity')} validate={quantityRules} fullWidth helperText="app.money.certificates.quantityHint"
            min={CERTIFICATE_QUANTITY.min} max={CERTIFICATE_QUANTITY.max} step={1}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('app.common.cancel')}</Button>
          <SubmitButton>{translate('app.common.create')}</SubmitButton>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
