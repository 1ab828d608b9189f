// Paths: GET /api/v2.1/transactions/ (date_start, date_end, location, transaction_type (all, in,
// out), transaction_kind, offset, limit; format=csv streams the whole list),
// POST /api/v2.1/transactions/create_transaction/, POST /api/v2.2/transactions/change_type/,
// POST /api/v2.2/transactions/create_transaction/ (refund).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { fileStore } from '../../platform/files';
import { currentUser } from '../../platform/auth';
import { idempotentCall } from '../../platform/idempotency';
import { idParam, idNumber, instantText, positiveAmount } from '../../platform/validation';
import { refillStatus, startRefill } from './refill';
import { fieldError } from '../../platform/errors';
import { DISPUTE_FILE_TYPES, DISPUTE_MAX_BYTES, DISPUTE_MAX_FILES, disputeFile, disputeFileExtension, listDisputes, moveLegacyDisputeFiles, openDispute } from './disputes';
import { TEXT_LIMITS } from '../../../domain/textLimits';
import { TRANSACTION_TYPES } from './ledger';
import { changeType, createTransaction, refund } from './service';
import { TRANSACTIONS_ACCESS, TRANSACTIONS_EDIT, transactionList } from './lists';
import { listRecordSchema } from '../../platform/lists';
import { Dispute, DisputeListed, FILE } from '../../platform/answers';

const typeSchema = z.enum(TRANSACTION_TYPES);
// validationSum / validationPaymentsLength: required, at most 8 characters; the type gives the sign, so above zero.
const amount = positiveAmount(8);
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional().transform((v) => v || null);
const dateTime = instantText(40).nullable().optional().transform((v) => v ?? null);

/** A transaction as the list answers it. */
const Transaction = listRecordSchema(transactionList);

export async function transactionRoutes(app: FastifyInstance, { db, pool }: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['transactions'];

  r.post('/api/v2.1/transactions/create_transaction/', {
    config: { records: { activity: ['money.transaction', 'money.transaction_refund'], live: ['transaction'] }, access: TRANSACTIONS_EDIT, idempotent: true, notFound: true },
    schema: {
      summary: 'Add a balance transaction',
      tags,
      body: z.strictObject({
        type: typeSchema, amount, operation_dt: dateTime, description: z.string().trim().max(TEXT_LIMITS.shortComment).default(''),
        number: optionalText(TEXT_LIMITS.transactionRef), debt_open: z.boolean().default(false), location: idNumber(), session: optionalText(TEXT_LIMITS.transactionRef),
      }),
      answers: { 201: Transaction },
    },
  }, async (request, reply) => {
    const user = currentUser(request);
    return reply.status(201).send(await createTransaction(db, user, request.body, idempotentCall(request, user.id)));
  });

  r.post('/api/v2.2/transactions/change_type/', {
    config: { records: { activity: 'money.transaction_type', live: ['transaction'] }, access: TRANSACTIONS_EDIT, notFound: true },
    schema: { summary: 'Change a transaction\'s type', tags, body: z.strictObject({ type: typeSchema, transaction_id: idNumber() }), answers: { 200: Transaction } },
  }, async (request) => changeType(db, currentUser(request), request.body.transaction_id, request.body.type));

  r.post('/api/v2.2/transactions/create_transaction/', {
    config: { records: { activity: ['money.transaction', 'money.transaction_refund'], live: ['transaction'] }, access: TRANSACTIONS_EDIT, idempotent: true, notFound: true },
    schema: {
      summary: 'Refund a balance transaction',
      tags,
      body: z.strictObject({
        original_transaction: idNumber(), amount, location: idNumber(), session: optionalText(64),
        // A refund is a refund: the spec's `type` is taken, but no other type may be written on a
        // refund row (#25: a refund stored as `refill` would read as money put in).
        operation_dt: dateTime, description: z.string().trim().max(TEXT_LIMITS.shortComment).default(''), type: z.enum(['refund']).default('refund'),
      }),
      answers: { 201: Transaction },
    },
  }, async (request, reply) => {
    const user = currentUser(request);
    return reply.status(201).send(await refund(db, user, request.body, idempotentCall(request, user.id)));
  });
}

export async function refillRoutes(app: FastifyInstance, { db, config }: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['transactions'];
  const params = z.object({ id: idParam });
  // Paths: POST /api/v2.2/locations/{id}/refill/ (amount) -> {payment_url, payment_id};
  // POST /api/v2.2/locations/{id}/check_payment/ (payment_id) -> {status}.
  r.post('/api/v2.2/locations/:id/refill/', { config: { records: { activity: { none: 'a top-up link: its money is an entry (money.payment) when the provider settles it' } }, access: TRANSACTIONS_ACCESS, idempotent: true }, schema: { summary: 'Top up a location\'s balance: a payment link', tags, params, body: z.strictObject({ amount }),
    answers: { 200: z.object({ payment_id: z.number().int(), payment_url: z.string() }) } } }, async (request) =>
    startRefill(db, currentUser(request).id, config, request.params.id, request.body.amount, idempotentCall(request, currentUser(request).id)));
  r.post('/api/v2.2/locations/:id/check_payment/', {
    config: { records: { activity: { none: 'reads a top-up\'s status' } }, access: TRANSACTIONS_ACCESS },
    schema: { summary: 'The status of a balance top-up payment', tags, params, body: z.strictObject({ payment_id: idNumber() }), answers: { 200: z.object({ payment_id: z.number().int(), status: z.string() }) } },
  }, async (request) => refillStatus(db, currentUser(request).id, request.params.id, request.body.payment_id));
}

export async function disputeRoutes(app: FastifyInstance, { db, config }: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['transactions'];
  const params = z.object({ id: idParam });
  await moveLegacyDisputeFiles(config.dataDir);
  // Paths: POST /api/v2.1/transactions/{id}/dispute/ (multipart: text, files), GET the same path (the list).
  r.post('/api/v2.1/transactions/:id/dispute/', { config: { records: { activity: 'money.transaction_disputed' }, access: TRANSACTIONS_ACCESS }, schema: { summary: 'Dispute a transaction', tags, params, consumes: ['multipart/form-data'], answers: { 201: Dispute } } }, async (request, reply) => {
    const user = currentUser(request);
    if (!request.isMultipart()) throw fieldError('text', 'required');
    let text = '';
    const files: { name: string; data: Buffer; ext: string }[] = [];
    for await (const part of request.parts({ limits: { fileSize: DISPUTE_MAX_BYTES, files: DISPUTE_MAX_FILES + 1, fields: 5, fieldSize: 8192 } })) {
      if (part.type === 'file') {
        const data = await part.toBuffer().catch((err: { code?: string }) => {
          if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw fieldError('files', 'dispute_file_size', { max: DISPUTE_MAX_BYTES / 1024 / 1024 });
          throw err;
        });
        if (files.length >= DISPUTE_MAX_FILES) throw fieldError('files', 'dispute_files_count', { max: DISPUTE_MAX_FILES });
        const ext = disputeFileExtension(data);
        if (!ext) throw fieldError('files', 'dispute_file_type');
        files.push({ name: part.filename, data, ext });
      } else if (part.fieldname === 'text') {
        text = String(part.value).trim();
      } else {
        throw fieldError(part.fieldname, 'unknown_field');
      }
    }
    if (!text) throw fieldError('text', 'required');
    // Refused, not cut (#18): a silently shortened dispute is not what the cashier wrote.
    if (text.length > TEXT_LIMITS.disputeText) throw fieldError('text', 'max_length', { max: TEXT_LIMITS.disputeText });
    return reply.status(201).send(await openDispute(db, fileStore(config), user.id, request.params.id, text, files));
  });
  r.get('/api/v2.1/transactions/:id/dispute/', { config: { access: TRANSACTIONS_ACCESS }, schema: { summary: 'A transaction\'s disputes', tags, params, answers: { 200: z.array(DisputeListed) } } }, async (request) =>
    listDisputes(db, currentUser(request).id, request.params.id));
  // The files are answered only here, with a token and the role at the transaction's location (the client downloads them with its token).
  r.get('/api/v2.1/transactions/:id/dispute/files/:file/', {
    config: { access: TRANSACTIONS_ACCESS },
    schema: { summary: 'A file of a transaction\'s dispute', tags, params: z.object({ id: idParam, file: z.string().max(100) }),
      answers: { 200: { description: 'The file, as an attachment.', content: Object.fromEntries(DISPUTE_FILE_TYPES.map((t) => [t, { schema: FILE }])) } } },
  }, async (request, reply) => {
    const f = await disputeFile(db, fileStore(config), currentUser(request).id, request.params.id, request.params.file);
    return reply.type(f.contentType).header('Cache-Control', 'private, no-store')
      .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(f.name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`).send(f.data);
  });
}
