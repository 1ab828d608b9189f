// #47 A guest's data on request (152-FZ), role 40 at the location, every call logged:
//   GET  /api/v2.2/locations/{id}/people/?phone=|email=      the person's orders (people.searched)
//   POST /api/v2.2/locations/{id}/people/export/[?format=html] everything held about them, JSON or a printable page (people.exported)
//   POST /api/v2.2/locations/{id}/people/erase/               erase them: {phone?, email?, reason} (people.erased)
//   GET  /api/v2.2/locations/{id}/data_retention/             the retention setting (its PUT is in writes.ts)
// The data requests' list is declared in lists.ts, their writes in writes.ts. Export and erasure act
// on a person found by contact, not on a record: they are hand-written here, not generated writes
// (tests/api/people.test.ts proves them); the search is a read that is logged, as the issue asks.
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { currentUser } from '../../platform/auth';
import { recordEffects } from '../../platform/effects';
import { badRequestDetail } from '../../platform/errors';
import { emailSchema, idParam, phoneSchema } from '../../platform/validation';
import { TEXT_LIMITS } from '../../../domain/textLimits';
import { requireRoleAt } from '../locations/service';
import { eraseInTransaction, refuseUpcoming, upcomingOrders } from './erase';
import { exportPage, personExport } from './export';
import { erasureKey, holdsOtherRecords, personOrderIds, readContact, subjectHash } from './person';
import { doneByExport } from './requests';
import { getRetention } from './retention';
import { Retention } from './writes';

const tags = ['people'];
const params = z.object({ id: idParam });
const contactFields = { phone: phoneSchema.optional(), email: emailSchema.optional() };

const PersonOrder = z.object({
  id: z.number().int(), created: z.string(), status: z.number().int(), name: z.string(), phone: z.string(), email: z.string().nullable(),
  persons: z.number().int(), purchase: z.string(), paid: z.string(), first_session: z.string().nullable().describe('The first session\'s wall-clock time at the location.'),
});
const People = z.object({ orders: z.array(PersonOrder), upcoming: z.array(z.number().int()).describe('Orders still to come: an erasure waits until they are cancelled.') });
const Erased = z.object({ orders_erased: z.number().int() });

/** The contact as the activity log names it. */
const contactText = (c: { phone: string | null; email: string | null }) => [c.phone, c.email].filter(Boolean).join(', ');

export async function peopleRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/v2.2/locations/:id/people/', {
    config: { access: { minRole: 40 }, records: { activity: 'people.searched' } },
    schema: { summary: 'A guest\'s orders at the location, found by phone or e-mail (logged)', tags, params, querystring: z.strictObject(contactFields), answers: { 200: People } },
  }, async (request) => {
    const user = currentUser(request);
    const locationId = request.params.id;
    await requireRoleAt(db, user.id, locationId);
    const contact = readContact(request.query);
    const ids = await personOrderIds(db, locationId, request.query);
    const rows = ids.length ? (await db.execute<Record<string, any>>(sql`
      SELECT o.id, o.created_at, o.status, o.name, o.phone, o.email, o.persons, o.purchase, o.paid,
        (SELECT min(ps.time_start) FROM order_playsessions op JOIN playsessions ps ON ps.id = op.playsession_id WHERE op.order_id = o.id) AS first_session
      FROM orders o WHERE o.id IN (${sql.join(ids.map((i) => sql`${i}`), sql`, `)}) ORDER BY o.id DESC`)).rows : [];
    const upcoming = await upcomingOrders(db, ids);
    await recordEffects(db, { activity: { locationId, kind: 'people.searched', subject: contactText(contact), after: { orders_found: ids.length } } });
    return {
      orders: rows.map((o) => ({ id: Number(o.id), created: new Date(o.created_at).toISOString(), status: o.status, name: o.name, phone: o.phone, email: o.email,
        persons: o.persons, purchase: o.purchase, paid: o.paid, first_session: o.first_session })),
      upcoming,
    };
  });

  r.post('/api/v2.2/locations/:id/people/export/', {
    config: { access: { minRole: 40 }, records: { activity: 'people.exported' } },
    schema: {
      summary: 'Everything the location holds about a guest (152-FZ art. 14): JSON, or a printable HTML page with ?format=html (logged; the contact\'s open access requests are done)',
      tags, params, querystring: z.strictObject({ format: z.enum(['json', 'html']).optional() }), body: z.strictObject(contactFields),
      answers: { 200: z.record(z.string(), z.unknown()).describe('The export: location, contact, names, orders (sessions, payments, participation, signatures, consents, messages, log), activity, certificates, unsubscribes, data_requests.') },
    },
  }, async (request, reply) => {
    const user = currentUser(request);
    const locationId = request.params.id;
    await requireRoleAt(db, user.id, locationId);
    const contact = readContact(request.body);
    const data = await db.transaction(async (tx) => {
      const ids = await personOrderIds(tx, locationId, request.body);
      const found = await personExport(tx, locationId, request.body, ids);
      await doneByExport(tx, locationId, user.id, contact);
      await recordEffects(tx, { activity: { locationId, kind: 'people.exported', subject: contactText(contact), after: { orders_found: ids.length } } });
      return found;
    });
    if (request.query.format === 'html') {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(exportPage(data, request.lang));
    }
    return reply.header('cache-control', 'no-store').send(data);
  });

  r.post('/api/v2.2/locations/:id/people/erase/', {
    config: { access: { minRole: 40 }, conflicts: true, records: { activity: 'people.erased', orderLog: ['personal_data_erased'] } },
    schema: {
      summary: 'Erase a guest\'s personal data at the location (152-FZ art. 21): names, phones, e-mails, birth dates, signatures\' names, message texts and addresses anonymised; money and consent proofs (as keyed hashes) kept; logged without the values',
      tags, params, body: z.strictObject({ ...contactFields, reason: z.string().trim().min(1).max(TEXT_LIMITS.shortComment) }), answers: { 200: Erased },
    },
  }, async (request) => {
    const user = currentUser(request);
    const locationId = request.params.id;
    await requireRoleAt(db, user.id, locationId);
    const contact = readContact(request.body);
    const ids = await personOrderIds(db, locationId, request.body);
    // No order, yet a certificate bought, a request or an unsubscribe under the contact: those are erased too.
    if (!ids.length && !(await holdsOtherRecords(db, locationId, contact))) throw badRequestDetail('person_not_found');
    const key = await erasureKey(db);
    const erased = await eraseInTransaction(db, {
      locationId, orderIds: ids, contact, key, reason: request.body.reason, userId: user.id, byRetention: false, contactHash: subjectHash(key, contact.phone, contact.email),
    }, deps.config.smtpUrl ? null : path.join(deps.config.dataDir, 'mail'), (tx) => refuseUpcoming(tx, ids));
    return { orders_erased: erased };
  });

  r.get('/api/v2.2/locations/:id/data_retention/', {
    config: { access: { minRole: 40 } },
    schema: { summary: 'The location\'s retention of guests\' personal data (months after the last session; null: kept)', tags, params, querystring: z.strictObject({}), answers: { 200: Retention } },
  }, async (request) => getRetention(db, currentUser(request).id, request.params.id));
}
