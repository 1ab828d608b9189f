// #38 Cash for money that came by another tender: the reason (3-500 characters) and, at a cashier's
// desk, the confirming manager's e-mail and password (role 20 or more at the location; the server
// checks them like a sign-in). The cancel question and the order page's "another way" both use it.
import { Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { TEXT_LIMITS } from '../../../domain/textLimits';

export interface CashInstead { reason: string; email: string; password: string }
export const NO_CASH_INSTEAD: CashInstead = { reason: '', email: '', password: '' };

/** Whether the fields are filled as the server asks; a manager confirms for themselves. */
export function cashInsteadReady(v: CashInstead, manager: boolean): boolean {
  const reason = v.reason.trim().length;
  return reason >= 3 && reason <= TEXT_LIMITS.refundReason && (manager || (v.email.trim() !== '' && v.password !== ''));
}

/** What the refund or cancel call sends: the reason, and the manager's confirmation from a cashier's desk. */
export function cashInsteadBody(v: CashInstead, manager: boolean) {
  return { refund_reason: v.reason.trim(), ...(manager ? {} : { approval: { email: v.email.trim(), password: v.password } }) };
}

export function CashInsteadFields({ value, onChange, manager, testId }: { value: CashInstead; onChange: (v: CashInstead) => void; manager: boolean; testId: string }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.providerRefunds.tenders.${key}`);
  const reasonOk = cashInsteadReady({ ...value, email: 'x', password: 'x' }, true);
  return (
    <Stack spacing={0.5} sx={{ mt: 0.5 }}>
      <TextField size="small" fullWidth margin="dense" required label={t('reason')} value={value.reason}
        error={value.reason !== '' && !reasonOk} onChange={(e) => onChange({ ...value, reason: e.target.value })}
        slotProps={{ htmlInput: { maxLength: TEXT_LIMITS.refundReason, 'data-testid': `${testId}-reason` } }} />
      {!manager && (
        <>
          <Typography variant="caption" color="text.secondary">{t('managerConfirms')}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <TextField size="small" required label={t('managerEmail')} value={value.email} autoComplete="off" onChange={(e) => onChange({ ...value, email: e.target.value })}
              slotProps={{ htmlInput: { maxLength: TEXT_LIMITS.email, 'data-testid': `${testId}-email` } }} />
            <TextField size="small" required type="password" label={t('managerPassword')} value={value.password} autoComplete="new-password"
              onChange={(e) => onChange({ ...value, password: e.target.value })} slotProps={{ htmlInput: { maxLength: 256, 'data-testid': `${testId}-password` } }} />
          </Stack>
        </>
      )}
    </Stack>
  );
}
