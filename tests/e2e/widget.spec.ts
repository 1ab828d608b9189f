import { expect, test, type APIRequestContext, type FrameLocator, type Locator, type Page } from './test';
import { ADMIN, letterText, signIn, waitForLetter } from './helpers';

// The customer booking widget: a customer books and pays through the sandbox provider, gets the
// letter and sees the booking on their page; staff see it green on the calendar with its source
// marked; a second customer racing for the same places is told they are gone.
// Locations 2 (ru, per-person prices: a game is chosen) and 3 (en, per-session prices), 20 days
// ahead where the demo data has no orders. Their schedules are switched to full prepayment first,
// so the online payment pays the whole order (green).

test.describe.configure({ timeout: 90_000 });

interface PublicSession { time_start: string; begin: string; available_persons: number }
interface PublicSlots { playgrounds: { id: number; name: string; max_players: number; sessions: PublicSession[] }[] }

async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/v2.1/login/', { data: { email: ADMIN.email, password: ADMIN.password } });
  expect(res.status()).toBe(200);
  return (await res.json()).token;
}

/** Every schedule of a location asks the whole price online (prepayment 100 %). */
async function fullPrepayment(request: APIRequestContext, locationId: number) {
  const headers = { Authorization: `Token ${await adminToken(request)}` };
  const list = await (await request.get(`/api/v2.1/schedule/?location=${locationId}`, { headers })).json() as { id: number }[];
  for (const { id } of list) {
    const s = await (await request.get(`/api/v2.1/schedule/${id}/`, { headers })).json();
    const items = s.items.map((item: { pricing: { prepayment: unknown }[] }) => ({ ...item, pricing: item.pricing.map((p) => ({ ...p, prepayment: 1 })) }));
    const res = await request.put(`/api/v2.1/schedule/${id}/`, {
      headers, data: { name: s.name, start_dt: s.start_dt, disabled: s.disabled, playground_group: s.playground_group, breaks: s.breaks, items },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
}

/** An afternoon session 20 days ahead with every place free, from the public call the widget reads. */
async function freeSession(request: APIRequestContext, locationId: number) {
  const loc = await (await request.get(`/api/public/locations/${locationId}/`)).json();
  const d = new Date(`${loc.today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 20);
  const date = d.toISOString().slice(0, 10);
  const slots = await (await request.get(`/api/public/locations/${locationId}/slots/?date=${date}`)).json() as PublicSlots;
  const pg = slots.playgrounds.find((p) => p.sessions.length)!;
  const session = pg.sessions.find((s) => s.begin >= '15:00' && s.begin < '21:00' && s.available_persons === pg.max_players)!;
  return { date, playground: pg, session };
}

/** Picks the session in the widget and fills the customer's form. */
async function fillBooking(w: FrameLocator | Page, date: string, playgroundId: number, start: string, persons: number,
  customer: { name: string; phone: string; email: string }, labels: { name: string; phone: string; email: string; consent: string }, game = false) {
  await w.getByTestId('widget-date').fill(date.split('-').reverse().join('.'));
  await w.locator(`[data-testid="widget-session"][data-playground="${playgroundId}"][data-start="${start}"]`).click();
  await w.getByTestId('widget-persons').selectOption(String(persons));
  if (game) await w.getByTestId('widget-game').selectOption({ index: 1 });
  await w.getByLabel(labels.name, { exact: true }).fill(customer.name);
  await w.getByLabel(labels.phone, { exact: true }).fill(customer.phone);
  await w.getByLabel(labels.email, { exact: true }).fill(customer.email);
  // #40 The personal-data consent is a box of its own, unticked until the customer ticks it.
  await w.getByRole('checkbox', { name: labels.consent }).check();
  await expect(w.getByTestId('price-total')).toBeVisible();
}

async function expectGreenOnCalendar(page: Page, locationId: number, date: string, playgroundId: number, start: string, orderId: number, lang: 'ru' | 'en' | null) {
  if (lang) await signIn(page, ADMIN, lang);
  await page.goto(`/locations/${locationId}/booking_admin?date=${date}`);
  const card: Locator = page.getByTestId('day-calendar').locator(`[data-testid="slot-card"][data-playground="${playgroundId}"][data-start="${start}"]`);
  await expect(card).toHaveAttribute('data-colour', 'paid');
  const order = card.locator(`[data-testid="slot-order"][data-order-id="${orderId}"]`);
  await expect(order).toBeVisible();
  await expect(order.getByTestId('slot-order-widget')).toBeVisible();
}

test.describe('ru', () => {
  test.use({ locale: 'ru-RU' });

  test('a customer books the last places and pays; the second customer is told they are gone; letter, page, green calendar', async ({ page, browser, request }) => {
    await fullPrepayment(request, 2);
    const { date, playground, session } = await freeSession(request, 2);
    const phone = `+7916${String(Date.now()).slice(-7)}`;
    const email = `widget-ru-${Date.now()}@example.com`;
    const labels = { name: 'Имя', phone: 'Телефон', email: 'Электронная почта', consent: 'Я даю согласие на обработку персональных данных' };

    // Two customers open the widget and choose the same session, all its places.
    await page.goto('/widget/?location=2');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('VR Парк Санкт-Петербург');
    const other = await browser.newContext({ locale: 'ru-RU' });
    const second = await other.newPage();
    await second.goto('/widget/?location=2&lang=ru');
    await fillBooking(page, date, playground.id, session.time_start, playground.max_players, { name: 'Ольга Виджетова', phone, email }, labels, true);
    await fillBooking(second, date, playground.id, session.time_start, playground.max_players, { name: 'Второй Клиент', phone: '+79160000000', email: 'second@example.com' }, labels, true);
    await expect(page.getByTestId('widget-submit')).toHaveText(/^Забронировать и оплатить /);

    // The first books: the places are held while they pay.
    const since = Date.now();
    await page.getByTestId('widget-submit').click();
    const result = page.getByTestId('widget-result');
    await expect(result.getByRole('heading', { name: 'Места за вами' })).toBeVisible();
    const orderId = Number(await result.getAttribute('data-order-id'));

    // The second is told the places are gone, and the session is no longer offered.
    await second.getByTestId('widget-submit').click();
    await expect(second.getByTestId('widget-error')).toHaveText('Извините, эти места только что заняли. Выберите другой сеанс или меньше гостей.');
    await expect(second.locator(`[data-testid="widget-session"][data-start="${session.time_start}"][data-playground="${playground.id}"]`)).toHaveCount(0);
    await other.close();

    // The sandbox provider's page, then back to the booking.
    await result.getByTestId('widget-pay-link').click();
    await page.getByRole('button', { name: 'Оплатить' }).click();
    await expect(page.getByRole('heading', { name: 'Оплата прошла' })).toBeVisible();
    await page.getByRole('link', { name: 'Перейти к брони' }).click();
    await expect(page.getByTestId('order-state')).toHaveText('Оплачен');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Бронь №${orderId}`);
    await expect(page.getByTestId('order-persons')).toContainText(String(playground.max_players));
    await expect(page.getByTestId('order-cancel')).toBeVisible();

    // The letter, with the link to the same page.
    const letter = letterText(await waitForLetter(email, since));
    expect(letter).toContain(`Бронь: №${orderId}`);
    expect(letter).toContain(`Площадка: ${playground.name}`);
    const link = /(http:\/\/\S+\/widget\/order\/\S+)/.exec(letter)![1]!;
    await page.goto(link);
    await expect(page.getByTestId('order-state')).toHaveText('Оплачен');

    await expectGreenOnCalendar(page, 2, date, playground.id, session.time_start, orderId, 'ru');
  });
});

test.describe('en', () => {
  test.use({ locale: 'en-US' });

  test('staff try the widget on /iframe: a customer books, pays, gets the letter, sees the page; staff see it green', async ({ page, request, context }) => {
    await fullPrepayment(request, 3);
    const { date, playground, session } = await freeSession(request, 3);
    const email = `widget-en-${Date.now()}@example.com`;

    await signIn(page, ADMIN, 'en', '/iframe?location=3&lang=en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Booking widget');
    const snippet = page.getByTestId('iframe-snippet');
    await expect(snippet).toContainText('/widget/?location=3&lang=en');
    await expect(snippet).toContainText("e.data.type === 'venue-widget:height'");
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copy code' }).click();
    await expect(page.getByText('The code is copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('<iframe id="venue-widget-3"');

    // The widget in its frame sizes the frame to its content.
    const w = page.frameLocator('[data-testid="widget-frame"]');
    await expect(w.getByRole('heading', { level: 1 })).toHaveText('VR Lounge Brooklyn');
    await fillBooking(w, date, playground.id, session.time_start, 2, { name: 'Emma Widget', phone: '+12125550123', email }, { name: 'Name', phone: 'Phone', email: 'Email', consent: 'I consent to the processing of my personal data' });
    await expect.poll(async () => (await page.getByTestId('widget-frame').boundingBox())!.height).toBeGreaterThan(700);

    // Validation in the customer's language before anything is sent.
    await w.getByLabel('Phone', { exact: true }).fill('12ab');
    await w.getByTestId('widget-submit').click();
    await expect(w.getByText('Digits only, with an optional leading plus')).toBeVisible();
    await w.getByLabel('Phone', { exact: true }).fill('+12125550123');
    // Another session and back: the customer's details stay (#18: the form drawn again lost them).
    await w.locator(`[data-testid="widget-session"]:not([data-start="${session.time_start}"])`).first().click();
    await w.locator(`[data-testid="widget-session"][data-playground="${playground.id}"][data-start="${session.time_start}"]`).click();
    await w.getByTestId('widget-persons').selectOption('2');
    await expect(w.getByLabel('Name', { exact: true })).toHaveValue('Emma Widget');
    await expect(w.getByLabel('Phone', { exact: true })).toHaveValue('+12125550123');
    await expect(w.getByLabel('Email', { exact: true })).toHaveValue(email);
    await expect(w.getByTestId('price-total')).toBeVisible();

    const since = Date.now();
    await w.getByTestId('widget-submit').click();
    await expect(w.getByRole('heading', { name: 'Your places are held' })).toBeVisible();
    const orderId = Number(await w.getByTestId('widget-result').getAttribute('data-order-id'));
    // The payment page takes the whole window (payment pages are not framed).
    await w.getByTestId('widget-pay-link').click();
    await expect(page).toHaveURL(/\/sandbox\/pay\//);
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to your booking' }).click();
    await expect(page.getByTestId('order-state')).toHaveText('Paid');
    await expect(page.getByTestId('order-persons')).toContainText('2');

    const letter = letterText(await waitForLetter(email, since));
    expect(letter).toContain(`Booking: №${orderId}`);
    expect(letter).toContain('Persons: 2');
    const link = /(http:\/\/\S+\/widget\/order\/\S+)/.exec(letter)![1]!;
    expect(link).toContain('lang=en');

    await expectGreenOnCalendar(page, 3, date, playground.id, session.time_start, orderId, null);

    // The customer cancels on their page; the places come back.
    await page.goto(link);
    await page.getByTestId('order-cancel').click();
    await page.getByTestId('order-cancel-yes').click();
    await expect(page.getByTestId('order-state')).toHaveText('Cancelled');
    await expect(page.getByText('The booking has been cancelled.')).toBeVisible();
  });
});

test.describe('en: money of a customer booking', () => {
  test.use({ locale: 'en-US' });

  test('a declined payment is said and paid again; the customer cancels the paid booking; staff record the refund', async ({ page, request }) => {
    await fullPrepayment(request, 3);
    const { date, playground, session } = await freeSession(request, 3);
    const email = `widget-declined-${Date.now()}@example.com`;
    await page.goto('/widget/?location=3&lang=en');
    await fillBooking(page, date, playground.id, session.time_start, 1, { name: 'Dana Declined', phone: '+12125550199', email }, { name: 'Name', phone: 'Phone', email: 'Email', consent: 'I consent to the processing of my personal data' });
    await page.getByTestId('widget-submit').click();
    const orderId = Number(await page.getByTestId('widget-result').getAttribute('data-order-id'));

    // The bank says no: the page says so, nothing is paid, the places are held for a while.
    await page.getByTestId('widget-pay-link').click();
    await page.getByRole('button', { name: 'Decline' }).click();
    await expect(page.getByRole('heading', { name: 'Payment declined' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to your booking' }).click();
    await expect(page.getByTestId('order-state')).toHaveText('Payment declined');
    await expect(page.getByTestId('order-note')).toContainText('Your payment was declined and nothing was charged. The places are held for you until');
    await expect(page.getByTestId('order-paid')).toContainText('0');

    // Paying again opens a fresh payment page; this time it goes through.
    await page.getByTestId('order-pay-again').click();
    await expect(page).toHaveURL(/\/sandbox\/pay\//);
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.getByRole('link', { name: 'Go to your booking' }).click();
    await expect(page.getByTestId('order-state')).toHaveText('Paid');

    // The customer cancels the paid booking: the page says what happens to the money.
    await page.getByTestId('order-cancel').click();
    await page.getByTestId('order-cancel-yes').click();
    await expect(page.getByTestId('order-state')).toHaveText('Cancelled');
    await expect(page.getByTestId('order-note')).toHaveText('You cancelled this booking.');
    await expect(page.getByTestId('order-refund')).toContainText('will be returned; the venue will contact you.');

    // Staff see the money to refund on the order and record how it went back.
    await signIn(page, ADMIN, 'en', `/orders/${orderId}`);
    const due = page.getByTestId('order-refund-due');
    await expect(due).toContainText('The order is cancelled but still holds');
    // #38 it goes back the way it came: the prepayment was paid online.
    await expect(due.getByTestId('refund-tender-online')).toContainText('Paid online');
    await due.getByRole('button', { name: /^Refund .+ the way it was paid$/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText(/^.+ refunded the way it was paid\.$/)).toBeVisible();
    await expect(due).toHaveCount(0);
    await expect(page.getByTestId('order-paid')).toContainText('0');
  });
});

// The date reads DD.MM.YYYY in both languages even in a browser set to en-US (a native date input
// showed 12/14/2026 there); a typed day loads its sessions; a day out of range says so.
test.describe('the widget date in an en-US browser', () => {
  test.use({ locale: 'en-US' });
  for (const lang of ['ru', 'en'] as const) {
    test(`${lang}: the widget's date reads DD.MM.YYYY`, async ({ page, request }) => {
      const loc = await (await request.get('/api/public/locations/2/')).json() as { today: string; last_date: string };
      const shown = (iso: string) => iso.split('-').reverse().join('.');
      const plus = (iso: string, days: number) => { const x = new Date(`${iso}T00:00:00Z`); x.setUTCDate(x.getUTCDate() + days); return x.toISOString().slice(0, 10); };
      // The page opens on today, or when today has no free session left (late at night) on the
      // first day of the week that has one, and says so.
      const hasSessions = async (date: string) => ((await (await request.get(`/api/public/locations/2/slots/?date=${date}`)).json()) as { playgrounds: { sessions: unknown[] }[] })
        .playgrounds.some((p) => p.sessions.length > 0);
      let opened = loc.today;
      for (let ahead = 1; ahead <= 7 && !(await hasSessions(opened)); ahead++) opened = plus(loc.today, ahead);
      await page.goto(`/widget/?location=2&lang=${lang}`);
      const field = page.getByTestId('widget-date');
      await expect(field).toHaveValue(shown(opened));
      await expect(page.getByTestId('widget-session').first()).toBeVisible();
      if (opened === loc.today) await expect(page.getByTestId('widget-later-day')).toHaveCount(0);
      else await expect(page.getByTestId('widget-later-day')).toContainText(shown(opened));
      await expect(page.locator('input[type="date"], input[type="datetime-local"]')).toHaveCount(0);
      await page.getByRole('button', { name: lang === 'ru' ? 'Следующий день' : 'Next day' }).click();
      const d = new Date(`${opened}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() + 1);
      await expect(field).toHaveValue(shown(d.toISOString().slice(0, 10)));
      d.setUTCDate(d.getUTCDate() + 5);
      const later = d.toISOString().slice(0, 10);
      const asked = page.waitForRequest((r) => r.url().includes(`/slots/?date=${later}`));
      await field.fill(shown(later));
      await asked;
      await expect(page.getByTestId('widget-session').first()).toBeVisible();
      await field.fill('31.02.2020');
      await field.blur();
      await expect(page.getByTestId('widget-error')).toContainText(shown(loc.last_date));
      await expect(field).toHaveValue(shown(later));
    });
  }
});
