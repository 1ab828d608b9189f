// #47 Erasure of a guest's personal data (152-FZ art. 21), on request or by the location's retention
// setting (retention.ts). One transaction per person, with the person's orders locked:
// - their own columns: the order's name, phone and e-mail; the participants' names and birth dates;
//   the signatures' typed names, birth dates, guardians, addresses and browsers; the consents'
//   addresses and browsers; the messages' recipients and texts;
// - everything that may quote them (order logs, comments, activity entries, live events, webhook
//   deliveries and their answers, queued jobs and their errors, stored answers of retried calls,
//   certificates' buyers, balance transactions, till movements' and shifts' comments, other requests'
//   comments): each value found by valuesPattern (person.ts) becomes ***;
// - the money stays as it was (amounts, tenders, reports), with the person anonymised, as tax law
//   requires; the consent proofs stay as the document's version, its text's hash, the time and a
//   keyed hash of the name and phone (subject_hash);
// - the erasure is logged in person_erasures and the activity log, without the erased values; the
//   person's open data requests are done (`erased`).
// Activity entries are append-only (#41) and the till's closed records never change (#43); the
// migration's triggers let an erasure's transaction (app.erasure) rewrite their free texts, nothing else.
import { sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { recordEffects } from '../../platform/effects';
import { forgetLetters } from '../../platform/mail';
import { badRequestDetail } from '../../platform/errors';
import { ERASED_MARK, ERASED_NAME } from '../../../domain/guestData';
import { ORDER_STATUS } from '../../../domain/slotFlags';
import { identifiersOf, subjectHash, valuesPattern, type Identifiers } from './person';

export interface ErasedPerson { orders: number; emails: string[] }

export interface Erasure {
  locationId: number;
  orderIds: number[];
  /** The contact asked for (its stored forms), erased also where no order holds it (a certificate's buyer, a request). */
  contact?: { phone: string | null; email: string | null };
  /** The keyed hashes' key (person.ts erasureKey), read before the transaction. */
  key: string;
  reason: string;
  /** Who asked (null: the retention job). */
  userId: number | null;
  byRetention: boolean;
  /** What stands for the person in the log: the keyed hash of the contact asked for. */
  contactHash: string;
}

const idList = (ids: number[]) => sql.join(ids.map((id) => sql`${id}`), sql`, `);

/** The orders among these still to come (a live booking whose session has not begun), as "#12, #15". */
export async function upcomingOrders(db: DbOrTx, orderIds: number[]): Promise<number[]> {
  if (!orderIds.length) return [];
  const rows = await db.execute<{ id: string }>(sql`
    SELECT DISTINCT o.id FROM orders o
    JOIN locations l ON l.id = o.location_id
    JOIN order_playsessions op ON op.order_id = o.id JOIN playsessions ps ON ps.id = op.playsession_id
    WHERE o.id IN (${idList(orderIds)}) AND o.status NOT IN (${ORDER_STATUS.cancelled}, ${ORDER_STATUS.cartCancelled})
      AND (ps.time_start::timestamp AT TIME ZONE l.timezone) > now()
    ORDER BY o.id`);
  return rows.rows.map((r) => Number(r.id));
}

/** A text column with every value of the pattern replaced. */
const scrubText = (column: SQL, pattern: string) => sql`regexp_replace(${column}, ${pattern}, ${ERASED_MARK}, 'gi')`;
/** A jsonb column likewise: the values sit inside its JSON strings, so the text stays JSON. */
const scrubJson = (column: SQL, pattern: string) => sql`regexp_replace(${column}::text, ${pattern}, ${ERASED_MARK}, 'gi')::jsonb`;

/**
 * Erases the orders' personal data in the caller's transaction `tx` (the orders locked by the caller).
 * Answers how many orders it erased (those erased meanwhile are skipped) and the e-mails it erased
 * (the mail folder's letters to them go after the commit: mail.ts forgetLetters).
 */
export async function eraseOrders(tx: DbOrTx, e: Erasure): Promise<ErasedPerson> {
  await tx.execute(sql`SELECT set_config('app.erasure', 'on', true)`);
  const locked = e.orderIds.length ? await tx.execute<{ id: string }>(sql`
    SELECT id FROM orders WHERE id IN (${idList(e.orderIds)}) AND location_id = ${e.locationId} AND personal_data_erased_at IS NULL ORDER BY id FOR UPDATE`) : { rows: [] };
  const ids = locked.rows.map((r) => Number(r.id));
  // Orders found and erased meanwhile (a second run of the retention job): nothing left to do.
  if (!ids.length && e.orderIds.length) return { orders: 0, emails: [] };
  const list = idList(ids.length ? ids : [0]);
  const found: Identifiers = await identifiersOf(tx, ids);
  const { phone, email } = e.contact ?? { phone: null, email: null };
  if (phone && !found.phones.includes(phone)) found.phones.push(phone);
  if (email && !found.emails.includes(email)) found.emails.push(email);
  // The names a certificate's buyer gave under this contact.
  // A certificate's buyer under this contact: the name, phone and e-mail they gave.
  const buyers = await tx.execute<{ name: string | null; phone: string | null; email: string | null }>(sql`
    SELECT DISTINCT booked_by->>'name' AS name, booked_by->>'phone' AS phone, lower(booked_by->>'email') AS email FROM certificates
    WHERE creating_location_id = ${e.locationId} AND booked_by IS NOT NULL
      AND (booked_by->>'phone' IN (${sql.join([...found.phones, ''].map((v) => sql`${v}`), sql`, `)})
        OR lower(booked_by->>'email') IN (${sql.join([...found.emails, ''].map((v) => sql`${v}`), sql`, `)}))`);
  const add = (list: string[], value: string | null) => { const v = value?.trim(); if (v && !list.includes(v)) list.push(v); };
  for (const b of buyers.rows) {
    add(found.names, b.name);
    add(found.phones, b.phone);
    add(found.emails, b.email);
  }
  const pattern = valuesPattern(found);

  // The addresses the customer acted from (their consents, signatures and own actions): their
  // rate-limit counters (`<limit>|<address>`) go with them below.
  const addresses = (await tx.execute<{ ip: string }>(sql`
    SELECT ip FROM order_consents WHERE order_id IN (${list}) AND ip <> ''
    UNION SELECT ip FROM consent_signatures WHERE order_id IN (${list}) AND ip <> ''
    UNION SELECT ip FROM activity_entries WHERE location_id = ${e.locationId} AND user_id IS NULL AND ip IS NOT NULL
      AND subject IN (${sql.join(ids.length ? ids.map((id) => sql`${`#${id}`}`) : [sql`''`], sql`, `)})`)).rows.map((r) => r.ip);

  // The consent proofs' keyed hashes, from the values as they are now.
  const signatures = await tx.execute<{ id: string; signed_name: string; phone: string }>(sql`
    SELECT s.id, s.signed_name, o.phone FROM consent_signatures s JOIN orders o ON o.id = s.order_id WHERE s.order_id IN (${list})`);
  for (const s of signatures.rows) {
    await tx.execute(sql`UPDATE consent_signatures SET subject_hash = ${subjectHash(e.key, s.signed_name, s.phone)}, signed_name = '', birth_date = NULL,
      guardian_name = NULL, guardian_relation = NULL, ip = '', user_agent = '' WHERE id = ${Number(s.id)}`);
  }
  const consents = await tx.execute<{ id: string; name: string; phone: string }>(sql`
    SELECT c.id, o.name, o.phone FROM order_consents c JOIN orders o ON o.id = c.order_id WHERE c.order_id IN (${list})`);
  for (const c of consents.rows) {
    await tx.execute(sql`UPDATE order_consents SET subject_hash = ${subjectHash(e.key, c.name, c.phone)}, ip = '', user_agent = '' WHERE id = ${Number(c.id)}`);
  }
  const requests = await tx.execute<{ id: string; phone: string; email: string }>(sql`
    SELECT id, phone, email FROM data_requests WHERE location_id = ${e.locationId}
      AND ((phone <> '' AND phone IN (${sql.join([...found.phones, ''].map((p) => sql`${p}`), sql`, `)}))
        OR (email <> '' AND lower(email) IN (${sql.join([...found.emails, ''].map((m) => sql`${m}`), sql`, `)})))`);
  for (const r of requests.rows) {
    await tx.execute(sql`UPDATE data_requests SET subject_hash = ${subjectHash(e.key, r.phone, r.email)}, phone = '', email = '',
      status = 'done', closed_how = CASE WHEN status = 'open' THEN 'erased' ELSE closed_how END,
      closed_at = CASE WHEN status = 'open' THEN now() ELSE closed_at END, closed_by = CASE WHEN status = 'open' THEN ${e.userId}::integer ELSE closed_by END
      WHERE id = ${Number(r.id)}`);
  }

  // The orders' and their guests' own columns.
  const comment = pattern ? scrubText(sql`comment`, pattern) : sql`comment`;
  await tx.execute(sql`UPDATE orders SET name = ${ERASED_NAME}, phone = '', email = NULL, comment = ${comment},
    personal_data_erased_at = now(), updated_at = now() WHERE id IN (${list})`);
  await tx.execute(sql`UPDATE order_participants SET name = '', birth_date = NULL WHERE order_id IN (${list})`);
  await tx.execute(sql`UPDATE messages SET recipient = '', subject = NULL, body = NULL,
    error = ${pattern ? scrubText(sql`error`, pattern) : sql`error`}, data = ${pattern ? scrubJson(sql`data`, pattern) : sql`data`} WHERE order_id IN (${list})`);
  // The customer's own address where the customer acted (an entry of their order without a user).
  if (ids.length) {
    const subjects = sql.join(ids.map((id) => sql`${`#${id}`}`), sql`, `);
    await tx.execute(sql`UPDATE activity_entries SET ip = NULL WHERE location_id = ${e.locationId} AND user_id IS NULL AND subject IN (${subjects}) AND ip IS NOT NULL`);
  }
  const unsubscribed = [...found.emails, ...found.phones.map((p) => p.replace(/\D/g, '')).filter(Boolean)];
  if (unsubscribed.length) {
    await tx.execute(sql`DELETE FROM marketing_unsubscribes WHERE location_id = ${e.locationId} AND contact IN (${sql.join(unsubscribed.map((c) => sql`${c}`), sql`, `)})`);
  }

  if (addresses.length) {
    await tx.execute(sql`DELETE FROM rate_limit_hits WHERE substring(bucket from position('|' in bucket) + 1) IN (${sql.join(addresses.map((a) => sql`${a}`), sql`, `)})`);
  }
  if (pattern) {
    const p = pattern;
    await tx.execute(sql`UPDATE order_logs SET text = ${scrubText(sql`text`, p)}, data = ${scrubJson(sql`data`, p)}
      WHERE order_id IN (${list}) AND (text ~* ${p} OR data::text ~* ${p})`);
    await tx.execute(sql`UPDATE payments SET comment = ${scrubText(sql`comment`, p)} WHERE order_id IN (${list}) AND comment ~* ${p}`);
    await tx.execute(sql`UPDATE activity_entries SET subject = ${scrubText(sql`subject`, p)}, before = ${scrubJson(sql`before`, p)}, after = ${scrubJson(sql`after`, p)}
      WHERE location_id = ${e.locationId} AND (subject ~* ${p} OR before::text ~* ${p} OR after::text ~* ${p})`);
    await tx.execute(sql`UPDATE location_events SET payload = ${scrubJson(sql`payload`, p)} WHERE location_id = ${e.locationId} AND payload::text ~* ${p}`);
    await tx.execute(sql`UPDATE webhook_deliveries SET body = ${scrubText(sql`body`, p)}
      WHERE webhook_id IN (SELECT id FROM webhooks WHERE location_id = ${e.locationId}) AND body ~* ${p}`);
    await tx.execute(sql`UPDATE jobs SET payload = ${scrubJson(sql`payload`, p)} WHERE payload::text ~* ${p}`);
    await tx.execute(sql`UPDATE idempotency_keys SET response = ${scrubJson(sql`response`, p)} WHERE response::text ~* ${p}`);
    await tx.execute(sql`UPDATE certificates SET booked_by = ${scrubJson(sql`booked_by`, p)} WHERE creating_location_id = ${e.locationId} AND booked_by::text ~* ${p}`);
    await tx.execute(sql`UPDATE transactions SET description = ${scrubText(sql`description`, p)} WHERE location_id = ${e.locationId} AND description ~* ${p}`);
    await tx.execute(sql`UPDATE transaction_disputes SET text = ${scrubText(sql`text`, p)}
      WHERE transaction_id IN (SELECT id FROM transactions WHERE location_id = ${e.locationId}) AND text ~* ${p}`);
    await tx.execute(sql`UPDATE data_requests SET comment = ${scrubText(sql`comment`, p)} WHERE location_id = ${e.locationId} AND comment ~* ${p}`);
    await tx.execute(sql`UPDATE webhook_attempts SET response_excerpt = ${scrubText(sql`response_excerpt`, p)}
      WHERE delivery_id IN (SELECT d.id FROM webhook_deliveries d JOIN webhooks wh ON wh.id = d.webhook_id WHERE wh.location_id = ${e.locationId}) AND response_excerpt ~* ${p}`);
    await tx.execute(sql`UPDATE jobs SET last_error = ${scrubText(sql`last_error`, p)} WHERE last_error ~* ${p}`);
    await tx.execute(sql`UPDATE till_movements SET comment = ${scrubText(sql`comment`, p)}
      WHERE shift_id IN (SELECT id FROM till_shifts WHERE location_id = ${e.locationId}) AND comment ~* ${p}`);
    await tx.execute(sql`UPDATE till_shifts SET float_comment = ${scrubText(sql`float_comment`, p)}, confirm_comment = ${scrubText(sql`confirm_comment`, p)}
      WHERE location_id = ${e.locationId} AND (float_comment ~* ${p} OR confirm_comment ~* ${p})`);
    await tx.execute(sql`DELETE FROM rate_limit_hits WHERE bucket ~* ${p}`);
  }

  // The reason as typed may name the person too (the pattern is valid in JavaScript as it is in PostgreSQL).
  const reason = pattern ? e.reason.replace(new RegExp(pattern, 'giu'), ERASED_MARK) : e.reason;
  await tx.execute(sql`INSERT INTO person_erasures (location_id, orders, reason, by_retention, subject_hash, user_id)
    VALUES (${e.locationId}, ${ids.length}, ${reason}, ${e.byRetention}, ${e.contactHash}, ${e.userId})`);
  await recordEffects(tx, {
    activity: {
      locationId: e.locationId, kind: 'people.erased', subject: ids.length ? ids.map((id) => `#${id}`).join(', ') : ERASED_MARK,
      before: { orders_erased: ids.length }, after: { orders_erased: ids.length, erase_reason: reason, by_retention: e.byRetention },
      ...(e.userId === null ? { actor: { userId: null, ip: null } } : {}),
    },
    orderLog: ids.map((orderId) => ({ orderId, type: 'personal_data_erased' as const, author: e.userId, data: { by: e.userId === null ? 'system' : 'staff' } })),
  });
  return { orders: ids.length, emails: found.emails };
}

/**
 * Erases in its own transaction (`check` runs under the orders' lock first: the request's refusals),
 * then the letters the mail folder keeps for the person's e-mails (`mailDir`: none with SMTP).
 */
export async function eraseInTransaction(db: Db, e: Erasure, mailDir: string | null, check?: (tx: DbOrTx) => Promise<void>): Promise<number> {
  const erased = await db.transaction(async (tx) => {
    if (e.orderIds.length) await tx.execute(sql`SELECT id FROM orders WHERE id IN (${idList(e.orderIds)}) ORDER BY id FOR UPDATE`);
    if (check) await check(tx);
    return eraseOrders(tx, e);
  });
  if (mailDir) await forgetLetters(mailDir, erased.emails);
  return erased.orders;
}

/** 400 `person_has_upcoming` naming the orders still to come. */
export async function refuseUpcoming(tx: DbOrTx, orderIds: number[]): Promise<void> {
  const upcoming = await upcomingOrders(tx, orderIds);
  if (upcoming.length) throw badRequestDetail('person_has_upcoming', { orders: upcoming.map((id) => `#${id}`).join(', ') });
}
