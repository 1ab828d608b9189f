// Gift certificates' writes (the permissions `certificate.create`, `certificate.activate`):
// POST /api/v2.2/certificate/ (a batch), POST /api/v2.2/certificate/{code}/activate/ (with the
// letter), POST /api/v2.2/certificate/{code}/resend/ (the letter again; changes no certificate).
import { z } from 'zod';
import { CERTIFICATE_DESIGN_MAX, CERTIFICATE_QUANTITY, CERTIFICATE_TYPES } from '../../../domain/certificates';
import { TEXT_LIMITS } from '../../../domain/textLimits';
import { emailSchema, idNumber, phoneSchema, positiveAmount } from '../../platform/validation';
import { defineWrite, type ExampleContext } from '../../platform/writes';
import * as certs from './service';

const tags = ['certificates'];
const code = z.object({ code: z.string().trim().min(1).max(TEXT_LIMITS.certificateNumber) });
const CertificateState = z.object({ unique_number: z.string(), status: z.string() });

export const createCertificates = defineWrite({
  records: { activity: 'certificate.created', live: ['certificate'] },
  kind: 'create', path: '/api/v2.2/certificate/', summary: 'Create gift certificates', tags, access: { permissions: ['certificate.create'] },
  fields: {
    // What the certificate sells for: money taken, so above zero (numeric(12,2): 13 characters with the point).
    rate: positiveAmount(13),
    type: z.enum(CERTIFICATE_TYPES),
    // validationCertificateLength: at most 15 characters.
    design: z.string().trim().min(1).max(CERTIFICATE_DESIGN_MAX),
    quantity: z.number().int().min(CERTIFICATE_QUANTITY.min).max(CERTIFICATE_QUANTITY.max).default(CERTIFICATE_QUANTITY.default),
    location_id: idNumber(),
  },
  labels: { rate: { ru: 'Номинал', en: 'Rate' }, type: { ru: 'Тип', en: 'Type' }, design: { ru: 'Дизайн', en: 'Design' }, quantity: { ru: 'Количество', en: 'Quantity' } },
  answer: z.array(z.object({ id: z.number().int(), unique_number: z.string() })),
  // The body names the location: an unknown one is a 404, as a path's (found by the conformance walk once amounts were sampled valid, #41).
  answersAlso: { notFound: true },
  // #41 The generated tests: one of the rates and designs they made at their location; the codes name the certificates in paths.
  record: { segment: 'certificate', key: 'unique_number' },
  examples: { rate: (at: ExampleContext) => at.made('certificate_rates').rate, design: (at: ExampleContext) => at.made('certificate_designs').name, location_id: (at: ExampleContext) => at.location },
  readBack: {
    path: '/api/v2.1/locations/:location/certificates/?limit=1000', as: { location_id: 'creating_location' },
    unread: { quantity: 'how many are made: each certificate is its own entry of the answer, and each is read back' },
  },
  run: ({ db, user, body }) => certs.createCertificates(db, user, body),
});
export const activateCertificate = defineWrite({
  records: { activity: 'money.certificate_activated', live: ['certificate'], webhooks: ['certificate.activated'], messages: ['certificate'] },
  kind: 'action', path: '/api/v2.2/certificate/:code/activate/', summary: 'Activate a gift certificate', tags, access: { permissions: ['certificate.activate'] },
  params: code,
  fields: {
    seller: z.string().trim().min(1).max(TEXT_LIMITS.seller), name: z.string().trim().min(1).max(TEXT_LIMITS.personName), phone: phoneSchema, email: emailSchema,
    location_id: idNumber(),
  },
  labels: {
    seller: { ru: 'Продавец', en: 'Seller' }, name: { ru: 'Имя покупателя', en: 'Customer name' }, phone: { ru: 'Телефон', en: 'Phone' },
    email: { ru: 'Электронная почта', en: 'Email' },
  },
  answer: CertificateState,
  examples: { seller: (at: ExampleContext) => at.caller.uid, location_id: (at: ExampleContext) => at.location },
  run: ({ db, user, params, body, lang }) => certs.activateCertificate(db, user, params.code, body, lang),
});
export const resendCertificate = defineWrite({
  records: { activity: 'certificate.resent', messages: ['certificate'] },
  kind: 'action', path: '/api/v2.2/certificate/:code/resend/', summary: 'Send a gift certificate again', tags, access: { permissions: ['certificate.activate'] },
  params: code, fields: { location_id: idNumber() }, answer: CertificateState,
  examples: { location_id: (at: ExampleContext) => at.location },
  run: ({ db, user, params, body, lang }) => certs.resendCertificate(db, user, params.code, body.location_id, lang),
});
