// The letter with a payment link: sent when staff make a link for an order that has an e-mail
// (the pay dialog's bill, the booking form's bill switch), in the order's language (the widget's
// customer's) or the staff member's. Queued with the link (a customer message of createPaymentLink's
// after-effects), so a restart still sends it.
import { eq } from 'drizzle-orm';
import type { Deps } from '../../deps';
import { currencies, locations, orders } from '../../db/schema';
import type { BillLetterJob } from '../../platform/jobs';
import { translate } from '../../platform/messages';
import { formatMoney } from '../../../domain/money';
import { locationNameIn } from '../locations/service';
import { senderOf } from '../locations/letters';

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
    ...senderOf(row.l, location), // #42
    subject: translate(job.lang, 'bill_mail_subject', { id: row.o.id, location }),
    text: translate(job.lang, 'bill_mail_text', { name: row.o.name, id: row.o.id, location, amount, link: job.link }),
  });
}
