// The single booking form, for a new order and for editing one. Opening it loads the chosen
// playground's slots of the chosen date; changing the date or playground resets time, persons and
// promocode. Rules and the request body live in bookingForm.ts. The promo code is checked with
// check_coupon while typing (debounced) and again on send; the price preview is the domain's
// bookingPrice with the promo code and the location's group and early-booking discounts, the same
// function the server prices with (its figure, shown after saving, is final). Saving shows the
// order-created dialog, or why it failed.
import { CustomerLanguageField } from '../../components/forms/CustomerLanguageField';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Alert, Button, CircularProgress, DialogContent, DialogTitle, Grid, MenuItem,
  Stack, TextField, Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { slotTimes } from '../../calendar/calendarModel';
import { CustomerSection, FormActions, FormSection, FormSummary, missingFieldsHint, PaymentSection } from './FormParts';
import { promoFieldText, usePromoCode } from './promoCode';
import { formatMoney, type Currency } from '../../../domain/money';
import { languageOf } from '../../i18n/useLanguage';
import { bookingPrice, earlyBookingPercent } from '../../../domain/pricing';
import { daysBetween } from '../../../domain/businessDay';
import { ApiError, newIdempotencyKey } from '../../dataProvider/http';
import type { BookPayType } from '../../../domain/booking';
import { BookPayDialog } from './BookPayDialog';
import { bookingApi, useGames, usePhoneNoShows, usePlaygroundSchedule } from './api';
import {
  ORDER_TYPES, billAllowed, bookingBody, bookingErrors, bookingFailure, changeBooking, gameRequired, nearestBookable, personsChoices, prepaymentNotSet, settleGame, settlePersons,
  timeChoices, type BookingFailure, type BookingValues, type OwnBooking,
} from './bookingForm';
import { BookingResultDialog } from './BookingResultDialog';
import { SessionWatch } from '../../live/SessionWatch';
import { GuardedDialog } from '../../components/forms/GuardedDialog';
import { useEndpointChoices } from '../../components/records/choices';
import { DateField } from '../../components/forms/DateField';

/** Each field's label key, for the hint of a disabled save (bookingErrors names them in the form's order). */
const FIELD_LABEL = Object.fromEntries((['date', 'playground', 'time', 'persons', 'order_type', 'game', 'name', 'phone', 'email', 'promocode', 'bill',
  'cancel_delay', 'comment', 'seller'] as const).map((k) => [k, `app.booking.fields.${({ order_type: 'orderType', cancel_delay: 'cancelDelay' } as Record<string, string>)[k] ?? k}`])) as Record<keyof BookingValues, string>;

export interface FormPlayground {
  id: number;
  name: string;
  max_players: number;
}

export interface LocationDiscounts {
  groupPercent: number;
  early: readonly { days: number; discount: number }[];
}

export function BookingFormDialog({
  locationId, playgrounds, currency, today, now, initial, own, orderId, originalPromocode, discounts, walkIns = false, sellerName, move = false, onClose, onSaved,
}: {
  /** Editing: the order's seller by name, shown should they no longer be among the location's staff. */
  sellerName?: string | null;
  /** #39 Editing to move the order: the title says so and the date field takes the focus. */
  move?: boolean;
  /** #30: the location books walk-ins without the guest's name and phone. */
  walkIns?: boolean;
  locationId: number;
  playgrounds: FormPlayground[];
  /** The location's group and early-booking discounts, for the price preview. */
  discounts?: LocationDiscounts;
  currency: Currency | null;
  today: string;
  now: string;
  initial: BookingValues;
  /** Editing: the order's own session and persons. */
  own?: OwnBooking | null;
  orderId?: number;
  originalPromocode?: string | null;
  onClose: () => void;
  /** Saved: the order id; `created` for a new order; `paid`: the amount "Book and pay" took (#30). */
  onSaved: (id: number, created: boolean, paid?: string) => void;
}) {
  const translate = useTranslate();
  const editing = orderId !== undefined;
  const [changed, setChanged] = useState(false);
  const [values, setValues] = useState<BookingValues>(initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [server, setServer] = useState<Partial<Record<keyof BookingValues, string>>>({});
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<BookingFailure | null>(null);

  const schedule = usePlaygroundSchedule(values.playground, values.date || null);
  const games = useGames(values.playground);
  const sellers = useEndpointChoices({ path: `/api/v2.1/booking/sellers/?location_id=${locationId}`, value: 'uid', label: 'label' });
  const playground = playgrounds.find((p) => p.id === values.playground) ?? null;
  const times = useMemo(() => timeChoices(schedule.data ?? [], now, own), [schedule.data, now, own]);
  const slot = times.find((s) => s.time_start === values.time) ?? null;
  const persons = useMemo(() => personsChoices(playground?.max_players ?? 0, slot, own), [playground, slot, own]);

  // No number chosen yet: the smallest allowed; a chosen number stays (settlePersons).
  useEffect(() => {
    setValues((v) => settlePersons(v, persons));
  }, [persons]);
  // The only game offered is chosen.
  useEffect(() => {
    setValues((v) => settleGame(v, games.data?.map((g) => g.id)));
  }, [games.data]);
  // The clicked slot's session, or the nearest bookable one after it, once the day is loaded (#30).
  const settledTime = useRef(false);
  useEffect(() => {
    if (settledTime.current || !schedule.isSuccess) return;
    settledTime.current = true;
    setValues((v) => { const time = nearestBookable(v.time, times); return time === v.time ? v : { ...v, time }; });
  }, [schedule.isSuccess, times]);

  // The promo code is checked while typing (debounced) for the chosen session, and again on send.
  // #44 Earlier orders of this phone at the location that nobody came to.
  const noShows = usePhoneNoShows(values.phone, locationId);
  const promo = usePromoCode({ typed: values.promocode, locationId, sessionDt: values.time, held: editing ? originalPromocode : null });
  const promoState = promo.state;

  const errors = bookingErrors(values, { today, slot, personsChoices: persons, promo: promoState, walkIns });
  const invalid = Object.keys(errors).length > 0;

  const set = (patch: Partial<BookingValues>) => {
    // Something typed or chosen: closing now asks first (GuardedDialog).
    setChanged(true);
    setValues((v) => changeBooking(v, patch, editing));
    setServer((s) => {
      const next = { ...s };
      for (const k of Object.keys(patch)) delete next[k as keyof BookingValues];
      return next;
    });
  };
  const touch = (field: string) => setTouched((t) => (t.has(field) ? t : new Set(t).add(field)));
  // A press on the disabled save marks every field still to fill (#30).
  const [showAll, setShowAll] = useState(false);
  const fieldProps = (field: keyof BookingValues, hint?: string) => {
    const rule = errors[field] && (touched.has(field) || showAll) ? translate(errors[field]!, { _: errors[field]! }) : undefined;
    const text = server[field] ?? rule;
    return { error: !!text, helperText: text ?? hint ?? ' ', onBlur: () => touch(field), fullWidth: true, size: 'small' as const, margin: 'dense' as const };
  };

  const money = (v: string) => formatMoney(v, slot?.pricing?.currency ?? currency, languageOf(translate));
  const price = slot && values.persons && playground
    ? bookingPrice({
      orderType: values.order_type,
      persons: values.persons,
      maxPlayers: playground.max_players,
      personalPrice: slot.pricing?.personal_price ?? null,
      sessionPrice: slot.pricing?.session_price ?? null,
      promoDiscount: promo.discount,
      groupDiscountPercent: discounts?.groupPercent ?? 0,
      earlyDiscountPercent: earlyBookingPercent(discounts?.early ?? [], daysBetween(today, values.date)),
    })
    : null;

  const mounted = useRef(true);
  useEffect(() => () => { mounted.current = false; }, []);

  // One Idempotency-Key per body sent: pressing again after a lost answer (same body) replays the
  // first booking instead of booking twice; a changed form is a new booking.
  const sent = useRef<{ body: string; key: string } | null>(null);
  const keyFor = (body: unknown) => {
    const text = JSON.stringify(body);
    if (sent.current?.body !== text) sent.current = { body: text, key: newIdempotencyKey() };
    return sent.current.key;
  };
  const [confirming, setConfirming] = useState(false);

  const save = async (payment?: BookPayType, till: number | null = null) => {
    if (invalid || saving) return;
    setSaving(true);
    try {
      // The promo code is checked again on send.
      if (!(await promo.recheck())) {
        touch('promocode');
        return;
      }
      const body = bookingBody(values);
      if (editing) {
        onSaved((await bookingApi.update(orderId!, body)).id, false);
        return;
      }
      const full = payment ? { ...body, payment: { payment_type: payment }, till } : body;
      const saved = await bookingApi.create(full, keyFor(full));
      onSaved(saved.id, true, saved.payment?.purchase);
    } catch (err) {
      const result = bookingFailure(err instanceof ApiError ? err : null);
      const fields = { ...result.fields };
      if (result.reason === 'sellerNotFound' || result.reason === 'sellerNotCorrect') fields.seller = translate(`app.booking.result.reasons.${result.reason}`);
      if (mounted.current) {
        setServer(fields);
        setFailure(result);
        setConfirming(false);
      }
    } finally {
      if (mounted.current) setSaving(false);
    }
  };

  const promoText = promoFieldText(promo, translate, money, server.promocode);
  const promoProps = fieldProps('promocode', promoText.hint);
  if (promoText.error) Object.assign(promoProps, { error: true, helperText: promoText.error });

  const saveDisabled = invalid || saving || promoState === 'checking';
  // The hint names the fields still to fill or to correct (#30), in the form's order.
  const missingHint = invalid ? missingFieldsHint(translate, (Object.keys(errors) as (keyof BookingValues)[]).map((k) => FIELD_LABEL[k])) : undefined;
  // #30 "Book and pay": a new paid order with a price and no payment link.
  const canBookAndPay = !editing && billAllowed(values.order_type) && !values.bill && !!price && Number(price.purchase) > 0;

  const title = editing ? translate(move ? 'app.booking.form.moveTitle' : 'app.booking.form.editTitle', { id: orderId! }) : translate('app.booking.form.createTitle');
  const noTimes = !!values.playground && !!values.date && schedule.isSuccess && times.length === 0;

  return (
    <GuardedDialog busy={saving} dirty={changed} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="booking-form-title" data-testid="booking-form">
      <DialogTitle id="booking-form-title">{title}</DialogTitle>
      <DialogContent dividers>
        <FormSection title={translate('app.booking.form.session')}>
          <Grid size={{ xs: 12, sm: 4 }}>
            <DateField
              label={translate('app.booking.fields.date')}
              value={values.date}
              onChange={(v) => set({ date: v })}
              min={today} today={today} data-testid="booking-date"
              required autoFocus={move}
              {...fieldProps('date')}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField select label={translate('app.booking.fields.playground')} value={values.playground ?? ''} required
              onChange={(e) => set({ playground: Number(e.target.value) || null })} {...fieldProps('playground')}>
              {playgrounds.map((p) => <MenuItem key={p.id} value={p.id}>{p.name}</MenuItem>)}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField select label={translate('app.booking.fields.time')} value={slot ? values.time : ''} required
              disabled={!values.playground || !values.date}
              onChange={(e) => set({ time: e.target.value })}
              {...fieldProps('time', noTimes ? translate('app.booking.form.noTimes') : undefined)}
              slotProps={{ input: { endAdornment: schedule.isFetching ? <CircularProgress size={16} sx={{ mr: 3 }} /> : undefined } }}>
              {times.map((s) => (
                <MenuItem key={s.time_start} value={s.time_start}>
                  {slotTimes(s, translate)}
                  <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                    {translate('app.calendar.free', { n: s.available_persons })}
                  </Typography>
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 6, sm: 4 }}>
            <TextField select label={translate('app.booking.fields.persons')} value={values.persons ?? ''} required disabled={!slot}
              onChange={(e) => set({ persons: Number(e.target.value) || null })} {...fieldProps('persons')}>
              {persons.map((n) => <MenuItem key={n} value={n}>{n}</MenuItem>)}
              {/* The cashier's number stays shown when fewer places are left (#30); the warning says so. */}
              {values.persons !== null && !persons.includes(values.persons) && <MenuItem value={values.persons} disabled>{values.persons}</MenuItem>}
            </TextField>
          </Grid>
          <Grid size={{ xs: 6, sm: 4 }}>
            <TextField select label={translate('app.booking.fields.orderType')} value={values.order_type} required
              onChange={(e) => set({ order_type: Number(e.target.value) })} {...fieldProps('order_type')}>
              {ORDER_TYPES.map((t) => <MenuItem key={t} value={t}>{translate(`app.orderTypes.t${t}`)}</MenuItem>)}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField select label={translate('app.booking.fields.game')} value={values.game ?? ''} required={gameRequired(slot)}
              disabled={!values.playground}
              onChange={(e) => set({ game: Number(e.target.value) || null })} {...fieldProps('game')}>
              {!gameRequired(slot) && <MenuItem value=""><em>{translate('app.booking.form.noGame')}</em></MenuItem>}
              {(games.data ?? []).map((g) => <MenuItem key={g.id} value={g.id}>{g.name}</MenuItem>)}
            </TextField>
          </Grid>
        </FormSection>
        <SessionWatch chosen={values.time} persons={values.persons} slots={schedule.data} offered={times}
          ownPersons={own && own.playground === values.playground && own.time_start === values.time ? own.persons : 0} onPick={(time) => set({ time })} />

        <CustomerSection values={values} set={set} fieldProps={fieldProps} promoProps={promoProps} promoChecking={promoState === 'checking'}
          required={{ name: !walkIns, phone: !walkIns, email: false }} autoFocusName={!editing && !walkIns && !values.name}
          phoneNote={noShows > 0 ? translate('app.arrivalDesk.phoneNoShows', { smart_count: noShows }) : undefined} />

        <PaymentSection values={values} set={set} fieldProps={fieldProps} billAllowed={billAllowed(values.order_type)}
          extra={(
            <Grid size={{ xs: 12, sm: 6 }}>
              {/* #39 Chosen by name from the location's staff (the server's rule); the body still carries the UUID. */}
              <TextField select label={translate('app.booking.fields.seller')} value={values.seller} data-testid="booking-seller"
                onChange={(e) => set({ seller: e.target.value })} {...fieldProps('seller', translate('app.booking.form.sellerHint'))}>
                <MenuItem value=""><em>{translate('app.booking.form.noSeller')}</em></MenuItem>
                {sellers.map((s) => <MenuItem key={s.value} value={s.value}>{s.label}</MenuItem>)}
                {/* An edited order's seller who has since left the location: shown, and refused on save by the server's rule. */}
                {values.seller !== '' && !sellers.some((s) => s.value === values.seller) && (
                  <MenuItem value={values.seller} disabled>{sellerName ?? translate('app.booking.form.sellerGone')}</MenuItem>
                )}
              </TextField>
            </Grid>
          )} />
        {/* #45 The customer's messages go in this language (the location's first by default). */}
        <Grid container spacing={2} sx={{ mt: 1 }}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <CustomerLanguageField value={values.language} onChange={(language) => set({ language })} />
          </Grid>
        </Grid>

        <FormSummary testId="price-preview">
          {price ? (
            <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: { xs: 0.5, sm: 3 }, alignItems: { sm: 'baseline' } }}>
              <Typography>{translate('app.booking.price.cost')}: {money(price.cost)}</Typography>
              {Number(price.discount) > 0 && <Typography>{translate('app.booking.price.discount')}: −{money(price.discount)}</Typography>}
              <Typography sx={{ fontWeight: 700, fontSize: 18 }} data-testid="price-total">
                {translate('app.booking.price.total')}: {money(price.purchase)}
              </Typography>
            </Stack>
          ) : (
            <Typography color="text.secondary">{translate('app.booking.price.choose')}</Typography>
          )}
          <Typography variant="caption" color="text.secondary">{translate('app.booking.price.note')}</Typography>
        </FormSummary>
        {prepaymentNotSet(slot) && (
          <Alert severity="warning" sx={{ mt: 1 }} data-testid="prepayment-not-set">{translate('app.booking.prepaymentNotSet')}</Alert>
        )}
        {schedule.isError && <Alert severity="error" sx={{ mt: 1 }}>{(schedule.error as Error).message}</Alert>}
      </DialogContent>
      <FormActions invalid={invalid} saving={saving} saveDisabled={saveDisabled} editing={editing}
        onClose={onClose} onSave={() => save()} hintTestId="booking-form-hint" saveTestId="booking-save" onBlocked={() => setShowAll(true)}
        hint={missingHint}
        secondary={canBookAndPay && (
          <Button variant="contained" color="success" onClick={() => setConfirming(true)} disabled={saveDisabled} data-testid="booking-save-pay">
            {translate('app.desk.bookAndPay')}
          </Button>
        )} />
      {confirming && price && (
        <BookPayDialog amount={money(price.purchase)} busy={saving} locationId={locationId} currency={currency} onClose={() => setConfirming(false)} onConfirm={(type, till) => void save(type, till)} />
      )}
      {failure && <BookingResultDialog result={{ kind: 'failed', failure, editing }} onClose={() => setFailure(null)} />}
    </GuardedDialog>
  );
}
