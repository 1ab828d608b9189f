// Who changed what (#28): a location's activity log (GET /locations/{id}/activity/, CSV, XLSX) for
// role 40, newest first: that location's entries only (#42: its creation too). The installation's
// log (GET /activity/, owners) holds the installation-wide entries (location null: owners, accounts,
// the game catalogue, the installation's payment provider) and every location's creation, each row
// naming its location (docs/decisions.md "#42 ACTIVITY WORDS"). No route edits or deletes an entry.
import { asc, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { ACTIVITY_KIND_LABELS, ACTIVITY_MOVES, ACTIVITY_PERSON_MAX } from '../../../domain/activity';
import { CERTIFICATE_DESIGN_LABELS } from '../../../domain/enumLabels';
import { ACTIVITY_FIELDS as F } from '../../../domain/fieldLabels';
import { activityEntries as a, locations, locationTranslations, users } from '../../db/schema';
import { defineList } from '../../platform/lists';
import type { Lang } from '../../platform/messages';
import { locationListScope } from '../locations/service';

/** Who made a change, as the lists name a person: the name, else the e-mail; a job or a callback is "the system". */
export const SYSTEM_ACTOR: Record<Lang, string> = { ru: 'Система', en: 'System' };
const KINDS = Object.keys(ACTIVITY_KIND_LABELS) as [string, ...string[]];

/**
 * The kind's label in `lang` followed by the subject ("Игровая зона создана: Куб 3"); a move also
 * says where to ("Игровая зона перенесена: Куб 1 → группа «Выходные»", #42), a built-in certificate
 * design is named by its words.
 */
const textIn = (lang: Lang) => {
  const cases = Object.entries(ACTIVITY_KIND_LABELS).map(([kind, label]) => sql`WHEN ${kind} THEN ${label[lang]}`);
  const label = sql`(CASE ${a.kind} ${sql.join(cases, sql` `)} ELSE ${a.kind} END)`;
  const designs = Object.entries(CERTIFICATE_DESIGN_LABELS).map(([code, words]) => sql`WHEN ${code} THEN ${words[lang]}`);
  const subject = sql`(CASE WHEN ${a.kind} LIKE 'certificate\_design.%' THEN (CASE ${a.subject} ${sql.join(designs, sql` `)} ELSE ${a.subject} END) ELSE ${a.subject} END)`;
  const moves = Object.entries(ACTIVITY_MOVES).map(([kind, m]) => {
    const to = sql`${a.after} ->> ${m.field}`;
    return sql`WHEN ${kind} THEN ' → ' || CASE WHEN ${to} IS NULL THEN ${m.nowhere[lang]} ELSE replace(${m.to[lang]}, '%{name}', ${to}) END`;
  });
  const where = sql`(CASE ${a.kind} ${sql.join(moves, sql` `)} ELSE '' END)`;
  return sql`(${label} || CASE WHEN ${a.subject} = '' THEN '' ELSE ': ' || ${subject} || ${where} END)`;
};
const personIn = (lang: Lang) => sql`coalesce(nullif(${users.name}, ''), ${users.email}, ${SYSTEM_ACTOR[lang]})`;
const changes = z.record(z.string(), z.unknown()).nullable();

/** The filters both logs have: a person (a part of the name or the e-mail) and the kinds. */
const filters = (examples: { user: [string, string]; kind: [string, string] }) => ({
  user: { schema: z.string().trim().min(1).max(ACTIVITY_PERSON_MAX), where: (v: string) => { const like = `%${v.replace(/[%_\\]/g, '')}%`; return or(ilike(users.name, like), ilike(users.email, like)); },
    examples: examples.user, holds: (row: Record<string, any>, v: string) => String(row.user).toLowerCase().includes(v.toLowerCase()) },
  kind: { schema: z.string().max(2000).transform((v) => v.split(',')).pipe(z.array(z.enum(KINDS))), where: (v: string[]) => inArray(a.kind, v),
    examples: examples.kind, holds: (row: Record<string, any>, v: string) => v.split(',').includes(row.kind) },
});

const columns = [
  { key: 'id', kind: 'int' as const, sql: sql`${a.id}`, label: F.id },
  { key: 'created', kind: 'datetime' as const, sql: sql`${a.created}`, label: F.created },
  { key: 'user', kind: 'text' as const, sql: personIn('ru'), inLanguage: personIn, jsonInLanguage: true, label: F.user },
  // #39 In the JSON only: the screen shows the person by name and the e-mail on hover.
  { key: 'user_email', kind: 'text' as const, sql: sql`${users.email}` },
  // The address, on the screen as in the exports: who may read the log may read where from.
  { key: 'ip', kind: 'text' as const, sql: sql`${a.ip}`, label: F.ip },
  { key: 'kind', kind: 'text' as const, sql: sql`${a.kind}` },
  { key: 'text', kind: 'text' as const, sql: textIn('ru'), inLanguage: textIn, jsonInLanguage: true, label: F.text },
  { key: 'before', kind: 'text' as const, sql: sql`${a.before}`, inLanguage: () => sql`${a.before}::text`, label: F.before },
  { key: 'after', kind: 'text' as const, sql: sql`${a.after}`, inLanguage: () => sql`${a.after}::text`, label: F.after },
];
const entrySchema = {
  id: z.number().int(), created: z.string().describe("YYYY-MM-DD HH:MM on the location's clock"),
  user: z.string().describe('Who: the name, else the e-mail; "System" for a job or a payment provider (in the caller\'s language)'),
  ip: z.string().nullable().describe('The address the change came from (null: no request, e.g. a job)'),
  kind: z.enum(KINDS), text: z.string().describe("The kind's label in the caller's language, then the subject"),
  before: changes.describe('The changed fields as they were (null: a creation)'), after: changes.describe('The changed fields as they are (null: a removal)'),
};
const entry = (r: Record<string, any>) => ({ id: r.id, created: r.created, user: r.user, ip: r.ip, kind: r.kind, text: r.text, before: r.before ?? null, after: r.after ?? null });

export const locationActivity = defineList({
  path: '/api/v2.1/locations/:id/activity/', summary: "A location's log of who changed what, newest first", tags: ['activity'],
  file: 'activity', title: { ru: 'Журнал изменений', en: 'Activity' }, paging: 'limit-offset', access: { minRole: 40 },
  scope: (db, user, params) => locationListScope(db, user.id, params.id),
  from: () => sql`${a} LEFT JOIN ${users} ON ${users.id} = ${a.userId}`,
  where: (s) => [sql`${a.locationId} = ${s.locationId}`],
  dateRange: { from: 'date_from', to: 'date_to', day: (s) => sql`(${a.created} AT TIME ZONE ${s.tz})::date` },
  filters: filters({ user: ['Михаил', 'Светлана'], kind: ['money.payment', 'promocode.created'] }),
  columns,
  orderBy: sql`${a.created} DESC, ${a.id} DESC`,
  sorting: { columns: ['created'], unique: sql`${a.id}` },
  json: { record: entry, schema: z.object(entrySchema) },
});

/** The installation's own entries and every location's creation (#42): what no one location's log holds. */
const installationWide = sql`(${a.locationId} IS NULL OR ${a.kind} = 'location.created')`;
/** The location a row names, in the caller's language; installation-wide: the installation. */
const INSTALLATION: Record<Lang, string> = { ru: 'Вся установка', en: 'Whole installation' };
const placeIn = (lang: Lang): SQL => sql`coalesce((SELECT nullif(${locationTranslations.name}, '') FROM ${locationTranslations}
  WHERE ${locationTranslations.locationId} = ${locations.id} AND ${locationTranslations.language} = ${lang}), ${locations.name}, ${INSTALLATION[lang]})`;

export const installationActivity = defineList({
  path: '/api/v2.1/activity/', summary: "The installation's log (owners): its installation-wide entries and every location's creation, newest first", tags: ['activity'],
  file: 'installation-activity', title: { ru: 'Журнал установки', en: 'Installation activity' }, paging: 'limit-offset', access: { owner: true },
  // Each row on its location's clock; an installation-wide one on the first location's (the installation has no zone of its own).
  scope: async (db) => {
    const [first] = await db.select({ tz: locations.timezone }).from(locations).orderBy(asc(locations.id)).limit(1);
    return { tz: sql`coalesce(${locations.timezone}, ${first?.tz ?? 'UTC'}::text)` };
  },
  from: () => sql`${a} LEFT JOIN ${users} ON ${users.id} = ${a.userId} LEFT JOIN ${locations} ON ${locations.id} = ${a.locationId}`,
  where: () => [installationWide],
  dateRange: { from: 'date_from', to: 'date_to', day: (s) => sql`(${a.created} AT TIME ZONE ${s.tz})::date` },
  filters: filters({ user: ['Анна', 'Администратор'], kind: ['location.created', 'setup.owner_created'] }),
  columns: [...columns.slice(0, 2), { key: 'location', kind: 'text' as const, sql: placeIn('ru'), inLanguage: placeIn, jsonInLanguage: true, label: F.location }, ...columns.slice(2)],
  orderBy: sql`${a.created} DESC, ${a.id} DESC`,
  sorting: { columns: ['created'], unique: sql`${a.id}` },
  json: {
    record: (r) => ({ ...entry(r), location: r.location }),
    schema: z.object({ ...entrySchema, location: z.string().describe('The location the entry is at, in the caller\'s language ("Whole installation": installation-wide)') }),
  },
});
