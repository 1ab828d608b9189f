// A group's schedules: name (opens the editor), activation date, status with the eye button,
// clone and delete (the `schedules` resource's actions and useDelete). The schedule in force today is marked.
import { useState } from 'react';
import {
  Box, Chip, IconButton, Link, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography,
} from '@mui/material';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import EditIcon from '@mui/icons-material/Edit';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { Link as RouterLink } from 'react-router-dom';
import { useDelete, useNotify, useTranslate } from 'react-admin';
import { DATE_FORMAT } from '../../../domain/constants';
import { scheduleInForce } from '../../../domain/schedule/engine';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useGenericHandler } from '../../dataProvider/useGenericHandler';
import { formatDate } from './dates';
import { useCloneSchedule, useSetVisible } from './scheduleActions';
import type { ScheduleRecord } from '../../resources/schedules/types';

export function SchedulesTable({ locationId, schedules, today, onChanged }: {
  locationId: string;
  schedules: ScheduleRecord[];
  /** The location's business date today, to mark the schedule in force. */
  today: string;
  onChanged: () => Promise<unknown>;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const run = useGenericHandler();
  const setVisible = useSetVisible();
  const cloneSchedule = useCloneSchedule();
  const [deleteOne] = useDelete<ScheduleRecord>();
  const [busy, setBusy] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<ScheduleRecord | null>(null);
  const inForce = scheduleInForce(schedules, today);

  const act = async (schedule: ScheduleRecord, action: () => Promise<unknown>) => {
    setBusy(schedule.id);
    try {
      await action();
    } finally {
      setBusy(null);
    }
  };
  const toggle = (s: ScheduleRecord) => act(s, async () => {
    const saved = await setVisible(s, !s.disabled);
    if (!saved) return;
    await onChanged();
    notify(saved.disabled ? 'app.schedules.disabledDone' : 'app.schedules.enabledDone', { type: 'success', messageArgs: { name: saved.name } });
  });
  const clone = (s: ScheduleRecord) => act(s, async () => {
    const copy = await cloneSchedule(s);
    if (!copy) return;
    await onChanged();
    notify('app.schedules.cloned', { type: 'success', messageArgs: { name: copy.name } });
  });
  const remove = async () => {
    const s = deleting!;
    const done = await run(() => deleteOne('schedules', { id: s.id, previousData: s }, { mutationMode: 'pessimistic', returnPromise: true })
      .then(() => true));
    setDeleting(null);
    if (!done) return;
    await onChanged();
    notify('app.schedules.scheduleDeleted', { type: 'success', messageArgs: { name: s.name } });
  };

  if (schedules.length === 0) {
    return <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>{translate('app.schedules.noSchedules')}</Typography>;
  }
  return (
    <>
      {/* width 0 + min-width 100 %: the table scrolls instead of widening the page on a phone. */}
      <Box sx={{ overflowX: 'auto', width: 0, minWidth: '100%' }}>
      <Table size="small" aria-label={translate('app.schedules.schedules')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('app.schedules.columns.name')}</TableCell>
            <TableCell>{translate('app.schedules.columns.start')}</TableCell>
            <TableCell>{translate('app.schedules.columns.status')}</TableCell>
            <TableCell align="right">{translate('app.schedules.columns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {schedules.map((s) => {
            const href = `/locations/${locationId}/schedule/${s.id}`;
            const toggleLabel = translate(s.disabled ? 'app.schedules.enable' : 'app.schedules.disable', { name: s.name });
            return (
              <TableRow key={s.id} hover data-testid="schedule-row" data-schedule-id={s.id}>
                <TableCell>
                  <Link component={RouterLink} to={href} sx={{ fontWeight: 500 }}>{s.name}</Link>
                  {inForce?.id === s.id && <Chip size="small" color="success" variant="outlined" label={translate('app.schedules.inForce')} sx={{ ml: 1 }} />}
                </TableCell>
                <TableCell>{formatDate(s.start_dt, DATE_FORMAT)}</TableCell>
                <TableCell>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                    <Tooltip title={toggleLabel}>
                      <span>
                        <IconButton size="small" aria-label={toggleLabel} onClick={() => toggle(s)} disabled={busy === s.id} color={s.disabled ? 'default' : 'primary'}>
                          {s.disabled ? <VisibilityOffIcon fontSize="small" /> : <VisibilityIcon fontSize="small" />}
                        </IconButton>
                      </span>
                    </Tooltip>
                    <Typography variant="body2" color={s.disabled ? 'text.secondary' : 'success.main'} data-testid="schedule-status">
                      {translate(s.disabled ? 'app.schedules.statusDisabled' : 'app.schedules.statusEnabled')}
                    </Typography>
                  </Box>
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Tooltip title={translate('app.schedules.open')}>
                    <IconButton size="small" component={RouterLink} to={href} aria-label={translate('app.schedules.openNamed', { name: s.name })}>
                      <EditIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={translate('app.schedules.clone')}>
                    <span>
                      <IconButton size="small" onClick={() => clone(s)} disabled={busy === s.id} aria-label={translate('app.schedules.cloneNamed', { name: s.name })}>
                        <ContentCopyIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title={translate('app.schedules.delete')}>
                    <IconButton size="small" color="error" onClick={() => setDeleting(s)} aria-label={translate('app.schedules.deleteNamed', { name: s.name })}>
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      </Box>
      <ConfirmDialog
        open={!!deleting}
        title={translate('app.schedules.deleteScheduleTitle')}
        text={deleting ? translate('app.schedules.deleteScheduleText', { name: deleting.name }) : ''}
        onConfirm={remove}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
