// #44 The demo's arrivals: location 1 checks guests in, and its personal-data consent (version 2,
// filled in from the template with a made-up operator) and its rules and briefing are published, in
// Russian and English. The other locations keep arrivals off, as every location that existed before.
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { consentTexts, locations, orderLogs } from '../schema';
import { CONSENT_PLACEHOLDER, consentTemplate } from '../../../domain/consentTemplate';
import type { ConsentDetails } from '../../../domain/arrivals';
import { consentHash, currentConsent, ensureConsentDocument } from '../../modules/locations/consent';

/** The operator of the demo (a made-up company; the INN has valid check digits). */
export const DEMO_OPERATOR: Required<ConsentDetails> = {
  operator: 'ООО «ВР Арена»',
  inn: '7701234560',
  address: 'г. Москва, ул. Тверская, д. 1',
  purposes: 'бронирование и оказание услуг площадки, связь по бронированию, оплата и чеки, возвраты, подтверждение согласия',
  data: 'имя, телефон, электронная почта, дата рождения, сведения о бронировании и о согласии',
  actions: 'сбор, запись, хранение, уточнение, использование, передача лицам по поручению, удаление, уничтожение; смешанная обработка',
  term: 'до достижения целей, но не дольше 3 лет со дня последнего бронирования, или до отзыва',
  withdrawal: 'заявление на privacy@vr-arena.example или по адресу оператора',
};

/** The template's places in brackets, in their order, filled with the demo operator's facts. */
function filled(lang: 'ru' | 'en'): string {
  const values = lang === 'ru'
    ? [DEMO_OPERATOR.operator, DEMO_OPERATOR.inn, '1027700000001', DEMO_OPERATOR.address, 'ООО НКО «ЮМани», г. Москва, ул. Садовническая, д. 82, стр. 2', 'ООО «Хостинг», г. Москва, Пресненская наб., д. 12', '3 лет', DEMO_OPERATOR.address, 'privacy@vr-arena.example']
    : ['VR Arena LLC (ООО «ВР Арена»)', DEMO_OPERATOR.inn, '1027700000001', '1 Tverskaya St., Moscow', 'YooMoney (ООО НКО «ЮМани»), 82/2 Sadovnicheskaya St., Moscow', 'Hosting LLC, 12 Presnenskaya Emb., Moscow', '3 years', '1 Tverskaya St., Moscow', 'privacy@vr-arena.example'];
  let i = 0;
  return consentTemplate(lang, { venue: lang === 'ru' ? 'VR Арена Москва' : 'VR Arena Moscow' }).replace(CONSENT_PLACEHOLDER, () => values[i++] ?? '');
}

export const DEMO_RULES = {
  ru: `Правила посещения и инструктаж

1. Перед игрой сотрудник проводит инструктаж по безопасности; начинать игру без него нельзя.
2. Играть можно только в выданном оборудовании и в пределах игровой зоны; при головокружении или плохом самочувствии снимите шлем и скажите сотруднику.
3. Не играйте в состоянии алкогольного или иного опьянения, при эпилепсии, беременности, недавних травмах и болезнях сердца.
4. Дети до 14 лет играют под присмотром взрослого; за участника младше 18 лет подписывает родитель или опекун.
5. Берегите оборудование: за умышленную порчу отвечает тот, кто её причинил, по закону.
6. Слушайте указания сотрудников: они могут остановить игру, если она угрожает вашей безопасности или безопасности других.

Подписывая, я подтверждаю, что прошёл инструктаж, понимаю правила и буду их соблюдать.`,
  en: `Visitor rules and safety briefing

1. Before playing, a staff member gives a safety briefing; nobody plays without it.
2. Play only in the equipment given to you and within the play area; if you feel dizzy or unwell, take off the headset and tell a staff member.
3. Do not play under the influence of alcohol or other substances, with epilepsy, during pregnancy, after recent injuries or with heart conditions.
4. Children under 14 play under an adult's supervision; a parent or guardian signs for a participant under 18.
5. Take care of the equipment: whoever damages it on purpose is liable as the law provides.
6. Follow the staff's instructions: they may stop a game that endangers you or others.

By signing I confirm that I was briefed, understand these rules and will follow them.`,
};

export async function seedArrivals(tx: Tx, adminId: number): Promise<void> {
  const locationId = 1;
  await tx.update(locations).set({ arrivalsEnabled: true, arrivalsSince: new Date(Date.now() - 86_400_000) }).where(eq(locations.id, locationId));
  await seedNoShow(tx, locationId);
  const before = await currentConsent(tx, locationId);
  const ru = filled('ru');
  const en = filled('en');
  await tx.insert(consentTexts).values({
    locationId, documentId: before.documentId, version: before.version + 1, text: ru, textHash: consentHash(ru), textEn: en, details: DEMO_OPERATOR, createdBy: adminId,
  });
  const rules = await ensureConsentDocument(tx, locationId, 'rules', adminId);
  await tx.insert(consentTexts).values({
    locationId, documentId: rules, version: 1, text: DEMO_RULES.ru, textHash: consentHash(DEMO_RULES.ru), textEn: DEMO_RULES.en, createdBy: adminId,
  });
}

/**
 * #44 One no-show to see (the orders list's filter, the daily report, the booking form's phone): the
 * latest live paid-type order of a session begun more than the grace minutes ago is flagged as the job
 * would flag it, and arrivals count from its session on (the job flags the rest of that span when the demo runs).
 */
async function seedNoShow(tx: Tx, locationId: number): Promise<void> {
  const found = await tx.execute<{ id: string; started: Date }>(sql`
    SELECT o.id, (ps.time_start::timestamp AT TIME ZONE l.timezone) AS started FROM orders o
      JOIN locations l ON l.id = o.location_id JOIN order_playsessions op ON op.order_id = o.id JOIN playsessions ps ON ps.id = op.playsession_id
    WHERE o.location_id = ${locationId} AND o.order_type = 1 AND o.status NOT IN (1, 4, 5)
      AND (ps.time_start::timestamp AT TIME ZONE l.timezone) < now() - make_interval(mins => l.arrival_grace_minutes)
    ORDER BY ps.time_start DESC, o.id DESC LIMIT 1`);
  const row = found.rows[0];
  if (!row) return;
  const orderId = Number(row.id);
  await tx.execute(sql`UPDATE orders SET no_show = true WHERE id = ${orderId}`);
  await tx.execute(sql`UPDATE locations SET arrivals_since = least(arrivals_since, ${new Date(row.started).toISOString()}::timestamptz) WHERE id = ${locationId}`);
  await tx.insert(orderLogs).values({ orderId, type: 'no_show', text: '', data: { by: 'system' }, authorUserId: null });
}
