// Taking a payment for an order: type (cash, certificate, bill, card), amount (the amount owed by
// default), external id, and the certificate number for certificate payments. When the server
// refuses, its first message (of whatever field) shows under the certificate field (spec §8).
// #38 Two tenders: once a certificate's number is known its balance is read and its amount fills
// in as min(balance, debt); what it leaves is taken in cash or by card in the same go, as a second
// payment after the certificate's, each with its own Idempotency-Key. If the second is refused, the
// first stays: the dialog then says what the order still owes and why, and takes the rest again
// with the same key.
import { guestName } from '../../../domain/guest';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, FormHelperText, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { Form, SelectInput, TextInput, required, useNotify, useTranslate } from 'react-admin';
import { useController, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { ActionBarHint } from '../../components/forms/ActionBarHint';
import { formatAmount, formatMoney, readAmount, type Currency } from '../../../domain/money';
import { CancelButton, GuardedDialog, ReportFormDirty } from '../../components/forms/GuardedDialog';
import { languageOf } from '../../i18n/useLanguage';
import { SubmitButton } from '../../components/SubmitButton';
import { amountMaxChars, maxChars, positiveAmount } from '../../components/validators';
import { TEXT_LIMITS } from '../../../domain/textLimits';
import { ApiError, newIdempotencyKey } from '../../dataProvider/http';
import { bookingApi, useCertificateBalance, useOrder } from './api';
import { certificatePart, openLinks, restAfter } from '../../../domain/orderBalance';
import { fromCents, toCents } from '../../../domain/pricing';
import { BOOK_PAY_TYPES } from '../../../domain/booking';
import { CopyLinkButton, PaymentLinkDetails, type PaymentLinkShown } from './PaymentLink';
import { amountRule, CERTIFICATE_PAYMENT, PAYMENT_TYPES } from './bookingForm';
import { missingFieldsHint } from './FormParts';
import { DeskShiftLine } from '../../components/till/DeskShiftLine';
import { useDeskTill, type DeskTill } from '../../components/till/deskTill';
import { isDeskMoney } from '../../../domain/till';

const CERTIFICATE = CERTIFICATE_PAYMENT;
/** The rest's choice "later": the certificate pays its part and the rest stays owed (paid another time, a link...). */
const REST_LATER = 0;
const REST_CHOICES = [...BOOK_PAY_TYPES, REST_LATER] as const;

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
 * its wrapper hears the press). `checking`: a certificate's balance is being read, so what the take
 * would record is not known yet (#38). `rest`: only the rest is left to take (or nothing, `nothing`).
 */
function PayActions({ onClose, checking, rest }: { onClose: () => void; checking: boolean; rest: 'none' | 'take' | 'nothing' }) {
  const translate = useTranslate();
  const values = (useWatch() ?? {}) as Record<string, unknown>;
  const { trigger } = useFormContext();
  const { isSubmitting } = useFormState();
  const missing = rest === 'none' ? payFieldsMissing(values) : [];
  return (
    <DialogActions>
      {missing.length > 0 && (
        <ActionBarHint testId="pay-hint">{missingFieldsHint(translate, missing)}</ActionBarHint>
      )}
      <CancelButton onClose={onClose}>{translate(rest === 'none' ? 'app.common.cancel' : 'app.common.close')}</CancelButton>
      {rest !== 'nothing' && (
        <span onPointerDown={missing.length && !isSubmitting ? () => void trigger() : undefined} data-testid="pay-submit-wrap">
          <SubmitButton color="success" busy={checking}>{translate(rest === 'take' ? 'app.booking.pay.submitRest' : 'app.booking.pay.submit')}</SubmitButton>
        </span>
      )}
    </DialogActions>
  );
}

export interface PayTarget {
  id: number;
  name: string;
  need_paid: string;
}

/** #38 The certificate's part, recorded, while its rest is still to take (the rest's take was refused). */
interface FirstPaid {
  /** The certificate's part. */
  amount: string;
  /** The rest as planned: the debt at the dialog's opening less the certificate's part. */
  rest: string;
  /** What the order owes now, read again after the refusal; null when that read failed. */
  owedNow: string | null;
}

/** The rest a retry takes: as planned, but never more than the order still owes (another desk may have taken some). */
const restToTake = (first: FirstPaid) =>
  (first.owedNow === null ? first.rest : fromCents(Math.max(0, Math.min(toCents(first.rest), toCents(first.owedNow)))));

/**
 * #38 What a certificate leaves of the debt: its amount and the choice of cash or card for it, or
 * (`later`, before anything is taken) of leaving it owed, as a certificate paying part always could.
 */
function RestPart({ rest, currency, later }: { rest: string; currency: Currency | null | undefined; later: boolean }) {
  const translate = useTranslate();
  const { field } = useController({ name: 'rest_type' });
  return (
    <Box sx={{ mt: 1 }} data-testid="pay-rest">
      <Typography sx={{ mb: 1 }}>
        {translate('app.booking.pay.rest')}: <b data-testid="pay-rest-amount">{formatMoney(rest, currency, languageOf(translate))}</b>
      </Typography>
      <ToggleButtonGroup exclusive value={Number(field.value)} onChange={(_, v: number | null) => { if (v !== null) field.onChange(v); }}
        aria-label={translate('app.booking.pay.restType')} color="primary" size="small">
        {REST_CHOICES.filter((t) => later || t !== REST_LATER).map((t) => (
          <ToggleButton key={t} value={t} data-testid={`pay-rest-type-${t}`}>
            {translate(t === REST_LATER ? 'app.booking.pay.restLater' : `app.paymentTypes.t${t}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Box>
  );
}

/**
 * The certificate's number and what the dialog learnt of it: checking, its balance, or why it cannot
 * pay. Its balance fills the amount in as min(balance, debt) (#38); leaving the certificate type puts
 * the debt back when the amount is still the one filled in.
 */
function CertificateField({ serverError, look, debt, owed, currency }: {
  serverError: string | null;
  look: ReturnType<typeof useCertificateBalance>;
  debt: string;
  owed: string;
  currency: Currency | null | undefined;
}) {
  const translate = useTranslate();
  const lang = languageOf(translate);
  const type = useWatch({ name: 'payment_type' });
  const isCertificate = Number(type) === CERTIFICATE;
  const { getValues, setValue } = useFormContext();
  const filled = useRef<string | null>(null);
  // Filled in once per certificate and balance: a re-read with the same answer (a live reset) keeps
  // what the cashier typed since.
  const filledFor = useRef('');
  const answer = look.balance ? `${look.balance.unique_number}\n${look.balance.remaining}` : '';
  useEffect(() => {
    if (!look.balance || answer === filledFor.current) return;
    filledFor.current = answer;
    filled.current = formatAmount(certificatePart(debt, look.balance.remaining), lang);
    setValue('amount', filled.current, { shouldValidate: true, shouldDirty: true });
  }, [answer]); // eslint-disable-line react-hooks/exhaustive-deps -- once per answer, not per render
  useEffect(() => {
    if (isCertificate || filled.current === null) return;
    if (getValues('amount') === filled.current) setValue('amount', owed, { shouldValidate: true });
    filled.current = null;
    filledFor.current = '';
  }, [isCertificate]); // eslint-disable-line react-hooks/exhaustive-deps -- on leaving the type only
  const message = serverError ?? (isCertificate ? look.error?.message ?? null : null);
  const error = message
    ? <FormHelperText error role="alert" sx={{ mx: 1.75, mt: 0 }} data-testid="pay-error">{message}</FormHelperText>
    : null;
  if (isCertificate) {
    const hint = look.checking ? translate('app.booking.pay.certificateChecking')
      : look.balance ? translate('app.booking.pay.certificateBalance', { amount: formatMoney(look.balance.remaining, currency, lang) }) : undefined;
    return (
      <>
        <TextInput source="certificate" label="app.booking.pay.certificate" validate={certificateRules} fullWidth
          helperText={message ? false : hint ? <span data-testid="pay-certificate-balance">{hint}</span> : undefined} />
        {error}
      </>
    );
  }
  return error ?? <Typography variant="caption" color="text.secondary">{translate('app.booking.pay.certificateHint')}</Typography>;
}

/** The form's fields and buttons before anything is taken: one tender, or a certificate and its rest. */
function PayFields({ orderId, debt, owed, currency, serverError, onClose, desk, children }: {
  orderId: number; debt: string; owed: string; currency: Currency | null | undefined; serverError: string | null; onClose: () => void;
  /** #43 The desk's till: its shift is named (or offered to open) when cash or card is taken. */
  desk: DeskTill;
  /** What the dialog says above the fields: the guest, the debt, open payment links. */
  children: ReactNode;
}) {
  const translate = useTranslate();
  const [type, typed, amount, restType] = useWatch({ name: ['payment_type', 'certificate', 'amount', 'rest_type'] }) as [unknown, unknown, unknown, unknown];
  const isCertificate = Number(type) === CERTIFICATE;
  // A number longer than any certificate's is the field's own error, not a question for the server.
  const code = String(typed ?? '');
  const look = useCertificateBalance(orderId, code, isCertificate && code.trim().length <= TEXT_LIMITS.certificateNumber);
  const part = readAmount(amount);
  const rest = isCertificate && part !== null ? restAfter(debt, part) : '0.00';
  return (
    <>
      <DialogContent>
        {children}
        <SelectInput
          source="payment_type"
          label="app.booking.pay.type"
          choices={PAYMENT_TYPES.map((t) => ({ id: t, name: translate(`app.paymentTypes.t${t}`) }))}
          validate={typeRules}
          fullWidth
        />
        <TextInput source="amount" label="app.booking.pay.amount" validate={amountRules} fullWidth inputMode="decimal" />
        <TextInput source="external_id" label="app.booking.pay.externalId" validate={externalIdRules} fullWidth />
        <CertificateField serverError={serverError} look={look} debt={debt} owed={owed} currency={currency} />
        {toCents(rest) > 0 && <RestPart rest={rest} currency={currency} later />}
        {(isDeskMoney(Number(type)) || (toCents(rest) > 0 && isDeskMoney(Number(restType)))) && <DeskShiftLine desk={desk} currency={currency} />}
      </DialogContent>
      <PayActions onClose={onClose} checking={look.checking} rest="none" />
    </>
  );
}

export function PayDialog({ order, currency, onClose, onPaid }: {
  order: PayTarget;
  currency: Currency | null | undefined;
  onClose: () => void;
  onPaid: () => Promise<unknown> | void;
}) {
  const translate = useTranslate();
  const lang = languageOf(translate);
  const notify = useNotify();
  const money = (amount: string) => formatMoney(amount, currency, lang);
  const [serverError, setServerError] = useState<string | null>(null);
  // One key per part of the payment, for this dialog: pressing take again after a lost answer
  // replays that part, never records it twice. `first`: the only tender, or the certificate's part.
  const [keys] = useState(() => ({ first: newIdempotencyKey(), rest: newIdempotencyKey() }));
  // A press while a take is under way (a double click, Enter twice) is not a second take.
  const taking = useRef(false);
  const [firstPaid, setFirstPaid] = useState<FirstPaid | null>(null);
  // A bill is a payment link, not money: the dialog then shows the link to give the customer.
  const [link, setLink] = useState<PaymentLinkShown | null>(null);
  const debt = Number(order.need_paid) > 0 ? order.need_paid : '0.00';
  // Prefilled as the screens write amounts ('3 000,00', '3,000.00'); readAmount takes it back.
  const owed = Number(order.need_paid) > 0 ? formatAmount(order.need_paid, lang) : '';
  // Its open payment links: taking the money here too would let a link pay it again (#25), so say so.
  const detail = useOrder(order.id);
  const links = detail.data ? openLinks(detail.data.payments) : null;
  // #43 The desk's till: cash and card go to its open shift.
  const desk = useDeskTill(detail.data?.location_id);
  const till = desk.till?.id ?? null;
  // Every reason of the server's refusal, whatever its field (#39; the spec said the first), in the
  // client's one reading of refusals (src/dataProvider/refusal.ts).
  const reason = (err: unknown) => (err instanceof ApiError ? err.message : translate('app.alerts.tryLater'));

  const takeRest = async (first: FirstPaid, restType: number) => {
    const amount = restToTake(first);
    try {
      await bookingApi.pay(order.id, { payment_type: restType, purchase: amount, external_id: null, certificate: null, till }, keys.rest);
    } catch (err) {
      setServerError(reason(err));
      // What the order owes now, read again: the certificate's part is in, and maybe another desk's money.
      const fresh = await detail.refetch();
      setFirstPaid({ ...first, owedNow: fresh.data?.need_paid ?? null });
      return;
    }
    await onPaid();
    notify('app.booking.pay.doneSplit', {
      type: 'success',
      messageArgs: { id: order.id, certificate: money(first.amount), rest: money(amount), by: translate(`app.booking.pay.by${restType}`) },
    });
    onClose();
  };

  const take = async (values: Record<string, unknown>) => {
    setServerError(null);
    const restType = Number(values.rest_type);
    if (firstPaid) return takeRest(firstPaid, restType);
    const paymentType = Number(values.payment_type);
    const purchase = readAmount(values.amount) ?? String(values.amount ?? '').trim();
    // What a certificate leaves of the debt goes to the second tender, in the same go.
    const rest = paymentType === CERTIFICATE ? restAfter(debt, purchase) : '0.00';
    let answer: { payment_url?: string; sent_to?: string | null };
    try {
      answer = await bookingApi.pay(order.id, {
        payment_type: paymentType,
        purchase,
        external_id: String(values.external_id ?? '').trim() || null,
        certificate: paymentType === CERTIFICATE ? String(values.certificate ?? '').trim() : null,
        till,
      }, keys.first);
    } catch (err) {
      // The first server message, whatever its field, under the certificate field (or in its place).
      setServerError(reason(err));
      return undefined;
    }
    await onPaid();
    if (answer.payment_url) {
      setLink({ url: answer.payment_url, amount: money(purchase), sentTo: answer.sent_to ?? null });
      return undefined;
    }
    if (toCents(rest) > 0 && restType !== REST_LATER) return takeRest({ amount: purchase, rest, owedNow: null }, restType);
    notify('app.booking.pay.done', { type: 'success', messageArgs: { id: order.id, amount: money(purchase) } });
    onClose();
    return undefined;
  };

  const submit = async (values: Record<string, unknown>) => {
    if (taking.current) return undefined;
    taking.current = true;
    try {
      await take(values);
    } finally {
      taking.current = false;
    }
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

  const rest = firstPaid ? restToTake(firstPaid) : null;
  return (
    <GuardedDialog onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="pay-title" data-testid="pay-dialog">
      <Form onSubmit={submit} mode="onChange" defaultValues={{ payment_type: 2, amount: owed, external_id: '', certificate: '', rest_type: BOOK_PAY_TYPES[0] }}>
        {/* Once the certificate's part is in, closing loses nothing typed: the dialog says what is owed. */}
        {!firstPaid && <ReportFormDirty />}
        <DialogTitle id="pay-title">{translate('app.booking.pay.title', { id: order.id })}</DialogTitle>
        {firstPaid && rest !== null ? (
          <>
            <DialogContent>
              <Alert severity="success" sx={{ mb: 2 }} data-testid="pay-first-done">{translate('app.booking.pay.firstDone', { amount: money(firstPaid.amount) })}</Alert>
              <Typography sx={{ mb: 1 }} data-testid="pay-still-owed">
                {guestName(order.name, translate)} · {translate('app.booking.pay.stillOwed')}: <b>{money(firstPaid.owedNow ?? firstPaid.rest)}</b>
              </Typography>
              {serverError && (
                <Alert severity="error" role="alert" sx={{ mb: 1 }} data-testid="pay-error">{translate('app.booking.pay.restRefused', { reason: serverError })}</Alert>
              )}
              {toCents(rest) > 0 && <DeskShiftLine desk={desk} currency={currency} />}
              {toCents(rest) > 0
                ? <RestPart rest={rest} currency={currency} later={false} />
                : <Typography data-testid="pay-nothing-owed">{translate('app.booking.pay.nothingOwed')}</Typography>}
            </DialogContent>
            <PayActions onClose={onClose} checking={false} rest={toCents(rest) > 0 ? 'take' : 'nothing'} />
          </>
        ) : (
          <PayFields orderId={order.id} debt={debt} owed={owed} currency={currency} serverError={serverError} onClose={onClose} desk={desk}>
            <Typography sx={{ mb: 2 }}>
              {guestName(order.name, translate)} · {translate('app.booking.pay.owed')}: <b>{money(order.need_paid)}</b>
            </Typography>
            {links && links.count > 0 && (
              <Alert severity="warning" sx={{ mb: 2 }} data-testid="pay-open-link">
                {translate(links.count === 1 ? 'app.booking.pay.openLink' : 'app.booking.pay.openLinks',
                  { count: links.count, amount: money(links.amount) })}
              </Alert>
            )}
          </PayFields>
        )}
      </Form>
    </GuardedDialog>
  );
}
