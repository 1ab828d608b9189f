// Paths (ours; the specs name day types 8 and 9 but no calendar call): GET /api/v2.1/holidays/
// ?location=&year=; the writes (add, delete) are declarations in writes.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { currentUser } from '../../platform/auth';
import { intText, idText } from '../../platform/validation';
import * as holidays from './service';
import { Holiday } from '../../platform/answers';

export async function holidayRoutes(app: FastifyInstance, { db }: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['holidays'];
  const location = idText();

  r.get('/api/v2.1/holidays/', {
    config: { notFound: true },
    schema: { summary: 'Holidays of a location\'s country', tags, querystring: z.strictObject({ location, year: intText(z.number().int().min(2000).max(2100)) }), answers: { 200: z.array(Holiday) } },
  }, async (request) => holidays.listHolidays(db, currentUser(request).id, request.query.location, request.query.year));
}
