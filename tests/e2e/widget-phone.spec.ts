import http from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Frame, type FrameLocator, type Page } from './test';
import { ADMIN } from './helpers';
import { embedSnippet, widgetSrc } from '../../src/pages/iframe/snippet';

// #40 The booking widget as a customer on a phone uses it (390 px, touch), in ru and en: embedded in a
// venue's page on another origin (the snippet as venues paste it), a tap on a session brings the form
// into view; the day typed as digits or picked on the calendar; the consent box; the e-mail's likely
// provider; what is bought on the form, the held and the confirmed screens; Back from the payment
// page finds the held order and offers to pay or release it, and booking again releases it; the
// price with a promo code typed and booked at once is shown before anything is sent; guests and game
// kept after "places just taken"; the venue's phone; 44 px targets, no widening at 390 px, and axe
// (WCAG 2.2 AA and best practices) clean on every screen reached. Location 1 (per-person prices, a
// game to choose, a 50 % prepayment, four playgrounds, a phone), days 31–39 ahead, each test its own.

test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

type Lang = 'ru' | 'en';
interface PublicSession { time_start: string; begin: string; end: string; available_persons: number }
interface PublicPlayground { id: number; name: string; max_players: number; sessions: PublicSession[] }

const W = {
  ru: {
    date: 'Дата', name: 'Имя', phone: 'Телефон', email: 'Электронная почта', promo: 'Промокод', calendar: 'Выбрать дату в календаре', prevMonth: 'Предыдущий месяц',
    consent: 'Я даю согласие на обработку персональных данных', consentText: 'Текст согласия', policy: 'Политика конфиденциальности',
    consentRequired: 'Без согласия на обработку персональных данных забронировать нельзя', held: 'Места за вами',
    suggest: (e: string) => `Имели в виду ${e}?`, fixed: (e: string) => `Адрес исправлен: ${e}`,
    sessionsOn: (d: string) => new RegExp(`^Свободных сеансов на ${d.replace(/\./g, '\\.')}: \\d+$`), shown: /^Показано сеансов: \d+$/,
    heldEmail: (e: string) => `Письмо со ссылкой на оплату придёт на ${e}.`, prepay: /^Предоплата 50 %: .+ сейчас, .+ на месте$/,
    holdTitle: (id: number) => `Неоплаченная бронь №${id}`, release: 'Освободить места', released: 'Места освобождены.',
    payAgain: /^Оплатить ещё раз /, sandboxPay: 'Оплатить', sandboxDecline: 'Отказаться', toBooking: 'Перейти к брони',
    nameCount: '151 из 150 символов', nameTooLong: 'Не больше 150 символов, а здесь 151', gone: 'Извините, эти места только что заняли',
    priceUpdated: 'Цена обновлена: проверьте её и нажмите кнопку ещё раз.', confirmed: (id: number) => `Бронь №${id} подтверждена`,
    venuePhone: 'Телефон площадки:',
  },
  en: {
    date: 'Date', name: 'Name', phone: 'Phone', email: 'Email', promo: 'Promo code', calendar: 'Choose a date on the calendar', prevMonth: 'Previous month',
    consent: 'I consent to the processing of my personal data', consentText: 'Consent text', policy: 'Privacy policy',
    consentRequired: 'We cannot take the booking without your consent to the processing of personal data', held: 'Your places are held',
    suggest: (e: string) => `Did you mean ${e}?`, fixed: (e: string) => `The address is now ${e}`,
    sessionsOn: (d: string) => new RegExp(`^Free sessions on ${d.replace(/\./g, '\\.')}: \\d+$`), shown: /^Sessions shown: \d+$/,
    heldEmail: (e: string) => `The letter with the payment link goes to ${e}.`, prepay: /^Prepayment 50%: .+ now, .+ at the venue$/,
    holdTitle: (id: number) => `Unpaid booking №${id}`, release: 'Release the places', released: 'The places are released.',
    payAgain: /^Pay again /, sandboxPay: 'Pay', sandboxDecline: 'Decline', toBooking: 'Go to your booking',
    nameCount: '151 of 150 characters', nameTooLong: 'At most 150 characters, please: this name has 151', gone: 'Sorry, these places have just been taken',
    priceUpdated: 'The price has been updated: check it and press the button again.', confirmed: (id: number) => `Booking №${id} is confirmed`,
    venuePhone: 'Venue phone:',
  },
} as const;

const shown = (iso: string) => iso.split('-').reverse().join('.');
const digits = (iso: string) => shown(iso).replace(/\./g, '');
const addDays = (iso: string, n: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

async function adminHeaders(request: APIRequestContext) {
  const res = await request.post('/api/v2.1/login/', { data: { email: ADMIN.email, password: ADMIN.password } });
  expect(res.status()).toBe(200);
  return { Authorization: `Token ${(await res.json()).token}` };
}

/** Location 1 links its privacy policy (the widget links it under the consent box). */
async function linkPolicy(request: APIRequestContext) {
  const res = await request.put('/api/v2.1/locations/1/', { headers: await adminHeaders(request), data: { privacy_policy_url: 'https://venue.example/privacy' } });
  expect(res.status(), await res.text()).toBe(200);
}

/** A day `ahead` days from location 1's today and its afternoon sessions with every place free (at least 4), per playground. */
async function freeDay(request: APIRequestContext, ahead: number) {
  const loc = await (await request.get('/api/public/locations/1/')).json() as { today: string };
  const date = addDays(loc.today, ahead);
  const slots = await (await request.get(`/api/public/locations/1/slots/?date=${date}`)).json() as { playgrounds: PublicPlayground[] };
  const free = slots.playgrounds.filter((p) => p.max_players >= 4).flatMap((p) => p.sessions
    .filter((s) => s.begin >= '13:00' && s.begin < '20:00' && s.available_persons === p.max_players).map((s) => ({ playground: p, session: s })));
  expect(free.length).toBeGreaterThan(2);
  return { date, free };
}

const sessionButton = (w: Page | FrameLocator, playground: number, start: string) =>
  w.locator(`[data-testid="widget-session"][data-playground="${playground}"][data-start="${start}"]`);

/** Axe on what the page (and its frames) shows: WCAG 2.2 A/AA and best practices. */
async function axe(page: Page, where: string) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  expect(result.violations.map((v) => `${where}: ${v.id} ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
}

/** What the widget shows that is tapped but smaller than 44 × 44 px (a checkbox counts by its label), and a page wider than 390 px. */
async function phoneProblems(w: Page | Frame): Promise<string[]> {
  return w.evaluate(() => {
    const out: string[] = [];
    if (document.documentElement.scrollWidth > 390) out.push(`page ${document.documentElement.scrollWidth} px wide`);
    for (const el of document.querySelectorAll<HTMLElement>('main a, main button, main input, main select, main summary')) {
      const target = el.matches('input[type="checkbox"]') ? el.closest('label')! : el;
      const r = target.getBoundingClientRect();
      if (!r.width || !r.height || el.closest('[hidden]')) continue;
      if (r.width < 44 || r.height < 44) out.push(`${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 30)}" ${Math.round(r.width)}×${Math.round(r.height)}`);
    }
    return out;
  });
}

/** A venue's page on another origin (another port) with the snippet as a venue pastes it: a header above, a footer below. */
async function venuePage(origin: string, lang: Lang): Promise<{ url: string; close: () => Promise<void> }> {
  const snippet = embedSnippet(origin, widgetSrc(origin, 1, null, lang), 'venue-widget-1', lang === 'ru' ? 'Бронирование' : 'Booking');
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Venue</title></head>
<body style="margin:0;font-family:sans-serif"><header style="height:420px;padding:16px;background:#263238;color:#fff"><h1>VR Venue</h1><p>Our games and prices</p></header>
<main style="padding:8px 0">${snippet}</main><footer style="height:700px;padding:16px"><p>Contacts</p></footer></body></html>`;
  const server = http.createServer((_req, res) => { res.setHeader('content-type', 'text/html; charset=utf-8'); res.end(html); });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => new Promise((ok) => server.close(() => ok())) };
}

/** The widget's answer to a public call made by the test (a customer of another browser). */
async function book(request: APIRequestContext, playground: number, start: string, persons: number, name: string) {
  const games = await (await request.get('/api/public/locations/1/games/')).json() as { id: number }[];
  const res = await request.post('/api/public/locations/1/bookings/?lang=ru', {
    data: { playground_id: playground, session_dt: start, persons, game_id: games[0]!.id, name, phone: '+79160001122', email: `other-${Date.now()}@example.com`, promocode: '', personal_data_consent: true },
  });
  expect(res.status(), await res.text()).toBe(201);
  return await res.json() as { key: string; order: { id: number } };
}

const orderState = async (request: APIRequestContext, key: string) => ((await (await request.get(`/api/public/orders/${key}/`)).json()) as { state: string }).state;
const keyOf = async (link: ReturnType<Page['getByTestId']>) => /\/widget\/order\/([^?]+)/.exec((await link.getAttribute('href'))!)![1]!;

for (const lang of ['ru', 'en'] as const) test.describe(lang, () => {
  // The browser's language as the customer's (the provider's sandbox page follows it).
  test.use({ locale: lang === 'ru' ? 'ru-RU' : 'en-US' });
  const w = W[lang];
  const offset = lang === 'ru' ? 0 : 1;

  test(`${lang}: embedded in a venue's page at 390 px: digits and the calendar choose the day, a tap on a session brings the form into view`, async ({ page, request, baseURL }) => {
    const { date, free } = await freeDay(request, 31 + offset);
    const venue = await venuePage(baseURL!, lang);
    try {
      await page.goto(venue.url);
      const frame = page.frameLocator('#venue-widget-1');
      const doc = () => page.frames().find((f) => f.url().includes('/widget/'))!;
      await expect(frame.getByTestId('widget-session').first()).toBeVisible();
      // Nothing of the widget is one live region; the results of actions go to one status region.
      await expect(frame.locator('main')).not.toHaveAttribute('aria-live');
      await expect(frame.locator('#widget-status')).toHaveAttribute('role', 'status');

      // The day typed as digits (a phone's numeric keyboard has no dot): DDMMYYYY, then DDMMYY.
      const field = frame.getByTestId('widget-date');
      let asked = page.waitForRequest((r) => r.url().includes(`/slots/?date=${addDays(date, 1)}`));
      await field.fill(digits(addDays(date, 1)));
      await asked;
      await field.blur();
      await expect(field).toHaveValue(shown(addDays(date, 1)));
      await expect(frame.locator('#widget-status')).toHaveText(w.sessionsOn(shown(addDays(date, 1))));
      asked = page.waitForRequest((r) => r.url().includes(`/slots/?date=${addDays(date, 2)}`));
      await field.fill(digits(addDays(date, 2)).replace(/^(\d{4})\d\d(\d\d)$/, '$1$2'));
      await asked;

      // The calendar: opened by its button, the chosen day focused; a key a day back, Enter picks it.
      await frame.getByRole('button', { name: w.calendar }).tap();
      await expect(frame.getByTestId('widget-calendar')).toBeVisible();
      await expect(frame.locator(`.calendar button[data-date="${addDays(date, 2)}"]`)).toBeFocused();
      await expect(frame.locator(`.calendar button[data-date="${addDays(date, 2)}"]`)).toHaveAttribute('aria-pressed', 'true');
      await axe(page, 'the calendar');
      expect(await phoneProblems(doc())).toEqual([]);
      await page.keyboard.press('ArrowLeft');
      asked = page.waitForRequest((r) => r.url().includes(`/slots/?date=${addDays(date, 1)}`));
      await page.keyboard.press('Enter');
      await asked;
      await expect(frame.getByTestId('widget-calendar')).toBeHidden();
      await expect(field).toHaveValue(shown(addDays(date, 1)));
      // And a day tapped on it: the date of this test.
      await frame.getByRole('button', { name: w.calendar }).tap();
      // The calendar opens on the chosen day's month; when the test's day is the month's last, its
      // arrow goes back a month, as a customer would.
      if (date.slice(0, 7) !== addDays(date, 1).slice(0, 7)) await frame.getByRole('button', { name: w.prevMonth }).tap();
      asked = page.waitForRequest((r) => r.url().includes(`/slots/?date=${date}`));
      await frame.locator(`.calendar button[data-date="${date}"]`).tap();
      await asked;
      await expect(field).toHaveValue(shown(date));

      // The playground filter: one tap narrows the day's list to a playground.
      const { playground, session } = free.at(-1)!;
      await frame.locator(`[data-testid="widget-filter-chip"][data-playground="${playground.id}"]`).tap();
      await expect(frame.locator('[data-testid="widget-playground"]:visible')).toHaveCount(1);
      await expect(frame.locator(`[data-testid="widget-playground"][data-playground="${playground.id}"]`)).toBeVisible();
      await expect(frame.locator('#widget-status')).toHaveText(w.shown);
      await axe(page, 'the day\'s sessions, embedded');
      expect(await phoneProblems(doc())).toEqual([]);

      // A tap on a session: the frame grows, and the venue's page scrolls the form into view.
      await sessionButton(frame, playground.id, session.time_start).tap();
      const heading = frame.locator('#w-form-title');
      await expect(heading).toHaveText(new RegExp(`^${playground.name}, ${session.begin}–${session.end}`));
      await expect.poll(async () => {
        const box = await heading.boundingBox();
        return box !== null && box.y >= 0 && box.y + box.height <= 844;
      }, { message: 'the form\'s heading is on the venue page\'s screen' }).toBe(true);
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(420);
      expect(Number.parseInt((await page.locator('#venue-widget-1').getAttribute('style'))!.match(/height:\s*(\d+)px/)![1]!)).toBeGreaterThan(640);
      // What is being bought, at the top of the form.
      await expect(frame.getByTestId('widget-choice-when')).toContainText(`${shown(session.time_start.slice(0, 10))}`);
      await expect(frame.getByTestId('widget-choice-when')).toContainText(`${session.begin}–${session.end}`);
      await expect(frame.getByTestId('widget-choice-playground')).toContainText(playground.name);
      await expect(frame.getByTestId('widget-choice-persons')).toContainText('1');
      await expect(frame.getByTestId('price-total')).toBeVisible();
      await axe(page, 'the form, embedded');
      expect(await phoneProblems(doc())).toEqual([]);
    } finally {
      await venue.close();
    }
  });

  test(`${lang}: consent required, the e-mail's provider suggested, the held screen says what is bought; Back from the provider's page offers pay or release; booking again releases the first hold`, async ({ page, request }) => {
    await linkPolicy(request);
    const { date, free } = await freeDay(request, 35 + offset);
    const [first, second] = [free[0]!, free.find((f) => f.session.time_start !== free[0]!.session.time_start || f.playground.id !== free[0]!.playground.id)!];
    const local = `anna-${lang}-${Date.now()}`;
    let bookings = 0;
    page.on('request', (r) => { if (r.method() === 'POST' && r.url().includes('/bookings/')) bookings++; });

    await page.goto(`/widget/?location=1&lang=${lang}`);
    await expect(page.getByTestId('widget-venue-phone')).toHaveAttribute('href', 'tel:+74951234567');
    await expect(page.getByText(w.venuePhone)).toBeVisible();
    const fill = async (choice: typeof first) => {
      await page.getByTestId('widget-date').fill(digits(date));
      await sessionButton(page, choice.playground.id, choice.session.time_start).tap();
      await page.getByTestId('widget-persons').selectOption('2');
      await page.getByTestId('widget-game').selectOption({ index: 1 });
      await page.getByLabel(w.name, { exact: true }).fill('Анна Телефонова');
      // The phone as autofill gives it.
      await page.getByLabel(w.phone, { exact: true }).fill('8 916 555-12-34');
      await expect(page.getByTestId('price-total')).toBeVisible();
    };
    await fill(first);
    // A typo in the provider: offered fixed on leaving the field, fixed in one tap.
    await page.getByLabel(w.email, { exact: true }).fill(`${local}@gmial.com`);
    await page.getByLabel(w.promo, { exact: true }).tap();
    await expect(page.getByTestId('widget-email-fix')).toHaveText(w.suggest(`${local}@gmail.com`));
    await page.getByTestId('widget-email-fix').tap();
    await expect(page.getByLabel(w.email, { exact: true })).toHaveValue(`${local}@gmail.com`);
    await expect(page.getByTestId('widget-email-suggest')).toHaveText(w.fixed(`${local}@gmail.com`));
    const email = `${local}@gmail.com`;
    await expect(page.getByTestId('widget-choice-persons')).toContainText('2');

    // Without the tick nothing is sent, and the box says why.
    const box = page.getByRole('checkbox', { name: w.consent });
    await expect(box).not.toBeChecked();
    await page.getByTestId('widget-submit').tap();
    await expect(page.locator('#w-personal_data_consent-error')).toHaveText(w.consentRequired);
    await expect(box).toBeFocused();
    expect(bookings).toBe(0);
    // The consent text one tap away, the policy linked.
    await page.getByText(w.consentText, { exact: true }).tap();
    // #44 The location's personal-data document in the customer's language (the demo's has an English text).
    await expect(page.getByRole('region', { name: w.consentText })).toContainText(lang === 'ru' ? 'Согласие на обработку персональных данных' : 'Consent to the processing of personal data');
    await expect(page.getByRole('link', { name: w.policy })).toHaveAttribute('href', 'https://venue.example/privacy');
    await axe(page, 'the form with its checks');
    expect(await phoneProblems(page)).toEqual([]);

    // Ticked: held, and the held screen says what is bought, where the letter goes, why part now.
    const consentSent = page.waitForRequest((r) => r.url().includes('/bookings/') && r.method() === 'POST');
    await box.tap();
    await page.getByTestId('widget-submit').tap();
    const body = (await consentSent).postDataJSON();
    expect(body).toMatchObject({ personal_data_consent: true, personal_data_consent_version: expect.any(Number), release_key: null });
    const result = page.getByTestId('widget-result');
    await expect(result.getByRole('heading', { level: 1 })).toHaveText(w.held);
    await expect(page.getByTestId('widget-result-when')).toContainText(shown(first.session.time_start.slice(0, 10)));
    await expect(page.getByTestId('widget-result-when')).toContainText(`${first.session.begin}–${first.session.end}`);
    await expect(page.getByTestId('widget-result-playground')).toContainText(first.playground.name);
    await expect(page.getByTestId('widget-result-persons')).toContainText('2');
    await expect(page.getByTestId('widget-result-game')).toBeVisible();
    await expect(page.getByTestId('widget-result-email')).toHaveText(w.heldEmail(email));
    await expect(page.getByTestId('widget-result-prepay')).toHaveText(w.prepay);
    await axe(page, 'the held screen');
    expect(await phoneProblems(page)).toEqual([]);
    const firstId = Number(await result.getAttribute('data-order-id'));
    const firstKey = await keyOf(page.getByTestId('widget-order-link'));

    // To the provider's page, and Back: the hold is offered again with its session, to pay or release.
    await page.getByTestId('widget-pay-link').tap();
    await expect(page).toHaveURL(/\/sandbox\/pay\//);
    await page.goBack();
    const hold = page.getByTestId('widget-hold');
    await expect(hold.getByRole('heading', { level: 2 })).toHaveText(w.holdTitle(firstId));
    await expect(hold.getByTestId('widget-hold-when')).toContainText(`${first.session.begin}–${first.session.end}`);
    await expect(hold.getByTestId('widget-hold-playground')).toContainText(first.playground.name);
    await expect(hold.getByTestId('widget-hold-persons')).toContainText('2');
    await expect(hold.getByTestId('widget-hold-email')).toHaveText(w.heldEmail(email));
    await expect(hold.getByTestId('widget-hold-pay')).toHaveAttribute('href', /\/sandbox\/pay\//);
    await expect(hold.getByRole('button', { name: w.release })).toBeVisible();
    await axe(page, 'the booking page offering the held order');
    expect(await phoneProblems(page)).toEqual([]);

    // Booking another session instead releases the first hold in the same step.
    await fill(second);
    await page.getByLabel(w.email, { exact: true }).fill(email);
    await page.getByRole('checkbox', { name: w.consent }).tap();
    const again = page.waitForRequest((r) => r.url().includes('/bookings/') && r.method() === 'POST');
    await page.getByTestId('widget-submit').tap();
    expect((await again).postDataJSON()).toMatchObject({ release_key: firstKey });
    await expect(result.getByRole('heading', { level: 1 })).toHaveText(w.held);
    const secondId = Number(await result.getAttribute('data-order-id'));
    const secondKey = await keyOf(page.getByTestId('widget-order-link'));
    expect(secondId).not.toBe(firstId);
    expect(await orderState(request, firstKey)).toBe('cancelled');

    // The payment declined: its order page, then the booking page offers to pay again.
    await page.getByTestId('widget-pay-link').tap();
    await page.getByRole('button', { name: w.sandboxDecline }).click();
    await page.getByRole('link', { name: w.toBooking }).click();
    await expect(page.getByTestId('order-state')).toBeVisible();
    await expect(page.getByTestId('widget-order')).toHaveAttribute('data-state', 'payment_declined');
    await expect(page.getByTestId('order-prepay')).toHaveText(w.prepay);
    await axe(page, 'the order page, payment declined');
    expect(await phoneProblems(page)).toEqual([]);
    await page.goto(`/widget/?location=1&lang=${lang}`);
    await expect(hold.getByRole('heading', { level: 2 })).toHaveText(w.holdTitle(secondId));
    await expect(hold.getByTestId('widget-hold-pay')).toHaveText(w.payAgain);
    await hold.getByTestId('widget-hold-pay').tap();
    await expect(page).toHaveURL(/\/sandbox\/pay\//);
    await page.goBack();
    await expect(hold.getByTestId('widget-hold-pay')).toHaveAttribute('href', /\/sandbox\/pay\//);

    // Its order page while the payment is awaited.
    await page.goto(`/widget/order/${secondKey}?lang=${lang}`);
    await expect(page.getByTestId('widget-order')).toHaveAttribute('data-state', 'awaiting_payment');
    await expect(page.getByTestId('widget-venue-phone')).toHaveAttribute('href', 'tel:+74951234567');
    await axe(page, 'the order page, awaiting payment');
    expect(await phoneProblems(page)).toEqual([]);

    // Released from the booking page: the places are free, the order cancelled, nothing offered any more.
    await page.goto(`/widget/?location=1&lang=${lang}`);
    await hold.getByRole('button', { name: w.release }).tap();
    await expect(page.getByTestId('widget-hold-released')).toHaveText(w.released);
    await expect(page.locator('#widget-status')).toHaveText(w.released);
    expect(await orderState(request, secondKey)).toBe('cancelled');
    await page.reload();
    await expect(page.getByTestId('widget-session').first()).toBeVisible();
    await expect(hold).toBeHidden();
    await page.goto(`/widget/order/${secondKey}?lang=${lang}`);
    await expect(page.getByTestId('widget-order')).toHaveAttribute('data-state', 'cancelled');
    await axe(page, 'the order page, cancelled');
  });

  test(`${lang}: the name's limit said, guests and game kept after "places just taken", a promo code typed and booked at once priced first; the confirmation and the order page`, async ({ page, request }) => {
    const { date, free } = await freeDay(request, 38 + offset);
    const headers = await adminHeaders(request);
    const code = `FREE40${lang.toUpperCase()}${Date.now() % 100000}`;
    const made = await request.post('/api/v2.1/locations/1/promocodes/', { headers, data: { code, type: 'flat', discount: '99999' } });
    expect(made.status(), await made.text()).toBe(201);
    const [taken, other] = [free[0]!, free.find((f) => f.session.time_start !== free[0]!.session.time_start)!];

    await page.goto(`/widget/?location=1&lang=${lang}`);
    await page.getByTestId('widget-date').fill(digits(date));
    await sessionButton(page, taken.playground.id, taken.session.time_start).tap();
    await page.getByTestId('widget-persons').selectOption('3');
    await page.getByTestId('widget-game').selectOption({ index: 2 });
    const game = await page.getByTestId('widget-game').inputValue();
    // A name over the limit is not cut: the count says so, and the check names the limit.
    await page.getByLabel(w.name, { exact: true }).fill('Я'.repeat(151));
    await expect(page.getByTestId('widget-name-count')).toHaveText(w.nameCount);
    await page.getByLabel(w.phone, { exact: true }).fill('+7 (916) 555-12-35');
    await page.getByLabel(w.email, { exact: true }).fill(`olga-${lang}-${Date.now()}@example.com`);
    await page.getByRole('checkbox', { name: w.consent }).tap();
    await expect(page.getByTestId('price-total')).toBeVisible();
    await page.getByTestId('widget-submit').tap();
    await expect(page.locator('#w-name-error')).toHaveText(w.nameTooLong);
    await page.getByLabel(w.name, { exact: true }).fill('Ольга Промокодова');

    // Another customer takes two of the four places meanwhile: "just taken", and the list is fresh.
    await book(request, taken.playground.id, taken.session.time_start, 2, 'Другой Клиент');
    await page.getByTestId('widget-submit').tap();
    await expect(page.getByTestId('widget-error')).toContainText(w.gone);
    // The next session keeps the guests and the game.
    await sessionButton(page, other.playground.id, other.session.time_start).tap();
    await expect(page.getByTestId('widget-persons')).toHaveValue('3');
    await expect(page.getByTestId('widget-game')).toHaveValue(game);
    await expect(page.getByRole('checkbox', { name: w.consent })).toBeChecked();
    await expect(page.getByTestId('price-total')).toBeVisible();

    // The promo code typed and the button tapped at once: priced and shown first, nothing sent.
    let bookings = 0;
    page.on('request', (r) => { if (r.method() === 'POST' && r.url().includes('/bookings/')) bookings++; });
    await page.getByLabel(w.promo, { exact: true }).fill(code);
    await page.getByTestId('widget-submit').tap();
    await expect(page.getByTestId('widget-price-updated')).toHaveText(w.priceUpdated);
    await expect(page.getByTestId('price-discount')).toBeVisible();
    await expect(page.getByTestId('price-due')).toHaveCount(0);
    expect(bookings).toBe(0);
    await page.getByTestId('widget-submit').tap();

    // Confirmed (nothing to pay): what is bought, and where the details went.
    const result = page.getByTestId('widget-result');
    const id = Number(await result.getAttribute('data-order-id'));
    await expect(result.getByRole('heading', { level: 1 })).toHaveText(w.confirmed(id));
    await expect(page.getByTestId('widget-result-when')).toContainText(`${other.session.begin}–${other.session.end}`);
    await expect(page.getByTestId('widget-result-playground')).toContainText(other.playground.name);
    await expect(page.getByTestId('widget-result-persons')).toContainText('3');
    await axe(page, 'the confirmation');
    expect(await phoneProblems(page)).toEqual([]);
    const key = await keyOf(page.getByTestId('widget-order-link'));
    await page.goto(`/widget/order/${key}?lang=${lang}`);
    await expect(page.getByTestId('widget-order')).toHaveAttribute('data-state', 'booked');
    await expect(page.getByTestId('order-when')).toContainText(`${other.session.begin}–${other.session.end}`);
    await expect(page.getByTestId('widget-venue-phone')).toHaveText('+74951234567');
    await axe(page, 'the order page, booked');
    expect(await phoneProblems(page)).toEqual([]);

    // An unbroken name at its limit does not widen the order page.
    const long = await book(request, free.at(-1)!.playground.id, free.at(-1)!.session.time_start, 1, 'Щ'.repeat(150));
    await page.goto(`/widget/order/${long.key}?lang=${lang}`);
    await expect(page.getByTestId('order-name')).toBeVisible();
    expect(await phoneProblems(page)).toEqual([]);
  });
});
