// The playgrounds as chips in drop zones (one per group and one for ungrouped playgrounds).
// A chip moves with the mouse, with the keyboard (focus, Space, arrows, Space) or with its
// "Move to…" menu; each move is PUT /playgrounds/{id}/group/.
import { useState, type ReactNode } from 'react';
import { Box, Chip, IconButton, ListSubheader, Menu, MenuItem, Tooltip, Typography } from '@mui/material';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import DriveFileMoveIcon from '@mui/icons-material/DriveFileMoveOutlined';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import { useTranslate } from 'react-admin';
import type { GroupRecord, PlaygroundRecord } from '../../resources/locations/types';
import { differingDurations } from '../../../domain/sessionLength';

export const UNGROUPED = 'ungrouped';
export const zoneId = (group: number | null) => (group === null ? UNGROUPED : `group-${group}`);

export interface DragData {
  playground: PlaygroundRecord;
  from: string;
}

/** A playground's name and length; #42 where its group's schedule sells another length, that too ("по расписанию 60 мин"). */
export function PlaygroundLabel({ playground, scheduled = [] }: { playground: PlaygroundRecord; scheduled?: readonly number[] }) {
  const translate = useTranslate();
  const differing = differingDurations(playground.duration, scheduled);
  return (
    <>
      {playground.name}
      <Box component="span" sx={{ color: 'text.secondary', ml: 0.75, fontSize: '0.8em' }}>
        {translate('app.schedules.minutes', { n: playground.duration })}
      </Box>
      {differing && (
        <Box component="span" sx={{ color: 'warning.dark', ml: 0.75, fontSize: '0.8em' }} data-testid="playground-scheduled-length">
          {translate('app.words.sessionLength.bySchedule', { minutes: differing.join(', ') })}
        </Box>
      )}
    </>
  );
}

function PlaygroundChip({ playground, groups, onMove, scheduled }: {
  playground: PlaygroundRecord;
  scheduled?: readonly number[];
  groups: GroupRecord[];
  onMove: (playground: PlaygroundRecord, group: number | null) => void;
}) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const data: DragData = { playground, from: zoneId(playground.group) };
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: `playground-${playground.id}`,
    data,
    attributes: { roleDescription: translate('app.schedules.dragRole') },
  });
  const choose = (group: number | null) => {
    setAnchor(null);
    onMove(playground, group);
  };
  const targets: { id: number | null; name: string }[] = [
    ...(playground.group !== null ? [{ id: null, name: translate('app.schedules.ungrouped') }] : []),
    ...groups.filter((g) => g.id !== playground.group).map((g) => ({ id: g.id, name: g.name })),
  ];
  return (
    <Box
      sx={{ display: 'inline-flex', alignItems: 'center', bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 4, pr: 0.25, opacity: isDragging ? 0.4 : 1 }}
      data-testid="playground"
      data-playground-id={playground.id}
    >
      <Chip
        ref={setNodeRef}
        {...attributes}
        {...listeners}
        data-playground-chip={playground.id}
        title={playground.name}
        icon={<DragIndicatorIcon />}
        label={<PlaygroundLabel playground={playground} scheduled={scheduled} />}
        variant="outlined"
        sx={{ border: 0, cursor: 'grab', touchAction: 'none', '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' } }}
      />
      <Tooltip title={translate('app.schedules.moveTo')}>
        <span>
          <IconButton
            size="small"
            aria-label={translate('app.schedules.moveNamed', { name: playground.name })}
            aria-haspopup="menu"
            onClick={(e) => setAnchor(e.currentTarget)}
            disabled={targets.length === 0}
          >
            <DriveFileMoveIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)} slotProps={{ paper: { sx: { minWidth: 220 } } }}>
        <ListSubheader sx={{ lineHeight: 2.5 }}>{translate('app.schedules.moveTo')}</ListSubheader>
        {targets.map((t) => (
          <MenuItem key={t.id ?? UNGROUPED} onClick={() => choose(t.id)}>{t.name}</MenuItem>
        ))}
      </Menu>
    </Box>
  );
}

/** A drop zone with its chips; highlighted while a playground is dragged over it. */
export function PlaygroundZone({ group, label, playgrounds, groups, onMove, empty, scheduled }: {
  group: number | null;
  /** #42 The session lengths the group's schedules sell. */
  scheduled?: readonly number[];
  label: string;
  playgrounds: PlaygroundRecord[];
  groups: GroupRecord[];
  onMove: (playground: PlaygroundRecord, group: number | null) => void;
  empty?: ReactNode;
}) {
  const translate = useTranslate();
  const { setNodeRef, isOver, active } = useDroppable({ id: zoneId(group), data: { group } });
  const from = (active?.data.current as DragData | undefined)?.from;
  const highlight = isOver && from !== zoneId(group);
  return (
    <Box
      ref={setNodeRef}
      role="group"
      aria-label={label}
      data-testid={`zone-${zoneId(group)}`}
      data-over={highlight ? 'true' : 'false'}
      sx={{
        display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', minHeight: 56, p: 1, borderRadius: 1,
        border: '2px dashed', borderColor: highlight ? 'primary.main' : active ? 'primary.light' : 'divider',
        bgcolor: highlight ? 'action.selected' : 'transparent', transition: 'background-color 120ms, border-color 120ms',
      }}
    >
      {playgrounds.map((p) => <PlaygroundChip key={p.id} playground={p} groups={groups} onMove={onMove} scheduled={scheduled} />)}
      {playgrounds.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ px: 1 }}>{empty ?? translate('app.schedules.dropHere')}</Typography>
      )}
    </Box>
  );
}
