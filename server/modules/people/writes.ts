// #47 The writes of a guest's data on request (role 40):
//   POST /api/v2.2/locations/{id}/data_requests/         record a request (access or withdrawal) with its legal due day
//   POST /api/v2.2/data_requests/{id}/close/             close an open request by hand, saying what was done
//   PUT  /api/v2.2/locations/{id}/data_retention/        erase guests' data N months after their last session (null: never)
// The export and the erasure act on a person found by contact, not a record: routes.ts.
import { z } from 'zod';
import { DATA_REQUEST_FIELDS, RETENTION_FIELDS } from '../../../domain/fieldLabels';
import { DATA_REQUEST_CLOSED_HOW, DATA_REQUEST_KINDS, DATA_REQUEST_STATES, RETENTION_MONTHS } from '../../../domain/guestData';
import { TEXT_LIMITS } from '../../../domain/textLimits';
import { defineWrite } from '../../platform/writes';
import { emailSchema, phoneSchema } from '../../platform/validation';
import { dateSchema } from '../schedules/schemas';
import { closeDataRequest, createDataRequest } from './requests';
import { saveRetention } from './retention';

const tags = ['people'];

export const DataRequest = z.object({
  id: z.number().int(), kind: z.enum(DATA_REQUEST_KINDS), phone: z.string(), email: z.string(),
  received_on: z.string(), due_on: z.string().describe('The legal due day: 10 working days for an access request, 30 days for a withdrawal.'),
  state: z.enum(DATA_REQUEST_STATES), comment: z.string(), closed_how: z.enum(DATA_REQUEST_CLOSED_HOW).nullable(), closed_at: z.string().nullable(), created: z.string(),
});

export const Retention = z.object({
  retention_months: z.number().int().nullable().describe('Months after a guest\'s last session when their personal data are erased; null: kept.'),
});

/**
 * The generated tests' example of the day a request was received: yesterday by UTC, which is never
 * after the location's today in any time zone (UTC's today was, for a location west of UTC between
 * midnight UTC and its own midnight: "cannot be later than today", and the authorisation matrix had no
 * request to try its routes on).
 */
const receivedExample = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

export const createDataRequestWrite = defineWrite({
  records: { activity: 'data_request.created' },
  kind: 'create', path: '/api/v2.2/locations/:id/data_requests/', summary: 'Record a person\'s request about their data (access or withdrawal), with its legal due day', tags,
  access: { minRole: 40 },
  fields: {
    kind: z.enum(DATA_REQUEST_KINDS),
    phone: phoneSchema.optional(),
    email: emailSchema.optional(),
    // The day it was received (today unless given; never later than the location's today).
    received_on: dateSchema.optional(),
    comment: z.string().trim().max(TEXT_LIMITS.shortComment).optional(),
  },
  labels: { kind: DATA_REQUEST_FIELDS.kind, phone: DATA_REQUEST_FIELDS.phone, email: DATA_REQUEST_FIELDS.email, received_on: DATA_REQUEST_FIELDS.received_on, comment: DATA_REQUEST_FIELDS.comment },
  examples: { received_on: () => receivedExample() },
  record: { segment: 'data_requests' },
  answer: DataRequest,
  readBack: { path: '/api/v2.2/locations/:location/data_requests/' },
  run: ({ db, user, params, body }) => createDataRequest(db, user.id, params.id, body),
});

export const closeDataRequestWrite = defineWrite({
  records: { activity: 'data_request.closed' },
  kind: 'action', path: '/api/v2.2/data_requests/:id/close/', summary: 'Close an open data request by hand, with what was done', tags,
  access: { minRole: 40 },
  fields: { comment: z.string().trim().max(TEXT_LIMITS.shortComment).optional() },
  labels: { comment: DATA_REQUEST_FIELDS.comment },
  answer: DataRequest,
  run: ({ db, user, params, body }) => closeDataRequest(db, user.id, params.id, body.comment ?? ''),
});

export const saveRetentionWrite = defineWrite({
  records: { activity: 'retention.changed' },
  kind: 'update', path: '/api/v2.2/locations/:id/data_retention/', summary: 'Erase guests\' personal data a set number of months after their last session (null: keep them)', tags,
  access: { minRole: 40 },
  // Absent or null: guests' data are kept (no automatic erasure).
  fields: { retention_months: z.number().int().min(RETENTION_MONTHS.min).max(RETENTION_MONTHS.max).nullable().optional() },
  labels: RETENTION_FIELDS,
  answer: Retention,
  readBack: { path: '/api/v2.2/locations/:location/data_retention/' },
  run: ({ db, user, params, body }) => saveRetention(db, user.id, params.id, body.retention_months ?? null),
});
