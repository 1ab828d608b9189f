// Letters speak the reader's language (#18), the way the screens do: the words, the location's name
// as that language names it, amounts through the one money formatter (RUB after the amount with a
// space), days DD.MM.YYYY. The payment link's letter and the certificate's, in ru and in en (the
// staff member's language, sent as Accept-Language); the password reset's and the widget's letters
// have their own tests (password-reset.test.ts, widget.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './harness';
import { book, bookingBody, makeWorld, type World } from './bookingFixture';

let h: Harness;
let w: World;

beforeAll(async () => {
  h = await createHarness();
  w = await makeWorld(h);
});
afterAll(async () => { await h.close(); });

const CYRILLIC = /[А-Яа-яЁё]/;

/** The letters to `to` written by the jobs the last call queued. */
async function lettersTo(to: string, since: number) {
  await h.runJobs();
  return h.letters.slice(since).filter((l) => l.to === to);
}

describe('letters in the reader\'s language', () => {
  it('the payment link\'s letter: ru and en words, the location\'s name in that language, the amount as the screens write it', async () => {
    for (const [lang, time, email] of [['ru', '2030-05-02 11:00', 'bill-ru@example.com'], ['en', '2030-05-02 12:00', 'bill-en@example.com']] as const) {
      const id = await book(w, bookingBody(w.pg.cube2, time, { email, name: 'Guest' }));
      const since = h.letters.length;
      const res = await h.call('POST', `/api/v2.1/booking/${id}/pay/`, { token: w.tokens.staff, lang, body: { payment_type: 4, purchase: '1900' } });
      expect(res.statusCode, res.body).toBe(201);
      const [letter] = await lettersTo(email, since);
      if (lang === 'ru') {
        expect(letter?.subject).toBe(`Ссылка на оплату заказа №${id} в VR Арена Москва`);
        expect(letter?.text).toContain('Чтобы оплатить 1\u00a0900,00\u00a0₽ по заказу');
      } else {
        expect(letter?.subject).toBe(`Payment link for order №${id} at VR Arena Moscow`);
        expect(letter?.text).toContain('To pay 1,900.00\u00a0₽ for your order');
        expect(`${letter?.subject}\n${letter?.text}`).not.toMatch(CYRILLIC);
      }
    }
  });

  it('the certificate\'s letter: activated in en, sent again in ru; the balance and the last day as the reader writes them', async () => {
    const created = await h.call('POST', '/api/v2.2/certificate/', { token: w.tokens.admin, body: { rate: '2000', type: 'digital', design: 'classic', quantity: 1, location_id: 1 } });
    expect(created.statusCode, created.body).toBe(201);
    const number = created.json()[0].unique_number as string;
    const email = 'cert-lang@example.com';
    let since = h.letters.length;
    const activated = await h.call('POST', `/api/v2.2/certificate/${number}/activate/`, {
      token: w.tokens.admin, lang: 'en', body: { seller: w.users.admin.uid, name: 'Ivan', phone: '+79990001111', email, location_id: 1 },
    });
    expect(activated.statusCode, activated.body).toBe(200);
    const [en] = await lettersTo(email, since);
    expect(en?.subject).toBe('Your gift certificate');
    expect(en?.text).toMatch(new RegExp(`Your gift certificate ${number} for 2,000\\.00\u00a0₽ is active until \\d{2}\\.\\d{2}\\.\\d{4}\\.`));
    expect(en?.text).toContain('Show this number at VR Arena Moscow');
    expect(`${en?.subject}\n${en?.text}`).not.toMatch(CYRILLIC);
    since = h.letters.length;
    expect((await h.call('POST', `/api/v2.2/certificate/${number}/resend/`, { token: w.tokens.admin, lang: 'ru', body: { location_id: 1 } })).statusCode).toBe(200);
    const [ru] = await lettersTo(email, since);
    expect(ru?.subject).toBe('Ваш подарочный сертификат');
    expect(ru?.text).toMatch(new RegExp(`Ваш подарочный сертификат ${number} на 2\u00a0000,00\u00a0₽ действует до \\d{2}\\.\\d{2}\\.\\d{4}\\.`));
    expect(ru?.text).toContain('Назовите этот номер в VR Арена Москва');
  });
});
