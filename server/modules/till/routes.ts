// The till's reads and the confirmation (#43): GET /api/v2.2/locations/{id}/tills/ (the desks and
// the shift each holds), GET /api/v2.2/locations/{id}/till_settings/, GET /api/v2.2/shifts/{id}/
// (blind: no expected figures to roles below 40 before the count), POST /api/v2.2/shifts/{id}/confirm/
// (a manager, another person than the one who counted). The writes a declaration can make are in writes.ts;
// the shifts list is lists.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { currentUser } from '../../platform/auth';
import type { WriteRecords } from '../../platform/effects';
import { idParam } from '../../platform/validation';
import { TEXT_LIMITS } from '../../../domain/textLimits';
import { CONFIRM_MIN_ROLE } from '../../../domain/till';
import { Shift, Till, TillSettings } from './answers';
import { confirmShift, getShift, tillSettings, tillsAt } from './service';

const CONFIRM_RECORDS: WriteRecords = { activity: 'shift.confirmed' };

export async function tillRoutes(app: FastifyInstance, { db }: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['till'];
  const params = z.object({ id: idParam });

  r.get('/api/v2.2/locations/:id/tills/', { schema: { summary: 'A location\'s tills, the shift each holds and the float its next shift is offered', tags, params, answers: { 200: z.array(Till) } } },
    async (request) => tillsAt(db, currentUser(request).id, request.params.id));

  r.get('/api/v2.2/locations/:id/till_settings/', { schema: { summary: 'A location\'s till rules', tags, params, answers: { 200: TillSettings } } },
    async (request) => tillSettings(db, currentUser(request).id, request.params.id));

  r.get('/api/v2.2/shifts/:id/', { schema: { summary: 'A shift: its float, movements, counts and (after the count, or to role 40) what was expected', tags, params, answers: { 200: Shift } } },
    async (request) => getShift(db, currentUser(request).id, request.params.id));

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
