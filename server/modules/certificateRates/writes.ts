// The face values a location sells gift certificates for (the tools page, role id 40 at the
// location): POST /api/v2.2/locations/{id}/certificate_rates/; PUT, DELETE
// /api/v2.2/certificate_rates/{id}/. Read by GET /api/v2.2/certificate_rates/?location_id= (the
// sale form: active ones) and GET /api/v2.2/locations/{id}/certificate_rates/ (the screen: all).
// #28: a rate already sold is retired by DELETE, not deleted; `active` brings it back (catalogue/items.ts).
import { z } from 'zod';
import { CERTIFICATE_RATE_FIELDS } from '../../../domain/fieldLabels';
import { money } from '../../platform/answers';
import { positiveAmount } from '../../platform/validation';
import { defineWrite } from '../../platform/writes';
import * as items from '../catalogue/items';

const common = { tags: ['certificates'], access: { minRole: 40 } };
const rate = {
  ...common, unique: { field: 'rate' as const }, answer: z.object({ id: z.number().int(), rate: money(), active: z.boolean() }),
  // Money a certificate sells for: above zero, numeric(12,2).
  fields: { rate: positiveAmount(13), active: z.boolean().optional() }, labels: CERTIFICATE_RATE_FIELDS,
  readBack: { path: '/api/v2.2/locations/:location/certificate_rates/' },
};

export const createRate = defineWrite({
  records: { activity: 'certificate_rate.created' },
  ...rate, kind: 'create', path: '/api/v2.2/locations/:id/certificate_rates/', summary: 'Add a certificate rate',
  run: ({ db, user, params, body }) => items.createRate(db, user.id, params.id, body),
});
export const updateRate = defineWrite({
  records: { activity: ['certificate_rate.updated', 'certificate_rate.retired'] },
  ...rate, kind: 'update', path: '/api/v2.2/certificate_rates/:id/', summary: 'Change a certificate rate (active: false retires it)',
  run: ({ db, user, params, body }) => items.updateRate(db, user.id, params.id, body),
});
export const deleteRate = defineWrite({
  records: { activity: ['certificate_rate.deleted', 'certificate_rate.retired'] },
  ...common, kind: 'delete', path: '/api/v2.2/certificate_rates/:id/', summary: 'Delete a certificate rate, or retire it when already sold', answer: null,
  run: ({ db, user, params }) => items.removeRate(db, user.id, params.id),
});
