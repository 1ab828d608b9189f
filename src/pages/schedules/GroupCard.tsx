// One playground group: its name with rename, QR code and delete; its playgrounds (a drop zone);
// its schedules and the link to add one.
import { useState } from 'react';
import {
  Box, Button, Card, CardContent, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Divider, IconButton, Stack, Tooltip, Typography,
} from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import QrCodeIcon from '@mui/icons-material/QrCode2';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import AddIcon from '@mui/icons-material/Add';
import { Link as RouterLink } from 'react-router-dom';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useGenericHandler } from '../../dataProvider/useGenericHandler';
import { GroupNameDialog } from './GroupNameDialog';
import { PlaygroundZone } from './PlaygroundBoard';
import { QrDialog } from './QrDialog';
import { SchedulesTable } from './SchedulesTable';
import type { ScheduleRecord } from '../../resources/schedules/types';
import type { GroupRecord, PlaygroundRecord } from '../../resources/locations/types';
import { scheduleDurations } from '../../../domain/sessionLength';

export function GroupCard({ locationId, group, groups, playgrounds, schedules, today, onMove, onChanged }: {
  locationId: string;
  group: GroupRecord;
  groups: GroupRecord[];
  playgrounds: PlaygroundRecord[];
  schedules: ScheduleRecord[];
  today: string;
  onMove: (playground: PlaygroundRecord, group: number | null) => void;
  onChanged: () => Promise<unknown>;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const run = useGenericHandler();
  const dataProvider = useDataProvider();
  const [dialog, setDialog] = useState<'rename' | 'qr' | 'delete' | null>(null);
  const close = () => setDialog(null);

  const remove = async () => {
    // The dialog offers this only without schedules; should one be added meanwhile, the server
    // refuses and the generic handler shows its message.
    const done = await run(() => dataProvider.delete('playground_groups', { id: group.id, previousData: group, meta: { location_id: locationId } }).then(() => true));
    close();
    if (!done) return;
    await onChanged();
    notify('app.schedules.groupDeleted', { type: 'success', messageArgs: { name: group.name } });
  };

  const headingId = `group-${group.id}-name`;
  return (
    <Card component="section" aria-labelledby={headingId} data-testid="group-card" data-group-id={group.id} variant="outlined">
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', mb: 1.5, gap: 0.5 }}>
          <Typography id={headingId} variant="h6" component="h2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>{group.name}</Typography>
          <Tooltip title={translate('app.schedules.renameGroup')}>
            <IconButton onClick={() => setDialog('rename')} aria-label={translate('app.schedules.renameGroupNamed', { name: group.name })}><EditIcon /></IconButton>
          </Tooltip>
          <Tooltip title={translate('app.schedules.qr')}>
            <IconButton onClick={() => setDialog('qr')} aria-label={translate('app.schedules.qrNamed', { name: group.name })}><QrCodeIcon /></IconButton>
          </Tooltip>
          <Tooltip title={translate('app.schedules.deleteGroup')}>
            <IconButton color="error" onClick={() => setDialog('delete')} aria-label={translate('app.schedules.deleteGroupNamed', { name: group.name })}><DeleteIcon /></IconButton>
          </Tooltip>
        </Stack>
        <Typography variant="overline" component="h3" color="text.secondary">{translate('app.schedules.playgrounds')}</Typography>
        <PlaygroundZone
          group={group.id}
          label={translate('app.schedules.playgroundsOf', { name: group.name })}
          playgrounds={playgrounds}
          groups={groups}
          onMove={onMove}
          scheduled={scheduleDurations(schedules, group.id)}
        />
        <Divider sx={{ my: 2 }} />
        <Box sx={{ display: 'flex', alignItems: 'center', mb: 0.5 }}>
          <Typography variant="overline" component="h3" color="text.secondary" sx={{ flex: 1 }}>{translate('app.schedules.schedules')}</Typography>
          <Button
            size="small"
            startIcon={<AddIcon />}
            component={RouterLink}
            to={`/locations/${locationId}/new_schedule?group_id=${group.id}`}
            aria-label={translate('app.schedules.addScheduleNamed', { name: group.name })}
          >
            {translate('app.schedules.addSchedule')}
          </Button>
        </Box>
        <SchedulesTable locationId={locationId} schedules={schedules} today={today} onChanged={onChanged} />
      </CardContent>
      {dialog === 'rename' && <GroupNameDialog locationId={locationId} group={group} onClose={close} onSaved={onChanged} />}
      {dialog === 'qr' && <QrDialog locationId={locationId} group={group} onClose={close} />}
      {/* The server refuses to delete a group that has schedules (groups/service.ts): say so before
          asking, instead of offering a delete that fails. */}
      <Dialog open={dialog === 'delete' && schedules.length > 0} onClose={close} maxWidth="xs" fullWidth aria-labelledby={`group-${group.id}-blocked`}
        data-testid="group-delete-blocked">
        <DialogTitle id={`group-${group.id}-blocked`}>{translate('app.schedules.deleteGroupBlockedTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('app.schedules.deleteGroupBlocked', { name: group.name, smart_count: schedules.length })}</DialogContentText>
        </DialogContent>
        <DialogActions><Button onClick={close} variant="contained" autoFocus>{translate('app.common.close')}</Button></DialogActions>
      </Dialog>
      <ConfirmDialog
        open={dialog === 'delete' && schedules.length === 0}
        title={translate('app.schedules.deleteGroupTitle')}
        text={translate('app.schedules.deleteGroupText', { name: group.name })}
        onConfirm={remove}
        onClose={close}
      />
    </Card>
  );
}
