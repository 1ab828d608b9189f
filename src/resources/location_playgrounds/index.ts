// #28 CATALOGUE: a location's playgrounds, listed with their forms on the schedules-and-playgrounds
// screen (src/pages/schedules): add, change (retired ones can be made active again), remove (the
// server deletes one that never had orders and retires one that had). Retired rows are marked, and
// offer no removal. The server: server/modules/catalogue/writes.ts and routes.ts.
import { BOOKABLE_PLAYGROUND_TYPES } from '../../../domain/slotFlags';
import { TEXT_LIMITS } from '../../../domain/textLimits';
import { differingDurations } from '../../../domain/sessionLength';
import { defineResource, enumChoices, lazyPart } from '../declaration';

const t = (key: string) => `app.catalogue.playgrounds.${key}`;
const f = (key: string) => t(`fields.${key}`);

/** #42 Under the length: what it does, and the length its group's schedule sells where that differs (`schedule_durations` of the list). */
const durationHint = (v: Record<string, any>) => {
  const differing = differingDurations(Number(v.duration), v.schedule_durations ?? []);
  return differing ? { message: 'app.words.sessionLength.playgroundDiffers', args: { minutes: differing.join(', ') } } : 'app.words.sessionLength.playgroundPrefills';
};

export default defineResource({
  name: 'location_playgrounds',
  access: { minRole: 40 },
  api: {
    list: '/api/v2.1/locations/{location_id}/playgrounds/',
    paging: 'none',
    create: '/api/v2.1/locations/{location_id}/playgrounds/',
    update: { path: '/api/v2.1/playgrounds/{id}/', method: 'PUT' },
    delete: '/api/v2.1/playgrounds/{id}/',
  },
  list: {
    title: t('title'),
    empty: t('empty'),
    hint: t('hint'),
    columns: [
      { kind: 'text', source: 'name', label: f('name') },
      { kind: 'custom', source: 'types', label: f('types'), render: lazyPart(() => import('./PlaygroundTypes'), 'PlaygroundTypes') },
      { kind: 'text', source: 'max_players', label: f('max_players') },
      { kind: 'text', source: 'duration', label: f('duration') },
      { kind: 'enum', source: 'is_active', label: 'app.catalogue.status', prefix: 'app.catalogue.state.' },
    ],
  },
  form: {
    add: t('add'),
    title: { create: t('addTitle'), edit: t('editTitle') },
    saved: { create: t('created'), edit: t('updated') },
    width: 'sm',
    fields: [
      { kind: 'text', source: 'name', label: f('name'), required: true, maxLength: TEXT_LIMITS.itemName },
      { kind: 'select', source: 'types', label: f('types'), required: true, multiple: true, choices: enumChoices(BOOKABLE_PLAYGROUND_TYPES, 'app.catalogue.types.') },
      { kind: 'number', source: 'max_players', label: f('max_players'), required: true, integer: true, min: 1, max: 100, row: 1 },
      // #42 The schedule's length is what is sold; this one pre-fills new schedule rows of its group. Said, and where they differ, "по расписанию 60 мин".
      { kind: 'number', source: 'duration', label: f('duration'), required: true, integer: true, min: 5, max: 1440, default: 60, row: 1, hint: durationHint },
      { kind: 'boolean', source: 'is_active', label: t('active'), on: 'edit' },
    ],
  },
  rowActions: [
    { kind: 'chip', label: 'app.catalogue.retired', when: (r: { is_active: boolean }) => !r.is_active },
    { kind: 'edit' },
    { kind: 'delete', when: (r: { is_active: boolean }) => r.is_active, confirm: { title: t('deleteTitle'), text: t('deleteText') }, done: t('deleted') },
  ],
  messageArgs: (r: { name: string }) => ({ name: r.name }),
  recordRepresentation: (r: { name: string }) => r.name,
});
