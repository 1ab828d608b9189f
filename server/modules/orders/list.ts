// The orders list of a location (GET /locations/{id}/orders/ and its CSV). Dates follow the order
// day boundary: an order created 00:00-05:59 belongs to the previous business day.
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { locations, orders, users } from '../../db/schema';
import { fieldError, notFound } from '../../platform/errors';
import { requireRoleAt } from '../locations/service';

export interface OrderFilters {
  date_from?: string;
  date_to?: string;
  status?: number[];
}

export async function ordersQuery(db: Db, userId: number, locationId: number, f: OrderFilters) {
  await requireRoleAt(db, userId, locationId);
  if (f.date_from && f.date_to && f.date_to < f.date_from) throw fieldError('date_to', 'date_order');
  const [loc] = await db.select({ tz: locations.timezone }).from(locations).where(eq(locations.id, locationId));
  if (!loc) throw notFound();
  const businessDate = sql`((${orders.createdAt} at time zone ${loc.tz}) - interval '6 hours')::date`;
  const where: SQL[] = [eq(orders.locationId, locationId)];
  if (f.date_from) where.push(sql`${businessDate} >= ${f.date_from}`);
  if (f.date_to) where.push(sql`${businessDate} <= ${f.date_to}`);
  if (f.status?.length) where.push(inArray(orders.status, f.status));
  const fields = {
    id: orders.id,
    created: sql<string>`to_char(${orders.createdAt} at time zone ${loc.tz}, 'YYYY-MM-DD HH24:MI')`.as('created'),
    order_type: sql<number>`${orders.orderType}`.as('order_type'),
    status: orders.status,
    cost: orders.cost,
    paid: orders.paid,
    purchase: orders.purchase,
    discount: orders.discount,
    promocode: orders.promocode,
    staff_user_id: sql<number | null>`${orders.staffUserId}`.as('staff_user_id'),
    manager_email: sql<string | null>`${users.email}`.as('manager_email'),
    source: orders.source,
  };
  const rows = () => db.select(fields).from(orders).leftJoin(users, eq(users.id, orders.staffUserId))
    .where(and(...where)).orderBy(desc(orders.createdAt), desc(orders.id));
  const count = db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(orders).where(and(...where));
  return { rows, count };
}

export async function listOrders(db: Db, userId: number, locationId: number, f: OrderFilters, limit: number, offset: number) {
  const q = await ordersQuery(db, userId, locationId, f);
  const [[{ count } = { count: 0 }], results] = await Promise.all([q.count, q.rows().limit(limit).offset(offset)]);
  return { count, results };
}
