// #42 GET /api/v2.2/locations/{id}/readiness/: the location's setup checklist (role id 40 there, as
// location management; 404 where the caller has no role). Texts in the request's language.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { currentUser } from '../../platform/auth';
import { idParam } from '../../platform/validation';
import { READINESS_CODES, READINESS_STEPS, SALES_CHANNELS, type ReadinessCode } from '../../../domain/readiness';
import { locationReadiness } from './service';

const Readiness = z.object({
  ready_desk: z.boolean().describe('True exactly when no step that is not done blocks the desk.'),
  ready_online: z.boolean().describe('True exactly when no step that is not done blocks the widget (false while a prepaid schedule has no online provider).'),
  steps: z.array(z.object({
    key: z.enum(READINESS_STEPS),
    done: z.boolean(),
    blocks: z.array(z.enum(SALES_CHANNELS)).describe('What this step, while not done, keeps from selling.'),
    missing: z.array(z.object({ code: z.enum(Object.keys(READINESS_CODES) as [ReadinessCode, ...ReadinessCode[]]), text: z.string().describe('In the language of Accept-Language.') })),
  })).describe('In the order a venue takes them: location, playgrounds, group, games, schedule, staff, online_payments, widget, documents.'),
}).meta({ id: 'Readiness' });

export async function readinessRoutes(app: FastifyInstance, { db, config }: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/v2.2/locations/:id/readiness/', {
    config: { access: { minRole: 40 } },
    schema: { summary: 'A location\'s setup checklist: what still blocks selling at the desk and online', tags: ['location management'],
      params: z.object({ id: idParam }), querystring: z.strictObject({}), answers: { 200: Readiness } },
  }, async (request) => locationReadiness(db, config, currentUser(request).id, request.params.id, request.lang));
}
