// /locations/{id}/schedules_and_playgrounds: the location's playground groups, each with its
// playgrounds and schedules; ungrouped playgrounds; create a group; the holiday calendar.
// Playgrounds move between groups by mouse, keyboard or the chip's "Move to…" menu.
import { useEffect, useMemo, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Link, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import { useParams, Link as RouterLink } from 'react-router-dom';
import {
  DndContext, DragOverlay, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { useQueryClient } from '@tanstack/react-query';
import { Loading, Title, useDataProvider, useGetList, useTranslate } from 'react-admin';
import { ResourceTabList } from '../../components/records/ResourceTabList';
import { ManagersOnly } from '../../components/ManagersOnly';
import { MANAGER_ROLE_ID } from '../../../domain/roles';
import { useGenericHandler } from '../../dataProvider/useGenericHandler';
import { useLocationDetail } from '../../resources/locations/useLocationDetail';
import { keys, useRefresh, useSchedules } from './api';
import { businessToday } from './dates';
import { zoneKeyboardCoordinates } from './dnd';
import { GroupCard } from './GroupCard';
import { GroupNameDialog } from './GroupNameDialog';
import { HolidaysDialog } from './HolidaysDialog';
import { PlaygroundLabel, PlaygroundZone, UNGROUPED, type DragData } from './PlaygroundBoard';
import type { LocationDetail, PlaygroundRecord } from '../../resources/locations/types';
import { useSignedIn } from '../../authProvider/useSignedIn';
import { LocationUnavailable } from '../../components/LocationUnavailable';

/** The location as it is after moving a playground (shown at once, before the server answers). */
function withMove(location: LocationDetail, playgroundId: number, group: number | null): LocationDetail {
  return {
    ...location,
    playgrounds: location.playgrounds.map((p) => (p.id === playgroundId ? { ...p, group } : p)),
    playground_groups: location.playground_groups.map((g) => ({
      ...g,
      playgrounds: g.id === group ? [...g.playgrounds.filter((id) => id !== playgroundId), playgroundId] : g.playgrounds.filter((id) => id !== playgroundId),
    })),
  };
}

export function SchedulesAndPlaygroundsPage() {
  useSignedIn();
  const { location_id: locationId = '' } = useParams();
  const translate = useTranslate();
  const client = useQueryClient();
  const run = useGenericHandler();
  const dataProvider = useDataProvider();
  const location = useLocationDetail(locationId);
  const schedules = useSchedules(locationId);
  const refresh = useRefresh(locationId);
  const [dialog, setDialog] = useState<'create' | 'holidays' | null>(null);
  const [dragging, setDragging] = useState<PlaygroundRecord | null>(null);
  // #28 CATALOGUE: the playground list below adds, changes and retires playgrounds; the board above
  // (the location's active playgrounds) follows each change of that list.
  const managed = useGetList<{ id: number; name: string; is_active: boolean }>('location_playgrounds', {
    filter: { location_id: locationId }, pagination: { page: 1, perPage: 100 },
  }, { enabled: !!locationId });
  const managedKey = JSON.stringify(managed.data?.map((p) => [p.id, p.name, p.is_active]) ?? null);
  useEffect(() => {
    if (managedKey !== 'null') void refresh();
    // Only a change of the list matters (not a new `refresh` each render).
  }, [managedKey]);

  const sensors = useSensors(
    // A small distance first, so a click on a chip is not a drag.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: zoneKeyboardCoordinates }),
  );

  const groups = location.data?.playground_groups ?? [];
  const groupName = (id: unknown) => {
    if (id === UNGROUPED) return translate('app.schedules.ungrouped');
    return groups.find((g) => `group-${g.id}` === id)?.name ?? '';
  };
  const nameOf = (active: { data: { current?: unknown } }) => (active.data.current as DragData | undefined)?.playground.name ?? '';
  const announcements: Announcements = {
    onDragStart: ({ active }) => translate('app.schedules.dnd.start', { name: nameOf(active) }),
    onDragOver: ({ active, over }) => (over
      ? translate('app.schedules.dnd.over', { name: nameOf(active), group: groupName(over.id) })
      : translate('app.schedules.dnd.outside', { name: nameOf(active) })),
    onDragEnd: ({ active, over }) => (over
      ? translate('app.schedules.dnd.dropped', { name: nameOf(active), group: groupName(over.id) })
      : translate('app.schedules.dnd.cancelled', { name: nameOf(active) })),
    onDragCancel: ({ active }) => translate('app.schedules.dnd.cancelled', { name: nameOf(active) }),
  };

  const move = async (playground: PlaygroundRecord, group: number | null) => {
    if (playground.group === group) return;
    const queryKey = keys.locationAll(locationId);
    const before = client.getQueriesData<LocationDetail>({ queryKey });
    client.setQueriesData<LocationDetail>({ queryKey }, (l) => (l ? withMove(l, playground.id, group) : l));
    // Keep the keyboard user's place: the chip is now in another zone.
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-playground-chip="${playground.id}"]`)?.focus());
    const moved = await run(() => dataProvider.update('playgrounds', { id: playground.id, data: { group }, previousData: playground }));
    if (!moved) for (const [key, data] of before) client.setQueryData(key, data);
    await client.invalidateQueries({ queryKey });
  };

  const onDragStart = ({ active }: DragStartEvent) => setDragging((active.data.current as DragData).playground);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(null);
    if (!over) return;
    const { playground } = active.data.current as DragData;
    void move(playground, (over.data.current as { group: number | null }).group);
  };

  const today = useMemo(() => businessToday(location.data?.timezone), [location.data?.timezone]);

  if (location.isError) return <LocationUnavailable id={locationId} error={location.error} />;
  if (!location.data) return <Loading />;
  if (location.data.role?.id !== MANAGER_ROLE_ID) return <ManagersOnly role={location.data.role}>{null}</ManagersOnly>;
  const l = location.data;
  const playgroundsOf = (group: number | null) => l.playgrounds.filter((p) => p.group === group);
  const title = translate('app.schedules.title', { name: l.name });

  return (
    <Box component="main" sx={{ maxWidth: 1100, pb: 4 }}>
      <Title title={title} />
      <Link component={RouterLink} to="/locations" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 1 }} variant="body2">
        <ArrowBackIcon fontSize="inherit" />{translate('app.schedules.back')}
      </Link>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' }, mb: 1 }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>{title}</Typography>
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button variant="outlined" startIcon={<EventBusyIcon />} onClick={() => setDialog('holidays')}>{translate('app.holidays.open')}</Button>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog('create')}>{translate('app.schedules.createGroup')}</Button>
        </Stack>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{translate('app.schedules.hint')}</Typography>

      <DndContext
        sensors={sensors}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setDragging(null)}
        accessibility={{ announcements, screenReaderInstructions: { draggable: translate('app.schedules.dnd.instructions') } }}
      >
        <Stack spacing={2}>
          <Card component="section" aria-labelledby="ungrouped-title" variant="outlined" sx={{ bgcolor: 'grey.50' }}>
            <CardContent>
              <Typography id="ungrouped-title" variant="h6" component="h2" sx={{ mb: 1 }}>{translate('app.schedules.ungrouped')}</Typography>
              <PlaygroundZone
                group={null}
                label={translate('app.schedules.ungrouped')}
                playgrounds={playgroundsOf(null)}
                groups={groups}
                onMove={move}
                empty={translate('app.schedules.ungroupedEmpty')}
              />
            </CardContent>
          </Card>
          {groups.length === 0 && <Alert severity="info">{translate('app.schedules.noGroups')}</Alert>}
          {groups.map((g) => (
            <GroupCard
              key={g.id}
              locationId={locationId}
              group={g}
              groups={groups}
              playgrounds={playgroundsOf(g.id)}
              schedules={(schedules.data ?? []).filter((s) => s.playground_group === g.id)}
              today={today}
              onMove={move}
              onChanged={refresh}
            />
          ))}
        </Stack>
        <DragOverlay dropAnimation={null}>
          {dragging && (
            <Box sx={{ display: 'inline-flex', alignItems: 'center', px: 1.5, py: 0.75, borderRadius: 4, bgcolor: 'background.paper', boxShadow: 4, cursor: 'grabbing', border: 1, borderColor: 'primary.main' }}>
              <PlaygroundLabel playground={dragging} />
            </Box>
          )}
        </DragOverlay>
      </DndContext>

      <Card component="section" aria-labelledby="playgrounds-title" variant="outlined" sx={{ mt: 2 }}>
        <CardContent>
          <Typography id="playgrounds-title" variant="h6" component="h2" sx={{ mb: 1 }}>{translate('app.catalogue.playgrounds.title')}</Typography>
          <ResourceTabList name="location_playgrounds" locationId={locationId} />
        </CardContent>
      </Card>

      {dialog === 'create' && <GroupNameDialog locationId={locationId} ungrouped={playgroundsOf(null)} onClose={() => setDialog(null)} onSaved={refresh} />}
      {dialog === 'holidays' && <HolidaysDialog locationId={locationId} country={l.country?.name ?? ''} onClose={() => setDialog(null)} />}
    </Box>
  );
}
