// The multi-booking form: one order over several fully free sessions of one date, possibly on
// several playgrounds, for a new order and for changing an existing multi-session order
// (update_part). Rules and the body live in multiForm.ts. The cost is the staff's figure (an
// event package fills it in until staff change it, then its price stays a one-click suggestion,
// or the form says why there is none; otherwise the schedule's price of the chosen sessions is
// the one-click suggestion). Saving shows the order-created dialog, or why it failed.
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Alert, Box, Button, Chip, CircularProgress, DialogContent, DialogTitle, Grid, MenuItem,
  Stack, TextField, Typography,
} from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import NightsStayIcon from '@mui/icons-material/NightsStay';
import { useTranslate } from 'react-admin';
import { slotTimes } from '../../calendar/calendarModel';
import { CustomerSection, FormActions, FormSection, FormSummary, missingFieldsHint, PaymentSection } from '../booking/FormParts';
import { CustomerLanguageField } from '../../components/forms/CustomerLanguageField';
import { formatAmount, formatMoney, readAmount, type Currency } from '../../../domain/money';
import { fromCents, multiBookingPrice, toCents } from '../../../domain/pricing';
import { languageOf } from '../../i18n/useLanguage';
import { ORDER_TYPE } from '../../../domain/slotFlags';
import { ApiError } from '../../dataProvider/http';
import type { BookingFailure } from '../booking/bookingForm';
import { promoFieldText, usePromoCode } from '../booking/promoCode';
import { BookingResultDialog } from '../booking/BookingResultDialog';
import { multiApi, useEventPackages, useMultiSchedule } from './api';
import { MultiSessionWatch } from '../../live/SessionWatch';
import { DateField } from '../../components/forms/DateField';
import {
  changeMulti, goneSessions, multiBillAllowed, multiBody, multiErrors, multiFailure, multiOrderTypes, packageOffer, sessionChoices, sessionKey, toggleSession,
  type MultiErrors, type MultiField, type MultiValues,
} from './multiForm';
import { GuardedDialog } from '../../components/forms/GuardedDialog';

/** #39 Each field's label key and the form's order of them, for the hint of a disabled save (the single form's mechanism). */
const FIELD_ORDER = ['date', 'order_type', 'event_type_id', 'persons', 'cost', 'sessions', 'name', 'phone', 'email', 'promocode', 'bill', 'cancel_delay', 'comment'] as const satisfies readonly MultiField[];
const FIELD_LABEL: Record<(typeof FIELD_ORDER)[number], string> = {
  date: 'app.booking.fields.date', order_type: 'app.booking.fields.orderType', event_type_id: 'app.multibooking.fields.eventPackage',
  persons: 'app.booking.fields.persons', cost: 'app.multibooking.fields.cost', sessions: 'app.multibooking.fields.sessions',
  name: 'app.booking.fields.name', phone: 'app.booking.fields.phone', email: 'app.booking.fields.email', promocode: 'app.booking.fields.promocode',
  bill: 'app.booking.fields.bill', cancel_delay: 'app.booking.fields.cancelDelay', comment: 'app.booking.fields.comment',
};

export interface MultiFormLocation {
  id: number;
  is_park: boolean;
  is_events_available: boolean;
  currency: Currency | null;
}

export function MultiBookingFormDialog({ location, today, now, initial, orderId, originalPromocode, onClose, onSaved }: {
  location: MultiFormLocation;
  today: string;
  now: string;
  initial: MultiValues;
  /** Editing: the multi-session order's id (its sessions stay offered to it). */
  orderId?: number;
  originalPromocode?: string | null;
  onClose: () => void;
  onSaved: (id: number, created: boolean) => void;
}) {
  const translate = useTranslate();
  const editing = orderId !== undefined;
  const [changed, setChanged] = useState(false);
  const [values, setValues] = useState<MultiValues>(initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [costTouched, setCostTouched] = useState(editing || initial.cost !== '');
  const [server, setServer] = useState<MultiErrors>({});
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<BookingFailure | null>(null);

  const own = useMemo(() => new Set(editing ? initial.sessions : []), [editing, initial.sessions]);
  const schedule = useMultiSchedule(location.id, values.date || null);
  const choices = useMemo(() => sessionChoices(schedule.data, now, own), [schedule.data, now, own]);
  const offered = useMemo(() => new Set(choices.flatMap((c) => c.slots.map((s) => sessionKey(s.playground, s.time_start)))), [choices]);
  const orderTypes = multiOrderTypes(location);
  const isEvent = values.order_type === ORDER_TYPE.event;
  const packages = useEventPackages(location.id, values.date || null, isEvent);
  const chosen = choices.flatMap((c) => c.slots.filter((s) => values.sessions.includes(sessionKey(s.playground, s.time_start))).map((s) => ({ slot: s, pg: c.playground })));
  const maxPersons = chosen.length ? Math.min(...chosen.map((c) => c.pg.max_players)) : null;

  // An event package sets the cost until staff type their own.
  const pkg = packages.data?.find((p) => p.id === values.event_type_id) ?? null;
  // Typed over, the package's price stays one click away; without one, the form says why (#30).
  const offer = packageOffer(values, packages.data);
  useEffect(() => {
    if (pkg && !costTouched) setValues((v) => ({ ...v, cost: formatAmount(pkg.price, languageOf(translate)) }));
  }, [pkg, costTouched]);

  // The promo code is checked while typing (debounced) for the first chosen session (else the date), and again on send.
  const firstSession = [...values.sessions].map((k) => k.split('|')[1]!).sort()[0] ?? (values.date ? `${values.date} 12:00` : '');
  const promo = usePromoCode({ typed: values.promocode, locationId: location.id, sessionDt: firstSession, held: editing ? originalPromocode : null });
  const promoState = promo.state;

  // Until the date's sessions arrive, the chosen ones count as offered (no flash of "taken").
  const errors = multiErrors(values, {
    creating: !editing, today, orderTypes, offered: schedule.isSuccess ? offered : new Set(values.sessions), maxPersons, promo: promoState,
  });
  const invalid = Object.keys(errors).length > 0;

  const set = (patch: Partial<MultiValues>) => {
    // Something typed or chosen: closing now asks first (GuardedDialog).
    setChanged(true);
    setValues((v) => changeMulti(v, patch));
    setServer((s) => {
      const next = { ...s };
      for (const k of Object.keys(patch)) delete next[k as MultiField];
      return next;
    });
  };
  const touch = (field: string) => setTouched((t) => (t.has(field) ? t : new Set(t).add(field)));
  // A press on the disabled save marks every field still to fill, as in the single form.
  const [showAll, setShowAll] = useState(false);
  const fieldProps = (field: MultiField, hint?: string) => {
    const rule = errors[field] && (touched.has(field) || showAll) ? translate(errors[field]!, { _: errors[field]!, max: maxPersons ?? '' }) : undefined;
    const text = server[field] ?? rule;
    return { error: !!text, helperText: text ?? hint ?? ' ', onBlur: () => touch(field), fullWidth: true, size: 'small' as const, margin: 'dense' as const };
  };
  const money = (v: string) => formatMoney(v, location.currency, languageOf(translate));

  // The schedule's own price of the chosen sessions, as a suggestion for the cost.
  const persons = Number(values.persons) || 0;
  const schedulePrice = chosen.every((c) => c.slot.pricing) && chosen.length > 0
    ? fromCents(chosen.reduce((sum, { slot }) => sum + (slot.pricing!.personal_price
      ? toCents(slot.pricing!.personal_price) * Math.max(persons, 1) : toCents(slot.pricing!.session_price ?? '0')), 0))
    : null;

  // The price before saving: the domain's rule the server saves with (the staff's cost less the
  // checked promo code; technical and free orders owe nothing), as the single form previews its own.
  const promoDiscount = promo.discount;
  const typedCost = readAmount(values.cost);
  const price = typedCost && !errors.cost ? multiBookingPrice({ orderType: values.order_type, cost: typedCost, promoDiscount }) : null;

  const mounted = useRef(true);
  useEffect(() => () => { mounted.current = false; }, []);

  const save = async () => {
    if (invalid || saving) return;
    setSaving(true);
    try {
      if (!(await promo.recheck())) {
        touch('promocode');
        return;
      }
      const body = multiBody(values, location.id);
      const saved = editing ? await multiApi.update(orderId!, body) : await multiApi.create(body);
      onSaved(saved.order_id, !editing);
    } catch (err) {
      const result = multiFailure(err instanceof ApiError ? err : null);
      if (mounted.current) {
        setServer(result.multiFields);
        setFailure(result);
      }
    } finally {
      if (mounted.current) setSaving(false);
    }
  };

  const promoText = promoFieldText(promo, translate, money, server.promocode);
  const promoProps = fieldProps('promocode', promoText.hint);
  if (promoText.error) Object.assign(promoProps, { error: true, helperText: promoText.error });
  const sessionsError = server.sessions ?? (errors.sessions && (touched.has('sessions') || showAll || values.sessions.length > 0) ? translate(errors.sessions) : undefined);
  const title = editing ? translate('app.multibooking.form.editTitle', { id: orderId! }) : translate('app.multibooking.form.createTitle');

  return (
    <GuardedDialog busy={saving} dirty={changed} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="multi-form-title" data-testid="multi-form">
      <DialogTitle id="multi-form-title">{title}</DialogTitle>
      <DialogContent dividers>
        {values.amo_id && <Alert severity="info" sx={{ mb: 1 }} data-testid="multi-amo">{translate('app.multibooking.form.amoDeal', { id: values.amo_id })}</Alert>}
        <FormSection title={translate('app.multibooking.form.order')}>
          <Grid size={{ xs: 12, sm: 4 }}>
            <DateField label={translate('app.booking.fields.date')} value={values.date} required={!editing}
              onChange={(v) => set({ date: v })}
              min={today} today={today} data-testid="multi-date"
              {...fieldProps('date')} />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField select label={translate('app.booking.fields.orderType')} value={values.order_type} required
              onChange={(e) => set({ order_type: Number(e.target.value) })} {...fieldProps('order_type')}
              slotProps={{ htmlInput: { 'data-testid': 'multi-order-type' } }}>
              {orderTypes.map((t) => <MenuItem key={t} value={t}>{translate(`app.orderTypes.t${t}`)}</MenuItem>)}
            </TextField>
          </Grid>
          {isEvent && (
            <Grid size={{ xs: 12, sm: 4 }}>
              <TextField select label={translate('app.multibooking.fields.eventPackage')} value={values.event_type_id ?? ''} required
                onChange={(e) => set({ event_type_id: Number(e.target.value) || null })} {...fieldProps('event_type_id',
                  packages.isSuccess && packages.data.length === 0 ? translate('app.multibooking.form.noPackages') : undefined)}>
                {(packages.data ?? []).map((p) => <MenuItem key={p.id} value={p.id}>{p.name} · {money(p.price)}</MenuItem>)}
              </TextField>
            </Grid>
          )}
          <Grid size={{ xs: 6, sm: 4 }}>
            <TextField label={translate('app.booking.fields.persons')} value={values.persons} required inputMode="numeric"
              onChange={(e) => set({ persons: e.target.value })}
              {...fieldProps('persons', maxPersons !== null ? translate('app.multibooking.form.maxPersons', { max: maxPersons }) : undefined)}
              slotProps={{ htmlInput: { maxLength: 4, 'data-testid': 'multi-persons' } }} />
          </Grid>
          <Grid size={{ xs: 6, sm: 4 }}>
            <TextField label={translate('app.multibooking.fields.cost')} value={values.cost} required inputMode="decimal"
              onChange={(e) => { setCostTouched(true); set({ cost: e.target.value }); }}
              {...fieldProps('cost')} slotProps={{ htmlInput: { maxLength: 12, 'data-testid': 'multi-cost' } }} />
          </Grid>
        </FormSection>

        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 1 }} aria-describedby="multi-sessions-help" data-testid="multi-sessions">
          <Typography component="legend" variant="overline" color="text.secondary" sx={{ lineHeight: 2 }}>
            {translate('app.multibooking.form.sessions', { n: values.sessions.length })}
          </Typography>
          <Typography id="multi-sessions-help" variant="body2" color={sessionsError ? 'error' : 'text.secondary'} sx={{ mb: 1 }}>
            {sessionsError ?? translate('app.multibooking.form.sessionsHelp')}
          </Typography>
          {/* Taken by another desk or the widget while this form was open (the live desk refetches the day). */}
          {schedule.isSuccess && (
            <MultiSessionWatch
              gone={goneSessions(values.sessions, schedule.data, choices)}
              keyOf={(slot) => sessionKey(slot.playground, slot.time_start)}
              onReplace={(oldKey, newKey) => {
                touch('sessions');
                set({ sessions: values.sessions.flatMap((k) => (k !== oldKey ? [k] : newKey ? [newKey] : [])) });
              }} />
          )}
          {schedule.isPending && values.date && <CircularProgress size={20} />}
          {schedule.isError && <Alert severity="error">{(schedule.error as Error).message}</Alert>}
          {!values.date && <Typography color="text.secondary">{translate('app.multibooking.form.chooseDate')}</Typography>}
          {schedule.isSuccess && choices.length === 0 && <Alert severity="info">{translate('app.multibooking.form.noSessions')}</Alert>}
          <Stack sx={{ gap: 1.25 }}>
            {choices.map(({ playground, slots }) => (
              <Box key={playground.id} role="group" aria-label={playground.name} data-testid={`multi-pg-${playground.id}`}>
                <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
                  {playground.name}
                  <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                    {translate('app.multibooking.form.playgroundInfo', { minutes: playground.duration, max: playground.max_players })}
                  </Typography>
                </Typography>
                <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 0.75 }}>
                  {slots.map((s) => {
                    const key = sessionKey(s.playground, s.time_start);
                    const selected = values.sessions.includes(key);
                    const night = s.begin < '06:00';
                    return (
                      <Chip key={key} clickable color={selected ? 'primary' : 'default'} variant={selected ? 'filled' : 'outlined'}
                        icon={selected ? <CheckIcon /> : night ? <NightsStayIcon /> : undefined}
                        label={slotTimes(s, translate)} aria-pressed={selected} data-testid={`multi-session-${playground.id}-${s.begin}${s.utc_offset ?? ''}`}
                        onClick={() => { touch('sessions'); set({ sessions: toggleSession(values.sessions, key) }); }} />
                    );
                  })}
                </Stack>
              </Box>
            ))}
          </Stack>
        </Box>

        <CustomerSection values={values} set={set} fieldProps={fieldProps} promoProps={promoProps} promoChecking={promoState === 'checking'}
          required={{ name: true, phone: true, email: true }} />

        <PaymentSection values={values} set={set} fieldProps={fieldProps} billAllowed={multiBillAllowed(values.order_type)} />
        {/* #45 The customer's messages go in this language (the location's first by default), as the single form's. */}
        <Grid container spacing={2} sx={{ mt: 1 }}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <CustomerLanguageField value={values.language} onChange={(language) => set({ language })} testId="multi-language" />
          </Grid>
        </Grid>

        <FormSummary testId="multi-summary">
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: { xs: 0.5, sm: 3 }, alignItems: { sm: 'center' } }}>
            <Typography>
              {translate('app.multibooking.form.summary', { n: values.sessions.length, playgrounds: new Set(chosen.map((c) => c.pg.id)).size })}
            </Typography>
            {offer?.kind === 'price' && (
              <Typography color="text.secondary" data-testid="multi-package-price">
                {translate('app.desk.packagePrice', { name: offer.name, price: money(offer.price) })}
                {(typedCost === null || toCents(typedCost) !== toCents(offer.price)) && (
                  <Button size="small" sx={{ ml: 1 }} onClick={() => { setCostTouched(true); set({ cost: formatAmount(offer.price, languageOf(translate)) }); }} data-testid="multi-use-package">
                    {translate('app.multibooking.form.usePrice')}
                  </Button>
                )}
              </Typography>
            )}
            {offer?.kind === 'why' && <Typography color="text.secondary" data-testid="multi-package-why">{translate(`app.desk.${offer.reason}`)}</Typography>}
            {offer?.kind !== 'price' && schedulePrice !== null && (
              <Typography color="text.secondary">
                {translate('app.multibooking.form.schedulePrice', { price: money(schedulePrice) })}
                {(typedCost === null || toCents(typedCost) !== toCents(schedulePrice)) && (
                  <Button size="small" sx={{ ml: 1 }} onClick={() => { setCostTouched(true); set({ cost: formatAmount(schedulePrice, languageOf(translate)) }); }} data-testid="multi-use-price">
                    {translate('app.multibooking.form.usePrice')}
                  </Button>
                )}
              </Typography>
            )}
            {price && (
              <>
                <Typography data-testid="multi-cost-summary">{translate('app.multibooking.fields.cost')}: {money(price.cost)}</Typography>
                {Number(price.discount) > 0 && (
                  <Typography data-testid="multi-discount">{translate('app.booking.price.discount')}: −{money(price.discount)}</Typography>
                )}
                <Typography sx={{ fontWeight: 700, fontSize: 18 }} data-testid="multi-total">
                  {translate('app.booking.price.total')}: {money(price.purchase)}
                </Typography>
              </>
            )}
          </Stack>
          <Typography variant="caption" color="text.secondary">{translate('app.multibooking.form.priceNote')}</Typography>
        </FormSummary>
      </DialogContent>
      <FormActions invalid={invalid} saving={saving} saveDisabled={invalid || saving || promoState === 'checking'} editing={editing}
        onClose={onClose} onSave={save} hintTestId="multi-form-hint" saveTestId="multi-save" onBlocked={() => setShowAll(true)}
        hint={invalid ? missingFieldsHint(translate, FIELD_ORDER.filter((f) => errors[f]).map((f) => FIELD_LABEL[f])) : undefined} />
      {failure && <BookingResultDialog result={{ kind: 'failed', failure, editing }} onClose={() => setFailure(null)} />}
    </GuardedDialog>
  );
}
