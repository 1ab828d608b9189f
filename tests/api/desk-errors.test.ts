// #39 What the desk is told when the server refuses, in ru and en: a 4xx with the reason in words,
// never a bare 500 (which the desk reads as "try later"). A payment link at a location without a
// payment provider, a booking at a closed location, a provider that does not answer (named by its
// brand, its failure in words), a cash refund refused to a cashier (the roles named, not "role 20").
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locations } from '../../server/db/schema';
import { addDays } from '../../domain/businessDay';
import { book, bookingBody, makeWorld, pay, type World } from './bookingFixture';
import { createHarness, type Harness } from './harness';

let h: Harness;
let w: World;
// Nothing listens on port 9 (discard): the connection is refused at once, i.e. no answer.
beforeAll(async () => { h = await createHarness({ config: { yookassaApiUrl: 'http://127.0.0.1:9' } }); w = await makeWorld(h); }, 60_000);
afterAll(async () => { await h.close(); });

const LANGS = ['ru', 'en'] as const;
let hour = 10;
/** A new booking of Куб 2 (hourly sessions in 2030) in `lang`, `over` the defaults. */
const post = (lang: string, over: Record<string, unknown> = {}) =>
  h.call('POST', '/api/v2.1/booking/', { token: w.tokens.staff, lang, body: bookingBody(w.pg.cube2, `2030-04-02 ${String(hour++).padStart(2, '0')}:00`, over) });
/** As a live install (no demo sandbox): only a configured provider makes links. */
const live = async (work: () => Promise<void>) => {
  h.config.paymentSandbox = false;
  try { await work(); } finally { h.config.paymentSandbox = true; }
};

describe('a refused booking or payment says why, in the caller\'s language', () => {
  it('a payment link at a location without a provider: 400 with the reason, for a booking and for the pay dialog', async () => {
    await live(async () => {
      const text = { ru: 'Ссылки на оплату недоступны: платёжный провайдер не подключён.', en: 'Payment links are not available: no payment provider is configured.' };
      for (const lang of LANGS) {
        const res = await post(lang, { bill: true, cancel_delay: 30 });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toEqual({ non_field_errors: [text[lang]] });
      }
      const id = await book(w, bookingBody(w.pg.cube2, '2030-04-03 12:00'));
      const paid = await h.call('POST', `/api/v2.1/booking/${id}/pay/`, { token: w.tokens.staff, lang: 'en', body: { payment_type: 4, purchase: '100' } });
      expect(paid.statusCode).toBe(400);
      expect(paid.json()).toEqual({ non_field_errors: [text.en] });
    });
  });

  it('a booking at a closed location: 400 with the reason', async () => {
    const setActive = (on: boolean) => h.database.db.update(locations).set({ isActive: on }).where(eq(locations.id, 1));
    await setActive(false);
    try {
      const text = { ru: 'Локация не работает: бронирование закрыто.', en: 'This location is not active: it takes no bookings.' };
      for (const lang of LANGS) {
        const res = await post(lang);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toEqual({ non_field_errors: [text[lang]] });
      }
    } finally {
      await setActive(true);
    }
  });

  it('a provider that does not answer: 400 naming ЮKassa / YooKassa and "no answer" in words', async () => {
    await live(async () => {
      const set = await h.call('PUT', '/api/v2.1/locations/1/payment_provider/', { token: w.tokens.admin, body: { provider: 'yookassa', shop_id: '777001', secret_key: 'live_desk_errors_secret' } });
      expect(set.statusCode, set.body).toBe(200);
      try {
        const text = {
          ru: 'Платёжный провайдер ЮKassa не создал ссылку на оплату: нет ответа. Попробуйте позже.',
          en: 'The payment provider YooKassa did not make the payment link: no answer. Try again later.',
        };
        for (const lang of LANGS) {
          const res = await post(lang, { bill: true, cancel_delay: 30 });
          expect(res.statusCode, res.body).toBe(400);
          expect(res.json()).toEqual({ non_field_errors: [text[lang]] });
        }
        // The settings' connection check says the same in its own words.
        const check = await h.call('POST', '/api/v2.1/locations/1/payment_provider/check/', { token: w.tokens.admin, lang: 'ru' });
        expect(check.statusCode, check.body).toBe(400);
        expect(check.json()).toEqual({ detail: 'Платёжный провайдер ЮKassa недоступен: нет ответа.' });
      } finally {
        await h.call('PUT', '/api/v2.1/locations/1/payment_provider/', { token: w.tokens.admin, body: { provider: null } });
      }
    });
  });

  it('a cash refund of card money refused to a cashier names the roles that may, not their numbers', async () => {
    const text = {
      ru: 'Выдать наличными деньги, оплаченные картой, сертификатом или онлайн, может только менеджер или администратор этой локации.',
      en: 'Only a manager or an administrator of this location can pay out in cash money that came by card, certificate or online.',
    };
    const id = await book(w, bookingBody(w.pg.dayRoom, `${addDays(w.today, 5)} 06:00`, { persons: 2 }));
    expect((await pay(w, id, { payment_type: 6, purchase: '1000', external_id: 'TERM-39' })).statusCode).toBe(201);
    for (const lang of LANGS) {
      const res = await h.call('DELETE', `/api/v2.1/booking/${id}/?refund=cash&refund_reason=Customer%20insists`, { token: w.tokens.staff, lang });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: text[lang] });
    }
  });
});
