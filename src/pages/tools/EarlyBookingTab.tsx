// Early booking: a discount in percent for bookings made at least N days before the session.
// The server's booking price takes the best condition that applies (server/modules/orders/booking.ts).
import { useState } from 'react';
import {
  Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Table, TableBody, TableCell, TableHead,
  TableRow, Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { useQueryClient } from '@tanstack/react-query';
import { Form, NumberInput, maxValue, minValue, required, useNotify, useTranslate } from 'react-admin';
import { RowAction } from './RowAction';
import { useConfirmedDelete } from './useConfirmedDelete';
import { EARLY_BOOKING_MAX_DISCOUNT, EARLY_BOOKING_MIN } from '../../../domain/locationManagement';
import { SubmitButton } from '../../components/SubmitButton';
import { api } from '../../dataProvider/http';
import { useGenericHandler } from '../../dataProvider/useGenericHandler';
import { submitWithFieldErrors } from '../money/fieldErrors';
import { toolKeys, useEarlyBooking } from './api';
import { QueryState } from './QueryState';
import type { EarlyBookingCondition } from './types';

// The spec: days and discount required, at least 1 each (validationRequired, validationMinValue).
const atLeastOne = [required('validation.validationRequired'), minValue(EARLY_BOOKING_MIN, 'validation.validationMinValue')];

export function EarlyBookingTab({ locationId }: { locationId: string }) {
  const translate = useTranslate();
  const client = useQueryClient();
  const conditions = useEarlyBooking(locationId);
  // null: no dialog; 'new': the create dialog; a row: its edit dialog.
  const [editing, setEditing] = useState<EarlyBookingCondition | 'new' | null>(null);
  const refetch = () => client.invalidateQueries({ queryKey: toolKeys.earlyBooking(locationId) });
  const deletion = useConfirmedDelete<EarlyBookingCondition>({
    url: (row) => `/api/v2.1/early_booking_conditions/${row.id}/`, refetch,
    title: 'app.tools.early.deleteTitle', text: 'app.tools.early.deleteText', deleted: 'app.tools.early.deleted', args: (row) => ({ days: row.days, discount: row.discount }),
  });

  return (
    <Box data-testid="early-booking">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, mb: 1 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>{translate('app.tools.early.hint')}</Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>{translate('app.tools.early.add')}</Button>
      </Stack>
      <QueryState query={conditions} empty="app.tools.early.empty">
        {(rows) => (
          <Box sx={{ overflowX: 'auto', width: 0, minWidth: '100%' }}>
            <Table size="small" aria-label={translate('app.tools.tabs.early')}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('app.tools.early.days')}</TableCell>
                  <TableCell>{translate('app.tools.early.discount')}</TableCell>
                  <TableCell align="right">{translate('app.tools.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {[...rows].sort((a, b) => a.days - b.days || a.discount - b.discount).map((row) => (
                  <TableRow key={row.id} data-testid="early-row">
                    <TableCell>{row.days}</TableCell>
                    <TableCell>{row.discount} %</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <RowAction label={translate('app.tools.edit')} icon={<EditIcon fontSize="small" />} onClick={() => setEditing(row)} />
                      <RowAction label={translate('app.tools.delete')} icon={<DeleteIcon fontSize="small" />} onClick={() => deletion.ask(row)} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </QueryState>
      {editing && (
        <EarlyBookingDialog
          locationId={locationId}
          condition={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={refetch}
        />
      )}
      {deletion.dialog}
    </Box>
  );
}

function EarlyBookingDialog({ locationId, condition, onClose, onSaved }: {
  locationId: string;
  /** The condition to edit; none to add one. */
  condition?: EarlyBookingCondition;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const run = useGenericHandler();

  const submit = async (values: Record<string, unknown>) => {
    const body = { days: Number(values.days), discount: Number(values.discount) };
    const { saved, errors } = await submitWithFieldErrors(run, () => (condition
      ? api<EarlyBookingCondition>(`/api/v2.1/early_booking_conditions/${condition.id}/`, { method: 'PUT', body })
      : api<EarlyBookingCondition>(`/api/v2.1/locations/${locationId}/early_booking/`, { method: 'POST', body })),
    { days: 'days', discount: 'discount' });
    if (errors) return errors;
    if (!saved) return undefined;
    await onSaved();
    notify(condition ? 'app.tools.early.updated' : 'app.tools.early.created', { type: 'success' });
    onClose();
    return undefined;
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="early-title">
      <Form onSubmit={submit} mode="onChange" defaultValues={{ days: condition?.days ?? null, discount: condition?.discount ?? null }}>
        <DialogTitle id="early-title">{translate(condition ? 'app.tools.early.editTitle' : 'app.tools.early.addTitle')}</DialogTitle>
        <DialogContent>
          <NumberInput source="days" label="app.tools.early.days" validate={atLeastOne} min={EARLY_BOOKING_MIN} step={1} fullWidth autoFocus helperText="app.tools.early.daysHint" />
          <NumberInput
            source="discount"
            label="app.tools.early.discountPercent"
            validate={[...atLeastOne, maxValue(EARLY_BOOKING_MAX_DISCOUNT, 'validation.validationMaxValue')]}
            min={EARLY_BOOKING_MIN}
            max={EARLY_BOOKING_MAX_DISCOUNT}
            step={1}
            fullWidth
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('app.common.cancel')}</Button>
          <SubmitButton>{translate(condition ? 'app.common.save' : 'app.common.create')}</SubmitButton>
        </DialogActions>
      </Form>
    </Dialog>
  );
}

