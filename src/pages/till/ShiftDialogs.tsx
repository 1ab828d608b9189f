// #43 The till screen's dialogs: money moved by hand (paid in, paid out, to the safe: the amount and
// the reason), the blind count (cash counted, optionally by bills and coins, which then fill the cash
// in; the terminal's net total; cash taken to the safe at the close; then what was expected and the
// variance), and a manager's confirmation of a count above the threshold (with a comment). Each
// write goes through the data layer (tillApi) with an Idempotency-Key per opened dialog; the
// server's field messages show under their inputs, the others above the buttons.
import { useState, type ReactNode } from 'react';
import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Switch, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { formatMoney, readAmount, type Currency } from '../../../domain/money';
import { fromCents, toCents } from '../../../domain/pricing';
import { TEXT_LIMITS } from '../../../domain/textLimits';
import { denominationsCents, denominationsOf, type MovementKind } from '../../../domain/till';
import { ApiError, newIdempotencyKey } from '../../dataProvider/http';
import { languageOf } from '../../i18n/useLanguage';
import { tillApi } from '../../components/till/deskTill';

interface Failure { fields: Record<string, string>; message: string | null }
const NO_FAILURE: Failure = { fields: {}, message: null };

/** The server's refusal: its field messages under those fields, the rest as one message. */
function failureOf(err: unknown, fields: readonly string[], fallback: string): Failure {
  if (!(err instanceof ApiError)) return { fields: {}, message: fallback };
  const all = (err.body as { errors?: Record<string, string> } | undefined)?.errors ?? {};
  const mine = Object.fromEntries(Object.entries(all).filter(([f]) => fields.includes(f)));
  const rest = Object.keys(all).some((f) => !fields.includes(f)) || !Object.keys(all).length;
  return { fields: mine, message: rest ? err.message : null };
}

function DialogFrame({ title, testId, onClose, busy, submit, children, actions }: {
  title: string; testId: string; onClose: () => void; busy: boolean; submit?: { label: string; onSubmit: () => void; disabled?: boolean };
  children: ReactNode; actions?: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby={`${testId}-title`} data-testid={testId}>
      <form onSubmit={(e) => { e.preventDefault(); if (!busy && !submit?.disabled) submit?.onSubmit(); }}>
        <DialogTitle id={`${testId}-title`}>{title}</DialogTitle>
        <DialogContent>{children}</DialogContent>
        <DialogActions>
          {actions}
          <Button onClick={onClose} disabled={busy}>{translate(submit ? 'app.common.cancel' : 'app.common.close')}</Button>
          {submit && (
            <Button type="submit" variant="contained" disabled={busy || submit.disabled} data-testid={`${testId}-submit`}>
              {busy && <CircularProgress size={18} color="inherit" sx={{ mr: 1 }} />}
              {submit.label}
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** Paid in, paid out or to the safe: the amount and why. */
export function MovementDialog({ shiftId, kind, onClose, onDone }: { shiftId: number; kind: MovementKind; onClose: () => void; onDone: () => Promise<unknown> }) {
  const translate = useTranslate();
  const [key] = useState(newIdempotencyKey);
  const [amount, setAmount] = useState('');
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState(NO_FAILURE);
  const save = async () => {
    setBusy(true);
    setFailure(NO_FAILURE);
    try {
      await tillApi.move(shiftId, { kind, amount: readAmount(amount) ?? amount.trim(), comment }, key);
      await onDone();
      onClose();
    } catch (err) {
      setFailure(failureOf(err, ['amount', 'comment'], translate('app.alerts.tryLater')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <DialogFrame title={translate(`app.till.movements.${kind}`)} testId="till-movement" onClose={onClose} busy={busy}
      submit={{ label: translate('app.common.save'), onSubmit: () => void save(), disabled: !amount.trim() || !comment.trim() }}>
      <TextField label={translate('app.till.amount')} value={amount} onChange={(e) => setAmount(e.target.value)} fullWidth margin="dense" required autoFocus
        error={!!failure.fields.amount} helperText={failure.fields.amount} slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 12 } }} />
      <TextField label={translate('app.till.reason')} value={comment} onChange={(e) => setComment(e.target.value)} fullWidth margin="dense" required
        error={!!failure.fields.comment} helperText={failure.fields.comment} slotProps={{ htmlInput: { maxLength: TEXT_LIMITS.shortComment } }} />
      {failure.message && <Alert severity="error" role="alert" sx={{ mt: 1 }}>{failure.message}</Alert>}
    </DialogFrame>
  );
}

interface CountResult { state: string; expected_cash: string; expected_card: string; variance_cash: string; variance_card: string; register_revenue?: string | null; register_difference?: string | null }

/**
 * The blind count: nothing of what was expected is on the screen until the count is saved. Then
 * the dialog shows expected, counted and the variance of cash and card, and whether a manager must
 * confirm it.
 */
export function CountDialog({ shiftId, currency, recount, onClose, onDone, reportPath }: {
  shiftId: number; currency: Currency | null | undefined; recount: boolean; onClose: () => void; onDone: () => Promise<unknown>;
  /** #43 The shift's report, offered once the count is saved. */
  reportPath?: string;
}) {
  const translate = useTranslate();
  const lang = languageOf(translate);
  const money = (v: string) => formatMoney(v, currency, lang);
  const [key] = useState(newIdempotencyKey);
  const [cash, setCash] = useState('');
  const [card, setCard] = useState('');
  const [drop, setDrop] = useState('');
  const [register, setRegister] = useState('');
  const [byBills, setByBills] = useState(false);
  const [bills, setBills] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState(NO_FAILURE);
  const [result, setResult] = useState<CountResult | null>(null);
  const counts = Object.fromEntries(Object.entries(bills).filter(([, n]) => /^\d+$/.test(n.trim()) && Number(n) > 0).map(([v, n]) => [v, Number(n)]));
  const billsTotal = fromCents(denominationsCents(counts));
  const cashValue = byBills ? billsTotal : readAmount(cash) ?? cash.trim();
  const save = async () => {
    setBusy(true);
    setFailure(NO_FAILURE);
    try {
      const answer = await tillApi.close(shiftId, {
        counted_cash: cashValue, counted_card: readAmount(card) ?? card.trim(),
        ...(byBills ? { denominations: counts } : {}), ...(drop.trim() ? { drop: readAmount(drop) ?? drop.trim() } : {}),
        ...(register.trim() ? { register_revenue: readAmount(register) ?? register.trim() } : {}),
      }, key);
      setResult(answer);
      await onDone();
    } catch (err) {
      setFailure(failureOf(err, ['counted_cash', 'counted_card', 'denominations', 'drop', 'register_revenue'], translate('app.alerts.tryLater')));
    } finally {
      setBusy(false);
    }
  };
  const title = translate(recount ? 'app.till.count.recountTitle' : 'app.till.count.title');
  if (result) {
    const row = (label: string, expected: string, variance: string, counted: string) => (
      <Box component="tr">
        <Box component="th" sx={{ textAlign: 'left', pr: 2 }}>{label}</Box>
        <Box component="td" sx={{ pr: 2 }}>{money(expected)}</Box>
        <Box component="td" sx={{ pr: 2 }}>{money(counted)}</Box>
        <Box component="td" sx={{ color: toCents(variance) < 0 ? 'error.main' : toCents(variance) > 0 ? 'success.main' : undefined }} data-testid="till-count-variance">{money(variance)}</Box>
      </Box>
    );
    const countedCash = fromCents(toCents(result.expected_cash) + toCents(result.variance_cash));
    const countedCard = fromCents(toCents(result.expected_card) + toCents(result.variance_card));
    return (
      <DialogFrame title={title} testId="till-count" onClose={onClose} busy={false}
        actions={reportPath && <Button component={RouterLink} to={reportPath} data-testid="till-count-report">{translate('app.tillReport.open')}</Button>}>
        <Alert severity={result.state === 'closed' ? 'success' : 'warning'} sx={{ mb: 2 }} data-testid="till-count-result">
          {translate(result.state === 'closed' ? 'app.till.count.closed' : 'app.till.count.needsConfirmation')}
        </Alert>
        <Box component="table" sx={{ borderCollapse: 'collapse', width: '100%' }}>
          <Box component="thead"><Box component="tr">
            <Box component="th" />
            {['expected', 'counted', 'variance'].map((k) => <Box component="th" key={k} sx={{ textAlign: 'left', pr: 2 }}>{translate(`app.till.count.${k}`)}</Box>)}
          </Box></Box>
          <Box component="tbody">
            {row(translate('app.till.count.cash'), result.expected_cash, result.variance_cash, countedCash)}
            {row(translate('app.till.count.card'), result.expected_card, result.variance_card, countedCard)}
          </Box>
        </Box>
        {result.register_difference != null && (
          <Typography sx={{ mt: 1 }} data-testid="till-count-register-difference">{translate('app.till.register.difference', { amount: money(result.register_difference) })}</Typography>
        )}
      </DialogFrame>
    );
  }
  return (
    <DialogFrame title={title} testId="till-count" onClose={onClose} busy={busy}
      submit={{ label: translate('app.till.count.save'), onSubmit: () => void save(), disabled: !cashValue || !card.trim() }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{translate('app.till.count.blind')}</Typography>
      <FormControlLabel control={<Switch checked={byBills} onChange={(e) => setByBills(e.target.checked)} data-testid="till-count-by-bills" />} label={translate('app.till.count.byBills')} />
      {byBills ? (
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1, my: 1 }}>
          {denominationsOf(currency?.code).map((v) => (
            <TextField key={v} size="small" label={money(v)} value={bills[v] ?? ''} onChange={(e) => setBills({ ...bills, [v]: e.target.value })}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7, 'data-testid': `till-bill-${v}` } }} />
          ))}
        </Box>
      ) : null}
      <TextField label={translate('app.till.count.countedCash')} value={byBills ? money(billsTotal) : cash} onChange={(e) => setCash(e.target.value)} fullWidth margin="dense" required
        disabled={byBills} error={!!(failure.fields.counted_cash ?? failure.fields.denominations)} helperText={failure.fields.counted_cash ?? failure.fields.denominations}
        slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 12, 'data-testid': 'till-count-cash' } }} />
      <TextField label={translate('app.till.count.countedCard')} value={card} onChange={(e) => setCard(e.target.value)} fullWidth margin="dense" required
        error={!!failure.fields.counted_card} helperText={failure.fields.counted_card ?? translate('app.till.count.cardHint')}
        slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 13, 'data-testid': 'till-count-card' } }} />
      <TextField label={translate('app.till.count.drop')} value={drop} onChange={(e) => setDrop(e.target.value)} fullWidth margin="dense"
        error={!!failure.fields.drop} helperText={failure.fields.drop ?? translate('app.till.count.dropHint')}
        slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 12, 'data-testid': 'till-count-drop' } }} />
      <TextField label={translate('app.till.register.field')} value={register} onChange={(e) => setRegister(e.target.value)} fullWidth margin="dense"
        error={!!failure.fields.register_revenue} helperText={failure.fields.register_revenue ?? translate('app.till.register.hint')}
        slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 13, 'data-testid': 'till-count-register' } }} />
      {failure.message && <Alert severity="error" role="alert" sx={{ mt: 1 }}>{failure.message}</Alert>}
    </DialogFrame>
  );
}

/** A manager confirms a count above the threshold, saying why. */
export function ConfirmCountDialog({ shiftId, onClose, onDone }: { shiftId: number; onClose: () => void; onDone: () => Promise<unknown> }) {
  const translate = useTranslate();
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState(NO_FAILURE);
  const save = async () => {
    setBusy(true);
    setFailure(NO_FAILURE);
    try {
      await tillApi.confirm(shiftId, comment);
      await onDone();
      onClose();
    } catch (err) {
      setFailure(failureOf(err, ['comment'], translate('app.alerts.tryLater')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <DialogFrame title={translate('app.till.confirm.title')} testId="till-confirm" onClose={onClose} busy={busy}
      submit={{ label: translate('app.till.confirm.submit'), onSubmit: () => void save(), disabled: !comment.trim() }}>
      <Typography variant="body2" sx={{ mb: 1 }}>{translate('app.till.confirm.text')}</Typography>
      <TextField label={translate('app.till.confirm.comment')} value={comment} onChange={(e) => setComment(e.target.value)} fullWidth margin="dense" required autoFocus multiline
        error={!!failure.fields.comment} helperText={failure.fields.comment} slotProps={{ htmlInput: { maxLength: TEXT_LIMITS.shortComment, 'data-testid': 'till-confirm-comment' } }} />
      {failure.message && <Alert severity="error" role="alert" sx={{ mt: 1 }}>{failure.message}</Alert>}
    </DialogFrame>
  );
}
