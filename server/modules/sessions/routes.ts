// Paths: GET /api/v2.1/locations/{id}/launcher_sessions/ (date_from, date_to, offset, limit; CSV),
// POST /api/v2.2/launcher/sessions/ (the launcher, with `Authorization: Playground <uuid_token>`).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { currentUser } from '../../platform/auth';
import { sendCsv, type CsvColumn } from '../../platform/csv';
import { notAuthenticated } from '../../platform/errors';
import { wantsCsv } from '../../platform/query';
import { idParam, intText } from '../../platform/validation';
import { dateSchema } from '../schedules/schemas';
import { recordLauncherSession, sessionsQuery } from './service';

const HEADERS = {
  ru: ['UUID', 'Заказы', 'Начало', 'Конец', 'Площадка', 'Игра', 'Игроков', 'Тип сессии'],
  en: ['UUID', 'Orders', 'Started', 'Ended', 'Playground', 'Game', 'Players', 'Session type'],
};

export async function sessionRoutes(app: FastifyInstance, { db, pool }: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['sessions'];

  r.get('/api/v2.1/locations/:id/launcher_sessions/', {
    schema: {
      tags, params: z.object({ id: idParam }),
      querystring: z.strictObject({
        date_from: dateSchema.optional(), date_to: dateSchema.optional(),
        limit: intText(z.number().int().min(1).max(1000)).optional(),
        offset: intText(z.number().int().min(0).max(2147483647)).optional(),
        format: z.enum(['csv', 'json']).optional(), csv: z.enum(['true', 'false', '1', '0']).optional(),
      }),
    },
  }, async (request, reply) => {
    const q = request.query;
    const { rows, count } = await sessionsQuery(db, currentUser(request).id, request.params.id, q);
    if (!wantsCsv(q)) {
      const [[{ count: total } = { count: 0 }], results] = await Promise.all([count, rows().limit(q.limit ?? 10).offset(q.offset ?? 0)]);
      return { count: total, results };
    }
    const h = HEADERS[request.lang];
    const keys = ['uuid', 'orders_ids', 'started', 'ended', 'playground', 'game', 'players_cnt', 'session_type'];
    const columns: CsvColumn[] = keys.map((key, i) => (key === 'orders_ids'
      // The order ids separated by spaces; none is an empty cell.
      ? { header: h[i]!, sql: "NULLIF(array_to_string(orders_ids, ' '), '')" }
      : { header: h[i]!, key, text: key === 'playground' || key === 'game' }));
    const range = [q.date_from, q.date_to].filter(Boolean).join('_');
    return sendCsv(reply, pool, rows().toSQL() as { sql: string; params: unknown[] }, columns, `sessions${range ? `_${range}` : ''}.csv`);
  });

  r.post('/api/v2.2/launcher/sessions/', {
    config: { public: true },
    // The launcher's own credentials are checked before the body, like a token elsewhere.
    onRequest: async (request) => {
      const [scheme, token] = (request.headers.authorization ?? '').split(/\s+/);
      if (scheme?.toLowerCase() !== 'playground' || !token) throw notAuthenticated();
    },
    schema: {
      summary: 'The venue launcher reports a played session (playground\'s token)',
      tags,
      body: z.strictObject({
        uuid: z.uuid(),
        started: z.iso.datetime({ offset: true }),
        ended: z.iso.datetime({ offset: true }).nullable().optional().transform((v) => v ?? null),
        game_id: z.number().int().positive().nullable().optional().transform((v) => v ?? null),
        players_cnt: z.number().int().min(0).max(1000),
        session_type: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
        orders_ids: z.array(z.number().int().positive()).max(100).default([]),
      }),
    },
  }, async (request, reply) => {
    const token = (request.headers.authorization ?? '').split(/\s+/)[1]!;
    const result = await recordLauncherSession(db, token, request.body);
    return reply.status(result.recorded === 'created' ? 201 : 200).send(result);
  });
}
