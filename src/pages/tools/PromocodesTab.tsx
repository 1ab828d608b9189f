// Promo codes of the location (the spec has no screen for them; decisions.md "Promo codes"):
// create, edit, switch off or on again, delete. Bookings check and count them on the server.
import { useState } from 'react';
import {
  Box, Button, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutline';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { RowAction } from './RowAction';
import { useConfirmedDelete } from './useConfirmedDelete';
import { DATE_FORMAT } from '../../../domain/constants';
import type { Currency } from '../../../domain/money';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { api } from '../../dataProvider/http';
import { useGenericHandler } from '../../dataProvider/useGenericHandler';
import { formatDate } from '../schedules/dates';
import { toolKeys, usePromocodes } from './api';
import { promocodeDiscount } from './format';
import { PromocodeDialog } from './PromocodeDialog';
import { QueryState } from './QueryState';
import type { Promocode } from './types';

export function PromocodesTab({ locationId, currency }: { locationId: string; currency: Currency | null }) {
  const translate = useTranslate();
  const notify = useNotify();
  const run = useGenericHandler();
  const client = useQueryClient();
  const promocodes = usePromocodes(locationId);
  const [editing, setEditing] = useState<Promocode | 'new' | null>(null);
  const [deactivating, setDeactivating] = useState<Promocode | null>(null);
  const refetch = () => client.invalidateQueries({ queryKey: toolKeys.promocodes(locationId) });
  const deletion = useConfirmedDelete<Promocode>({
    url: (row) => `/api/v2.1/promocodes/${row.id}/`, refetch,
    title: 'app.tools.promo.deleteTitle', text: 'app.tools.promo.deleteText', deleted: 'app.tools.promo.deleted', args: (row) => ({ code: row.code }),
  });
  const dash = '—';

  const setActive = async (p: Promocode, active: boolean) => {
    const saved = await run(() => api<Promocode>(`/api/v2.1/promocodes/${p.id}/active/`, { method: 'PATCH', body: { active } }));
    if (!saved) return;
    await refetch();
    notify(active ? 'app.tools.promo.activated' : 'app.tools.promo.deactivated', { type: 'success', messageArgs: { code: p.code } });
  };
  const deactivate = async () => {
    await setActive(deactivating!, false);
    setDeactivating(null);
  };

  return (
    <Box data-testid="promocodes">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, mb: 1 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>{translate('app.tools.promo.hint')}</Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>{translate('app.tools.promo.add')}</Button>
      </Stack>
      <QueryState query={promocodes} empty="app.tools.promo.empty">
        {(rows) => (
          <Box sx={{ overflowX: 'auto', width: 0, minWidth: '100%' }}>
            <Table size="small" aria-label={translate('app.tools.tabs.promo')}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('app.tools.promo.code')}</TableCell>
                  <TableCell>{translate('app.tools.promo.type')}</TableCell>
                  <TableCell>{translate('app.tools.promo.discount')}</TableCell>
                  <TableCell>{translate('app.tools.promo.validFrom')}</TableCell>
                  <TableCell>{translate('app.tools.promo.validTo')}</TableCell>
                  <TableCell>{translate('app.tools.promo.usageLimit')}</TableCell>
                  <TableCell>{translate('app.tools.promo.usedCount')}</TableCell>
                  <TableCell>{translate('app.tools.promo.status')}</TableCell>
                  <TableCell align="right">{translate('app.tools.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((p) => (
                  <TableRow key={p.id} data-testid="promo-row" data-code={p.code}>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{p.code}</TableCell>
                    <TableCell>{translate(`app.tools.promo.types.${p.type}`)}</TableCell>
                    <TableCell>{promocodeDiscount(p, currency, translate('app.currency.default'))}</TableCell>
                    <TableCell>{p.valid_from ? formatDate(p.valid_from, DATE_FORMAT) : dash}</TableCell>
                    <TableCell>{p.valid_to ? formatDate(p.valid_to, DATE_FORMAT) : dash}</TableCell>
                    <TableCell>{p.usage_limit ?? translate('app.tools.promo.unlimited')}</TableCell>
                    <TableCell>{p.used_count}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        color={p.active ? 'success' : 'default'}
                        label={translate(p.active ? 'app.tools.promo.active' : 'app.tools.promo.inactive')}
                      />
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <RowAction label={translate('app.tools.edit')} icon={<EditIcon fontSize="small" />} onClick={() => setEditing(p)} />
                      {p.active ? (
                        <RowAction label={translate('app.tools.promo.deactivate')} icon={<BlockIcon fontSize="small" />} onClick={() => setDeactivating(p)} />
                      ) : (
                        <RowAction label={translate('app.tools.promo.activate')} icon={<CheckCircleIcon fontSize="small" />} onClick={() => setActive(p, true)} />
                      )}
                      <RowAction label={translate('app.tools.delete')} icon={<DeleteIcon fontSize="small" />} onClick={() => deletion.ask(p)} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </QueryState>
      {editing && (
        <PromocodeDialog
          locationId={locationId}
          promocode={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={refetch}
        />
      )}
      <ConfirmDialog
        open={!!deactivating}
        title={translate('app.tools.promo.deactivateTitle')}
        text={deactivating ? translate('app.tools.promo.deactivateText', { code: deactivating.code }) : undefined}
        onConfirm={deactivate}
        onClose={() => setDeactivating(null)}
      />
      {deletion.dialog}
    </Box>
  );
}
