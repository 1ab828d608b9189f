// #47 Everything a location holds about a person (152-FZ art. 14: the answer to a request to see
// one's data), found by phone or e-mail: their orders with the sessions, payments and log, the lead
// guest's participation and signatures, their consents, the messages sent to them, the activity
// entries that name them, the certificates they bought, their unsubscribes and their requests. As
// JSON, and as a printable HTML page in the caller's language. Nobody else's data: not the staff's
// (no user ids), not the other guests of their bookings (a booking's companions are counted, not
// named: their data answer their own requests).
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ORDER_STATUS_LABELS, PAYMENT_TYPE_LABELS } from '../../../domain/enumLabels';
import { CONSENT_KIND_LABELS } from '../../../domain/arrivals';
import { MESSAGE_KIND_LABELS } from '../../../domain/customerMessages';
import { DATA_REQUEST_KIND_LABELS } from '../../../domain/guestData';
import { formatInstant, formatWallClock } from '../../../domain/dates';
import { formatMoney, type Currency } from '../../../domain/money';
import type { Lang } from '../../platform/messages';
import { readContact, type Contact } from './person';

const ids = (list: number[]) => sql.join(list.map((id) => sql`${id}`), sql`, `);
type Row = Record<string, unknown>;

async function rows(db: DbOrTx, query: ReturnType<typeof sql>): Promise<Row[]> {
  return (await db.execute<Row>(query)).rows;
}

/** The export's JSON. */
export async function personExport(db: DbOrTx, locationId: number, contact: Contact, orderIds: number[]) {
  const { phone, email } = readContact(contact);
  const [location] = await rows(db, sql`SELECT l.id, l.name, l.timezone, row_to_json(c) AS currency
    FROM locations l LEFT JOIN currencies c ON c.id = l.currency_id WHERE l.id = ${locationId}`);
  const none = !orderIds.length;
  const list = ids(none ? [0] : orderIds);
  const orders = none ? [] : await rows(db, sql`
    SELECT o.id, o.created_at AS created, o.status, o.name, o.phone, o.email, o.persons, o.comment, o.source, o.language,
      o.cost, o.discount, o.purchase, o.paid, o.no_show,
      coalesce((SELECT json_agg(json_build_object('session_dt', ps.time_start, 'playground', pg.name) ORDER BY ps.time_start)
        FROM order_playsessions op JOIN playsessions ps ON ps.id = op.playsession_id JOIN playgrounds pg ON pg.id = ps.playground_id
        WHERE op.order_id = o.id), '[]') AS sessions
    FROM orders o WHERE o.id IN (${list}) ORDER BY o.id`);
  // The lead guest: position 1, or a participant under the order's own name.
  const participants = none ? [] : await rows(db, sql`
    SELECT p.order_id, p.position, p.name, p.birth_date, p.checked_in_at FROM order_participants p JOIN orders o ON o.id = p.order_id
    WHERE p.order_id IN (${list}) AND (p.position = 1 OR (p.name <> '' AND lower(p.name) = lower(o.name))) ORDER BY p.order_id, p.position`);
  const signatures = none ? [] : await rows(db, sql`
    SELECT s.order_id, d.kind AS document, t.version, s.text_hash, s.language, s.signed_name, s.birth_date, s.guardian_name, s.guardian_relation, s.signed_at, s.ip, s.user_agent
    FROM consent_signatures s JOIN order_participants p ON p.id = s.participant_id JOIN orders o ON o.id = s.order_id
    JOIN consent_texts t ON t.id = s.consent_text_id JOIN consent_documents d ON d.id = t.document_id
    WHERE s.order_id IN (${list}) AND (p.position = 1 OR (p.name <> '' AND lower(p.name) = lower(o.name))) ORDER BY s.order_id, s.signed_at`);
  const consents = none ? [] : await rows(db, sql`
    SELECT c.order_id, t.version, t.text_hash, c.accepted_at, c.ip, c.user_agent FROM order_consents c JOIN consent_texts t ON t.id = c.consent_text_id
    WHERE c.order_id IN (${list}) ORDER BY c.order_id`);
  const payments = none ? [] : await rows(db, sql`
    SELECT order_id, id, created, payment_type, status, purchase, provider, comment FROM payments WHERE order_id IN (${list}) ORDER BY order_id, id`);
  const messages = none ? [] : await rows(db, sql`
    SELECT order_id, kind, channel, recipient, subject, body, state, due_at, sent_at FROM messages WHERE order_id IN (${list}) ORDER BY order_id, id`);
  const log = none ? [] : await rows(db, sql`SELECT order_id, created, type, data FROM order_logs WHERE order_id IN (${list}) ORDER BY order_id, id`);
  const subjects = none ? [sql`''`] : orderIds.map((id) => sql`${`#${id}`}`);
  const contactLike = [...(phone ? [phone] : []), ...(email ? [email] : [])];
  const activity = await rows(db, sql`
    SELECT created, kind, subject, before, after FROM activity_entries
    WHERE location_id = ${locationId} AND (subject IN (${sql.join(subjects, sql`, `)})
      ${sql.join(contactLike.map((c) => sql`OR subject ILIKE ${`%${c}%`} OR before::text ILIKE ${`%${c}%`} OR after::text ILIKE ${`%${c}%`}`), sql` `)})
    ORDER BY id`);
  const certificates = await rows(db, sql`
    SELECT unique_number, rate, status, datetime_created AS created, booked_by FROM certificates
    WHERE creating_location_id = ${locationId} AND booked_by IS NOT NULL
      AND (${phone ? sql`booked_by->>'phone' = ${phone}` : sql`false`} OR ${email ? sql`lower(booked_by->>'email') = ${email}` : sql`false`})
    ORDER BY id`);
  const digits = phone?.replace(/\D/g, '') ?? null;
  const unsubscribes = await rows(db, sql`SELECT contact, created_at AS created FROM marketing_unsubscribes
    WHERE location_id = ${locationId} AND contact IN (${sql.join([digits ?? '', email ?? ''].map((c) => sql`${c}`), sql`, `)}) ORDER BY id`);
  const requests = await rows(db, sql`SELECT kind, received_on, due_on, status, closed_how FROM data_requests
    WHERE location_id = ${locationId} AND ((${phone ?? ''} <> '' AND phone = ${phone ?? ''}) OR (${email ?? ''} <> '' AND lower(email) = ${email ?? ''})) ORDER BY id`);

  const of = <T extends Row>(list: T[], orderId: unknown) => list.filter((r) => Number(r.order_id) === Number(orderId)).map(({ order_id: _, ...rest }) => rest);
  const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v);
  const clean = (r: Row): Row => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, iso(v)]));
  return {
    location: { id: Number(location?.id), name: String(location?.name ?? '') },
    timezone: String(location?.timezone ?? 'UTC'),
    currency: (location?.currency ?? null) as Currency | null,
    contact: { phone, email },
    exported_at: new Date().toISOString(),
    names: [...new Set(orders.map((o) => String(o.name)).filter(Boolean))],
    orders: orders.map((o): Record<string, any> => ({
      ...(clean(o) as Record<string, any>), id: Number(o.id), others_in_booking: Math.max(0, Number(o.persons) - 1),
      participation: of(participants, o.id).map(clean), signatures: of(signatures, o.id).map(clean), consents: of(consents, o.id).map(clean),
      payments: of(payments, o.id).map(clean), messages: of(messages, o.id).map(clean), log: of(log, o.id).map(clean),
    })),
    activity: activity.map(clean),
    certificates: certificates.map(clean),
    unsubscribes: unsubscribes.map(clean),
    data_requests: requests.map(clean),
  };
}

export type PersonExport = Awaited<ReturnType<typeof personExport>>;

const escapeHtml = (v: unknown) => String(v ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const WORDS = {
  ru: {
    title: 'Персональные данные гостя', location: 'Локация', contact: 'Контакт', exported: 'Выгружено', names: 'Имена', orders: 'Заказы', none: 'Нет данных',
    order: 'Заказ', created: 'Создан', status: 'Статус', name: 'Имя', phone: 'Телефон', email: 'E-mail', persons: 'Гостей', comment: 'Комментарий',
    sessions: 'Сеансы', price: 'Стоимость', paid: 'Оплачено', others: 'Других гостей в бронировании (их данные сюда не входят)',
    payments: 'Платежи', messages: 'Сообщения', signatures: 'Подписи', consents: 'Согласия из виджета', log: 'История заказа',
    activity: 'Журнал действий', certificates: 'Сертификаты', unsubscribes: 'Отписки', requests: 'Запросы', version: 'версия', birth: 'Дата рождения', address: 'IP',
  },
  en: {
    title: 'A guest\'s personal data', location: 'Location', contact: 'Contact', exported: 'Exported', names: 'Names', orders: 'Orders', none: 'No data',
    order: 'Order', created: 'Created', status: 'Status', name: 'Name', phone: 'Phone', email: 'E-mail', persons: 'Guests', comment: 'Comment',
    sessions: 'Sessions', price: 'Price', paid: 'Paid', others: 'Other guests in the booking (their data are not included)',
    payments: 'Payments', messages: 'Messages', signatures: 'Signatures', consents: 'Consents given in the widget', log: 'Order history',
    activity: 'Activity log', certificates: 'Certificates', unsubscribes: 'Unsubscribes', requests: 'Requests', version: 'version', birth: 'Birth date', address: 'IP',
  },
} as const;

/** The export as a printable page (A4, no scripts), in the caller's language. */
export function exportPage(data: PersonExport, lang: Lang): string {
  const w = WORDS[lang];
  const tz = data.timezone;
  const when = (v: unknown) => (v ? formatInstant(String(v), tz) : '');
  const money = (v: unknown) => formatMoney(String(v ?? '0'), data.currency, lang);
  const table = (head: string[], body: unknown[][]) => (body.length
    ? `<table><thead><tr>${head.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead><tbody>${body.map((r) => `<tr>${r.map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`).join('')}</tbody></table>`
    : `<p class="none">${w.none}</p>`);
  const label = (labels: Record<string, { ru: string; en: string }>, code: unknown) => labels[String(code)]?.[lang] ?? String(code ?? '');
  const orders = data.orders.map((o) => {
    const sessions = (o.sessions as { session_dt: string; playground: string }[]).map((s) => `${s.playground} ${formatWallClock(s.session_dt)}`).join('; ');
    return `<section><h3>${w.order} #${o.id}</h3>
${table([w.created, w.status, w.name, w.phone, w.email, w.persons, w.sessions, w.price, w.paid, w.comment],
    [[when(o.created), label(ORDER_STATUS_LABELS, o.status), o.name, o.phone, o.email ?? '', o.persons, sessions, money(o.purchase), money(o.paid), o.comment]])}
${o.others_in_booking ? `<p>${w.others}: ${o.others_in_booking}</p>` : ''}
<h4>${w.signatures}</h4>${table([w.created, '', w.name, w.birth, w.address], o.signatures.map((s: Row) => [when(s.signed_at), `${label(CONSENT_KIND_LABELS, s.document)}, ${w.version} ${s.version}`, s.signed_name, s.birth_date ?? '', s.ip]))}
<h4>${w.consents}</h4>${table([w.created, w.version, w.address], o.consents.map((c: Row) => [when(c.accepted_at), c.version, c.ip]))}
<h4>${w.payments}</h4>${table([w.created, '', w.status, w.price], o.payments.map((p: Row) => [when(p.created), label(PAYMENT_TYPE_LABELS, p.payment_type), p.status, money(p.purchase)]))}
<h4>${w.messages}</h4>${table([w.created, '', w.contact, '', ''], o.messages.map((m: Row) => [when(m.sent_at ?? m.due_at), label(MESSAGE_KIND_LABELS, m.kind), m.recipient, m.subject ?? '', m.body ?? '']))}
<h4>${w.log}</h4>${table([w.created, ''], o.log.map((l: Row) => [when(l.created), `${l.type} ${JSON.stringify(l.data)}`]))}
</section>`;
  }).join('\n');
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(w.title)}</title>
<style>body{font-family:system-ui,sans-serif;font-size:12px;margin:24px;color:#111}table{border-collapse:collapse;width:100%;margin:4px 0 12px}
th,td{border:1px solid #bbb;padding:3px 6px;text-align:left;vertical-align:top}th{background:#eee}h3{margin-top:20px}.none{color:#666}
@media print{section{break-inside:avoid}}</style></head><body>
<h1>${escapeHtml(w.title)}</h1>
<p>${w.location}: <b>${escapeHtml(data.location.name)}</b><br>${w.contact}: <b>${escapeHtml([data.contact.phone, data.contact.email].filter(Boolean).join(', '))}</b><br>${w.exported}: ${escapeHtml(when(data.exported_at))}</p>
<p>${w.names}: ${escapeHtml(data.names.join(', ') || '—')}</p>
<h2>${w.orders}</h2>${orders || `<p class="none">${w.none}</p>`}
<h2>${w.activity}</h2>${table([w.created, '', '', ''], data.activity.map((a) => [when(a.created), a.kind, a.subject, JSON.stringify(a.after ?? a.before ?? {})]))}
<h2>${w.certificates}</h2>${table(['', w.price, w.status, w.created], data.certificates.map((c) => [c.unique_number, money(c.rate), c.status, when(c.created)]))}
<h2>${w.unsubscribes}</h2>${table([w.contact, w.created], data.unsubscribes.map((u) => [u.contact, when(u.created)]))}
<h2>${w.requests}</h2>${table(['', w.created, '', w.status], data.data_requests.map((r) => [label(DATA_REQUEST_KIND_LABELS, r.kind), r.received_on, r.due_on, r.status]))}
</body></html>`;
}
