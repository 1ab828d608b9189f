// Who changed what (#28): a location's activity log (GET /locations/{id}/activity/, CSV, XLSX) for
// role 40, newest first. An owner's list also holds the installation-wide entries (location null:
// locations, owners, deactivations), in every location's list (docs/decisions.md "#28 ACTIVITY").
// There is no route that edits or deletes an entry.
import { ilike, inArray, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ACTIVITY_KIND_LABELS, ACTIVITY_PERSON_MAX } from '../../../domain/activity';
import { ACTIVITY_FIELDS as F } from '../../../domain/fieldLabels';
import { activityEntries as a, users } from '../../db/schema';
import { defineList } from '../../platform/lists';
import type { Lang } from '../../platform/messages';
import { locationListScope } from '../locations/service';

/** Who made a change, as the lists name a person: the name, else the e-mail; a job or a callback is "the system". */
export const SYSTEM_ACTOR: Record<Lang, string> = { ru: 'Система', en: 'System' };
const KINDS = Object.keys(ACTIVITY_KIND_LABELS) as [string, ...string[]];

/** The kind's label in `lang` followed by the subject ("Игровая зона создана: Куб 3"). */
const textIn = (lang: Lang) => {
  const cases = Object.entries(ACTIVITY_KIND_LABELS).map(([kind, label]) => sql`WHEN ${kind} THEN ${label[lang]}`);
  const label = sql`(CASE ${a.kind} ${sql.join(cases, sql` `)} ELSE ${a.kind} END)`;
  return sql`(${label} || CASE WHEN ${a.subject} = '' THEN '' ELSE ': ' || ${a.subject} END)`;
};
const personIn = (lang: Lang) => sql`coalesce(nullif(${users.name}, ''), ${users.email}, ${SYSTEM_ACTOR[lang]})`;
const changes = z.record(z.string(), z.unknown()).nullable();

export const locationActivity = defineList({
  path: '/api/v2.1/locations/:id/activity/', summary: "A location's log of who changed what, newest first (an owner's also holds the installation-wide entries)", tags: ['activity'],
  file: 'activity', title: { ru: 'Журнал изменений', en: 'Activity' }, paging: 'limit-offset', access: { minRole: 40 },
  scope: async (db, user, params) => ({ ...(await locationListScope(db, user.id, params.id)), isOwner: user.isOwner }),
  from: () => sql`${a} LEFT JOIN ${users} ON ${users.id} = ${a.userId}`,
  where: (s) => [s.isOwner ? sql`(${a.locationId} = ${s.locationId} OR ${a.locationId} IS NULL)` : sql`${a.locationId} = ${s.locationId}`],
  dateRange: { from: 'date_from', to: 'date_to', day: (s) => sql`(${a.created} AT TIME ZONE ${s.tz})::date` },
  filters: {
    // A person by a part of the name or the e-mail (the screen's search box).
    user: { schema: z.string().trim().min(1).max(ACTIVITY_PERSON_MAX), where: (v: string) => { const like = `%${v.replace(/[%_\\]/g, '')}%`; return or(ilike(users.name, like), ilike(users.email, like)); },
      examples: ['Михаил', 'Светлана'], holds: (row, v) => String(row.user).toLowerCase().includes(v.toLowerCase()) },
    kind: { schema: z.string().max(2000).transform((v) => v.split(',')).pipe(z.array(z.enum(KINDS))), where: (v: string[]) => inArray(a.kind, v),
      examples: ['money.payment', 'promocode.created'], holds: (row, v) => v.split(',').includes(row.kind) },
  },
  columns: [
    { key: 'id', kind: 'int', sql: sql`${a.id}`, label: F.id },
    { key: 'created', kind: 'datetime', sql: sql`${a.created}`, label: F.created },
    { key: 'user', kind: 'text', sql: personIn('ru'), inLanguage: personIn, jsonInLanguage: true, label: F.user },
    // #39 In the JSON only: the screen shows the person by name and the e-mail on hover.
    { key: 'user_email', kind: 'text', sql: sql`${users.email}` },
    // The address, on the screen as in the exports: who may read the log may read where from.
    { key: 'ip', kind: 'text', sql: sql`${a.ip}`, label: F.ip },
    { key: 'kind', kind: 'text', sql: sql`${a.kind}` },
    { key: 'text', kind: 'text', sql: textIn('ru'), inLanguage: textIn, jsonInLanguage: true, label: F.text },
    { key: 'before', kind: 'text', sql: sql`${a.before}`, inLanguage: () => sql`${a.before}::text`, label: F.before },
    { key: 'after', kind: 'text', sql: sql`${a.after}`, inLanguage: () => sql`${a.after}::text`, label: F.after },
  ],
  orderBy: sql`${a.created} DESC, ${a.id} DESC`,
  sorting: { columns: ['created'], unique: sql`${a.id}` },
  json: {
    record: (r) => ({ id: r.id, created: r.created, user: r.user, ip: r.ip, kind: r.kind, text: r.text, before: r.before ?? null, after: r.after ?? null }),
    schema: z.object({
      id: z.number().int(), created: z.string().describe("YYYY-MM-DD HH:MM on the location's clock"),
      user: z.string().describe('Who: the name, else the e-mail; "System" for a job or a payment provider (in the caller\'s language)'),
      ip: z.string().nullable().describe('The address the change came from (null: no request, e.g. a job)'),
      kind: z.enum(KINDS), text: z.string().describe("The kind's label in the caller's language, then the subject"),
      before: changes.describe('The changed fields as they were (null: a creation)'), after: changes.describe('The changed fields as they are (null: a removal)'),
    }),
  },
});
