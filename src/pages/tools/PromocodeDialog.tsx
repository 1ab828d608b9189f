// Create or edit a promo code. The type says how the discount is read: a fraction of the price
// (0.15 is 15 %) or a flat amount; the server checks the same rules and its messages show under
// the fields.
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import {
  BooleanInput, DateInput, Form, NumberInput, SelectInput, TextInput, maxLength, minValue, regex, required, useNotify, useTranslate,
} from 'react-admin';
import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { SubmitButton } from '../../components/SubmitButton';
import { api } from '../../dataProvider/http';
import { useGenericHandler } from '../../dataProvider/useGenericHandler';
import { submitWithFieldErrors } from '../money/fieldErrors';
import type { Promocode, PromocodeType } from './types';

const requiredRule = required('validation.validationRequired');
// As the server: letters, digits, "_" and "-" (bookings match codes without regard to case).
const codeRules = [requiredRule, maxLength(50, 'app.tools.promo.codeLength'), regex(/^[\p{L}\p{N}_-]+$/u, 'app.tools.promo.codeFormat')];

/** Digits with an optional comma or dot and at most two decimals, then the range its type allows. */
function discountRule(value: unknown, values: Record<string, unknown>) {
  const text = String(value ?? '').trim();
  if (!text) return undefined; // requiredRule speaks first
  if (!/^\d+([.,]\d{1,2})?$/.test(text)) return 'app.tools.promo.discountFormat';
  const n = Number(text.replace(',', '.'));
  if (values.type === 'fraction' && !(n > 0 && n < 1)) return 'app.tools.promo.fractionRange';
  if (values.type === 'flat' && n < 1) return 'app.tools.promo.flatMin';
  return undefined;
}

function validToRule(value: unknown, values: Record<string, unknown>) {
  return value && values.valid_from && String(value) < String(values.valid_from) ? 'app.tools.promo.dateOrder' : undefined;
}

const SERVER_FIELDS = { code: 'code', type: 'type', discount: 'discount', valid_from: 'valid_from', valid_to: 'valid_to', usage_limit: 'usage_limit' };

export function PromocodeDialog({ locationId, promocode, onClose, onSaved }: {
  locationId: string;
  promocode?: Promocode;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const run = useGenericHandler();

  const submit = async (values: Record<string, unknown>) => {
    const limit = values.usage_limit;
    const body = {
      code: String(values.code ?? '').trim(),
      type: values.type as PromocodeType,
      discount: String(values.discount ?? '').trim().replace(',', '.'),
      valid_from: (values.valid_from as string) || null,
      valid_to: (values.valid_to as string) || null,
      usage_limit: limit === null || limit === undefined || limit === '' ? null : Number(limit),
      active: !!values.active,
    };
    const { saved, errors } = await submitWithFieldErrors(run, () => (promocode
      ? api<Promocode>(`/api/v2.1/promocodes/${promocode.id}/`, { method: 'PUT', body })
      : api<Promocode>(`/api/v2.1/locations/${locationId}/promocodes/`, { method: 'POST', body })), SERVER_FIELDS);
    if (errors) return errors;
    if (!saved) return undefined;
    await onSaved();
    notify(promocode ? 'app.tools.promo.updated' : 'app.tools.promo.created', { type: 'success', messageArgs: { code: saved.code } });
    onClose();
    return undefined;
  };

  const defaults = {
    code: promocode?.code ?? '',
    type: promocode?.type ?? 'fraction',
    discount: promocode?.discount ?? '',
    valid_from: promocode?.valid_from ?? null,
    valid_to: promocode?.valid_to ?? null,
    usage_limit: promocode?.usage_limit ?? null,
    active: promocode?.active ?? true,
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="promo-title">
      <Form onSubmit={submit} mode="onChange" defaultValues={defaults}>
        <DialogTitle id="promo-title">{translate(promocode ? 'app.tools.promo.editTitle' : 'app.tools.promo.addTitle')}</DialogTitle>
        <DialogContent>
          <TextInput source="code" label="app.tools.promo.code" validate={codeRules} fullWidth autoFocus />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
            <SelectInput
              source="type"
              label="app.tools.promo.type"
              validate={requiredRule}
              choices={[
                { id: 'fraction', name: 'app.tools.promo.types.fraction' },
                { id: 'flat', name: 'app.tools.promo.types.flat' },
              ]}
              fullWidth
            />
            <DiscountInput />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
            <DateInput source="valid_from" label="app.tools.promo.validFrom" fullWidth />
            <DateInput source="valid_to" label="app.tools.promo.validTo" validate={validToRule} fullWidth />
          </Stack>
          <NumberInput
            source="usage_limit"
            label="app.tools.promo.usageLimit"
            helperText="app.tools.promo.usageLimitHint"
            validate={minValue(1, 'validation.validationMinValue')}
            min={1}
            step={1}
            fullWidth
          />
          {promocode && (
            <TextInput source="used_count" label="app.tools.promo.usedCount" defaultValue={promocode.used_count} disabled fullWidth helperText="app.tools.promo.usedCountHint" />
          )}
          <BooleanInput source="active" label="app.tools.promo.active" />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('app.common.cancel')}</Button>
          <SubmitButton>{translate(promocode ? 'app.common.save' : 'app.common.create')}</SubmitButton>
        </DialogActions>
      </Form>
    </Dialog>
  );
}

/** The discount field; its hint follows the chosen type. */
function DiscountInput() {
  const type = useWatch({ name: 'type' }) as PromocodeType | undefined;
  const { getValues, trigger } = useFormContext();
  // The allowed range depends on the type: check a discount already typed again when it changes.
  useEffect(() => {
    if (getValues('discount')) void trigger('discount');
  }, [type, getValues, trigger]);
  return (
    <TextInput
      source="discount"
      label="app.tools.promo.discount"
      validate={[requiredRule, discountRule]}
      helperText={type === 'flat' ? 'app.tools.promo.flatHint' : 'app.tools.promo.fractionHint'}
      fullWidth
    />
  );
}
