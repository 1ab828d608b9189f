// #44 Arrival against real PostgreSQL: a location's consent documents (versions, what a complete
// personal-data consent needs, every refusal in words), the guest's page by the order's key (first
// names only, signing with version and hash, re-signing after a new version, a minor's guardian, the
// 24 hours after the session), the desk's arrivals and check-in (blocks said in words, a manager's
// override with a reason in the activity log, idempotent, undo within 5 minutes), the order's answer,
// 200 concurrent check-ins of 50 participants from two desks, and the no-show job run once by two workers.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../domain/businessDay';
import { formatMoney } from '../../domain/money';
import { composeConsent, defaultConsentDetails } from '../../domain/documentTemplates';
import { orderKey } from '../../server/platform/orderLinks';
import { playsessions } from '../../server/db/schema';
import { connect } from '../../server/db/client';
import { createJobWorker } from '../../server/jobs';
import { NO_SHOW_JOB } from '../../server/modules/arrivals/noShows';
import { enqueueJob } from '../../server/platform/jobs';
import { book, bookingBody, getOrder, makeWorld, type Json, type World } from './bookingFixture';
import { createHarness, type Harness } from './harness';

let h: Harness;
let w: World;
let dayNo = 40;

beforeAll(async () => {
  h = await createHarness();
  w = await makeWorld(h);
}, 60_000);
afterAll(async () => { await h.close(); });

type Who = 'admin' | 'manager' | 'staff';
const call = (method: string, url: string, who: Who | null, body?: unknown, lang = 'ru') =>
  h.call(method, url, { ...(who ? { token: w.tokens[who] } : {}), body, lang });
const ok = async (method: string, url: string, who: Who | null, body?: unknown, status = 200, lang = 'ru'): Promise<Json> => {
  const res = await call(method, url, who, body, lang);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
  return res.json();
};
const sha = (text: string) => crypto.createHash('sha256').update(text, 'utf8').digest('hex');
const sql = async <T = Json>(text: string, args: unknown[] = []) => (await h.database.pool.query(text, args)).rows as T[];

/** An order of `persons` in the day room on a coming day no other test books (3000, unpaid). */
const order = (persons = 3, over: Json = {}) =>
  book(w, bookingBody(w.pg.dayRoom, `${addDays(w.today, dayNo++)} 06:00`, { persons, name: 'Анна Петрова', phone: '+79161112233', email: 'anna@example.com', ...over }));
const keyOf = (id: number) => orderKey(h.config.widgetSecret, id);
const page = (id: number, lang = 'ru') => ok('GET', `/api/public/arrival/${keyOf(id)}/?lang=${lang}`, null);
const sign = (id: number, body: Json, lang = 'ru') => h.app.inject({
  method: 'POST', url: `/api/public/arrival/${keyOf(id)}/sign/?lang=${lang}`, payload: body,
  headers: { 'user-agent': 'Mozilla/5.0 (iPhone) test', 'accept-language': lang }, remoteAddress: '203.0.113.7',
});
/** Every participant signs every document of the page, as adults. */
async function signAll(id: number) {
  const p = await page(id);
  for (const participant of p.participants) {
    for (const d of p.documents) {
      const res = await sign(id, { participant: participant.id, document_version: d.document_version, name: `Гость ${participant.position}`, birth_date: '1990-05-01' });
      expect(res.statusCode, res.body).toBe(200);
    }
  }
}
const payInFull = async (id: number) => { await sql('update orders set paid = purchase, status = 6 where id = $1', [id]); };
const checkIn = (id: number, who: Who, body: Json = {}, lang = 'ru') => call('POST', `/api/v2.2/orders/${id}/check_in/`, who, body, lang);
const undo = (id: number, who: Who, body: Json = {}, lang = 'ru') => call('DELETE', `/api/v2.2/orders/${id}/check_in/`, who, body, lang);
const activity = (kind: string) => sql<{ subject: string; after: Json; before: Json; user_id: number }>('select subject, after, before, user_id from activity_entries where kind = $1 order by id', [kind]);

const RUB = { code: 'RUB', is_before: false, blank_place: true, unicode: '₽' };
const COMPLETE_RULES = { text_ru: 'Правила: слушайте инструктора.', text_en: 'Rules: listen to the instructor.' };

describe('consent documents', () => {
  it('the demo\'s location 1 publishes its personal-data consent (version 2, complete) and its rules; each has ru and en texts and hashes', async () => {
    const docs = await ok('GET', '/api/v2.2/locations/1/consent_documents/', 'staff') as Json[];
    expect(docs.map((d) => [d.kind, d.title, d.required, d.published_version])).toEqual([
      ['personal_data', 'Согласие на обработку персональных данных', true, 2], ['rules', 'Правила посещения и инструктаж', true, 1],
    ]);
    const pd = docs[0]!.current;
    expect(pd.complete).toBe(true);
    expect(pd.details.inn).toBe('7701234560');
    expect(pd.text_hash_ru).toBe(sha(pd.text_ru));
    expect(pd.text_hash_en).toBe(sha(pd.text_en));
    expect(pd.text_ru).toContain('ООО «ВР Арена»');
    // Another location keeps its #40 template (incomplete: nothing published), and no rules.
    const other = await ok('GET', '/api/v2.2/locations/2/consent_documents/', 'admin') as Json[];
    expect(other.map((d) => [d.kind, d.current.complete, d.published_version])).toEqual([['personal_data', false, null]]);
  });

  it('an incomplete personal-data consent cannot be published: every missing fact, a wrong INN, places in brackets, an operator or INN not in the text, each in words', async () => {
    const [pd] = await ok('GET', '/api/v2.2/locations/1/consent_documents/', 'admin') as Json[];
    const put = (body: Json, lang = 'ru') => call('PUT', `/api/v2.2/consent_documents/${pd!.id}/`, 'admin', body, lang);
    const empty = await put({ text_ru: 'Согласие [ИНН]', text_en: '', details: { operator: 'ООО «Ромашка»' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      text_ru: ['В тексте остались места в квадратных скобках: заполните их.'],
      text_en: ['Обязательное поле.'],
      details: { inn: ['Обязательное поле.'], address: ['Обязательное поле.'], purposes: ['Обязательное поле.'], data: ['Обязательное поле.'],
        actions: ['Обязательное поле.'], term: ['Обязательное поле.'], withdrawal: ['Обязательное поле.'] },
    });
    const details = { ...pd!.current.details };
    const wrongInn = await put({ text_ru: pd!.current.text_ru, text_en: pd!.current.text_en, details: { ...details, inn: '7701234561' } });
    expect(wrongInn.json()).toEqual({ details: { inn: ['ИНН — 10 цифр у организации или 12 у ИП, с верными контрольными цифрами.'] } });
    const otherOperator = await put({ text_ru: pd!.current.text_ru, text_en: pd!.current.text_en, details: { ...details, operator: 'ООО «Другое»' } });
    expect(otherOperator.json()).toEqual({ text_ru: ['Текст должен называть оператора так же, как поле «Оператор».'] });
    const otherInn = await put({ text_ru: pd!.current.text_ru, text_en: pd!.current.text_en, details: { ...details, inn: '7707083893' } }, 'en');
    expect(otherInn.json()).toEqual({ text_ru: ['The text must give the operator\'s INN as the “INN” field does.'], text_en: ['The text must give the operator\'s INN as the “INN” field does.'] });
    // Nothing was saved.
    const after = await ok('GET', '/api/v2.2/locations/1/consent_documents/', 'admin') as Json[];
    expect(after[0]!.current.version).toBe(2);
  });

  it('a document of a kind the location has is refused; details only on personal data; a marketing consent is never required; role 40 only', async () => {
    const again = await call('POST', '/api/v2.2/locations/1/consent_documents/', 'admin', { kind: 'rules', ...COMPLETE_RULES });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ kind: ['У локации уже есть такой документ: измените его, и появится новая версия.'] });
    const withDetails = await call('POST', '/api/v2.2/locations/1/consent_documents/', 'admin', { kind: 'marketing', ...COMPLETE_RULES, details: { inn: '7701234560' } });
    expect(withDetails.json()).toEqual({ details: ['Сведения об операторе бывают только у согласия на обработку персональных данных.'] });
    for (const who of ['manager', 'staff'] as const) {
      expect((await call('POST', '/api/v2.2/locations/1/consent_documents/', who, { kind: 'marketing', ...COMPLETE_RULES })).statusCode).toBe(403);
    }
    const marketing = await ok('POST', '/api/v2.2/locations/1/consent_documents/', 'admin', { kind: 'marketing', ...COMPLETE_RULES }, 201);
    expect(marketing).toMatchObject({ kind: 'marketing', required: false, published_version: 1, current: { version: 1, text_ru: COMPLETE_RULES.text_ru } });
    expect((await activity('consent_document.created')).at(-1)!.after).toEqual({ document: 'marketing', consent_version: { version: 1, text_hash: sha(COMPLETE_RULES.text_ru) } });
  });
});

describe('the documents screen', () => {
  it('a document\'s versions, newest first, each with its texts, hashes and whether it is complete; read by any role at the location, 404 elsewhere', async () => {
    const docs = await ok('GET', '/api/v2.2/locations/1/consent_documents/', 'admin') as Json[];
    const marketing = docs.find((d) => d.kind === 'marketing')!;
    const next = { text_ru: `${marketing.current.text_ru} Не чаще раза в неделю.`, text_en: `${marketing.current.text_en} At most once a week.` };
    expect((await ok('PUT', `/api/v2.2/consent_documents/${marketing.id}/`, 'admin', next)).current.version).toBe(marketing.current.version + 1);
    const versions = await ok('GET', `/api/v2.2/consent_documents/${marketing.id}/versions/`, 'staff') as Json[];
    expect(versions.map((v) => [v.version, v.complete, v.text_ru])).toEqual([
      [marketing.current.version + 1, true, next.text_ru], [marketing.current.version, true, marketing.current.text_ru],
    ]);
    expect(versions[0]).toMatchObject({ text_en: next.text_en, text_hash_ru: sha(next.text_ru), text_hash_en: sha(next.text_en), details: null, created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    // Location 2's personal-data consent: the #40 template, incomplete (guests sign nothing).
    const [pd2] = await ok('GET', '/api/v2.2/locations/2/consent_documents/', 'admin') as Json[];
    expect((await ok('GET', `/api/v2.2/consent_documents/${pd2!.id}/versions/`, 'admin') as Json[]).map((v) => [v.version, v.complete])).toEqual([[1, false]]);
    const elsewhere = await h.userWithToken('documents-elsewhere@example.com', [[3, 40]]);
    expect((await h.call('GET', `/api/v2.2/consent_documents/${marketing.id}/versions/`, { token: elsewhere.token })).statusCode).toBe(404);
    expect((await call('GET', `/api/v2.2/consent_documents/${marketing.id}/versions/`, null)).statusCode).toBe(401);
    for (const bad of ['999999', 'abc', '0']) expect((await call('GET', `/api/v2.2/consent_documents/${bad}/versions/`, 'admin')).statusCode, bad).toBe(404);
  });

  it('the venue\'s policy link (published, never signed) is linked where the widget collects data: the booking form\'s location and the guests\' arrival page', async () => {
    const id = await order(2);
    expect((await page(id)).privacy_policy_url).toBe('');
    await ok('PUT', '/api/v2.1/locations/1/', 'admin', { privacy_policy_url: 'https://vr-arena.example/privacy' });
    try {
      expect((await page(id, 'en')).privacy_policy_url).toBe('https://vr-arena.example/privacy');
      expect((await ok('GET', '/api/public/locations/1/', null)).privacy_policy_url).toBe('https://vr-arena.example/privacy');
      // A policy is read, not signed: never one of the documents to sign.
      const published = (await ok('GET', '/api/v2.2/locations/1/consent_documents/', 'admin') as Json[]).filter((d) => d.published_version).map((d) => d.kind);
      expect((await page(id)).documents.map((d: Json) => d.kind)).toEqual(published);
      expect(published).toEqual(expect.arrayContaining(['personal_data', 'rules']));
    } finally {
      await ok('PUT', '/api/v2.1/locations/1/', 'admin', { privacy_policy_url: '' });
    }
  });

  it('the consent the screen writes from the facts is accepted once the operator, its INN and address are typed, and refused by field before', async () => {
    const [pd2] = await ok('GET', '/api/v2.2/locations/2/consent_documents/', 'admin') as Json[];
    const put = (details: Json, lang = 'ru') => call('PUT', `/api/v2.2/consent_documents/${pd2!.id}/`, 'admin',
      { text_ru: composeConsent('ru', details), text_en: composeConsent('en', details), details }, lang);
    const bare = await put(defaultConsentDetails(), 'en');
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toEqual({
      text_ru: ['The text still has places in square brackets to fill in.'], text_en: ['The text still has places in square brackets to fill in.'],
      details: { operator: ['This field is required.'], inn: ['This field is required.'], address: ['This field is required.'] },
    });
    const details = { ...defaultConsentDetails(), operator: 'ИП Иванов Иван Иванович', inn: '500100732259', address: 'г. Санкт-Петербург, Невский пр., д. 1' };
    const saved = await put(details);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ published_version: 2, current: { version: 2, complete: true, details } });
    expect(saved.json().current.text_en).toContain('Purposes: booking and providing the venue');
  });
});

describe('the guest\'s page and signatures', () => {
  it('shows the documents in the reader\'s language and the participants by first name only: never a phone, an e-mail or a birth date', async () => {
    const id = await order(3);
    const ru = await page(id);
    expect(ru.documents.map((d: Json) => [d.kind, d.required, d.language])).toEqual([['personal_data', true, 'ru'], ['rules', true, 'ru'], ['marketing', false, 'ru']]);
    expect(ru.participants.map((p: Json) => [p.position, p.lead, p.first_name, p.complete])).toEqual([[1, true, 'Анна', false], [2, false, '', false], [3, false, '', false]]);
    expect(ru.can_sign).toBe(true);
    const en = await page(id, 'en');
    expect(en.documents[1]).toMatchObject({ title: 'Visitor rules and safety briefing', language: 'en' });
    expect(en.documents[1].text_hash).toBe(sha(en.documents[1].text));
    const body = JSON.stringify(ru);
    for (const secret of ['+79161112233', '9161112233', 'anna@example.com', 'Петрова']) expect(body).not.toContain(secret);
    await signAll(id);
    expect(JSON.stringify(await page(id))).not.toContain('1990-05-01');
    // A forged key: not found.
    expect((await call('GET', `/api/public/arrival/${id}-${'0'.repeat(32)}/`, null)).statusCode).toBe(404);
  });

  it('records the version, the hash of the exact text shown, the time, the address and the browser; signing twice records once', async () => {
    const id = await order(2);
    const p = await page(id, 'en');
    const rules = p.documents.find((d: Json) => d.kind === 'rules');
    const body = { participant: p.participants[1].id, document_version: rules.document_version, name: 'Ivan Smirnov', birth_date: '1985-02-03' };
    const first = await sign(id, body, 'en');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().participants[1]).toMatchObject({ first_name: 'Ivan', signed: { rules: true, personal_data: false } });
    expect((await sign(id, body, 'en')).statusCode).toBe(200);
    const rows = await sql('select * from consent_signatures where order_id = $1', [id]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      consent_text_id: rules.document_version, text_hash: sha(rules.text), language: 'en', signed_name: 'Ivan Smirnov', ip: '203.0.113.7', user_agent: 'Mozilla/5.0 (iPhone) test',
      guardian_name: null,
    });
    expect(Date.now() - new Date(rows[0]!.signed_at).getTime()).toBeLessThan(60_000);
    expect((await sql('select type, data from order_logs where order_id = $1 and type = $2', [id, 'signed']))[0]!.data)
      .toEqual({ by: 'customer', participant: 'Ivan Smirnov', document: 'rules', version: 1 });
  });

  it('the desk\'s tablet mode signs through the same call with the staff\'s token: the order log names the staff user (by: desk); a stranger\'s token is refused, a bad one is a 401', async () => {
    const id = await order(2);
    const p = await page(id);
    const rules = p.documents.find((d: Json) => d.kind === 'rules');
    const body = { participant: p.participants[0].id, document_version: rules.document_version, name: 'Анна Петрова', birth_date: '1985-02-03' };
    const deskSign = (token: string, lang = 'ru') => h.app.inject({
      method: 'POST', url: `/api/public/arrival/${keyOf(id)}/sign/?lang=${lang}`, payload: body,
      headers: { authorization: `Token ${token}`, 'user-agent': 'Mozilla/5.0 (iPad) desk', 'accept-language': lang }, remoteAddress: '198.51.100.4',
    });
    // Someone with no role at the order's location cannot claim a desk signing there (and signs nothing).
    const stranger = await h.userWithToken('tablet-stranger@example.com', [[2, 10]]);
    for (const lang of ['ru', 'en']) {
      const refused = await deskSign(stranger.token, lang);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().detail).toBe(lang === 'ru' ? 'У вас нет прав для выполнения этой операции.' : 'You do not have permission to perform this action.');
    }
    expect((await deskSign('not-a-token')).statusCode).toBe(401);
    expect(await sql('select 1 from consent_signatures where order_id = $1', [id])).toHaveLength(0);
    const staff = (await sql<{ id: number }>('select id from users where email = $1', ['staff@example.com']))[0]!;
    const done = await deskSign(w.tokens.staff);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().participants[0].signed.rules).toBe(true);
    // The signature is the same record as a guest's own (the tablet's address and browser).
    expect((await sql('select ip, user_agent, consent_text_id from consent_signatures where order_id = $1', [id]))[0])
      .toEqual({ ip: '198.51.100.4', user_agent: 'Mozilla/5.0 (iPad) desk', consent_text_id: rules.document_version });
    expect(await sql('select author_user_id as author, data from order_logs where order_id = $1 and type = $2', [id, 'signed']))
      .toEqual([{ author: staff.id, data: { by: 'desk', participant: 'Анна Петрова', document: 'rules', version: 1 } }]);
  });

  it('a new version of a document is signed again; the old version is refused in words', async () => {
    const id = await order(1);
    await signAll(id);
    expect((await page(id)).participants[0].complete).toBe(true);
    const before = await page(id);
    const rulesDoc = (await ok('GET', '/api/v2.2/locations/1/consent_documents/', 'admin') as Json[]).find((d) => d.kind === 'rules')!;
    const v2 = await ok('PUT', `/api/v2.2/consent_documents/${rulesDoc.id}/`, 'admin', { text_ru: `${rulesDoc.current.text_ru}\n7. Не бегайте.`, text_en: `${rulesDoc.current.text_en}\n7. Do not run.` });
    expect(v2.current.version).toBe(2);
    // The same texts again make no version.
    expect((await ok('PUT', `/api/v2.2/consent_documents/${rulesDoc.id}/`, 'admin', { text_ru: v2.current.text_ru, text_en: v2.current.text_en })).current.version).toBe(2);
    const after = await page(id);
    expect(after.participants[0]).toMatchObject({ complete: false, signed: { personal_data: true, rules: false } });
    const old = await sign(id, { participant: after.participants[0].id, document_version: before.documents[1].document_version, name: 'Анна', birth_date: '1990-05-01' });
    expect(old.statusCode).toBe(400);
    expect(old.json()).toEqual({ document_version: ['Документ изменился: прочитайте новую версию и подпишите её.'] });
    const again = await sign(id, { participant: after.participants[0].id, document_version: after.documents[1].document_version, name: 'Анна', birth_date: '1990-05-01' });
    expect(again.json().participants[0].complete).toBe(true);
    expect((await sql('select count(*)::int as n from consent_signatures where order_id = $1', [id]))[0]!.n).toBe(4);
  });

  it('a minor is refused without a guardian; with one, the guardian\'s name and relation are recorded', async () => {
    const id = await order(2);
    const p = await page(id);
    const minorBirth = `${Number(w.today.slice(0, 4)) - 10}-01-01`;
    const body = { participant: p.participants[1].id, document_version: p.documents[0].document_version, name: 'Петя', birth_date: minorBirth };
    const refused = await sign(id, body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ guardian: ['Участнику нет 18 лет: подписывает родитель или опекун — укажите его имя и кем он приходится.'] });
    expect((await sign(id, body, 'en')).json()).toEqual({ guardian: ['The participant is under 18: a parent or guardian signs with their name and relation.'] });
    const signed = await sign(id, { ...body, guardian: { name: 'Анна Петрова', relation: 'мать' } });
    expect(signed.statusCode, signed.body).toBe(200);
    expect((await sql('select guardian_name, guardian_relation, birth_date::text as birth_date from consent_signatures where order_id = $1', [id]))[0])
      .toEqual({ guardian_name: 'Анна Петрова', guardian_relation: 'мать', birth_date: minorBirth });
    // The location's age setting decides: at 10 the same child signs alone.
    await ok('PUT', '/api/v2.2/locations/1/arrival_settings/', 'admin', { arrivals_enabled: true, grace_minutes: 15, minor_age: 14 });
    expect((await sign(id, { ...body, document_version: p.documents[1].document_version })).json()).toEqual({ guardian: ['Участнику нет 14 лет: подписывает родитель или опекун — укажите его имя и кем он приходится.'] });
    await ok('PUT', '/api/v2.2/locations/1/arrival_settings/', 'admin', { arrivals_enabled: true, grace_minutes: 15, minor_age: 18 });
  });

  it('refuses a birth date in the future, another order\'s participant, a version of no document here; stops signing 24 hours after the session', async () => {
    const id = await order(1);
    const other = await order(1);
    const p = await page(id);
    const base = { participant: p.participants[0].id, document_version: p.documents[0].document_version, name: 'Анна', birth_date: '1990-05-01' };
    expect((await sign(id, { ...base, birth_date: addDays(w.today, 2) })).json()).toEqual({ birth_date: ['Дата рождения не может быть в будущем.'] });
    expect((await sign(id, { ...base, birth_date: '1800-01-01' })).json()).toEqual({ birth_date: ['Укажите дату с 1900-01-01 по 2999-12-31.'] });
    expect((await sign(id, { ...base, participant: (await page(other)).participants[0].id })).json()).toEqual({ participant: ['Такого участника в этом бронировании нет.'] });
    const foreignVersion = (await sql<{ id: number }>('select id from consent_texts where location_id = 2 limit 1'))[0]!.id;
    expect((await sign(id, { ...base, document_version: foreignVersion })).json()).toEqual({ document_version: ['Документ изменился: прочитайте новую версию и подпишите её.'] });
    expect((await sign(id, { ...base, name: '' })).statusCode).toBe(400);
    // The session moved 25 hours into the past: the page still shows, signing is closed.
    const day = addDays(w.today, -2);
    const [ps] = await h.database.db.insert(playsessions).values({ playgroundId: w.pg.dayRoom, businessDate: day, timeStart: `${day} 06:00`, duration: 60, sessionPrice: '3000' }).returning();
    await sql('update order_playsessions set playsession_id = $1 where order_id = $2', [ps!.id, id]);
    expect((await page(id)).can_sign).toBe(false);
    const closed = await sign(id, base);
    expect(closed.json()).toEqual({ non_field_errors: ['Подписать по этой ссылке уже нельзя: после сеанса прошло 24 часа.'] });
    expect((await sign(id, base, 'en')).json()).toEqual({ non_field_errors: ['This link no longer takes signatures: 24 hours have passed since the session.'] });
  });

  it('the widget\'s consent box is the lead guest\'s personal-data signature, version and hash of the text shown', async () => {
    const loc = await ok('GET', '/api/public/locations/1/?lang=en', null);
    const res = await h.app.inject({ method: 'POST', url: '/api/public/locations/1/bookings/?lang=en', remoteAddress: '198.51.100.77', headers: { 'user-agent': 'WidgetBrowser' },
      payload: { playground_id: w.pg.dayRoom, session_dt: `${addDays(w.today, 3)} 06:00`, persons: 2, name: 'Olga Buyer', phone: '+79161234567', email: 'olga@example.com',
        promocode: '', personal_data_consent: true, personal_data_consent_version: loc.personal_data_consent.version } });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().order.id as number;
    const [row] = await sql('select s.text_hash, s.language, s.signed_name, s.ip, s.user_agent, t.version from consent_signatures s join consent_texts t on t.id = s.consent_text_id where s.order_id = $1', [id]);
    expect(row).toEqual({ text_hash: sha(loc.personal_data_consent.text), language: 'en', signed_name: 'Olga Buyer', ip: '198.51.100.77', user_agent: 'WidgetBrowser', version: 2 });
    expect((await page(id)).participants.map((p: Json) => p.signed.personal_data)).toEqual([true, false]);
  });
});

describe('check-in at the desk', () => {
  it('says what blocks in words: who has not signed what, and the money owed', async () => {
    const id = await order(2);
    const res = await checkIn(id, 'staff');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: [
      'Ещё не подписали: Анна Петрова (Согласие на обработку персональных данных, Правила посещения и инструктаж); гость 2 (Согласие на обработку персональных данных, Правила посещения и инструктаж).',
      // The price less the 5 % for booking 14 days or more ahead.
      `Не оплачено: осталось ${formatMoney('2850.00', RUB, 'ru')}.`,
    ] });
    expect((await checkIn(id, 'staff', {}, 'en')).json().non_field_errors[1]).toBe(`Not paid: ${formatMoney('2850.00', RUB, 'en')} is still owed.`);
    // A cashier cannot pass a block, even with a reason.
    const cashier = await checkIn(id, 'staff', { reason: 'оплатят позже' });
    expect(cashier.statusCode).toBe(403);
    expect(cashier.json()).toEqual({ detail: 'Отметить приход, несмотря на запрет, может менеджер или администратор — с причиной.' });
    expect((await getOrder(w, id)).checked_in).toBe(0);
  });

  it('a manager passes a block with a reason, which the activity log keeps; the order answers its participants', async () => {
    const id = await order(2);
    const res = await checkIn(id, 'manager', { reason: 'оплатят на месте картой' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ checked_in: 2, signed: 0, no_show: false });
    const entry = (await activity('order.check_in_overridden')).at(-1)!;
    expect(entry).toMatchObject({ subject: `#${id}`, user_id: w.users.manager.id, before: { checked_in: [] }, after: { checked_in: ['Анна Петрова', 'гость 2'], check_in_reason: 'оплатят на месте картой', blocked_by: ['не подписаны документы', 'не оплачено'] } });
    const o = await getOrder(w, id);
    expect(o).toMatchObject({ checked_in: 2, no_show: false });
    expect(o.participants.map((p: Json) => [p.position, p.lead, p.name, p.checked_in, p.checked_in_by?.id, p.missing])).toEqual([
      [1, true, 'Анна Петрова', true, w.users.manager.id, ['personal_data', 'rules']], [2, false, '', true, w.users.manager.id, ['personal_data', 'rules']],
    ]);
  });

  it('a 6-person booking with every signature, paid, is checked in with one action; again changes nothing (idempotent)', async () => {
    const id = await order(6);
    await signAll(id);
    await payInFull(id);
    const logged = (await activity('order.checked_in')).length;
    const first = await checkIn(id, 'staff');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ checked_in: 6, signed: 6 });
    const again = await checkIn(id, 'staff');
    expect(again.json()).toEqual(first.json());
    expect((await activity('order.checked_in')).length).toBe(logged + 1);
    expect((await sql('select count(*)::int as n from order_logs where order_id = $1 and type = $2', [id, 'checked_in']))[0]!.n).toBe(1);
  });

  it('checks in single participants; the one who did may undo within 5 minutes, others and later only a manager', async () => {
    const id = await order(3);
    await signAll(id);
    await payInFull(id);
    const ps = (await getOrder(w, id)).participants as Json[];
    expect((await checkIn(id, 'staff', { participants: [ps[0]!.id] })).json().checked_in).toBe(1);
    expect((await checkIn(id, 'manager', { participants: [ps[1]!.id] })).json().checked_in).toBe(2);
    // Someone else's check-in: not by a cashier.
    const foreign = await undo(id, 'staff', { participants: [ps[1]!.id] });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ detail: 'Чужую отметку прихода или отметку старше 5 минут отменяет менеджер или администратор.' });
    // Their own, just now: yes.
    expect((await undo(id, 'staff', { participants: [ps[0]!.id] })).json().checked_in).toBe(1);
    expect((await activity('order.check_in_undone')).at(-1)).toMatchObject({ subject: `#${id}`, before: { checked_in: ['Гость 1', 'Гость 2'] }, after: { checked_in: ['Гость 2'] } });
    // Their own, 6 minutes ago: no; a manager: yes.
    await checkIn(id, 'staff', { participants: [ps[2]!.id] });
    await sql("update order_participants set checked_in_at = now() - interval '6 minutes' where id = $1", [ps[2]!.id]);
    expect((await undo(id, 'staff', { participants: [ps[2]!.id] }, 'en')).json()).toEqual({ detail: 'A check-in by someone else, or older than 5 minutes, is undone by a manager or an administrator.' });
    expect((await undo(id, 'manager')).json().checked_in).toBe(0);
    // Another order's participant is not this order's.
    expect((await checkIn(id, 'staff', { participants: [999999] })).json()).toEqual({ participants: ['Такого участника в этом бронировании нет.'] });
  });

  it('refuses where arrivals are off, and a cancelled order', async () => {
    const id = await order(1);
    await signAll(id);
    await payInFull(id);
    await ok('PUT', '/api/v2.2/locations/1/arrival_settings/', 'admin', { arrivals_enabled: false, grace_minutes: 15, minor_age: 18 });
    expect((await checkIn(id, 'staff')).json()).toEqual({ non_field_errors: ['На этой локации приход гостей не отмечается: включите его в настройках локации.'] });
    await ok('PUT', '/api/v2.2/locations/1/arrival_settings/', 'admin', { arrivals_enabled: true, grace_minutes: 15, minor_age: 18 });
    expect((await activity('arrivals.settings_changed')).slice(-2).map((e) => e.after)).toEqual([{ arrivals_enabled: false }, { arrivals_enabled: true }]);
    await sql('update orders set status = 4 where id = $1', [id]);
    expect((await checkIn(id, 'staff')).json()).toEqual({ non_field_errors: ['Это бронирование отменено.'] });
    expect((await call('PUT', '/api/v2.2/locations/1/arrival_settings/', 'manager', { arrivals_enabled: false, grace_minutes: 15, minor_age: 18 })).statusCode).toBe(403);
    expect((await call('PUT', '/api/v2.2/locations/1/arrival_settings/', 'admin', { arrivals_enabled: true, grace_minutes: 15, minor_age: 30 })).statusCode).toBe(400);
  });

  it('the arrival settings the location settings screen saves: an existing location starts off with 15 minutes and 18 years; each range and a missing field refused by field, in ru and en', async () => {
    const path = '/api/v2.2/locations/2/arrival_settings/';
    expect(await ok('GET', path, 'admin')).toEqual({ arrivals_enabled: false, grace_minutes: 15, minor_age: 18 });
    const put = (body: Json, lang = 'ru') => call('PUT', path, 'admin', body, lang);
    const high = await put({ arrivals_enabled: true, grace_minutes: 241, minor_age: 22 });
    expect(high.statusCode).toBe(400);
    expect(high.json()).toEqual({ grace_minutes: ['Убедитесь, что значение меньше или равно 240.'], minor_age: ['Убедитесь, что значение меньше или равно 21.'] });
    expect((await put({ arrivals_enabled: true, grace_minutes: -1, minor_age: 13 }, 'en')).json())
      .toEqual({ grace_minutes: ['Ensure this value is greater than or equal to 0.'], minor_age: ['Ensure this value is greater than or equal to 14.'] });
    expect((await put({ grace_minutes: 1.5, minor_age: 18 }, 'en')).json())
      .toEqual({ arrivals_enabled: ['This field is required.'], grace_minutes: ['A valid integer is required.'] });
    // Nothing of it was saved; the edges are taken.
    expect(await ok('GET', path, 'admin')).toEqual({ arrivals_enabled: false, grace_minutes: 15, minor_age: 18 });
    expect(await ok('PUT', path, 'admin', { arrivals_enabled: false, grace_minutes: 240, minor_age: 14 })).toEqual({ arrivals_enabled: false, grace_minutes: 240, minor_age: 14 });
    expect(await ok('PUT', path, 'admin', { arrivals_enabled: false, grace_minutes: 0, minor_age: 21 })).toEqual({ arrivals_enabled: false, grace_minutes: 0, minor_age: 21 });
    expect((await activity('arrivals.settings_changed')).at(-1)!.after).toEqual({ arrival_grace_minutes: 0, minor_age: 21 });
    await ok('PUT', path, 'admin', { arrivals_enabled: false, grace_minutes: 15, minor_age: 18 });
  });
});

describe('the arrivals of a day', () => {
  it('lists the day\'s orders by session with paid, signed x of y and checked in x of y; finds by phone, name, number or the QR code\'s link', async () => {
    // A day of 2030 holds no demo order; Куб 1's sessions are priced per person (a game).
    const day = '2030-03-05';
    const game = w.games['Beat Saber']!;
    const a = await book(w, bookingBody(w.pg.cube1, `${day} 12:00`, { persons: 2, name: 'Борис Седов', phone: '+79160000001', game_id: game }));
    const b = await book(w, bookingBody(w.pg.cube1, `${day} 15:00`, { persons: 3, name: 'Вера Лис', phone: '+79160000002', game_id: game }));
    await signAll(b);
    await payInFull(b);
    await checkIn(b, 'staff', { participants: [(await getOrder(w, b)).participants[0].id] });
    const all = await ok('GET', `/api/v2.2/locations/1/arrivals/?date=${day}`, 'staff');
    expect(all.arrivals_enabled).toBe(true);
    expect(all.documents.map((d: Json) => d.kind)).toEqual(['personal_data', 'rules', 'marketing']);
    expect(all.sessions.map((s: Json) => [s.time_start, s.orders.map((o: Json) => [o.id, o.paid_in_full, `${o.signed}/${o.persons}`, `${o.checked_in}/${o.persons}`])])).toEqual([
      [`${day} 12:00`, [[a, false, '0/2', '0/2']]], [`${day} 15:00`, [[b, true, '3/3', '1/3']]],
    ]);
    const found = async (search: string) => ((await ok('GET', `/api/v2.2/locations/1/arrivals/?date=${day}&search=${encodeURIComponent(search)}`, 'staff')).sessions as Json[]).flatMap((s) => s.orders.map((o: Json) => o.id));
    expect(await found('8 916 000-00-02')).toEqual([b]);
    expect(await found('седов')).toEqual([a]);
    expect(await found(String(a))).toEqual([a]);
    expect(await found(`http://backoffice.test/arrival/${keyOf(b)}`)).toEqual([b]);
    expect(await found(keyOf(b))).toEqual([b]);
    expect(await found(`${b}-${'0'.repeat(32)}`)).toEqual([]);
    expect((await call('GET', '/api/v2.2/locations/1/arrivals/?date=2030-13-01', 'staff')).statusCode).toBe(400);
    expect((await call('GET', `/api/v2.2/locations/3/arrivals/?date=${day}`, 'staff')).statusCode).toBe(404);
  });
});

describe('concurrency', () => {
  it('200 concurrent check-ins of 50 participants from two desks give exactly 50, each once', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) ids.push(await order(5));
    for (const id of ids) { await signAll(id); await payInFull(id); }
    const participants = new Map<number, number[]>();
    for (const id of ids) participants.set(id, ((await getOrder(w, id)).participants as Json[]).map((p) => p.id));
    const desks: Who[] = ['staff', 'manager'];
    const requests = Array.from({ length: 200 }, (_, i) => {
      const id = ids[i % ids.length]!;
      const all = participants.get(id)!;
      // Half the calls check in the whole order, half some participants.
      const some = i % 2 ? all.filter((_, j) => (i + j) % 3 === 0) : [];
      return checkIn(id, desks[i % 2]!, some.length ? { participants: some } : {});
    });
    const answers = await Promise.all(requests);
    expect(answers.map((r) => r.statusCode).filter((s) => s !== 200)).toEqual([]);
    const checked = await sql<{ n: number }>('select count(*)::int as n from order_participants where order_id = any($1) and checked_in_at is not null', [ids]);
    expect(checked[0]!.n).toBe(50);
    // Each participant was checked in by exactly one call: the log's lists add up to 50 names.
    const logs = await sql<{ data: Json }>('select data from order_logs where order_id = any($1) and type = $2', [ids, 'checked_in']);
    expect(logs.reduce((n, l) => n + (l.data.participants as string[]).length, 0)).toBe(50);
  }, 120_000);
});

describe('no-shows', () => {
  /** An order whose first session started `minutesAgo` minutes ago at location 1 (Moscow). */
  async function startedOrder(minutesAgo: number, over: Json = {}) {
    const id = await order(2, over);
    const start = new Date(Date.now() + 3 * 3_600_000 - minutesAgo * 60_000).toISOString().slice(0, 16).replace('T', ' ');
    const [ps] = await h.database.db.insert(playsessions).values({ playgroundId: w.pg.dayRoom, businessDate: start.slice(0, 10), timeStart: start, duration: 60, sessionPrice: '3000' })
      .onConflictDoNothing().returning();
    const psId = ps?.id ?? (await sql<{ id: number }>('select id from playsessions where playground_id = $1 and time_start = $2', [w.pg.dayRoom, start]))[0]!.id;
    await sql('update order_playsessions set playsession_id = $1 where order_id = $2', [psId, id]);
    return id;
  }

  it('the job flags a paid-type order nobody came to after the grace minutes, once, even run by two workers of their own connections at once', async () => {
    const due = await startedOrder(20);
    const early = await startedOrder(10);
    const came = await startedOrder(30);
    await checkIn(came, 'manager', { reason: 'пришли', participants: [(await getOrder(w, came)).participants[0].id] });
    const free = await startedOrder(40, { order_type: 3 });
    const beforeArrivals = await startedOrder(60 * 30);
    await sql("update locations set arrivals_since = now() - interval '10 hours' where id = 1");

    // Two processes started together book a job each; two workers, each on its own connections, run them at once.
    const url = (h.database.pool as unknown as { options: { connectionString: string } }).options.connectionString;
    const dbs = [connect(url, 2), connect(url, 2)];
    const log = { warn: () => {}, error: () => {}, info: () => {} } as never;
    try {
      const workers = dbs.map((d) => createJobWorker({ db: d.db, pool: d.pool, config: h.config, mailer: { send: async () => {} } }, log));
      await enqueueJob(h.database.db, NO_SHOW_JOB, {});
      await enqueueJob(h.database.db, NO_SHOW_JOB, {});
      await Promise.all(workers.map((wk) => wk.runDue(5)));
    } finally { await Promise.all(dbs.map((d) => d.pool.end())); }

    const flagged = await sql<{ id: number }>('select id::int from orders where no_show and id = any($1)', [[due, early, came, free, beforeArrivals]]);
    expect(flagged.map((r) => r.id)).toEqual([due]);
    expect((await sql('select count(*)::int as n from order_logs where order_id = $1 and type = $2', [due, 'no_show']))[0]!.n).toBe(1);
    const o = await getOrder(w, due);
    expect(o).toMatchObject({ no_show: true, status: 2, paid: '0.00' });
    // Someone comes late: checked in, no longer a no-show.
    await checkIn(due, 'manager', { reason: 'опоздали' });
    expect((await getOrder(w, due)).no_show).toBe(false);
  });
});
