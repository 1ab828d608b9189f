// The pieces the single and the multi-session booking forms share: a titled section of fields,
// the customer's and the payment's sections (#30: once, not a copy per form), the grey summary box
// under them, and the action bar (the "fill in the required fields" hint, Cancel, and the save
// button with its progress).
import type { ReactNode } from 'react';
import { Box, Button, CircularProgress, DialogActions, FormControlLabel, Grid, Switch, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { CancelButton } from '../../components/forms/GuardedDialog';
import { ActionBarHint } from '../../components/forms/ActionBarHint';
import { TEXT_LIMITS } from '../../../domain/textLimits';

export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 1 }}>
      <Typography component="legend" variant="overline" color="text.secondary" sx={{ lineHeight: 2 }}>{title}</Typography>
      <Grid container columnSpacing={2}>{children}</Grid>
    </Box>
  );
}

export function FormSummary({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <Box sx={{ bgcolor: 'grey.50', border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }} data-testid={testId}>
      {children}
    </Box>
  );
}

/**
 * What a disabled save says (#30; the multi form since #39; the pay dialog's take): the fields still to
 * fill or to correct, by their label keys, in the form's order. One text for every desk form.
 */
export function missingFieldsHint(translate: (key: string, options?: object) => string, labelKeys: readonly string[]): string {
  return translate('app.desk.missing', { fields: labelKeys.map((k) => translate(k)).join(', ') });
}

export function FormActions({ invalid, saving, saveDisabled, editing, onClose, onSave, hintTestId, saveTestId, hint, secondary, onBlocked }: {
  /** Shows the hint that required fields are missing. */
  invalid: boolean;
  saving: boolean;
  saveDisabled: boolean;
  editing: boolean;
  onClose: () => void;
  onSave: () => void;
  hintTestId: string;
  saveTestId: string;
  /** What the hint says instead of the general words (#30: the fields still to fill, by name). */
  hint?: string;
  /** Another way to save, beside the save button (#30: "Book and pay"). */
  secondary?: ReactNode;
  /** A press on the disabled save (#30: the form then marks every field still to fill). */
  onBlocked?: () => void;
}) {
  const translate = useTranslate();
  return (
    <DialogActions sx={{ px: 3, py: 1.5 }}>
      {invalid && (
        <ActionBarHint testId={hintTestId}>{hint ?? translate('app.booking.form.fillRequired')}</ActionBarHint>
      )}
      <CancelButton onClose={onClose} disabled={saving}>{translate('app.common.cancel')}</CancelButton>
      {/* A disabled button gets no clicks: its wrapper hears the press. */}
      <span onPointerDown={saveDisabled ? onBlocked : undefined} data-testid={`${saveTestId}-wrap`}>
        <Button variant="contained" onClick={onSave} disabled={saveDisabled} data-testid={saveTestId}>
          {saving && <CircularProgress size={18} color="inherit" sx={{ mr: 1 }} />}
          {translate(editing ? 'app.common.save' : 'app.booking.form.book')}
        </Button>
      </span>
      {secondary}
    </DialogActions>
  );
}

/** The fields both forms hold, by the names both give them. */
interface SharedValues {
  name: string;
  phone: string;
  email: string;
  promocode: string;
  bill: boolean;
  cancel_delay: string;
  comment: string;
}

/** A field's error, hint and blur as the form settles them. */
interface SharedFieldProps {
  error: boolean;
  helperText: ReactNode;
  onBlur: () => void;
  fullWidth: boolean;
  size: 'small';
  margin: 'dense';
}

type FieldPropsOf = (field: 'name' | 'phone' | 'email' | 'cancel_delay' | 'comment', hint?: string) => SharedFieldProps;

/** Name, phone, e-mail and promo code. `required`: the single form's walk-ins leave name and phone optional; the multi form requires the e-mail. */
export function CustomerSection({ values, set, fieldProps, promoProps, promoChecking, required, autoFocusName = false, phoneNote }: {
  values: Pick<SharedValues, 'name' | 'phone' | 'email' | 'promocode'>;
  set: (patch: Partial<SharedValues>) => void;
  fieldProps: FieldPropsOf;
  promoProps: SharedFieldProps;
  promoChecking: boolean;
  required: { name: boolean; phone: boolean; email: boolean };
  autoFocusName?: boolean;
  /** #44 Said under the phone (the single form: the phone's no-shows at the location). */
  phoneNote?: string;
}) {
  const translate = useTranslate();
  return (
    <FormSection title={translate('app.booking.form.customer')}>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField label={translate('app.booking.fields.name')} value={values.name} required={required.name} autoFocus={autoFocusName}
          onChange={(e) => set({ name: e.target.value })} {...fieldProps('name')} slotProps={{ htmlInput: { maxLength: TEXT_LIMITS.personName } }} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField label={translate('app.booking.fields.phone')} value={values.phone} required={required.phone} type="tel" placeholder="+79991234567"
          onChange={(e) => set({ phone: e.target.value })} {...fieldProps('phone')} slotProps={{ htmlInput: { maxLength: TEXT_LIMITS.phone } }} />
        {phoneNote && <Typography variant="body2" role="status" sx={{ color: 'warning.dark', fontWeight: 600, mt: 0.5 }} data-testid="booking-phone-no-shows">{phoneNote}</Typography>}
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField label={translate('app.booking.fields.email')} value={values.email} required={required.email} type="email"
          onChange={(e) => set({ email: e.target.value })} {...fieldProps('email')} slotProps={{ htmlInput: { maxLength: TEXT_LIMITS.email } }} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField label={translate('app.booking.fields.promocode')} value={values.promocode}
          onChange={(e) => set({ promocode: e.target.value })} {...promoProps}
          slotProps={{ input: { endAdornment: promoChecking ? <CircularProgress size={16} /> : undefined }, htmlInput: { maxLength: TEXT_LIMITS.promocode } }} />
      </Grid>
    </FormSection>
  );
}

/** The payment link switch and its cancel delay (where the order type allows a link), then `extra` (the single form's seller) and the comment. */
export function PaymentSection({ values, set, fieldProps, billAllowed, extra }: {
  values: Pick<SharedValues, 'bill' | 'cancel_delay' | 'comment'>;
  set: (patch: Partial<SharedValues>) => void;
  fieldProps: FieldPropsOf;
  billAllowed: boolean;
  extra?: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <FormSection title={translate('app.booking.form.payment')}>
      {billAllowed && (
        <Grid size={{ xs: 12, sm: 6 }} sx={{ display: 'flex', alignItems: 'center' }}>
          <FormControlLabel control={<Switch checked={values.bill} onChange={(e) => set({ bill: e.target.checked })} />}
            label={translate('app.booking.fields.bill')} />
        </Grid>
      )}
      {values.bill && billAllowed && (
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField label={translate('app.booking.fields.cancelDelay')} value={values.cancel_delay} required inputMode="numeric"
            onChange={(e) => set({ cancel_delay: e.target.value })} {...fieldProps('cancel_delay', translate('app.booking.form.cancelDelayHint'))} />
        </Grid>
      )}
      {extra}
      <Grid size={12}>
        <TextField label={translate('app.booking.fields.comment')} value={values.comment} multiline minRows={2}
          onChange={(e) => set({ comment: e.target.value })} {...fieldProps('comment')} slotProps={{ htmlInput: { maxLength: TEXT_LIMITS.orderComment } }} />
      </Grid>
    </FormSection>
  );
}
