// #42 Who a location's letters come from: every letter of a location (invitations, payment links,
// certificates, the widget's confirmations, held bookings and cancellations) is sent under its sender name, or its name
// in the letter's language when it has none, from the installation's own address (SPF and DMARC pass
// for it alone), with the location's e-mail as Reply-To when it has one (server/platform/mail.ts).
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { locations } from '../../db/schema';
import type { Letter } from '../../platform/mail';
import type { Lang } from '../../platform/messages';
import { locationNameIn } from './service';

type Sender = Pick<Letter, 'fromName' | 'replyTo'>;

/** The sender of a letter of the location `row`, named `name` in the letter's language. */
export function senderOf(row: { senderName: string; email: string }, name: string): Sender {
  return { fromName: row.senderName || name, ...(row.email ? { replyTo: row.email } : {}) };
}

/** The same, read by the location's id. */
export async function locationSender(db: Db, locationId: number, lang: Lang): Promise<Sender> {
  const [row] = await db.select({ senderName: locations.senderName, email: locations.email }).from(locations).where(eq(locations.id, locationId));
  return row ? senderOf(row, await locationNameIn(db, locationId, lang)) : {};
}
