// The letter with a payment link: sent when staff make a link for an order that has an e-mail
// (the pay dialog's bill, the booking form's bill switch), in the order's language (the widget's
// customer's) or the staff member's. Queued with the link, so a restart still sends it.
import { eq } from 'drizzle-orm';
import type { Deps } from '../../deps';
import type { Tx } from '../../db/client';
import { currencies, locations, orders } from '../../db/schema';
import { enqueueJob } from '../../platform/jobs';
import { pickLanguage, translate, type Lang } from '../../platform/messages';
import { formatMoney } from '../../../domain/money';
import { writeLog } from './orderLog';
import { locationNameIn } from '../locations/service';

export const BILL_LETTER_JOB = 'mail.bill';

export interface BillLetterJob { orderId: number; link: string; amount: string; lang: Lang }

/** Queues the link's letter when the order has an e-mail; answers the address it goes to, or null. */
export async function queueBillLetter(tx: Tx, orderId: number, link: string, amount: string, staffLang: Lang, userId: number | null): Promise<string | null> {
  const [order] = await tx.select({ email: orders.email, language: orders.language }).from(orders).where(eq(orders.id, orderId));
  if (!order?.email) return null;
  const lang = pickLanguage(order.language ?? staffLang);
  await enqueueJob(tx, BILL_LETTER_JOB, { orderId, link, amount, lang } satisfies BillLetterJob);
  await writeLog(tx, orderId, 'bill_sent', userId, '', { email: order.email, purchase: amount });
  return order.email;
}

export async function sendBillLetter(deps: Deps, job: BillLetterJob): Promise<void> {
  const [row] = await deps.db.select({ o: orders, l: locations, c: currencies }).from(orders)
    .innerJoin(locations, eq(locations.id, orders.locationId)).leftJoin(currencies, eq(currencies.id, locations.currencyId))
    .where(eq(orders.id, job.orderId));
  if (!row?.o.email) return;
  const currency = row.c ? { code: row.c.code, is_before: row.c.isBefore, blank_place: row.c.blankPlace, unicode: row.c.unicode } : null;
  const amount = formatMoney(job.amount, currency, job.lang);
  const location = await locationNameIn(deps.db, row.l.id, job.lang);
  await deps.mailer.send({
    to: row.o.email,
    subject: translate(job.lang, 'bill_mail_subject', { id: row.o.id, location }),
    text: translate(job.lang, 'bill_mail_text', { name: row.o.name, id: row.o.id, location, amount, link: job.link }),
  });
}
