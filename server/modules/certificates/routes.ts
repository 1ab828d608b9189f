// Paths: GET /api/v2.1/locations/{id}/certificates/ (date_from, date_to, status, search, offset,
// limit; CSV), GET /api/v2.2/certificate_rates/?location_id=, GET /api/v2.2/certificate/sellers/?location_id=,
// GET /api/v2.2/certificate_designs/,
// POST /api/v2.2/certificate/, POST /api/v2.2/certificate/{code}/activate/,
// POST /api/v2.2/certificate/{code}/resend/.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TEXT_LIMITS } from '../../../domain/textLimits';
import type { Deps } from '../../deps';
import { currentUser } from '../../platform/auth';
import { emailSchema, phoneSchema, idText, idNumber, positiveAmount } from '../../platform/validation';
import { CERTIFICATE_DESIGN_MAX, CERTIFICATE_DESIGNS, CERTIFICATE_QUANTITY, CERTIFICATE_TYPES } from '../../../domain/certificates';
import * as certs from './service';

import { money } from '../../platform/answers';

const CertificateState = z.object({ unique_number: z.string(), status: z.string() });

export async function certificateRoutes(app: FastifyInstance, { db, pool }: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['certificates'];
  const code = z.object({ code: z.string().trim().min(1).max(15) });

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

  r.get('/api/v2.2/certificate_designs/', { schema: { summary: 'Certificate designs', tags, answers: { 200: z.array(z.object({ id: z.string(), name: z.string() })) } } }, async (request) => {
    currentUser(request);
    return CERTIFICATE_DESIGNS.map((name) => ({ id: name, name }));
  });

  r.post('/api/v2.2/certificate/', {
    config: { access: { permissions: ['certificate.create'] } },
    schema: {
      summary: 'Create gift certificates',
      tags,
      body: z.strictObject({
        // What the certificate sells for: money taken, so above zero (numeric(12,2): 13 characters with the point).
        rate: positiveAmount(13),
        type: z.enum(CERTIFICATE_TYPES),
        // validationCertificateLength: at most 15 characters.
        design: z.string().trim().min(1).max(CERTIFICATE_DESIGN_MAX),
        quantity: z.number().int().min(CERTIFICATE_QUANTITY.min).max(CERTIFICATE_QUANTITY.max).default(CERTIFICATE_QUANTITY.default),
        location_id: idNumber(),
      }),
      answers: { 201: z.array(z.object({ id: z.number().int(), unique_number: z.string() })) },
    },
  }, async (request, reply) => reply.status(201).send(await certs.createCertificates(db, currentUser(request), request.body)));

  r.post('/api/v2.2/certificate/:code/activate/', {
    config: { access: { permissions: ['certificate.activate'] } },
    schema: {
      summary: 'Activate a gift certificate',
      tags, params: code,
      body: z.strictObject({
        seller: z.string().trim().min(1).max(TEXT_LIMITS.seller), name: z.string().trim().min(1).max(TEXT_LIMITS.personName), phone: phoneSchema, email: emailSchema,
        location_id: idNumber(),
      }),
      answers: { 200: CertificateState },
    },
  }, async (request) => certs.activateCertificate(db, currentUser(request), request.params.code, request.body, request.lang));

  r.post('/api/v2.2/certificate/:code/resend/', {
    config: { access: { permissions: ['certificate.activate'] } },
    schema: { summary: 'Send a gift certificate again', tags, params: code, body: z.strictObject({ location_id: idNumber() }), answers: { 200: CertificateState } },
  }, async (request) => certs.resendCertificate(db, currentUser(request), request.params.code, request.body.location_id, request.lang));
}
