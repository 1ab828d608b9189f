// The gift certificates a location created (GET /locations/{id}/certificates/, its CSV and XLSX),
// for holders of accounts.{product}.certificate (the spec's gate); the remaining value is the rate
// less its redemptions.
import { ilike, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { CERTIFICATE_STATUSES } from '../../../domain/certificates';
import { CERTIFICATE_DESIGN_LABELS, CERTIFICATE_STATUS_LABELS, CERTIFICATE_TYPE_LABELS } from '../../../domain/enumLabels';
import { certificates, currencies, users } from '../../db/schema';
import { CERTIFICATE_FIELDS as F } from '../../../domain/fieldLabels';
import { defineList } from '../../platform/lists';
import { locationListScope } from '../locations/service';

export const locationCertificates = defineList({
  path: '/api/v2.1/locations/:id/certificates/', summary: 'Gift certificates created at a location, newest first', tags: ['certificates'],
  file: 'certificates', title: { ru: 'Сертификаты', en: 'Certificates' }, paging: 'limit-offset', access: { permissions: ['certificate'] },
  scope: (db, user, params) => locationListScope(db, user.id, params.id),
  from: () => sql`${certificates} LEFT JOIN ${users} ON ${users.id} = ${certificates.createdByUserId}
    LEFT JOIN ${currencies} ON ${currencies.id} = ${certificates.currencyId}`,
  where: (s) => [sql`${certificates.creatingLocationId} = ${s.locationId}`],
  dateRange: { from: 'date_from', to: 'date_to', day: (s) => sql`(${certificates.datetimeCreated} AT TIME ZONE ${s.tz})::date` },
  filters: {
    status: {
      schema: z.string().max(100).transform((v) => v.split(',').filter(Boolean)).pipe(z.array(z.enum(CERTIFICATE_STATUSES))),
      where: (v: string[]) => inArray(certificates.status, v),
      examples: ['ACTIVE,USED', 'NOT_PAID,EXPIRED'],
      holds: (row, v) => v.split(',').includes(row.status),
    },
    // % _ and backslashes are dropped: the text is matched as itself.
    // The demo's numbers (random) start with A or C, so both examples keep some rows and leave some out (server/db/seed/bookings.ts).
    search: { schema: z.string().trim().max(15), where: (v: string) => ilike(certificates.uniqueNumber, `%${v.replace(/[%_\\]/g, '')}%`), examples: ['a', 'c'],
      holds: (row, v) => String(row.unique_number).toLowerCase().includes(v.toLowerCase()) },
  },
  columns: [
    { key: 'id', kind: 'int', sql: sql`${certificates.id}` },
    { key: 'unique_number', kind: 'text', sql: sql`${certificates.uniqueNumber}`, label: F.unique_number },
    { key: 'rate', kind: 'money', sql: sql`${certificates.rate}`, inCurrency: true, label: F.rate },
    {
      key: 'remaining_rate', kind: 'money', label: F.remaining_rate, inCurrency: true,
      sql: sql`(${certificates.rate} - coalesce((SELECT sum(amount) FROM certificate_redemptions r WHERE r.certificate_id = ${certificates.id}), 0))::numeric(12,2)`,
    },
    { key: 'type', kind: 'enum', sql: sql`${certificates.type}`, labels: CERTIFICATE_TYPE_LABELS, label: F.type },
    // The built-in designs as words in the exports (#39); a design a venue typed as typed.
    { key: 'design', kind: 'text', sql: sql`${certificates.design}`, labels: CERTIFICATE_DESIGN_LABELS, label: F.design },
    { key: 'status', kind: 'enum', sql: sql`${certificates.status}`, labels: CERTIFICATE_STATUS_LABELS, label: F.status },
    // #39 People by name (the e-mail on hover on screen), the spec's e-mail fields beside them.
    { key: 'created_by_name', kind: 'text', sql: sql`nullif(${users.name}, '')`, label: F.created_by_name },
    { key: 'created_by', kind: 'text', sql: sql`${users.email}`, label: F.created_by },
    { key: 'datetime_created', kind: 'datetime', sql: sql`${certificates.datetimeCreated}`, label: F.datetime_created },
    {
      key: 'seller_user_name', kind: 'text', label: F.seller_user_name,
      sql: sql`(SELECT nullif(name, '') FROM ${users} s WHERE s.id = ${certificates.sellerUserId})`,
    },
    {
      key: 'seller_user', kind: 'text', label: F.seller_user,
      sql: sql`(SELECT email FROM ${users} s WHERE s.id = ${certificates.sellerUserId})`,
    },
    { key: 'datetime_activated', kind: 'datetime', sql: sql`${certificates.datetimeActivated}`, label: F.datetime_activated },
    { key: 'booked_by', kind: 'text', sql: sql`${certificates.bookedBy}->>'name'`, label: F.booked_by },
    // In the JSON only: the exports' amounts carry the currency, as the list's do (#18).
    { key: 'currency', kind: 'text', sql: sql`${currencies.code}` },
    { key: 'expires_at', kind: 'date', sql: sql`${certificates.expiresAt}`, label: F.expires_at },
    { key: 'creating_location', kind: 'int', sql: sql`${certificates.creatingLocationId}` },
  ],
  orderBy: sql`${certificates.datetimeCreated} DESC, ${certificates.id} DESC`,
  sorting: { columns: ['unique_number', 'rate', 'remaining_rate', 'type', 'status', 'datetime_created', 'datetime_activated', 'booked_by', 'expires_at'], unique: sql`${certificates.id}` },
});
