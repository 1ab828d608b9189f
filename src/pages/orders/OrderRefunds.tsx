// #29 An order's refunds through the payment provider, each with its state (pending until the
// provider confirms it, refunded, failed with the provider's reason) and its refund receipt's
// state; one made in the provider's dashboard says so. The money itself shows in the payments list
// (a refund line) once the provider confirms it.
import { Card, CardContent, Chip, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { OrderRefund } from '../booking/types';

const COLOUR = { pending: 'warning', succeeded: 'success', failed: 'error' } as const;

export function OrderRefunds({ refunds, money, when }: { refunds: OrderRefund[]; money: (v: string) => string; when: (iso: string) => string }) {
  const translate = useTranslate();
  if (!refunds.length) return null;
  const t = (key: string, args?: Record<string, unknown>) => translate(`app.providerRefunds.${key}`, args);
  return (
    <Card sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>{t('title')}</Typography>
        <TableContainer>
          <Table size="small" data-testid="order-refunds">
            <TableHead>
              <TableRow>
                <TableCell>{t('columns.created')}</TableCell>
                <TableCell align="right">{t('columns.amount')}</TableCell>
                <TableCell>{t('columns.status')}</TableCell>
                <TableCell>{t('columns.receipt')}</TableCell>
                <TableCell>{t('columns.by')}</TableCell>
                <TableCell>{t('columns.error')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {refunds.map((r) => (
                <TableRow key={r.id} data-status={r.status}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(r.created)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{money(r.amount)}</TableCell>
                  <TableCell><Chip size="small" color={COLOUR[r.status]} label={t(`status.${r.status}`)} /></TableCell>
                  <TableCell>{t(`receipt.${r.receipt_status ?? 'none'}`, { _: r.receipt_status ?? '' })}</TableCell>
                  <TableCell>{r.external ? t('external') : r.by_customer ? t('customer') : r.automatic ? t('automatic') : r.user?.name ?? '—'}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-all' }}>{r.error ?? '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </CardContent>
    </Card>
  );
}
