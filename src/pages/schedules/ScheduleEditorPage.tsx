// /locations/{id}/new_schedule[?group_id=] and /locations/{id}/schedule/{schedule_id}: the
// schedule editor. Info tab: name, activation date, group, status, delete, schedule breaks.
// Schedule tab: items with day types, breaks and pricing rows. Save checks the grid first
// (POST /schedule/check/), shows the sessions it makes, then creates or updates the schedule.
// The custom create/edit screens of the `schedules` resource (src/resources/schedules): every
// write goes through the dataProvider (useCreate/useUpdate, useDelete, its named actions).
import { useMemo, useState } from 'react';
import {
  Alert, Badge, Box, Button, Card, CardContent, CircularProgress, FormControlLabel, Link, MenuItem, Paper, Stack, Switch, Tab,
  Tabs, TextField, Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import SaveIcon from '@mui/icons-material/Save';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ManagersOnly } from '../../components/ManagersOnly';
import {
  Loading, Title, useCreate, useDataProvider, useDelete, useNotify, useTranslate, useUpdate,
} from 'react-admin';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { AppDataProvider } from '../../dataProvider';
import type { ApiError } from '../../dataProvider/http';
import { useGenericHandler } from '../../dataProvider/useGenericHandler';
import { useLocationDetail } from '../../resources/locations/useLocationDetail';
import { keys, useSchedule, useSchedules } from './api';
import { businessToday } from './dates';
import { BreaksEditor } from './BreaksEditor';
import { FieldStateContext, useFieldProps, type FieldState } from './editorFields';
import { GridPreviewDialog } from './GridPreviewDialog';
import { ItemEditor } from './ItemEditor';
import { useSetVisible } from './scheduleActions';
import {
  asksPrepayment, emptyItem, emptySchedule, firstPricingError, firstScheduleOf, flattenErrors, formOf, freeRows, gridPayload, schedulePayload, tabOf, validateSchedule,
  type ScheduleForm,
} from './scheduleForm';
import { takesOnlinePayments, useReadiness } from '../../components/readiness/useReadiness';
import { linkFor } from '../../components/readiness/targets';
import type { GridCheck } from './types';
import type { ScheduleRecord } from '../../resources/schedules/types';
import type { LocationDetail } from '../../resources/locations/types';
import { useSignedIn } from '../../authProvider/useSignedIn';
import { LocationUnavailable, UnavailableAlert } from '../../components/LocationUnavailable';
import { DateField } from '../../components/forms/DateField';
import { useLeaveGuard } from '../../components/forms/GuardedDialog';
import { newRowDuration } from '../../../domain/sessionLength';
import { formatMoney } from '../../../domain/money';
import { languageOf } from '../../i18n/useLanguage';

type TabName = 'info' | 'grid';

function InfoTab({ form, setForm, location, existing, statusBusy, onStatus, onDelete }: {
  form: ScheduleForm;
  setForm: (patch: Partial<ScheduleForm>) => void;
  location: LocationDetail;
  existing: boolean;
  statusBusy: boolean;
  onStatus: (enabled: boolean) => void;
  onDelete: () => void;
}) {
  const translate = useTranslate();
  const field = useFieldProps();
  return (
    <Stack spacing={1}>
      <TextField
        label={translate('app.scheduleEditor.name')} value={form.name} required
        onChange={(e) => setForm({ name: e.target.value })} {...field('name')} slotProps={{ htmlInput: { maxLength: 100 } }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <DateField
          label={translate('app.scheduleEditor.startDt')} value={form.start_dt} required
          onChange={(v) => setForm({ start_dt: v })} {...field('start_dt', translate('app.scheduleEditor.startDtHint'))}
          sx={{ minWidth: 220 }}
        />
        <TextField
          select label={translate('app.scheduleEditor.group')} value={form.playground_group ?? ''} required
          onChange={(e) => setForm({ playground_group: Number(e.target.value) })} {...field('playground_group')} sx={{ minWidth: 260 }}
        >
          {location.playground_groups.map((g) => <MenuItem key={g.id} value={g.id}>{g.name}</MenuItem>)}
        </TextField>
      </Stack>
      <Box>
        <FormControlLabel
          control={<Switch checked={!form.disabled} onChange={(e) => onStatus(e.target.checked)} disabled={statusBusy} />}
          label={translate(form.disabled ? 'app.schedules.statusDisabled' : 'app.schedules.statusEnabled')}
        />
        <Typography variant="body2" color="text.secondary">
          {translate(existing ? 'app.scheduleEditor.statusHintExisting' : 'app.scheduleEditor.statusHintNew')}
        </Typography>
      </Box>
      <Box sx={{ pt: 2 }}>
        <BreaksEditor
          breaks={form.breaks}
          onChange={(breaks) => setForm({ breaks })}
          prefix="breaks"
          title={translate('app.scheduleEditor.breaks')}
          hint={translate('app.scheduleEditor.breaksHint')}
        />
      </Box>
      {existing && (
        <Box sx={{ pt: 3 }}>
          <Button color="error" variant="outlined" startIcon={<DeleteIcon />} onClick={onDelete}>{translate('app.scheduleEditor.delete')}</Button>
        </Box>
      )}
    </Stack>
  );
}

/**
 * #42 A prepayment asked where the location takes no money online: the widget would turn these guests
 * away. Said above the form, with the way to connect online payments.
 */
function PrepaidWarning({ locationId }: { locationId: string }) {
  const translate = useTranslate();
  const link = linkFor(locationId, 'online_payments', 'no_provider');
  return (
    <Alert severity="warning" sx={{ mb: 1 }} data-testid="schedule-prepaid-warning">
      {translate('app.readiness.prepaidWarning')}{' '}
      <Link component={RouterLink} to={link.href}>{translate('app.readiness.connect')}</Link>
    </Alert>
  );
}

function Editor({ location, schedule, onlinePayments, groupsWithSchedules }: {
  location: LocationDetail;
  schedule: ScheduleRecord | null;
  /** The groups that have a schedule already: a group's first one starts today, every day. */
  groupsWithSchedules: ReadonlySet<number>;
  /** #42 Whether the location takes money online (null: not known): a new price row's prepayment, and the warning. */
  onlinePayments: boolean | null;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const run = useGenericHandler();
  const client = useQueryClient();
  const setVisible = useSetVisible();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [create] = useCreate<ScheduleRecord>();
  const [update] = useUpdate<ScheduleRecord>();
  const [deleteOne] = useDelete<ScheduleRecord>();
  const [params] = useSearchParams();
  const locationId = String(location.id);
  const groupParam = Number(params.get('group_id'));
  const presetGroup = location.playground_groups.find((g) => g.id === groupParam) ?? null;
  // #42 A playground's length pre-fills the new rows of its group's schedule (the row's length is what is sold).
  const defaultDuration = newRowDuration(location.playgrounds.filter((p) => p.group === presetGroup?.id));
  // #42 Nothing taken online: a new price asks no prepayment (paid at the venue), as the server's default.
  const defaultPrepayment = onlinePayments === false ? '0' : '100';

  const [form, setFormState] = useState<ScheduleForm>(() => (schedule ? formOf(schedule)
    : firstScheduleOf(emptySchedule(presetGroup?.id ?? null, defaultDuration, defaultPrepayment), presetGroup && !groupsWithSchedules.has(presetGroup.id) ? businessToday(location.timezone) : null)));
  const [tab, setTab] = useState<TabName>('info');
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [showAll, setShowAll] = useState(false);
  const [server, setServer] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [statusBusy, setStatusBusy] = useState(false);
  const [preview, setPreview] = useState<GridCheck | null>(null);
  const [deleting, setDeleting] = useState(false);
  // #42 Rows priced 0 are free sessions: asked before the save goes on.
  const [free, setFree] = useState<{ item: number; start: string }[] | null>(null);
  // What was last loaded or saved: a form that differs from it is unsaved work (#18).
  const [baseline, setBaseline] = useState(form);
  const { question: leaveQuestion, leave } = useLeaveGuard(JSON.stringify(form) !== JSON.stringify(baseline));

  const groupPlaygrounds = location.playgrounds.filter((p) => form.playground_group !== null && p.group === form.playground_group);
  const errors = useMemo(() => validateSchedule(form), [form]);
  const invalid = Object.keys(errors).length > 0;
  const setForm = (patch: Partial<ScheduleForm>) => {
    setFormState((f) => ({ ...f, ...patch }));
    for (const key of Object.keys(patch)) if (key !== 'items' && key !== 'breaks') touch(key);
    setServer({});
  };
  const touch = (path: string) => setTouched((t) => (t.has(path) ? t : new Set(t).add(path)));
  const fieldState: FieldState = { errors, server, touched, showAll, touch };
  const tabHasErrors = (name: TabName) =>
    Object.keys(server).some((p) => tabOf(p) === name) || (showAll && Object.keys(errors).some((p) => tabOf(p) === name));

  /** A click on the disabled save button shows every message and opens the tab of the first. */
  const revealErrors = () => {
    if (!invalid || saving) return;
    setShowAll(true);
    setTab(tabOf(Object.keys(errors)[0]!));
  };

  const showServerErrors = (err: ApiError) => {
    const fields = flattenErrors(err.drfBody);
    setServer(fields);
    // LM §8: the first string of the items' pricing errors, else the first message of the body.
    notify(firstPricingError(err.drfBody) ?? Object.values(fields)[0] ?? err.message, { type: 'error' });
    const first = Object.keys(fields)[0];
    if (first) setTab(tabOf(first));
    return true;
  };

  /** Save: rows priced 0 ask "free session?" first. */
  const askFree = () => {
    const rows = freeRows(form);
    if (rows.length) setFree(rows);
    else void check();
  };

  const check = async () => {
    setSaving(true);
    const grid = await run(
      async () => (await dataProvider.action<GridCheck>('schedules', { action: 'check', data: gridPayload(form) })).data,
      showServerErrors,
    );
    setSaving(false);
    if (grid) setPreview(grid);
  };

  const save = async () => {
    setSaving(true);
    // PUT /schedule/{id}/ or POST /schedule/; the DRF errors (nested in the grid) come back as ApiError.
    const data = schedulePayload(form, location.id);
    const saved = await run(
      () => (schedule
        ? update('schedules', { id: schedule.id, data, previousData: schedule }, { mutationMode: 'pessimistic', returnPromise: true })
        : create('schedules', { data }, { returnPromise: true })),
      showServerErrors,
    );
    setSaving(false);
    setPreview(null);
    if (!saved) return;
    await client.invalidateQueries({ queryKey: keys.schedulesLists });
    notify(schedule ? 'app.scheduleEditor.saved' : 'app.scheduleEditor.created', { type: 'success', messageArgs: { name: saved.name } });
    if (schedule) {
      setFormState(formOf(saved));
      setBaseline(formOf(saved));
      setTouched(new Set());
      setShowAll(false);
    } else {
      leave();
      navigate(`/locations/${locationId}/schedule/${saved.id}`, { replace: true });
    }
  };

  const onStatus = async (enabled: boolean) => {
    if (!schedule) {
      setForm({ disabled: !enabled });
      return;
    }
    setStatusBusy(true);
    const saved = await setVisible(schedule, !enabled);
    setStatusBusy(false);
    if (!saved) return;
    setFormState((f) => ({ ...f, disabled: saved.disabled }));
    setBaseline((f) => ({ ...f, disabled: saved.disabled }));
    client.setQueriesData<ScheduleRecord>({ queryKey: keys.scheduleOnes },
      (s) => (s && s.id === saved.id ? { ...s, disabled: saved.disabled } : s));
    await client.invalidateQueries({ queryKey: keys.schedulesLists });
    notify(saved.disabled ? 'app.schedules.disabledDone' : 'app.schedules.enabledDone', { type: 'success', messageArgs: { name: saved.name } });
  };

  const remove = async () => {
    const done = await run(() => deleteOne('schedules', { id: schedule!.id, previousData: schedule! }, { mutationMode: 'pessimistic', returnPromise: true })
      .then(() => true));
    setDeleting(false);
    if (!done) return;
    // Leave at once (issue #18): the deleted schedule is not fetched again; useDelete refetches the lists.
    leave();
    navigate(`/locations/${locationId}/schedules_and_playgrounds`);
    notify('app.schedules.scheduleDeleted', { type: 'success', messageArgs: { name: schedule!.name } });
  };

  const title = schedule ? translate('app.scheduleEditor.editTitle', { name: schedule.name }) : translate('app.scheduleEditor.newTitle');
  const tabLabel = (name: TabName, key: string) => (
    <Badge color="error" variant="dot" invisible={!tabHasErrors(name)}>{translate(key)}</Badge>
  );

  return (
    <FieldStateContext.Provider value={fieldState}>
      <Box component="main" sx={{ maxWidth: 1100 }}>
        {leaveQuestion}
        <Title title={`${title} — ${location.name}`} />
        <Link component={RouterLink} to={`/locations/${locationId}/schedules_and_playgrounds`} variant="body2"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 1 }}>
          <ArrowBackIcon fontSize="inherit" />{translate('app.scheduleEditor.back')}
        </Link>
        <Typography variant="h5" component="h1">{title}</Typography>
        <Typography color="text.secondary" sx={{ mb: 1 }}>{location.name}</Typography>
        {onlinePayments === false && asksPrepayment(form) && <PrepaidWarning locationId={locationId} />}
        <Card variant="outlined">
          <Tabs value={tab} onChange={(_, t: TabName) => setTab(t)} sx={{ borderBottom: 1, borderColor: 'divider', px: 2 }}>
            <Tab value="info" label={tabLabel('info', 'app.scheduleEditor.tabInfo')} />
            <Tab value="grid" label={tabLabel('grid', 'app.scheduleEditor.tabGrid')} />
          </Tabs>
          <CardContent>
            {tab === 'info' ? (
              <InfoTab form={form} setForm={setForm} location={location} existing={!!schedule} statusBusy={statusBusy}
                onStatus={onStatus} onDelete={() => setDeleting(true)} />
            ) : (
              <Stack spacing={2}>
                {form.items.length === 0 && <Alert severity="info">{translate('app.scheduleEditor.noItems')}</Alert>}
                {form.items.map((item, i) => (
                  <ItemEditor
                    key={i}
                    index={i}
                    item={item}
                    onChange={(next) => setForm({ items: form.items.map((it, j) => (j === i ? next : it)) })}
                    onRemove={() => setForm({ items: form.items.filter((_, j) => j !== i) })}
                    playgrounds={groupPlaygrounds}
                    currency={location.currency}
                    defaultPrepayment={defaultPrepayment}
                  />
                ))}
                <Box>
                  <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setForm({ items: [...form.items, emptyItem(newRowDuration(groupPlaygrounds, Number(form.items.at(-1)?.duration)), [], defaultPrepayment)] })}>
                    {translate('app.scheduleEditor.addItem')}
                  </Button>
                </Box>
              </Stack>
            )}
          </CardContent>
        </Card>
        {/* The save bar stays in view on long grids. */}
        <Paper elevation={3} sx={{ position: 'sticky', bottom: 0, mt: 2, px: 2, py: 1.5, display: 'flex', alignItems: 'center', gap: 2, zIndex: 2 }}>
          <Box onClick={revealErrors} sx={{ display: 'inline-flex' }}>
            <Button variant="contained" startIcon={saving ? <CircularProgress size={18} color="inherit" /> : <SaveIcon />} disabled={invalid || saving} onClick={askFree}>
              {translate('app.scheduleEditor.save')}
            </Button>
          </Box>
          <Typography variant="body2" color={invalid && showAll ? 'error' : 'text.secondary'}>
            {translate(invalid ? (showAll ? 'app.scheduleEditor.fixErrors' : 'app.scheduleEditor.fillRequired') : 'app.scheduleEditor.saveHint')}
          </Typography>
        </Paper>
      </Box>
      {preview && (
        <GridPreviewDialog grid={preview} items={form.items} saving={saving} isNew={!schedule}
          onSave={save} onClose={() => setPreview(null)} />
      )}
      <ConfirmDialog
        open={!!free}
        title={translate('app.words.prices.freeTitle')}
        text={free ? translate('app.words.prices.freeText', {
          rows: free.map((r) => translate('app.words.prices.freeRow', { item: r.item, start: r.start })).join(', '),
          price: formatMoney('0', location.currency, languageOf(translate)),
        }) : ''}
        onConfirm={() => { setFree(null); void check(); }}
        onClose={() => setFree(null)}
      />
      <ConfirmDialog
        open={deleting}
        title={translate('app.schedules.deleteScheduleTitle')}
        text={schedule ? translate('app.schedules.deleteScheduleText', { name: schedule.name }) : ''}
        onConfirm={remove}
        onClose={() => setDeleting(false)}
      />
    </FieldStateContext.Provider>
  );
}

/** A schedule that cannot be read: a 404 says so at once (#18), any failure offers the way back. */
function ScheduleUnavailable({ locationId, scheduleId, error }: { locationId: string; scheduleId: string; error: unknown }) {
  const translate = useTranslate();
  return (
    <UnavailableAlert
      error={error} refusedText={translate('app.scheduleEditor.notFound', { id: scheduleId })}
      back={`/locations/${locationId}/schedules_and_playgrounds`} backLabel={translate('app.scheduleEditor.back')} testId="schedule-unavailable"
    />
  );
}

export function ScheduleEditorPage() {
  useSignedIn();
  const { location_id: locationId = '', schedule_id: scheduleId } = useParams();
  const location = useLocationDetail(locationId);
  const schedule = useSchedule(scheduleId);
  // #42 Whether the location takes money online (its setup checklist): a new schedule's prepayment waits for it.
  const readiness = useReadiness(locationId);
  const schedules = useSchedules(locationId);
  if (location.isError) return <LocationUnavailable id={locationId} error={location.error} />;
  if (schedule.error) return <ScheduleUnavailable locationId={locationId} scheduleId={scheduleId!} error={schedule.error} />;
  if (!location.data || (scheduleId && !schedule.data) || (!scheduleId && (readiness.isPending || schedules.isPending))) return <Loading />;
  // A new key per schedule: opening another one (or the one just created) starts a fresh form.
  return (
    <ManagersOnly role={location.data.role}>
      <Editor key={scheduleId ?? 'new'} location={location.data} schedule={scheduleId ? schedule.data! : null}
        onlinePayments={readiness.data ? takesOnlinePayments(readiness.data) : null}
        groupsWithSchedules={new Set((schedules.data ?? []).map((s) => s.playground_group).filter((g): g is number => g != null))} />
    </ManagersOnly>
  );
}
