// #47 A person's requests about their data: recorded with their legal due day (domain/guestData.ts,
// working days skipping the location's country's holidays), done by an export or an erasure of the
// contact (people/routes.ts, erase.ts), or closed by hand with a comment. The list (lists.ts) shows
// them open, overdue or done, by the location's own today.
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { recordEffects } from '../../platform/effects';
import { badRequestDetail, fieldError, notFound } from '../../platform/errors';
import { dataRequestDueOn, dataRequestState, type DataRequestKind } from '../../../domain/guestData';
import { requireRoleAt } from '../locations/service';
import { readContact } from './person';

type RequestRow = { id: string; location_id: number; kind: string; phone: string; email: string; received_on: string; due_on: string; status: string; comment: string; closed_how: string | null; closed_at: string | Date | null; created_at: string | Date; today: string; [key: string]: unknown };

const SELECT = sql`SELECT r.id, r.location_id, r.kind, r.phone, r.email, r.received_on::text, r.due_on::text, r.status, r.comment, r.closed_how, r.closed_at, r.created_at,
  (now() AT TIME ZONE l.timezone)::date::text AS today FROM data_requests r JOIN locations l ON l.id = r.location_id`;

/** A request as the API answers it. */
function answer(r: RequestRow) {
  return {
    id: Number(r.id), kind: r.kind as DataRequestKind, phone: r.phone, email: r.email, received_on: r.received_on, due_on: r.due_on,
    state: dataRequestState(r.status, r.due_on, r.today), comment: r.comment, closed_how: r.closed_how,
    closed_at: r.closed_at ? new Date(r.closed_at).toISOString() : null, created: new Date(r.created_at).toISOString(),
  };
}

async function readRequest(db: DbOrTx, id: number): Promise<RequestRow | undefined> {
  return (await db.execute<RequestRow>(sql`${SELECT} WHERE r.id = ${id}`)).rows[0];
}

/** The location's today and its country's holidays from that day on (what a due day skips). */
async function dueDay(db: DbOrTx, locationId: number, kind: DataRequestKind, received: string): Promise<{ due: string; today: string }> {
  const [loc] = (await db.execute<{ today: string; country_id: number }>(sql`
    SELECT (now() AT TIME ZONE l.timezone)::date::text AS today, c.country_id FROM locations l JOIN cities c ON c.id = l.city_id WHERE l.id = ${locationId}`)).rows;
  if (!loc) throw notFound();
  const holidays = await db.execute<{ date: string }>(sql`SELECT date::text FROM holidays WHERE country_id = ${loc.country_id} AND kind = 'holiday' AND date > ${received}`);
  return { due: dataRequestDueOn(kind, received, new Set(holidays.rows.map((h) => h.date))), today: loc.today };
}

export interface NewRequest { kind: DataRequestKind; phone?: string; email?: string; received_on?: string; comment?: string }

export async function createDataRequest(db: Db, userId: number, locationId: number, body: NewRequest) {
  await requireRoleAt(db, userId, locationId);
  const { phone, email } = readContact(body);
  return db.transaction(async (tx) => {
    const { today } = await dueDay(tx, locationId, body.kind, '2000-01-01');
    const received = body.received_on ?? today;
    if (received > today) throw fieldError('received_on', 'data_request_received_future');
    const { due } = await dueDay(tx, locationId, body.kind, received);
    const [made] = (await tx.execute<{ id: string }>(sql`
      INSERT INTO data_requests (location_id, kind, phone, email, received_on, due_on, comment, created_by)
      VALUES (${locationId}, ${body.kind}, ${phone ?? ''}, ${email ?? ''}, ${received}, ${due}, ${body.comment ?? ''}, ${userId}) RETURNING id`)).rows;
    const id = Number(made!.id);
    await recordEffects(tx, {
      activity: { locationId, kind: 'data_request.created', subject: phone ?? email ?? '', after: {
        request_kind: body.kind, ...(phone ? { phone } : {}), ...(email ? { email } : {}), received_on: received, due_on: due, ...(body.comment ? { comment: body.comment } : {}),
      } },
    });
    return answer((await readRequest(tx, id))!);
  });
}

/** Closes an open request by hand (what was done, in the comment). */
export async function closeDataRequest(db: Db, userId: number, id: number, comment: string) {
  return db.transaction(async (tx) => {
    const found = (await tx.execute<{ location_id: number; status: string; phone: string; email: string; due_on: string }>(sql`
      SELECT location_id, status, phone, email, due_on::text FROM data_requests WHERE id = ${id} FOR UPDATE`)).rows[0];
    if (!found) throw notFound();
    await requireRoleAt(tx as Db, userId, found.location_id);
    if (found.status === 'done') throw badRequestDetail('data_request_done');
    const before = await readRequest(tx, id);
    await tx.execute(sql`UPDATE data_requests SET status = 'done', closed_how = 'closed', closed_at = now(), closed_by = ${userId},
      comment = CASE WHEN ${comment} = '' THEN comment WHEN comment = '' THEN ${comment} ELSE comment || E'\n' || ${comment} END WHERE id = ${id}`);
    await recordEffects(tx, {
      activity: { locationId: found.location_id, kind: 'data_request.closed', subject: found.phone || found.email || `#${id}`,
        before: { request_state: answer(before!).state }, after: { request_state: 'done', closed_how: 'closed', ...(comment ? { comment } : {}) } },
    });
    return answer((await readRequest(tx, id))!);
  });
}

/** An export or an erasure of a contact does its open requests of that kind (`exported`: access; `erased`: both, in erase.ts). */
export async function doneByExport(tx: DbOrTx, locationId: number, userId: number, contact: { phone: string | null; email: string | null }): Promise<void> {
  const matches = [...(contact.phone ? [sql`phone = ${contact.phone}`] : []), ...(contact.email ? [sql`lower(email) = ${contact.email}`] : [])];
  if (!matches.length) return;
  await tx.execute(sql`UPDATE data_requests SET status = 'done', closed_how = 'exported', closed_at = now(), closed_by = ${userId}
    WHERE location_id = ${locationId} AND status = 'open' AND kind = 'access' AND (${sql.join(matches, sql` OR `)})`);
}
