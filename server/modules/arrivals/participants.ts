// #44 An order's participants, one per person, the first being the lead guest. A trigger of migration
// 0027 makes them with the order and when its persons grow (every path that writes orders); a write
// that needs them (a check-in, a signature) makes any missing (an order older than 0027) with one
// INSERT ... ON CONFLICT DO NOTHING on (order, position), so two at once make them once. Reads never
// write. A position above the order's persons (lowered later) keeps its signatures but no longer counts.
// The lead guest's name is the order's name until they type their own.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { consentSignatures, orderParticipants, orders } from '../../db/schema';

export interface Participant {
  id: number;
  position: number;
  lead: boolean;
  name: string;
  birthDate: string | null;
  checkedInAt: Date | null;
  checkedInBy: number | null;
  /** The consent versions (consent_texts ids) this participant signed. */
  signed: Set<number>;
}

/** Makes the missing participants of some orders (up to each one's persons). */
export async function ensureParticipants(db: DbOrTx, orderIds: readonly number[]): Promise<void> {
  if (!orderIds.length) return;
  await db.execute(sql`
    INSERT INTO ${orderParticipants} (order_id, position)
    SELECT o.id, g FROM ${orders} o CROSS JOIN LATERAL generate_series(1, o.persons) g
    WHERE o.id IN (${sql.join(orderIds.map((id) => sql`${id}`), sql`, `)})
      AND NOT EXISTS (SELECT 1 FROM ${orderParticipants} p WHERE p.order_id = o.id AND p.position = g)
    ON CONFLICT DO NOTHING`);
}

/** The counted participants of some orders, by order, lead first, with what each signed. */
export async function participantsOf(db: DbOrTx, orderIds: readonly number[]): Promise<Map<number, Participant[]>> {
  const out = new Map<number, Participant[]>();
  if (!orderIds.length) return out;
  const rows = await db.select({ p: orderParticipants, orderName: orders.name }).from(orderParticipants)
    .innerJoin(orders, eq(orders.id, orderParticipants.orderId))
    .where(and(inArray(orderParticipants.orderId, [...orderIds]), sql`${orderParticipants.position} <= ${orders.persons}`))
    .orderBy(asc(orderParticipants.orderId), asc(orderParticipants.position));
  const signatures = rows.length ? await db.select({ participantId: consentSignatures.participantId, textId: consentSignatures.consentTextId }).from(consentSignatures)
    .where(inArray(consentSignatures.participantId, rows.map((r) => r.p.id))) : [];
  const signed = new Map<number, Set<number>>();
  for (const s of signatures) signed.set(s.participantId, (signed.get(s.participantId) ?? new Set()).add(s.textId));
  for (const { p, orderName } of rows) {
    const list = out.get(p.orderId) ?? [];
    list.push({
      id: p.id, position: p.position, lead: p.position === 1, name: p.name || (p.position === 1 ? orderName : ''),
      birthDate: p.birthDate, checkedInAt: p.checkedInAt, checkedInBy: p.checkedInBy, signed: signed.get(p.id) ?? new Set(),
    });
    out.set(p.orderId, list);
  }
  return out;
}
