// #44 The guest's arrival page, by the order's key (the same secret as the widget's order link, one
// per order, for any order: a desk booking's too): GET /api/public/arrival/{key}/ and POST
// /api/public/arrival/{key}/sign/. It shows the location's documents to sign (each one's published
// version in the reader's language) and the participants by first name with what each signed, never
// their phone, e-mail or birth date. A signature records the version, the SHA-256 of the exact text
// shown, the typed name, the birth date, a guardian for a minor, the time, the address and the browser.
// Signing stops 24 hours after the session's start. Under the order's lock (lock order 3), so a
// signature and a check-in of the same order follow one another. The desk's tablet mode signs through
// the same call with the staff's token: the order-log entry of such a signature has the staff user as
// its author and `by: 'desk'` (a guest's own has none and `by: 'customer'`).
import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { consentSignatures, consentTexts, locations, orderParticipants, orders } from '../../db/schema';
import { recordEffects } from '../../platform/effects';
import { ApiError, fieldError, notFound, permissionDenied } from '../../platform/errors';
import { lockedTransaction, lockOrder } from '../../platform/locks';
import type { Lang } from '../../platform/messages';
import { orderIdOfKey } from '../../platform/orderLinks';
import { addRealMinutes, wallClockNow } from '../../platform/clock';
import { instantOfLocal } from '../../../domain/zonedTime';
import { isLiveOrder } from '../../../domain/slotFlags';
import { BY_CUSTOMER, BY_DESK } from '../../../domain/orderLog';
import { CONSENT_KIND_LABELS, SIGNING_HOURS_AFTER_SESSION, firstName, isMinor, isRequiredKind, type ConsentKind } from '../../../domain/arrivals';
import { locationNameIn, roleAt } from '../locations/service';
import { publishedDocuments, textIn } from './documents';
import { ensureParticipants, participantsOf } from './participants';
import { firstSessionOf, missingOf } from './service';

export interface SignInput {
  participant: number;
  document_version: number;
  name: string;
  birth_date: string;
  guardian?: { name: string; relation: string } | null;
}

/** Where a signature comes from: the browser's address and agent; `deskUser`, the staff user whose tablet it is (tablet mode). */
export interface Client { ip: string; userAgent: string; deskUser?: number | null }

async function orderOfKey(db: Db, secret: string, key: string) {
  const id = orderIdOfKey(secret, key);
  if (id === null) throw notFound();
  const [row] = await db.select({ o: orders, l: locations }).from(orders).innerJoin(locations, eq(locations.id, orders.locationId)).where(eq(orders.id, id));
  if (!row) throw notFound();
  return row;
}

/** Until when the key takes signatures: the session's start plus 24 hours, as real time passes (null: no session). */
function signingUntil(tz: string, timeStart: string | null): number | null {
  return timeStart ? instantOfLocal(tz, timeStart) + SIGNING_HOURS_AFTER_SESSION * 3_600_000 : null;
}

/** GET /api/public/arrival/{key}/ */
export async function arrivalPage(db: Db, secret: string, key: string, lang: Lang) {
  const { o, l } = await orderOfKey(db, secret, key);
  const [session, docs, participants, locationName] = await Promise.all([
    firstSessionOf(db, o.id), publishedDocuments(db, o.locationId), participantsOf(db, [o.id]), locationNameIn(db, o.locationId, lang),
  ]);
  const until = signingUntil(l.timezone, session?.timeStart ?? null);
  const live = isLiveOrder(o);
  const list = participants.get(o.id) ?? [];
  return {
    order: o.id,
    cancelled: !live,
    location: { id: l.id, name: locationName, phone: l.phone || null },
    privacy_policy_url: l.privacyPolicyUrl,
    playground: session?.playground ?? null,
    date: session?.date ?? null,
    begin: session ? session.timeStart.slice(11, 16) : null,
    end: session ? addRealMinutes(l.timezone, session.timeStart, session.duration).slice(11, 16) : null,
    persons: o.persons,
    minor_age: l.minorAge,
    can_sign: live && until !== null && Date.now() < until,
    signing_until: until === null ? null : wallClockNow(l.timezone, new Date(until)),
    documents: docs.map((d) => {
      const shown = textIn(d.version, lang);
      return {
        kind: d.doc.kind as ConsentKind, title: CONSENT_KIND_LABELS[d.doc.kind as ConsentKind]?.[lang] ?? d.doc.kind, required: isRequiredKind(d.doc.kind),
        document_version: d.version.id, version: d.version.version, text: shown.text, text_hash: shown.hash, language: shown.language,
      };
    }),
    // Others by their first name only, and what each signed: never a phone, an e-mail or a birth date.
    participants: list.map((p) => ({
      id: p.id, position: p.position, lead: p.lead, first_name: firstName(p.name),
      signed: Object.fromEntries(docs.map((d) => [d.doc.kind, p.signed.has(d.version.id)])) as Partial<Record<ConsentKind, boolean>>,
      complete: missingOf(p, docs).length === 0,
      checked_in: p.checkedInAt !== null,
    })),
  };
}

/** POST /api/public/arrival/{key}/sign/: one participant signs one document's published version. */
export async function signArrival(db: Db, secret: string, key: string, input: SignInput, lang: Lang, client: Client) {
  const ref = await orderOfKey(db, secret, key);
  const desk = client.deskUser ?? null;
  // A desk signs only for its own location's orders: a token of someone without a role there is refused.
  if (desk !== null && !(await roleAt(db, desk, ref.o.locationId))) throw permissionDenied();
  await lockedTransaction(db, async (tx) => {
    if (!(await lockOrder(tx, ref.o.id))) throw notFound();
    const [o] = await tx.select().from(orders).where(eq(orders.id, ref.o.id));
    if (!o || !isLiveOrder(o)) throw fieldError('non_field_errors', 'arrival_order_cancelled');
    const tz = ref.l.timezone;
    const session = await firstSessionOf(tx, o.id);
    const until = signingUntil(tz, session?.timeStart ?? null);
    if (until === null || Date.now() >= until) throw fieldError('non_field_errors', 'arrival_signing_closed', { hours: SIGNING_HOURS_AFTER_SESSION });
    await ensureParticipants(tx, [o.id]);
    const participant = ((await participantsOf(tx, [o.id])).get(o.id) ?? []).find((p) => p.id === input.participant);
    if (!participant) throw fieldError('participant', 'arrival_participant_unknown');
    const published = (await publishedDocuments(tx, o.locationId)).find((d) => d.version.id === input.document_version);
    // A version of this location that is not the one published now: an older one (read the new), or none of its own.
    if (!published) throw fieldError('document_version', 'arrival_version_outdated');
    const today = wallClockNow(tz).slice(0, 10);
    if (input.birth_date > today) throw fieldError('birth_date', 'arrival_birth_date_future');
    const minor = isMinor(input.birth_date, session!.date, ref.l.minorAge);
    const guardian = input.guardian && input.guardian.name && input.guardian.relation ? input.guardian : null;
    if (minor && !guardian) throw new ApiError(400, undefined, { guardian: [{ key: 'arrival_guardian_required', params: { age: ref.l.minorAge } }] });
    if (participant.signed.has(published.version.id)) return;
    const shown = textIn(published.version, lang);
    await tx.insert(consentSignatures).values({
      orderId: o.id, participantId: participant.id, consentTextId: published.version.id, textHash: shown.hash, language: shown.language,
      signedName: input.name, birthDate: input.birth_date, guardianName: minor ? guardian!.name : null, guardianRelation: minor ? guardian!.relation : null,
      ip: client.ip, userAgent: client.userAgent,
    }).onConflictDoNothing();
    // The participant is who signed last: their typed name and birth date.
    await tx.update(orderParticipants).set({ name: input.name, birthDate: input.birth_date })
      .where(and(eq(orderParticipants.id, participant.id), eq(orderParticipants.orderId, o.id)));
    await recordEffects(tx, { orderLog: { orderId: o.id, type: 'signed', author: desk,
      data: { by: desk === null ? BY_CUSTOMER : BY_DESK, participant: input.name, document: published.doc.kind, version: published.version.version } } });
  });
  return arrivalPage(db, secret, key, lang);
}

/**
 * #44 The widget's consent box is the lead guest's signature of the personal-data document: the
 * version the customer was shown, in the language shown, with their name, address and browser (no
 * birth date: the widget does not ask it). In the booking's transaction.
 */
export async function signForLead(tx: DbOrTx, orderId: number, version: typeof consentTexts.$inferSelect, lang: Lang, who: { name: string; ip: string; userAgent: string }) {
  await ensureParticipants(tx, [orderId]);
  const [lead] = await tx.select({ id: orderParticipants.id }).from(orderParticipants).where(and(eq(orderParticipants.orderId, orderId), eq(orderParticipants.position, 1)));
  if (!lead) return;
  const shown = textIn(version, lang);
  await tx.insert(consentSignatures).values({
    orderId, participantId: lead.id, consentTextId: version.id, textHash: shown.hash, language: shown.language, signedName: who.name, ip: who.ip, userAgent: who.userAgent,
  }).onConflictDoNothing();
}
