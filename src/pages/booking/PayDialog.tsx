// Taking a payment for an order: type (cash, certificate, bill, card), amount (the amount owed by
// default), external id, and the certificate number for certificate payments. When the server
// refuses, its first message (of whatever field) shows under the certificate field (spec §8).
import { guestName } from '../../../domain/guest';
import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, FormHelperText, Typography } from '@mui/material';
import { Form, SelectInput, TextInput, required, useNotify, useTranslate } from 'react-admin';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { ActionBarHint } from '../../components/forms/ActionBarHint';
import { firstErrorMessage } from '../../../domain/errors';
import { formatAmount, formatMoney, readAmount, type Currency } from '../../../domain/money';
import { CancelButton, GuardedDialog, ReportFormDirty } from '../../components/forms/GuardedDialog';
import { languageOf } from '../../i18n/useLanguage';
import { SubmitButton } from '../../components/SubmitButton';
import { amountMaxChars, maxChars, positiveAmount } from '../../components/validators';
import { TEXT_LIMITS } from '../../../domain/textLimits';
import { ApiError, newIdempotencyKey } from '../../dataProvider/http';
import { bookingApi, useOrder } from './api';
import { openLinks } from '../../../domain/orderBalance';
import { CopyLinkButton, PaymentLinkDetails, type PaymentLinkShown } from './PaymentLink';
import { amountRule, CERTIFICATE_PAYMENT, PAYMENT_TYPES } from './bookingForm';

const CERTIFICATE = CERTIFICATE_PAYMENT;

const amountRules = [required('validation.validationSum'), amountMaxChars(10), amountRule, positiveAmount];
const certificateRule = (value: unknown, values: Record<string, unknown>) =>
  Number(values.payment_type) === CERTIFICATE && !String(value ?? '').trim() ? 'validation.validationCertificate' : undefined;
const typeRules = [required('validation.validationRequired')];
const externalIdRules = [maxChars(TEXT_LIMITS.externalId)];
const certificateRules = [certificateRule, maxChars(TEXT_LIMITS.certificateNumber)];

type Rule = (value: unknown, values: Record<string, unknown>) => unknown;
/** The dialog's fields in their order, with their rules: what the disabled take button's hint names (#30). */
const PAY_FIELDS: { source: string; label: string; rules: Rule[]; shown?: (values: Record<string, unknown>) => boolean }[] = [
  { source: 'payment_type', label: 'app.booking.pay.type', rules: typeRules },
  { source: 'amount', label: 'app.booking.pay.amount', rules: amountRules },
  { source: 'external_id', label: 'app.booking.pay.externalId', rules: externalIdRules },
  { source: 'certificate', label: 'app.booking.pay.certificate', rules: certificateRules, shown: (v) => Number(v.payment_type) === CERTIFICATE },
];

/** The labels of the fields still to fill or to correct, whether or not they were touched yet. */
function payFieldsMissing(values: Record<string, unknown>): string[] {
  return PAY_FIELDS.filter((f) => (f.shown?.(values) ?? true) && f.rules.some((rule) => rule(values[f.source], values)))
    .map((f) => f.label);
}

/**
 * The take button with the booking form's disabled-save hint (#30): "Fill in: Certificate number"
 * while it is disabled, and a press on it marks those fields red (a disabled button gets no click:
 * its wrapper hears the press).
 */
function PayActions({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const values = (useWatch() ?? {}) as Record<string, unknown>;
  const { trigger } = useFormContext();
  const { isSubmitting } = useFormState();
  const missing = payFieldsMissing(values);
  return (
    <DialogActions>
      {missing.length > 0 && (
        <ActionBarHint testId="pay-hint">{translate('app.desk.missing', { fields: missing.map((l) => translate(l)).join(', ') })}</ActionBarHint>
      )}
      <CancelButton onClose={onClose}>{translate('app.common.cancel')}</CancelButton>
      <span onPointerDown={missing.length && !isSubmitting ? () => void trigger() : undefined} data-testid="pay-submit-wrap">
        <SubmitButton color="success">{translate('app.booking.pay.submit')}</SubmitButton>
      </span>
    </DialogActions>
  );
}

export interface PayTarget {
  id: number;
  name: string;
  need_paid: string;
}

function CertificateField({ serverError }: { serverError: string | null }) {
  const translate = useTranslate();
  const type = useWatch({ name: 'payment_type' });
  const error = serverError
    ? <FormHelperText error role="alert" sx={{ mx: 1.75, mt: 0 }} data-testid="pay-error">{serverError}</FormHelperText>
    : null;
  if (Number(type) === CERTIFICATE) {
    return (
      <>
        <TextInput source="certificate" label="app.booking.pay.certificate" validate={certificateRules} fullWidth helperText={serverError ? false : undefined} />
        {error}
      </>
    );
  }
  return error ?? <Typography variant="caption" color="text.secondary">{translate('app.booking.pay.certificateHint')}</Typography>;
}

export function PayDialog({ order, currency, onClose, onPaid }: {
  order: PayTarget;
  currency: Currency | null | undefined;
  onClose: () => void;
  onPaid: () => Promise<unknown> | void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [serverError, setServerError] = useState<string | null>(null);
  // One key for this dialog: pressing pay again after a lost answer replays the first payment.
  const [idempotencyKey] = useState(newIdempotencyKey);
  // A bill is a payment link, not money: the dialog then shows the link to give the customer.
  const [link, setLink] = useState<PaymentLinkShown | null>(null);
  // Prefilled as the screens write amounts ('3 000,00', '3,000.00'); readAmount takes it back.
  const owed = Number(order.need_paid) > 0 ? formatAmount(order.need_paid, languageOf(translate)) : '';
  // Its open payment links: taking the money here too would let a link pay it again (#25), so say so.
  const detail = useOrder(order.id);
  const links = detail.data ? openLinks(detail.data.payments) : null;

  const submit = async (values: Record<string, unknown>) => {
    setServerError(null);
    const purchase = readAmount(values.amount) ?? String(values.amount ?? '').trim();
    let answer: { payment_url?: string; sent_to?: string | null };
    try {
      answer = await bookingApi.pay(order.id, {
        payment_type: Number(values.payment_type),
        purchase,
        external_id: String(values.external_id ?? '').trim() || null,
        certificate: Number(values.payment_type) === CERTIFICATE ? String(values.certificate ?? '').trim() : null,
      }, idempotencyKey);
    } catch (err) {
      // The first server message, whatever its field, under the certificate field (or in its place).
      setServerError(err instanceof ApiError ? firstErrorMessage(err.drfBody, err.message) : translate('app.alerts.unknownError'));
      return undefined;
    }
    const amount = formatMoney(purchase, currency, languageOf(translate));
    await onPaid();
    if (answer.payment_url) {
      setLink({ url: answer.payment_url, amount, sentTo: answer.sent_to ?? null });
      return undefined;
    }
    notify('app.booking.pay.done', { type: 'success', messageArgs: { id: order.id, amount } });
    onClose();
    return undefined;
  };

  if (link) {
    return (
      <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="pay-link-title" data-testid="pay-link-dialog">
        <DialogTitle id="pay-link-title">{translate('app.booking.pay.linkTitle', { id: order.id })}</DialogTitle>
        <DialogContent>
          <PaymentLinkDetails orderId={order.id} link={link} />
        </DialogContent>
        <DialogActions>
          <CopyLinkButton url={link.url} />
          <Button variant="contained" onClick={onClose}>{translate('app.common.close')}</Button>
        </DialogActions>
      </Dialog>
    );
  }

  return (
    <GuardedDialog onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="pay-title" data-testid="pay-dialog">
      <Form onSubmit={submit} mode="onChange" defaultValues={{ payment_type: 2, amount: owed, external_id: '', certificate: '' }}>
        <ReportFormDirty />
        <DialogTitle id="pay-title">{translate('app.booking.pay.title', { id: order.id })}</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>
            {guestName(order.name, translate)} · {translate('app.booking.pay.owed')}: <b>{formatMoney(order.need_paid, currency, languageOf(translate))}</b>
          </Typography>
          {links && links.count > 0 && (
            <Alert severity="warning" sx={{ mb: 2 }} data-testid="pay-open-link">
              {translate(links.count === 1 ? 'app.booking.pay.openLink' : 'app.booking.pay.openLinks',
                { count: links.count, amount: formatMoney(links.amount, currency, languageOf(translate)) })}
            </Alert>
          )}
          <SelectInput
            source="payment_type"
            label="app.booking.pay.type"
            choices={PAYMENT_TYPES.map((t) => ({ id: t, name: translate(`app.paymentTypes.t${t}`) }))}
            validate={typeRules}
            fullWidth
          />
          <TextInput source="amount" label="app.booking.pay.amount" validate={amountRules} fullWidth inputMode="decimal" />
          <TextInput source="external_id" label="app.booking.pay.externalId" validate={externalIdRules} fullWidth />
          <CertificateField serverError={serverError} />
        </DialogContent>
        <PayActions onClose={onClose} />
      </Form>
    </GuardedDialog>
  );
}
