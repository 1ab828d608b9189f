// #29 An order's refunds through the payment provider, each with its state (pending until the
// provider confirms it, refunded, failed with the provider's reason) and its refund receipt's
// state; one made in the provider's dashboard says so. The money itself shows in the payments list
// (a refund line) once the provider confirms it.
import { Chip, TableCell, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { OrderRefund } from '../booking/types';
import { OrderTableCard } from './OrderTableCard';

const COLOUR = { pending: 'warning', succeeded: 'success', failed: 'error' } as const;

export function OrderRefunds({ refunds, money, when }: { refunds: OrderRefund[]; money: (v: string) => string; when: (iso: string) => string }) {
  const translate = useTranslate();
  if (!refunds.length) return null;
  const t = (key: string, args?: Record<string, unknown>) => translate(`app.providerRefunds.${key}`, args);
  return (
    <OrderTableCard title={t('title')} tableTestId="order-refunds" empty=""
      columns={[{ label: t('columns.created') }, { label: t('columns.amount'), align: 'right' }, ...['status', 'receipt', 'by', 'error'].map((c) => ({ label: t(`columns.${c}`) }))]}
      rows={refunds.map((r) => (
        <TableRow key={r.id} data-status={r.status}>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(r.created)}</TableCell>
          <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{money(r.amount)}</TableCell>
          <TableCell><Chip size="small" color={COLOUR[r.status]} label={t(`status.${r.status}`)} /></TableCell>
          <TableCell>{t(`receipt.${r.receipt_status ?? 'none'}`, { _: r.receipt_status ?? '' })}</TableCell>
          <TableCell>{r.external ? t('external') : r.by_customer ? t('customer') : r.automatic ? t('automatic') : r.user?.name ?? '—'}</TableCell>
          <TableCell sx={{ wordBreak: 'break-all' }}>{r.error ?? '—'}</TableCell>
        </TableRow>
      ))} />
  );
}
