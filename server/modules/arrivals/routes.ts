// The arrival reads and the guest's page (#44):
//   GET  /api/v2.2/locations/{id}/arrivals/?date=&search=   the desk's day by session
//   GET  /api/v2.2/locations/{id}/consent_documents/        the location's documents
//   GET  /api/v2.2/consent_documents/{id}/versions/         a document's versions, newest first
//   GET  /api/v2.2/locations/{id}/arrival_settings/         arrivals on or off, grace minutes, minor age
//   GET  /api/public/arrival/{key}/                         the guest's page (the order's widget key)
//   POST /api/public/arrival/{key}/sign/                    a participant signs a document's version
// The writes a declaration can make are in writes.ts. The public calls take ?lang=ru|en (else Accept-Language).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { currentUser } from '../../platform/auth';
import type { WriteRecords } from '../../platform/effects';
import { dateSchema, idNumber, idParam } from '../../platform/validation';
import { TEXT_LIMITS } from '../../../domain/textLimits';
import { ArrivalPage, ArrivalSettings, Arrivals, ConsentDocument, ConsentVersion } from './answers';
import { consentDocumentsAt, consentVersions } from './documents';
import { arrivalPage, signArrival } from './guest';
import { arrivalSettings, arrivalsOn } from './service';

const SIGN_RECORDS: WriteRecords = {
  activity: { none: 'a guest signs on their own page (or on the desk\'s tablet): the signature is its own record (who, what, when, from where); a desk signing\'s order-log entry names the staff user' },
  orderLog: ['signed'],
};

const personName = z.string().trim().min(1).max(TEXT_LIMITS.personName);

export async function arrivalRoutes(app: FastifyInstance, { db, config }: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['arrivals'];
  const params = z.object({ id: idParam });

  r.get('/api/v2.2/locations/:id/arrivals/', {
    schema: {
      summary: 'The day\'s arrivals by session: each order paid or not, signed x of y, checked in x of y', tags, params,
      querystring: z.strictObject({
        date: dateSchema,
        search: z.string().trim().max(200).optional().describe('A phone, a part of a name, an order number, or an arrival link\'s code (a scanned QR code).'),
      }),
      answers: { 200: Arrivals },
    },
  }, async (request) => arrivalsOn(db, config.widgetSecret, currentUser(request).id, request.params.id, request.query.date, request.query.search, request.lang));

  r.get('/api/v2.2/locations/:id/consent_documents/', { schema: { summary: 'A location\'s consent documents, each with its current version and the one guests sign', tags, params, answers: { 200: z.array(ConsentDocument) } } },
    async (request) => consentDocumentsAt(db, currentUser(request).id, request.params.id, request.lang));

  r.get('/api/v2.2/consent_documents/:id/versions/', { schema: { summary: 'A consent document\'s versions, newest first: its history (a version is never edited)', tags, params, answers: { 200: z.array(ConsentVersion) } } },
    async (request) => consentVersions(db, currentUser(request).id, request.params.id));

  r.get('/api/v2.2/locations/:id/arrival_settings/', { schema: { summary: 'A location\'s arrival settings', tags, params, answers: { 200: ArrivalSettings } } },
    async (request) => arrivalSettings(db, currentUser(request).id, request.params.id));

  await app.register(async (scope) => {
    // ?lang= wins over Accept-Language, as the widget's.
    scope.addHook('onRequest', async (request) => {
      const q = request.query as { lang?: unknown } | undefined;
      if (q?.lang === 'ru' || q?.lang === 'en') request.lang = q.lang;
    });
    const p = scope.withTypeProvider<ZodTypeProvider>();
    const key = z.object({ key: z.string().max(60) });
    const langOnly = z.strictObject({ lang: z.enum(['ru', 'en']).optional() });

    p.get('/api/public/arrival/:key/', {
      config: { public: true },
      schema: { summary: 'The guest\'s arrival page: the documents to sign and who has signed (first names only)', tags: ['public'], params: key, querystring: langOnly, answers: { 200: ArrivalPage } },
    }, async (request) => arrivalPage(db, config.widgetSecret, request.params.key, request.lang));

    p.post('/api/public/arrival/:key/sign/', {
      config: { public: true, staffOptional: true, records: SIGN_RECORDS, conflicts: true },
      schema: {
        summary: 'A participant signs a document\'s published version (typed name and a tick); a minor with a guardian', tags: ['public'], params: key, querystring: langOnly,
        description: 'Public. The desk\'s tablet mode sends the staff\'s `Authorization: Token` too: the signature\'s order-log entry then names that user (`by: desk`); a token of someone without a role at the order\'s location is a 403, a bad token a 401.',
        body: z.strictObject({
          participant: idNumber(),
          document_version: idNumber().describe('The `document_version` of the page\'s document.'),
          name: personName,
          birth_date: dateSchema,
          guardian: z.strictObject({ name: personName, relation: z.string().trim().min(1).max(100) }).nullable().optional()
            .describe('A parent or guardian signing for a participant under the location\'s minor age.'),
        }),
        answers: { 200: ArrivalPage },
      },
    }, async (request) => signArrival(db, config.widgetSecret, request.params.key, request.body, request.lang, {
      ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '').slice(0, 1000), deskUser: request.authUser?.id ?? null,
    }));
  });
}
