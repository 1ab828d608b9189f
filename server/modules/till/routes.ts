// The till's reads and the confirmation (#43): GET /api/v2.2/locations/{id}/tills/ (the desks and
// the shift each holds), GET /api/v2.2/locations/{id}/till_settings/, GET /api/v2.2/shifts/{id}/
// (blind: no expected figures to roles below 40 before the count), POST /api/v2.2/shifts/{id}/confirm/
// (a manager, another person than the one who counted); the reports: GET /api/v2.2/shifts/{id}/report/
// and GET /api/v2.2/locations/{id}/daily_report/?date= (JSON, or with `format=csv|xlsx` the file, as the
// lists answer; report.ts). The writes a declaration can make are in writes.ts; the shifts list is lists.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { currentUser } from '../../platform/auth';
import type { WriteRecords } from '../../platform/effects';
import { XLSX_TYPE } from '../../platform/xlsx';
import type { Answers } from '../../platform/openapi';
import { dateSchema, idParam } from '../../platform/validation';
import { TEXT_LIMITS } from '../../../domain/textLimits';
import { CONFIRM_MIN_ROLE } from '../../../domain/till';
import { Shift, Till, TillReport, TillSettings } from './answers';
import { dailyReportFor, sendReportFile, shiftReportFor } from './report';
import { confirmShift, getShift, tillSettings, tillsAt } from './service';

const CONFIRM_RECORDS: WriteRecords = { activity: 'shift.confirmed' };

/** The report's format: JSON, or the file, by `format` (or `csv=true`) as the lists take it. */
const formatQuery = {
  format: z.enum(['json', 'csv', 'xlsx']).optional(),
  csv: z.enum(['true', 'false', '1', '0']).optional(),
};
const formatOf = (q: { format?: string; csv?: string }) => (q.format === 'csv' || q.csv === 'true' || q.csv === '1' ? 'csv' : q.format === 'xlsx' ? 'xlsx' : 'json');
const REPORT_ANSWERS: Answers = {
  200: {
    description: 'The report (JSON), or with `format=csv` / `format=xlsx` the same report as a file: one line per figure (section, line, detail, currency, count, taken, refunded, amount) in the caller\'s language.',
    content: { 'application/json': { schema: TillReport }, 'text/csv': { schema: z.string() }, [XLSX_TYPE]: { schema: z.string() } },
  },
};

export async function tillRoutes(app: FastifyInstance, { db, pool }: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['till'];
  const params = z.object({ id: idParam });

  r.get('/api/v2.2/locations/:id/tills/', { schema: { summary: 'A location\'s tills, the shift each holds and the float its next shift is offered', tags, params, answers: { 200: z.array(Till) } } },
    async (request) => tillsAt(db, currentUser(request).id, request.params.id));

  r.get('/api/v2.2/locations/:id/till_settings/', { schema: { summary: 'A location\'s till rules', tags, params, answers: { 200: TillSettings } } },
    async (request) => tillSettings(db, currentUser(request).id, request.params.id));

  r.get('/api/v2.2/shifts/:id/', { schema: { summary: 'A shift: its float, movements, counts and (after the count, or to role 40) what was expected', tags, params, answers: { 200: Shift } } },
    async (request) => getShift(db, currentUser(request).id, request.params.id));

  r.get('/api/v2.2/shifts/:id/report/', {
    schema: {
      summary: 'A shift\'s report (not a fiscal document): its money by payment type x channel, by staff member, refunds, discounts, certificates, its movements and its figures; before its count only to role 40',
      tags, params, querystring: z.strictObject(formatQuery), answers: REPORT_ANSWERS,
    },
  }, async (request, reply) => {
    const report = await shiftReportFor(db, currentUser(request).id, request.params.id);
    const format = formatOf(request.query);
    return format === 'json' ? report : sendReportFile(reply, { db, pool }, report, request.lang, format);
  });

  r.get('/api/v2.2/locations/:id/daily_report/', {
    config: { access: { minRole: 20 } },
    schema: {
      summary: 'A location\'s daily report for a business day (06:00 to 06:00 on its clock): money by payment type x channel, by staff member, refunds, discounts, certificates, top-ups and test payments apart, each currency apart; the shifts open that day, flagged when open longer than 23 hours or counted with a variance',
      tags, params, querystring: z.strictObject({ date: dateSchema, ...formatQuery }), answers: REPORT_ANSWERS,
    },
  }, async (request, reply) => {
    const report = await dailyReportFor(db, currentUser(request).id, request.params.id, request.query.date);
    const format = formatOf(request.query);
    return format === 'json' ? report : sendReportFile(reply, { db, pool }, report, request.lang, format);
  });

  // Not a declared write: the generated tests make each write once as one person, and this one
  // needs another person than the one who counted (tests/api/till.test.ts makes it).
  r.post('/api/v2.2/shifts/:id/confirm/', {
    config: { records: CONFIRM_RECORDS, access: { minRole: CONFIRM_MIN_ROLE }, notFound: true, conflicts: true },
    schema: {
      summary: 'Confirm a count above the location\'s threshold (a manager who did not count it); the shift closes', tags, params,
      body: z.strictObject({ comment: z.string().trim().min(1).max(TEXT_LIMITS.shortComment) }),
      answers: { 200: Shift },
    },
  }, async (request) => confirmShift(db, currentUser(request).id, request.params.id, request.body));
}
