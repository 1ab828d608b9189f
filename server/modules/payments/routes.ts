// Paths: GET /api/v2.1/locations/{id}/payments/ (date_start, date_end, payment_type, purchase_sign;
// format=csv or csv=true streams the whole list), PATCH /api/v2.1/payment/{id}/actual/.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { currentUser } from '../../platform/auth';
import { idParam } from '../../platform/validation';
import { setPaymentActual } from './service';

import { Payment } from '../../platform/answers';

export async function paymentRoutes(app: FastifyInstance, { db, pool }: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payments'];
  const params = z.object({ id: idParam });

  r.patch('/api/v2.1/payment/:id/actual/', {
    config: { records: { activity: 'money.payment_hidden' }, access: { minRole: 40 } },
    schema: { summary: 'Mark a payment as counted (actual) or not', tags, params, body: z.strictObject({ actual: z.boolean() }), answers: { 200: Payment } },
  }, async (request) => setPaymentActual(db, currentUser(request).id, request.params.id, request.body.actual));
}
