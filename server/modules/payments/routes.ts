// Paths: GET /api/v2.1/locations/{id}/payments/ (date_start, date_end, payment_type, purchase_sign;
// format=csv or csv=true streams the whole list), PATCH /api/v2.1/payment/{id}/actual/.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { currentUser } from '../../platform/auth';
import { sendCsv, type CsvColumn } from '../../platform/csv';
import { idParam } from '../../platform/validation';
import { csvSwitch, intList, wantsCsv } from '../../platform/query';
import { dateSchema } from '../schedules/schemas';
import { paymentListJson, paymentsQuery, setPaymentActual } from './service';

const HEADERS = {
  ru: ['ID', 'Заказ', 'Тип оплаты', 'Создан', 'Статус', 'Внешний ID', 'Сумма', 'Комментарий', 'Пользователь'],
  en: ['ID', 'Order', 'Payment type', 'Created', 'Status', 'External ID', 'Amount', 'Comment', 'User'],
};

export async function paymentRoutes(app: FastifyInstance, { db, pool }: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payments'];
  const params = z.object({ id: idParam });

  r.get('/api/v2.1/locations/:id/payments/', {
    schema: {
      tags, params,
      querystring: z.strictObject({
        date_start: dateSchema.optional(),
        date_end: dateSchema.optional(),
        payment_type: intList(1, 7).optional(),
        purchase_sign: z.enum(['all', 'positive', 'negative']).optional(),
        ...csvSwitch,
      }),
    },
  }, async (request, reply) => {
    const { query } = await paymentsQuery(db, currentUser(request).id, request.params.id, request.query);
    if (!wantsCsv(request.query)) return (await query).map(paymentListJson);
    const h = HEADERS[request.lang];
    const columns: CsvColumn[] = [
      { header: h[0]!, key: 'id' }, { header: h[1]!, key: 'order' },
      { header: h[2]!, key: 'payment_type' }, { header: h[3]!, key: 'created' },
      { header: h[4]!, key: 'status', text: true }, { header: h[5]!, key: 'external_id', text: true },
      { header: h[6]!, key: 'purchase' }, { header: h[7]!, key: 'comment', text: true },
      { header: h[8]!, key: 'user_email', text: true },
    ];
    const range = [request.query.date_start, request.query.date_end].filter(Boolean).join('_');
    return sendCsv(reply, pool, query.toSQL() as { sql: string; params: unknown[] }, columns, `payments${range ? `_${range}` : ''}.csv`);
  });

  r.patch('/api/v2.1/payment/:id/actual/', {
    schema: { summary: 'Mark a payment as counted (actual) or not', tags, params, body: z.strictObject({ actual: z.boolean() }) },
  }, async (request) => setPaymentActual(db, currentUser(request).id, request.params.id, request.body.actual));
}
