// Paths: GET /api/v2.1/locations/{id}/certificates/ (date_from, date_to, status, search, offset,
// limit; CSV), GET /api/v2.2/certificate_rates/?location_id=, GET /api/v2.2/certificate/sellers/?location_id=,
// GET /api/v2.2/certificate_designs/. The writes (create, activate, resend) are declarations in writes.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { currentUser } from '../../platform/auth';
import { idText } from '../../platform/validation';
import * as certs from './service';

import { money } from '../../platform/answers';

export async function certificateRoutes(app: FastifyInstance, { db }: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['certificates'];

  r.get('/api/v2.2/certificate_rates/', {
    config: { notFound: true },
    schema: { summary: 'Certificate rates of a location', tags, querystring: z.strictObject({ location_id: idText() }),
      answers: { 200: z.array(z.object({ id: z.number().int(), rate: money() })) } },
  }, async (request) => certs.rates(db, currentUser(request).id, request.query.location_id));

  // The staff of a location a certificate's seller is chosen from (the activation form).
  r.get('/api/v2.2/certificate/sellers/', {
    config: { access: { permissions: ['certificate.activate'] }, notFound: true },
    schema: {
      summary: 'Who may be named as the seller of a certificate at a location', tags, querystring: z.strictObject({ location_id: idText() }),
      answers: { 200: z.array(z.object({ uid: z.string(), name: z.string().nullable(), email: z.string(), label: z.string() })) },
    },
  }, async (request) => certs.sellers(db, currentUser(request), request.query.location_id));

  // #28: the active designs of the caller's locations (or of location_id), from the table; the id
  // stays the name, which is what a certificate stores.
  r.get('/api/v2.2/certificate_designs/', {
    config: { notFound: true },
    schema: { summary: 'Certificate designs', tags, querystring: z.strictObject({ location_id: idText().optional() }), answers: { 200: z.array(z.object({ id: z.string(), name: z.string() })) } },
  }, async (request) => certs.activeDesigns(db, currentUser(request).id, request.query.location_id));
}
