// The order log: every change to an order writes one entry, in the change's transaction. Booking,
// billing and multibooking all write it, so it lives apart from each of them (no import cycle).
import type { Tx } from '../../db/client';
import { orderLogs } from '../../db/schema';

export async function writeLog(tx: Tx, orderId: number, type: string, authorUserId: number | null, text = '', data: Record<string, unknown> = {}) {
  await tx.insert(orderLogs).values({ orderId, type, text, data, authorUserId });
}
