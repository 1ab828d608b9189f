// The payments list of a location (and its CSV), and hiding manual payments.
import { and, desc, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { locations, payments, users } from '../../db/schema';
import { fieldError, notFound } from '../../platform/errors';
import { requireRoleAt } from '../locations/service';
import { paymentJson } from '../orders/payments';

export interface PaymentFilters {
  date_start?: string;
  date_end?: string;
  payment_type?: number[];
  purchase_sign?: 'all' | 'positive' | 'negative';
}

async function timezoneOf(db: Db, locationId: number): Promise<string> {
  const [loc] = await db.select({ tz: locations.timezone }).from(locations).where(eq(locations.id, locationId));
  if (!loc) throw notFound();
  return loc.tz;
}

/** The list's query (not yet run): visible payments of the location, filtered, newest first. */
export async function paymentsQuery(db: Db, userId: number, locationId: number, f: PaymentFilters) {
  await requireRoleAt(db, userId, locationId);
  if (f.date_start && f.date_end && f.date_end < f.date_start) throw fieldError('date_end', 'date_order');
  const tz = await timezoneOf(db, locationId);
  const localDate = sql`(${payments.created} at time zone ${tz})::date`;
  const where: SQL[] = [eq(payments.locationId, locationId), eq(payments.actual, true)];
  if (f.date_start) where.push(gte(localDate, f.date_start));
  if (f.date_end) where.push(lte(localDate, f.date_end));
  if (f.payment_type?.length) where.push(inArray(payments.paymentType, f.payment_type));
  if (f.purchase_sign === 'positive') where.push(sql`${payments.purchase} > 0`);
  if (f.purchase_sign === 'negative') where.push(lt(payments.purchase, '0'));
  // Every field carries its own name (SQL aliases), so the CSV cursor's raw rows read like the JSON.
  const query = db.select({
    id: payments.id,
    order: sql<number | null>`${payments.orderId}`.as('order'),
    payment_type: payments.paymentType,
    created: sql<string>`to_char(${payments.created} at time zone ${tz}, 'YYYY-MM-DD HH24:MI')`.as('created'),
    status: payments.status, external_id: payments.externalId, purchase: payments.purchase, comment: payments.comment,
    user_id: sql<number | null>`${users.id}`.as('user_id'),
    user_name: sql<string | null>`${users.name}`.as('user_name'),
    user_email: sql<string | null>`${users.email}`.as('user_email'),
  }).from(payments).leftJoin(users, eq(users.id, payments.userId)).where(and(...where)).orderBy(desc(payments.created), desc(payments.id));
  // Wrapped: a query builder is thenable, and returning it bare from an async function would run it.
  return { query };
}

export type PaymentListRow = Awaited<Awaited<ReturnType<typeof paymentsQuery>>['query']>[number];

export function paymentListJson(r: PaymentListRow) {
  return {
    id: r.id, order: r.order, payment_type: r.payment_type, created: r.created, status: r.status, external_id: r.external_id,
    purchase: r.purchase, comment: r.comment, user: r.user_id ? { id: r.user_id, name: r.user_name, email: r.user_email } : null,
  };
}

/** PATCH /payment/{id}/actual/: only manual payments (type 7) can be hidden or shown again. */
export async function setPaymentActual(db: Db, userId: number, paymentId: number, actual: boolean) {
  const [p] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (!p) throw notFound();
  await requireRoleAt(db, userId, p.locationId);
  if (p.paymentType !== 7) throw fieldError('non_field_errors', 'only_manual_hidden');
  const [updated] = await db.update(payments).set({ actual }).where(eq(payments.id, paymentId)).returning();
  return paymentJson(updated!, null);
}
