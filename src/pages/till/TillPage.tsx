// #43 /locations/{id}/till: the location's tills, each with the shift it holds. A till without one
// opens it with its float (the one offered: the last close's counted cash less its drop; another
// needs a reason); an open shift takes money moved by hand and is counted blind (nothing of what is
// expected on this screen for a cashier or a manager until the count is saved; an administrator sees
// it); a count above the threshold waits for a manager who did not count it. "This desk" remembers
// the till in this browser: the desk's dialogs send it. Administrators add tills and set the rules.
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert, Box, Button, Card, CardActions, CardContent, CardHeader, Chip, FormControlLabel, Stack, Switch, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography,
} from '@mui/material';
import { Title, useGetIdentity, useNotify, useTranslate } from 'react-admin';
import { formatInstant } from '../../../domain/dates';
import { formatAmount, formatMoney, readAmount, type Currency } from '../../../domain/money';
import { toCents } from '../../../domain/pricing';
import { TEXT_LIMITS } from '../../../domain/textLimits';
import { CONFIRM_MIN_ROLE, MOVEMENT_KINDS, floatNeedsComment, type MovementKind } from '../../../domain/till';
import { useSignedIn } from '../../authProvider/useSignedIn';
import { LocationUnavailable } from '../../components/LocationUnavailable';
import { tillApi, tillKeys, useDeskTill, type DeskTill, type TillRecord } from '../../components/till/deskTill';
import { ApiError, api, newIdempotencyKey } from '../../dataProvider/http';
import { useGenericHandler } from '../../dataProvider/useGenericHandler';
import { languageOf } from '../../i18n/useLanguage';
import { useLocationDetail } from '../../resources/locations/useLocationDetail';
import { LongShiftAlert } from '../../components/till/LongShiftAlert';
import { ConfirmCountDialog, CountDialog, MovementDialog } from './ShiftDialogs';

type Person = { id: number; name: string } | null;
interface ShiftDetail {
  id: number; state: 'open' | 'needs_confirmation' | 'closed'; float: string; float_comment: string; opened_at: string; opened_by: Person;
  blind: boolean; expected_cash: string | null; expected_card: string | null;
  movements: { id: number; kind: MovementKind; amount: string; comment: string; user: Person; created: string }[];
  counts: { id: number; counted_cash: string; counted_card: string; expected_cash: string; expected_card: string; variance_cash: string; variance_card: string; user: Person; created: string }[];
}

interface Ctx { locationId: string; currency: Currency | null | undefined; timezone: string | undefined; role: number; me: number | null; refresh: () => Promise<unknown> }

function useShift(id: number | null) {
  return useQuery({ queryKey: tillKeys.shift(id ?? 0), queryFn: () => api<ShiftDetail>(`/api/v2.2/shifts/${id}/`), enabled: !!id, retry: false });
}

/** A till without a shift: its float, offered from the last close; a reason when another is typed. */
function OpenShiftForm({ till, ctx }: { till: TillRecord; ctx: Ctx }) {
  const translate = useTranslate();
  const notify = useNotify();
  const lang = languageOf(translate);
  const [key] = useState(newIdempotencyKey);
  const [float, setFloat] = useState(till.suggested_float ? formatAmount(till.suggested_float, lang) : '');
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const value = readAmount(float);
  const needsReason = value !== null && floatNeedsComment(value, till.suggested_float);
  const open = async () => {
    setBusy(true);
    setErrors({});
    try {
      await tillApi.open(till.id, { float: value ?? float.trim(), ...(comment.trim() ? { comment } : {}) }, key);
      await ctx.refresh();
      notify('app.till.opened', { type: 'success', messageArgs: { till: till.name } });
    } catch (err) {
      const fields = err instanceof ApiError ? (err.body as { errors?: Record<string, string> })?.errors ?? {} : {};
      setErrors(Object.keys(fields).length ? fields : { non_field_errors: err instanceof Error ? err.message : '' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box component="form" onSubmit={(e) => { e.preventDefault(); void open(); }} data-testid="till-open-form">
      <Typography sx={{ mb: 1 }}>{translate('app.till.noShift')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems="flex-start">
        <TextField size="small" label={translate('app.till.float')} value={float} onChange={(e) => setFloat(e.target.value)} required
          error={!!errors.float} helperText={errors.float ?? (till.suggested_float ? translate('app.till.floatOffered', { amount: formatMoney(till.suggested_float, ctx.currency, lang) }) : undefined)}
          slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 12, 'data-testid': 'till-float' } }} />
        {(needsReason || errors.comment) && (
          <TextField size="small" label={translate('app.till.floatReason')} value={comment} onChange={(e) => setComment(e.target.value)} required sx={{ flex: 1 }}
            error={!!errors.comment} helperText={errors.comment} slotProps={{ htmlInput: { maxLength: TEXT_LIMITS.shortComment, 'data-testid': 'till-float-reason' } }} />
        )}
        <Button type="submit" variant="contained" disabled={busy || !float.trim() || (needsReason && !comment.trim())} data-testid="till-open">{translate('app.till.open')}</Button>
      </Stack>
      {errors.non_field_errors && <Alert severity="error" role="alert" sx={{ mt: 1 }}>{errors.non_field_errors}</Alert>}
    </Box>
  );
}

/** The shift a till holds: who opened it, its float, the money moved by hand, and (unless blind) what is expected. */
function ShiftPanel({ shiftId, ctx }: { shiftId: number; ctx: Ctx }) {
  const translate = useTranslate();
  const lang = languageOf(translate);
  const money = (v: string) => formatMoney(v, ctx.currency, lang);
  const shift = useShift(shiftId);
  const [dialog, setDialog] = useState<{ kind: 'move'; move: MovementKind } | { kind: 'count' } | { kind: 'confirm' } | null>(null);
  const s = shift.data;
  if (!s) return null;
  const counted = s.counts.some((c) => c.user?.id === ctx.me);
  const last = s.counts.at(-1);
  return (
    <Box data-testid="till-shift" data-state={s.state}>
      <Typography sx={{ mb: 1 }}>
        {translate('app.till.shiftLine', { id: s.id, at: formatInstant(s.opened_at, ctx.timezone), by: s.opened_by?.name ?? '—', float: money(s.float) })}
      </Typography>
      <LongShiftAlert shift={s} />
      {s.state === 'open' && (s.blind
        ? <Typography variant="body2" color="text.secondary" data-testid="till-blind">{translate('app.till.blind')}</Typography>
        : <Typography variant="body2" data-testid="till-expected">{translate('app.till.expected', { cash: money(s.expected_cash!), card: money(s.expected_card!) })}</Typography>)}
      {s.state === 'needs_confirmation' && last && (
        <Alert severity="warning" sx={{ my: 1 }} data-testid="till-waiting">
          {translate('app.till.waiting', { cash: money(last.variance_cash), card: money(last.variance_card) })}
        </Alert>
      )}
      {s.movements.length > 0 && (
        <Table size="small" sx={{ my: 1 }} aria-label={translate('app.till.movementsTitle')}>
          <TableHead><TableRow>
            <TableCell>{translate('app.till.when')}</TableCell><TableCell>{translate('app.till.movement')}</TableCell>
            <TableCell align="right">{translate('app.till.amount')}</TableCell><TableCell>{translate('app.till.reason')}</TableCell><TableCell>{translate('app.till.who')}</TableCell>
          </TableRow></TableHead>
          <TableBody>
            {s.movements.map((m) => (
              <TableRow key={m.id} data-testid="till-movement-row">
                <TableCell>{formatInstant(m.created, ctx.timezone)}</TableCell><TableCell>{translate(`app.till.movements.${m.kind}`)}</TableCell>
                <TableCell align="right">{money(m.amount)}</TableCell><TableCell>{m.comment}</TableCell><TableCell>{m.user?.name ?? '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <CardActions sx={{ px: 0, flexWrap: 'wrap', gap: 1 }}>
        {s.state === 'open' && MOVEMENT_KINDS.map((k) => (
          <Button key={k} size="small" variant="outlined" onClick={() => setDialog({ kind: 'move', move: k })} data-testid={`till-${k}`}>{translate(`app.till.movements.${k}`)}</Button>
        ))}
        {s.state !== 'closed' && (
          <Button size="small" variant="contained" onClick={() => setDialog({ kind: 'count' })} data-testid="till-close">
            {translate(s.state === 'open' ? 'app.till.close' : 'app.till.recount')}
          </Button>
        )}
        {/* #43 Its report once counted (an administrator's at any time): before, it would tell what is expected. */}
        {!s.blind && (
          <Button size="small" component={RouterLink} to={`/locations/${ctx.locationId}/shift_report/${s.id}`} data-testid="till-shift-report">{translate('app.tillReport.open')}</Button>
        )}
        {s.state === 'needs_confirmation' && ctx.role >= CONFIRM_MIN_ROLE && !counted && (
          <Button size="small" variant="contained" color="warning" onClick={() => setDialog({ kind: 'confirm' })} data-testid="till-confirm-open">{translate('app.till.confirm.open')}</Button>
        )}
      </CardActions>
      {dialog?.kind === 'move' && <MovementDialog shiftId={s.id} kind={dialog.move} onClose={() => setDialog(null)} onDone={ctx.refresh} />}
      {dialog?.kind === 'count' && <CountDialog shiftId={s.id} currency={ctx.currency} recount={s.state !== 'open'} onClose={() => setDialog(null)} onDone={ctx.refresh}
        reportPath={`/locations/${ctx.locationId}/shift_report/${s.id}`} />}
      {dialog?.kind === 'confirm' && <ConfirmCountDialog shiftId={s.id} onClose={() => setDialog(null)} onDone={ctx.refresh} />}
    </Box>
  );
}

function TillCard({ till, desk, ctx }: { till: TillRecord; desk: DeskTill; ctx: Ctx }) {
  const translate = useTranslate();
  const mine = desk.till?.id === till.id;
  return (
    <Card variant="outlined" sx={{ mb: 2 }} data-testid="till-card" data-till={till.id}>
      <CardHeader title={till.name} titleTypographyProps={{ variant: 'h6' }}
        action={mine
          ? <Chip color="primary" label={translate('app.till.thisDesk')} data-testid="till-this-desk" />
          : <Button size="small" onClick={() => desk.choose(till.id)} data-testid="till-use-here">{translate('app.till.useHere')}</Button>} />
      <CardContent sx={{ pt: 0 }}>
        {till.current_shift ? <ShiftPanel shiftId={till.current_shift.id} ctx={ctx} /> : <OpenShiftForm till={till} ctx={ctx} />}
      </CardContent>
    </Card>
  );
}

/** Administrators: whether desk money needs an open shift, and the variance allowed without a manager. */
function TillRules({ locationId, desk, currency }: { locationId: string; desk: DeskTill; currency: Currency | null | undefined }) {
  const translate = useTranslate();
  const notify = useNotify();
  const run = useGenericHandler();
  const lang = languageOf(translate);
  const settings = desk.settings!;
  const [only, setOnly] = useState(settings.cash_only_in_shift);
  const [threshold, setThreshold] = useState(formatAmount(settings.variance_threshold, lang));
  const value = readAmount(threshold);
  const save = async () => {
    const saved = await run(() => tillApi.settings(locationId, { cash_only_in_shift: only, variance_threshold: value ?? threshold.trim() }));
    if (saved) {
      await desk.refetch();
      notify('app.till.rulesSaved', { type: 'success' });
    }
  };
  return (
    <Card variant="outlined" sx={{ mb: 2 }} data-testid="till-rules">
      <CardHeader title={translate('app.till.rules')} titleTypographyProps={{ variant: 'subtitle1' }} />
      <CardContent sx={{ pt: 0 }}>
        <FormControlLabel control={<Switch checked={only} onChange={(e) => setOnly(e.target.checked)} data-testid="till-cash-only" />} label={translate('app.till.cashOnly')} />
        <TextField size="small" label={translate('app.till.threshold')} value={threshold} onChange={(e) => setThreshold(e.target.value)} sx={{ ml: { sm: 2 } }}
          helperText={translate('app.till.thresholdHint', { amount: formatMoney(value ?? '0', currency, lang) })}
          slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 12, 'data-testid': 'till-threshold' } }} />
      </CardContent>
      <CardActions><Button onClick={() => void save()} disabled={value === null || toCents(value) < 0} data-testid="till-rules-save">{translate('app.common.save')}</Button></CardActions>
    </Card>
  );
}

function AddTill({ locationId, refresh }: { locationId: string; refresh: () => Promise<unknown> }) {
  const translate = useTranslate();
  const run = useGenericHandler();
  const [name, setName] = useState('');
  const add = async () => {
    if (await run(() => tillApi.create(locationId, name))) {
      setName('');
      await refresh();
    }
  };
  return (
    <Box component="form" onSubmit={(e) => { e.preventDefault(); void add(); }} sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 2 }}>
      <TextField size="small" label={translate('app.till.newTill')} value={name} onChange={(e) => setName(e.target.value)} slotProps={{ htmlInput: { maxLength: TEXT_LIMITS.itemName, 'data-testid': 'till-new-name' } }} />
      <Button type="submit" disabled={!name.trim()} data-testid="till-add">{translate('app.till.add')}</Button>
    </Box>
  );
}

export function TillPage() {
  useSignedIn();
  const { location_id: locationId = '' } = useParams();
  const translate = useTranslate();
  const client = useQueryClient();
  const location = useLocationDetail(locationId);
  const desk = useDeskTill(locationId);
  const identity = useGetIdentity();
  if (location.isError) return <LocationUnavailable id={locationId} error={location.error} />;
  const role = location.data?.role?.value ?? 0;
  const ctx: Ctx = {
    locationId, currency: location.data?.currency, timezone: location.data?.timezone, role, me: identity.data ? Number(identity.data.id) : null,
    refresh: () => client.invalidateQueries({ queryKey: tillKeys.all }),
  };
  return (
    <Box sx={{ p: 2, maxWidth: 960 }} data-testid="till-page">
      <Title title={translate('app.till.title')} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>{translate('app.till.heading', { location: location.data?.name ?? '' })}</Typography>
      {desk.settings && !desk.settings.cash_only_in_shift && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="till-rule-off">{translate('app.till.ruleOff')}</Alert>
      )}
      {role >= 40 && desk.settings && <TillRules key={JSON.stringify(desk.settings)} locationId={locationId} desk={desk} currency={ctx.currency} />}
      {desk.tills.map((t) => <TillCard key={t.id} till={t} desk={desk} ctx={ctx} />)}
      {role >= 40 && <AddTill locationId={locationId} refresh={ctx.refresh} />}
      {role >= 20 && <Button component={RouterLink} to={`/locations/${locationId}/shifts`} data-testid="till-all-shifts">{translate('app.till.allShifts')}</Button>}
      {role >= 20 && <Button component={RouterLink} to={`/locations/${locationId}/daily_report`} data-testid="till-daily-report">{translate('app.tillReport.openDaily')}</Button>}
    </Box>
  );
}
