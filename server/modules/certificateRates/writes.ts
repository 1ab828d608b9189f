// The face values a location sells gift certificates for (the tools page, role id 40 at the
// location): POST /api/v2.2/locations/{id}/certificate_rates/; PUT, DELETE
// /api/v2.2/certificate_rates/{id}/. Read by GET /api/v2.2/certificate_rates/?location_id=.
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { CERTIFICATE_RATE_FIELDS } from '../../../domain/fieldLabels';
import { certificateRates as rates } from '../../db/schema';
import { money } from '../../platform/answers';
import { positiveAmount } from '../../platform/validation';
import { defineWrite } from '../../platform/writes';
import { requireRoleAt } from '../locations/service';
import { requireRowAt } from '../locations/rows';

const common = { tags: ['certificates'], access: { minRole: 40 } };
const rate = {
  ...common, unique: { field: 'rate' as const }, answer: z.object({ id: z.number().int(), rate: money() }),
  // Money a certificate sells for: above zero, numeric(12,2).
  fields: { rate: positiveAmount(13) }, labels: CERTIFICATE_RATE_FIELDS,
};
const json = { id: rates.id, rate: rates.rate };

export const createRate = defineWrite({
  ...rate, kind: 'create', path: '/api/v2.2/locations/:id/certificate_rates/', summary: 'Add a certificate rate',
  run: async ({ db, user, params, body }) => {
    await requireRoleAt(db, user.id, params.id);
    return (await db.insert(rates).values({ locationId: params.id, rate: body.rate }).returning(json))[0];
  },
});
export const updateRate = defineWrite({
  ...rate, kind: 'update', path: '/api/v2.2/certificate_rates/:id/', summary: 'Change a certificate rate',
  run: async ({ db, user, params, body }) => {
    await requireRowAt(db, user.id, rates, params.id);
    return (await db.update(rates).set({ rate: body.rate }).where(eq(rates.id, params.id)).returning(json))[0];
  },
});
export const deleteRate = defineWrite({
  ...common, kind: 'delete', path: '/api/v2.2/certificate_rates/:id/', summary: 'Delete a certificate rate', answer: null,
  run: async ({ db, user, params }) => { await requireRowAt(db, user.id, rates, params.id); await db.delete(rates).where(eq(rates.id, params.id)); },
});
