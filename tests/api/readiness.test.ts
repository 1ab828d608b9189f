// #42 The setup checklist (GET /api/v2.2/locations/{id}/readiness/) and selling before online
// payments, on an EMPTY installation (no demo data, so no sandbox provider): a location made through
// the API goes step by step from nothing to ready, the answer read at each step in ru and en; the
// schedule's prepayment defaults to 0 % without a provider; the widget books at 0 % unpaid (status 2)
// and says "pay at the venue", and refuses a prepayment it cannot take in the customer's words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READINESS_STEPS } from '../../domain/readiness';
import { addDays } from '../../domain/businessDay';
import { composeConsent, defaultConsentDetails, DOCUMENT_TEMPLATES } from '../../domain/documentTemplates';
import { seedReference } from '../../server/db/seed/demo';
import { createHarness, type Harness } from './harness';

type Json = Record<string, any>;

const CONSENT_INCOMPLETE = {
  ru: 'Согласие на обработку персональных данных не заполнено (оператор, его ИНН и адрес, цели, перечень данных, действия, срок, порядок отзыва): виджет собирает данные гостей без действующего согласия.',
  en: 'The personal-data consent is not filled in (the operator, its INN and address, the purposes, the data, the actions, the term, how to withdraw): the widget collects guests\' data without a valid consent.',
};
const NO_POLICY = {
  ru: 'Нет ссылки на политику обработки персональных данных: закон требует опубликовать её там, где виджет собирает данные.',
  en: 'No link to the personal-data policy: the law asks it to be published where the widget collects data.',
};
const NO_RULES = {
  ru: 'Приход гостей отмечается, а правил посещения и инструктажа нет: гости подписывают только согласие на обработку персональных данных.',
  en: 'Arrivals are on, but there are no visitor rules and safety briefing: guests sign only the personal-data consent.',
};
let h: Harness;
let owner: string;
let loc: number;
let other: number;

const q = async <T = Json>(text: string, values: unknown[] = []) => (await h.database.pool.query(text, values)).rows as T[];

async function ok(method: string, url: string, body?: unknown, status = 200): Promise<Json> {
  const res = await h.call(method, url, { token: owner, body });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
  return res.body ? res.json() : {};
}

async function readiness(lang: 'ru' | 'en' = 'ru', at = loc): Promise<Json> {
  return (await h.call('GET', `/api/v2.2/locations/${at}/readiness/`, { token: owner, lang })).json();
}

/** A step as the tests read it: done, what it blocks and its missing codes and texts. */
const step = (r: Json, key: string) => r.steps.find((s: Json) => s.key === key);
const codes = (r: Json, key: string) => step(r, key).missing.map((m: Json) => m.code);
const texts = (r: Json, key: string) => step(r, key).missing.map((m: Json) => m.text);
const notDone = (r: Json) => r.steps.filter((s: Json) => !s.done).map((s: Json) => s.key);

const pub = (method: 'GET' | 'POST', url: string, body?: unknown) =>
  h.app.inject({ method, url, remoteAddress: '198.51.100.7', ...(body !== undefined ? { payload: body as object } : {}) });

const translation = (language: string, address: string) => ({
  language, name: language === 'ru' ? 'VR Старт' : 'VR Start', address, distance: '—', opening_times: '10–22', payment_description: '—', parking_description: '—', description: '—',
});

let group: number;
let cube: number;
let schedule: number;
let today: string;

const scheduleBody = (items: unknown[], over: Json = {}) => ({
  name: 'Основное', start_dt: today, disabled: false, playground_group: group, location: loc, breaks: [], items, ...over,
});
const item = (dayTypes: number[], pricing: Json) => ({ begin: '10:00', end: '22:00', duration: 60, overlap: 0, day_types: dayTypes, breaks: [], pricing: [{ start: '10:00', ...pricing }] });

beforeAll(async () => {
  h = await createHarness({ demo: false });
  await seedReference(h.database.db);
  const made = await h.userWithToken('owner@example.com', []);
  await q('update users set is_owner = true where id = $1', [made.id]);
  owner = made.token;
  const body = { name: 'VR Старт', city: 'Казань', country: 'Россия', timezone: 'Europe/Moscow', currency: 'RUB', languages: ['ru', 'en'] };
  loc = (await ok('POST', '/api/v2.1/locations/', body, 201)).id;
  other = (await ok('POST', '/api/v2.1/locations/', { ...body, name: 'VR Другая' }, 201)).id;
  today = (await q<{ d: string }>(`select to_char((now() at time zone 'Europe/Moscow') - interval '6 hours', 'YYYY-MM-DD') as d`))[0]!.d;
}, 120_000);
afterAll(async () => { await h?.close(); });

describe('the setup checklist, step by step from nothing to ready', () => {
  it('a new location: every step in order, nothing sells yet, each step says what it lacks and what that blocks, in ru and en', async () => {
    const ru = await readiness('ru');
    expect(ru.steps.map((s: Json) => s.key)).toEqual([...READINESS_STEPS]);
    expect(READINESS_STEPS).toEqual(['location', 'playgrounds', 'group', 'games', 'schedule', 'staff', 'online_payments', 'widget', 'documents']);
    expect(ru).toMatchObject({ ready_desk: false, ready_online: false });
    expect(ru.steps).toEqual([
      { key: 'location', done: false, blocks: [], missing: [{ code: 'no_address', text: 'Гостям не указан адрес.' }] },
      { key: 'playgrounds', done: false, blocks: ['desk', 'online'], missing: [{ code: 'no_playgrounds', text: 'Пока нет ни одной площадки.' }] },
      { key: 'group', done: false, blocks: ['desk', 'online'], missing: [{ code: 'no_group', text: 'Пока нет группы площадок: расписание задаётся группе.' }] },
      { key: 'games', done: false, blocks: [], missing: [{ code: 'no_games', text: 'На локации пока нет игр.' }] },
      { key: 'schedule', done: false, blocks: ['desk', 'online'], missing: [{ code: 'no_schedule', text: 'Пока нет расписания с ценами.' }] },
      { key: 'staff', done: false, blocks: [], missing: [{ code: 'no_staff', text: 'Никого не пригласили: кассиры и администраторы входят по приглашению.' }] },
      { key: 'online_payments', done: false, blocks: [], missing: [{ code: 'no_provider', text: 'Онлайн-оплата не подключена: виджет принимает брони с оплатой на месте.' }] },
      { key: 'widget', done: false, blocks: [], missing: [{ code: 'no_phone', text: 'Не указан телефон площадки: гостям из виджета некуда позвонить.' }] },
      { key: 'documents', done: false, blocks: ['online'], missing: [
        { code: 'consent_incomplete', text: CONSENT_INCOMPLETE.ru },
        { code: 'no_privacy_policy', text: NO_POLICY.ru },
      ] },
    ]);
    const en = await readiness('en');
    expect(en.steps.map((s: Json) => [s.key, s.missing.map((m: Json) => m.text)])).toEqual([
      ['location', ['Guests are not told the address.']],
      ['playgrounds', ['No playground yet.']],
      ['group', ['No playground group yet: a schedule belongs to a group.']],
      ['games', ['No game at this location yet.']],
      ['schedule', ['No schedule with prices yet.']],
      ['staff', ['Nobody is invited yet: cashiers and administrators join by invitation.']],
      ['online_payments', ['Online payments are not connected: the widget takes bookings paid at the venue.']],
      ['widget', ['No venue phone: the widget cannot tell guests whom to call.']],
      ['documents', [CONSENT_INCOMPLETE.en, NO_POLICY.en]],
    ]);
  });

  it('documents (#44): a personal-data consent with every fact and the policy link, else online is blocked; the rules asked once arrivals are on, as advice', async () => {
    const [pd] = (await ok('GET', `/api/v2.2/locations/${loc}/consent_documents/`)) as unknown as Json[];
    // The consent as the documents screen writes it from the facts; the operator's own facts typed.
    const details = { ...defaultConsentDetails(), operator: 'ООО «ВР Старт»', inn: '7701234560', address: 'г. Казань, ул. Баумана, д. 1' };
    await ok('PUT', `/api/v2.2/consent_documents/${pd!.id}/`, { text_ru: composeConsent('ru', details), text_en: composeConsent('en', details), details });
    let r = await readiness();
    expect(step(r, 'documents')).toEqual({ key: 'documents', done: false, blocks: ['online'], missing: [{ code: 'no_privacy_policy', text: NO_POLICY.ru }] });

    await ok('PUT', `/api/v2.1/locations/${loc}/`, { privacy_policy_url: 'https://vr-start.example/privacy' });
    r = await readiness();
    expect(step(r, 'documents')).toEqual({ key: 'documents', done: true, blocks: [], missing: [] });

    // Arrivals on: guests sign at the door, and without rules they sign only the consent (advice).
    await ok('PUT', `/api/v2.2/locations/${loc}/arrival_settings/`, { arrivals_enabled: true, grace_minutes: 15, minor_age: 18 });
    r = await readiness();
    expect(step(r, 'documents')).toEqual({ key: 'documents', done: false, blocks: [], missing: [{ code: 'no_rules', text: NO_RULES.ru }] });
    expect(texts(await readiness('en'), 'documents')).toEqual([NO_RULES.en]);
    await ok('POST', `/api/v2.2/locations/${loc}/consent_documents/`, { kind: 'rules', text_ru: DOCUMENT_TEMPLATES.rules.ru, text_en: DOCUMENT_TEMPLATES.rules.en }, 201);
    expect(step(await readiness(), 'documents').done).toBe(true);
    await ok('PUT', `/api/v2.2/locations/${loc}/arrival_settings/`, { arrivals_enabled: false, grace_minutes: 15, minor_age: 18 });
  });

  it('playgrounds, then a group: a playground sells only inside a group, one outside is named', async () => {
    cube = (await ok('POST', `/api/v2.1/locations/${loc}/playgrounds/`, { name: 'Куб 1', types: ['the_cube'], max_players: 4, duration: 60 }, 201)).id;
    let r = await readiness();
    expect(step(r, 'playgrounds').done).toBe(true);
    expect(codes(r, 'group')).toEqual(['no_group']);

    group = (await ok('POST', `/api/v2.1/locations/${loc}/groups/`, { name: 'Залы' }, 201)).id;
    r = await readiness();
    expect(step(r, 'group')).toMatchObject({ done: false, blocks: ['desk', 'online'], missing: [{ code: 'group_empty', text: 'Ни в одной группе нет площадок: перетащите площадки в группу.' }] });
    expect(texts(await readiness('en'), 'group')).toEqual(['No group holds a playground: drag the playgrounds into a group.']);

    await ok('PUT', `/api/v2.1/playgrounds/${cube}/group/`, { group });
    const second = (await ok('POST', `/api/v2.1/locations/${loc}/playgrounds/`, { name: 'Арена 2', types: ['arena'], max_players: 8, duration: 60 }, 201)).id;
    r = await readiness();
    // Advice: the cube sells; the arena outside the group does not, and the step says which.
    expect(step(r, 'group')).toEqual({ key: 'group', done: false, blocks: [], missing: [{ code: 'ungrouped', text: 'Вне групп, поэтому не продаются: Арена 2.' }] });
    expect(texts(await readiness('en'), 'group')).toEqual(['Outside any group, so not on sale: Арена 2.']);
    expect(step(r, 'schedule')).toEqual({
      key: 'schedule', done: false, blocks: ['desk', 'online'], missing: [{ code: 'no_schedule', text: 'У группы «Залы» нет расписания.' }],
    });
    expect(texts(await readiness('en'), 'schedule')).toEqual(['Group “Залы” has no schedule.']);
    await ok('PUT', `/api/v2.1/playgrounds/${second}/group/`, { group });
    expect(step(await readiness(), 'group').done).toBe(true);
  });

  it('a schedule saved without its prepayment takes 0 % here (no provider); weekdays only: "no price for weekends"; a per-person price needs a game', async () => {
    const saved = await ok('POST', '/api/v2.1/schedule/', scheduleBody([item([1, 2, 3, 4, 5], { personal_price: '900' })]), 201);
    schedule = saved.id;
    expect(saved.items[0].pricing[0].prepayment).toBe('0');
    let r = await readiness();
    expect(step(r, 'schedule')).toEqual({
      key: 'schedule', done: false, blocks: [], missing: [{ code: 'no_price_days', text: 'Группа «Залы»: нет цены на выходные.' }],
    });
    expect(texts(await readiness('en'), 'schedule')).toEqual(['Group “Залы”: no price for weekends.']);
    // A per-person price asks for a game at every booking: without one nothing sells.
    expect(step(r, 'games')).toEqual({
      key: 'games', done: false, blocks: ['desk', 'online'],
      missing: [{ code: 'no_games', text: 'На локации нет игр, а цена за человека требует выбрать игру при бронировании.' }],
    });
    expect(texts(await readiness('en'), 'games')).toEqual(['No game at this location, while a per-person price needs a game chosen at booking.']);
    expect(r).toMatchObject({ ready_desk: false, ready_online: false });

    const game = (await ok('POST', '/api/v2.1/games/', { name: 'Quest', genre: '', info: [] }, 201)).id;
    await ok('PUT', `/api/v2.1/locations/${loc}/games/`, { games: [{ game, playgrounds: null }] }, 204);
    r = await readiness();
    expect(step(r, 'games').done).toBe(true);
    // Sells at the desk and online (nothing to prepay, so no provider is needed); the rest is advice.
    expect(r).toMatchObject({ ready_desk: true, ready_online: true });

    // Saturday alone priced, then every day: the words follow the days left.
    await ok('PUT', `/api/v2.1/schedule/${schedule}/`, scheduleBody([item([1, 3, 4, 5, 6], { personal_price: '900', prepayment: 0 })]));
    r = await readiness();
    expect(texts(r, 'schedule')).toEqual(['Группа «Залы»: нет цены на вторник, воскресенье.']);
    expect(texts(await readiness('en'), 'schedule')).toEqual(['Group “Залы”: no price for Tuesday, Sunday.']);
    await ok('PUT', `/api/v2.1/schedule/${schedule}/`, scheduleBody([item([1, 2, 3, 4, 5, 6, 7], { session_price: '1800', prepayment: 0 })]));
    expect(step(await readiness(), 'schedule').done).toBe(true);
  });

  it('a schedule that starts later sells nothing before its day: said, as advice', async () => {
    const later = await ok('POST', `/api/v2.1/locations/${loc}/groups/`, { name: 'Новый зал' }, 201);
    const lounge = (await ok('POST', `/api/v2.1/locations/${loc}/playgrounds/`, { name: 'Лаунж', types: ['lounge'], max_players: 6, duration: 60, group: later.id }, 201)).id;
    const start = addDays(today, 10);
    const future = await ok('POST', '/api/v2.1/schedule/', scheduleBody([item([1, 2, 3, 4, 5, 6, 7], { session_price: '500', prepayment: 0 })], { name: 'Открытие', playground_group: later.id, start_dt: start }), 201);
    const r = await readiness();
    const day = start.split('-').reverse().join('.');
    expect(step(r, 'schedule')).toEqual({
      key: 'schedule', done: false, blocks: [],
      missing: [{ code: 'starts_later', text: `Группа «Новый зал»: расписание «Открытие» начнёт действовать ${day}, до этого продавать нечего.` }],
    });
    expect(texts(await readiness('en'), 'schedule')).toEqual([`Group “Новый зал”: schedule “Открытие” starts on ${day}; nothing is on sale before then.`]);
    await ok('DELETE', `/api/v2.1/schedule/${future.id}/`, undefined, 204);
    await ok('DELETE', `/api/v2.1/playgrounds/${lounge}/`, undefined, 204);
    await ok('DELETE', `/api/v2.1/locations/${loc}/groups/?id=${later.id}`, undefined, 204);
    expect(step(await readiness(), 'schedule').done).toBe(true);
  });

  it('staff, the address and the venue\'s phone: then only online payments are left, optional while nothing is prepaid', async () => {
    await ok('POST', `/api/v2.1/locations/${loc}/staff/`, { email: 'cashier@example.com', role: 10, permissions: [] }, 201);
    await ok('PUT', `/api/v2.1/locations/${loc}/`, { translations: [translation('ru', 'Казань, ул. Баумана, 1'), translation('en', 'Kazan, Baumana st. 1')], lat: '55.79', lng: '49.12', country: 'Россия', city: 'Казань' });
    await ok('PUT', `/api/v2.1/locations/${loc}/widget_settings/`, { payment_minutes: 20, cancel_hours: 24, phone: '+78430000001' });
    const r = await readiness();
    expect(notDone(r)).toEqual(['online_payments']);
    expect(step(r, 'online_payments')).toMatchObject({ blocks: [], missing: [{ code: 'no_provider' }] });
    expect(r).toMatchObject({ ready_desk: true, ready_online: true });
  });
});

describe('selling before online payments', () => {
  let sessionDt: string;

  it('a widget booking at 0 % prepayment is made unpaid (status 2), and its confirmation says "pay at the venue" in the customer\'s language', async () => {
    const date = addDays(today, 1);
    const slots = await pub('GET', `/api/public/locations/${loc}/slots/?date=${date}`);
    expect(slots.statusCode, slots.body).toBe(200);
    const sessions = slots.json().playgrounds.find((p: Json) => p.id === cube).sessions as Json[];
    expect(sessions[0]).toMatchObject({ prepayment: '0.00', session_price: '1800.00' });
    sessionDt = sessions[2].time_start;
    for (const [lang, s, words, not] of [['ru', sessions[0], 'Оплата на месте: 1 800,00 ₽', 'Оплачено онлайн'], ['en', sessions[1], 'Pay at the venue: 1,800.00 ₽', 'Paid online']] as const) {
      const body = { playground_id: cube, session_dt: s.time_start, persons: 2, name: 'Гость', phone: '+79161234567', email: `guest-${lang}@example.com`, promocode: '', personal_data_consent: true };
      const price = await pub('POST', `/api/public/locations/${loc}/price/?lang=${lang}`, { playground_id: cube, session_dt: s.time_start, persons: 2, promocode: '' });
      expect(price.json()).toMatchObject({ due_now: '0.00', pay_at_venue: '1800.00' });
      const res = await pub('POST', `/api/public/locations/${loc}/bookings/?lang=${lang}`, body);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ payment_url: null, due_now: '0.00', order: { state: 'booked', paid: '0.00', to_pay: '1800.00' } });
      expect(await q('select status, paid::text from orders where id = $1', [res.json().order.id])).toEqual([{ status: 2, paid: '0.00' }]);
      await h.runJobs();
      const letter = h.letters.find((l) => l.to === `guest-${lang}@example.com`)!;
      expect(letter.text.replace(/\u00a0/g, ' ')).toContain(words);
      expect(letter.text).not.toContain(not);
    }
  });

  it('a prepayment above 0 % without a provider: the checklist blocks online, the widget card warns, and the widget refuses in the customer\'s words with the venue\'s phone', async () => {
    await ok('PUT', `/api/v2.1/schedule/${schedule}/`, scheduleBody([item([1, 2, 3, 4, 5, 6, 7], { session_price: '1800', prepayment: 0.5 })]));
    const r = await readiness();
    expect(r).toMatchObject({ ready_desk: true, ready_online: false });
    expect(step(r, 'online_payments')).toEqual({
      key: 'online_payments', done: false, blocks: ['online'], missing: [
        { code: 'no_provider', text: 'Онлайн-оплата не подключена: виджет принимает брони с оплатой на месте.' },
        { code: 'prepaid_without_provider', text: 'Расписание «Основное» группы «Залы» берёт предоплату 50\u00a0%, а онлайн-оплата не подключена: виджет отказывает его гостям.' },
      ],
    });
    expect(texts(await readiness('en'), 'online_payments')[1]).toBe('Schedule “Основное” of group “Залы” asks a 50% prepayment, but online payments are not connected: the widget turns its guests away.');

    // The widget card (the tools page's widget tab) warns the owner.
    const card = await h.call('GET', `/api/v2.1/locations/${loc}/widget_settings/`, { token: owner, lang: 'en' });
    expect(card.json().warnings).toEqual(['Schedule “Основное” of group “Залы” asks a 50% prepayment, but online payments are not connected: the widget turns its guests away. Connect online payments (the “Online payments” tab) or set the prepayment to 0%.']);
    const ruCard = await h.call('GET', `/api/v2.1/locations/${loc}/widget_settings/`, { token: owner });
    expect(ruCard.json().warnings[0]).toContain('«Основное» группы «Залы» берёт предоплату 50\u00a0%, а онлайн-оплата не подключена');

    const orders = (await q('select count(*)::int as n from orders'))[0]!.n;
    const body = (lang: string) => ({ playground_id: cube, session_dt: sessionDt, persons: 1, name: 'Гость', phone: '+79161234567', email: `late-${lang}@example.com`, promocode: '', personal_data_consent: true });
    for (const [lang, text] of [['ru', 'Онлайн-бронирование временно недоступно. Позвоните: +78430000001'], ['en', 'Online booking is temporarily unavailable. Call: +78430000001']] as const) {
      const price = await pub('POST', `/api/public/locations/${loc}/price/?lang=${lang}`, { playground_id: cube, session_dt: sessionDt, persons: 1, promocode: '' });
      expect(price.statusCode).toBe(400);
      expect(price.json()).toEqual({ non_field_errors: [text] });
      const booked = await pub('POST', `/api/public/locations/${loc}/bookings/?lang=${lang}`, body(lang));
      expect(booked.statusCode).toBe(400);
      expect(booked.json()).toEqual({ non_field_errors: [text] });
      expect(booked.body).not.toMatch(/провайдер|provider/i);
    }
    expect((await q('select count(*)::int as n from orders'))[0]!.n).toBe(orders);

    // A venue without a phone: "call the venue".
    await ok('PUT', `/api/v2.1/locations/${loc}/widget_settings/`, { payment_minutes: 20, cancel_hours: 24, phone: '' });
    for (const [lang, text] of [['ru', 'Онлайн-бронирование временно недоступно. Позвоните, пожалуйста, на площадку.'], ['en', 'Online booking is temporarily unavailable. Please call the venue.']] as const) {
      const booked = await pub('POST', `/api/public/locations/${loc}/bookings/?lang=${lang}`, body(lang));
      expect(booked.json()).toEqual({ non_field_errors: [text] });
    }
    await ok('PUT', `/api/v2.1/locations/${loc}/widget_settings/`, { payment_minutes: 20, cancel_hours: 24, phone: '+78430000001' });
  });

  it('a provider connected: online payments done, the location ready everywhere, a new price row\'s prepayment defaults to 100 %; test keys on a live install block online again', async () => {
    await ok('PUT', `/api/v2.1/locations/${loc}/payment_provider/`, { provider: 'yookassa', shop_id: '123456', secret_key: 'test_secret' });
    let r = await readiness();
    expect(step(r, 'online_payments')).toEqual({
      key: 'online_payments', done: false, blocks: ['online'], missing: [{ code: 'test_keys', text: 'Сохранены тестовые ключи: оплаты по ним не оплачивают заказы.' }],
    });
    expect(texts(await readiness('en'), 'online_payments')).toEqual(['Test keys are saved: the payments made with them pay no order.']);
    await ok('PUT', `/api/v2.1/locations/${loc}/payment_provider/`, { provider: 'yookassa', shop_id: '123456', secret_key: 'live_secret' });
    r = await readiness();
    expect(r).toEqual({ ready_desk: true, ready_online: true, steps: READINESS_STEPS.map((key) => ({ key, done: true, blocks: [], missing: [] })) });
    expect((await h.call('GET', `/api/v2.1/locations/${loc}/widget_settings/`, { token: owner })).json().warnings).toBeUndefined();
    const saved = await ok('PUT', `/api/v2.1/schedule/${schedule}/`, scheduleBody([item([1, 2, 3, 4, 5, 6, 7], { session_price: '1800' })]));
    expect(saved.items[0].pricing[0].prepayment).toBe('1');
  });

  it('a switched-off location sells nowhere', async () => {
    await ok('PUT', `/api/v2.1/locations/${loc}/`, { is_active: false });
    const r = await readiness();
    expect(r).toMatchObject({ ready_desk: false, ready_online: false });
    expect(step(r, 'location')).toEqual({ key: 'location', done: false, blocks: ['desk', 'online'], missing: [{ code: 'inactive', text: 'Локация отключена: её нет ни на кассе, ни в виджете.' }] });
    expect(texts(await readiness('en'), 'location')).toEqual(['The location is switched off: neither the desk nor the widget sells.']);
    await ok('PUT', `/api/v2.1/locations/${loc}/`, { is_active: true });
  });
});

describe('who may read the checklist', () => {
  it('role 40 at that location only: another location\'s administrator 404, a cashier 403, no token 401, an id that is no id 404', async () => {
    const otherAdmin = await h.userWithToken('admin-other@example.com', [[other, 40]]);
    const cashier = await h.userWithToken('cashier-here@example.com', [[loc, 10], [other, 40]]);
    const url = `/api/v2.2/locations/${loc}/readiness/`;
    const foreign = await h.call('GET', url, { token: otherAdmin.token });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('Залы');
    expect((await h.call('GET', url, { token: cashier.token })).statusCode).toBe(403);
    expect((await h.call('GET', url)).statusCode).toBe(401);
    for (const bad of ['abc', '0', '1.0', '99999999999']) expect((await h.call('GET', `/api/v2.2/locations/${bad}/readiness/`, { token: owner })).statusCode, bad).toBe(404);
    expect((await h.call('GET', `${url}?x=1`, { token: owner })).statusCode).toBe(400);
    expect((await h.call('GET', `/api/v2.2/locations/${other}/readiness/`, { token: otherAdmin.token })).statusCode).toBe(200);
  });
});
