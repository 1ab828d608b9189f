import { expect, test, type Locator, type Page } from './test';
import { ADMIN, apiGet, moscowDate, signIn, token, type Slot, shownDate } from './helpers';

// Details of the booking calendar (issue #4) at location 1 ("VR Арена Москва", Europe/Moscow) on
// dates about two weeks ahead: red borders of slots that cannot take a booking, the 15-minute
// rows 105 px high, the search dialog's page sizes, debounce and server phone error, the promo
// code checked while typing, the location payment's length rule, and copying a payment link.


/** Day sessions (15:00-22:00) of a playground without any order. */
async function emptySlots(page: Page, playgroundId: number, date: string): Promise<Slot[]> {
  const slots = await apiGet<Slot[]>(page, `/api/v2.1/playgrounds/${playgroundId}/schedule/?date=${date}&orders=1`);
  return slots.filter((s) => s.orders.length === 0 && !s.archived && s.available_persons === 4
    && s.time_start.slice(0, 10) === date && s.begin >= '15:00' && s.begin < '22:00');
}

function card(page: Page, playgroundId: number, timeStart: string): Locator {
  return page.getByTestId('day-calendar').locator(`[data-testid="slot-card"][data-playground="${playgroundId}"][data-start="${timeStart}"]`);
}

async function choose(page: Page, scope: Locator, label: string | RegExp, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The number in a money text such as "К оплате: 3 000,00 ₽". */
function amount(text: string): number {
  const digits = text.replace(/[^\d,.]/g, '').replace(/[.,](?=\d{3}(\D|$))/g, '').replace(',', '.').replace(/\.$/, '');
  return Number(digits);
}

/** Books a slot through the API (Beat Saber, a paid order); returns the order id. */
async function book(page: Page, slot: Slot, persons: number, extra: Record<string, unknown> = {}): Promise<number> {
  const games = await apiGet<{ id: number; name: string }[]>(page, '/api/v2.2/playgrounds/1/games_for_booking/');
  const response = await page.request.post('/api/v2.1/booking/', {
    headers: { Authorization: `Token ${await token(page)}` },
    data: {
      playground_id: 1, persons, order_type: 1, name: 'Тест Деталей', phone: `+7977${String(Date.now()).slice(-7)}`,
      session_dt: slot.time_start, game_id: games[0]!.id, ...extra,
    },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return ((await response.json()) as { id: number }).id;
}

async function openCalendar(page: Page, locationId: number, date: string) {
  await page.goto(`/locations/${locationId}/booking_admin?date=${date}`);
  await expect(page.getByTestId('day-calendar')).toBeVisible();
}

/** The booking form of an empty Cube 1 session `daysAhead` days ahead, filled in for `guests` guests of Beat Saber (ru). */
async function fillNewBooking(page: Page, daysAhead: number, guests: string, name: string, phonePrefix: string): Promise<Locator> {
  const date = moscowDate(daysAhead);
  const slot = (await emptySlots(page, 1, date))[0]!;
  await openCalendar(page, 1, date);
  await card(page, 1, slot.time_start).getByTestId('slot-add').click();
  const form = page.getByTestId('booking-form');
  await choose(page, form, /Гостей/, guests);
  await choose(page, form, /Игра/, 'Beat Saber');
  await form.getByLabel(/Имя/).fill(name);
  await form.getByLabel(/Телефон/).fill(`${phonePrefix}${String(Date.now()).slice(-7)}`);
  return form;
}

test.describe.configure({ timeout: 40_000 });

test('ru: a slot without the add button has a red border; 15-minute rows 105 px high', async ({ page }) => {
  await signIn(page, ADMIN);
  const date = moscowDate(12);
  const [full, open] = await emptySlots(page, 1, date);
  await book(page, full!, 4);
  await openCalendar(page, 1, date);

  const fullCard = card(page, 1, full!.time_start);
  await expect(fullCard).toHaveAttribute('data-available', '0');
  await expect(fullCard).toHaveAttribute('data-bookable', 'false');
  await expect(fullCard.getByTestId('slot-add')).toHaveCount(0);
  // MUI's error.main (#d32f2f) on the top, right and bottom (the left is the colour stripe).
  const border = (l: Locator) => l.evaluate((el) => {
    const s = getComputedStyle(el);
    return [s.borderTopColor, s.borderRightColor, s.borderBottomColor];
  });
  expect(await border(fullCard)).toEqual(['rgb(211, 47, 47)', 'rgb(211, 47, 47)', 'rgb(211, 47, 47)']);

  const openCard = card(page, 1, open!.time_start);
  await expect(openCard).toHaveAttribute('data-bookable', 'true');
  await expect(openCard.getByTestId('slot-add')).toBeVisible();
  expect(await border(openCard)).toEqual(['rgba(0, 0, 0, 0)', 'rgba(0, 0, 0, 0)', 'rgba(0, 0, 0, 0)']);

  // Rows: one per 15 minutes, each 105 px high.
  const rows = page.getByTestId('day-calendar').locator('td.fc-timegrid-slot-lane');
  const times = await rows.evaluateAll((tds) => tds.slice(0, 5).map((td) => td.getAttribute('data-time')));
  expect(times).toEqual(['06:00:00', '06:15:00', '06:30:00', '06:45:00', '07:00:00']);
  const row = rows.nth(40);
  await row.scrollIntoViewIfNeeded();
  const box = (await row.boundingBox())!;
  expect(Math.round(box.height)).toBe(105);
  expect(await row.evaluate((el) => getComputedStyle(el).height)).toBe('105px');
});

test('ru: search page sizes, debounce and a server error on the phone', async ({ page }) => {
  await signIn(page, ADMIN);
  await openCalendar(page, 1, moscowDate(12));
  await page.getByRole('button', { name: 'Поиск' }).click();
  const search = page.getByTestId('search-dialog');
  const phoneField = search.getByRole('textbox', { name: 'Телефон' });

  // Debounced: typing "+7999" key by key sends one search, about 500 ms after the last key.
  const requests: { url: string }[] = [];
  page.on('request', (r) => { if (r.url().includes('/api/v2.2/orders/search/')) requests.push({ url: r.url() }); });
  // Timed inside the page, on its own clock: the last input event and the start of the search call
  // (a test-side clock would add the test runner's delays under load).
  await page.evaluate(() => {
    const w = window as unknown as { __lastInput: number; __searchAt: number; fetch: typeof fetch };
    document.addEventListener('input', () => { w.__lastInput = performance.now(); }, true);
    const original = w.fetch.bind(window);
    w.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/api/v2.2/orders/search/')) w.__searchAt ??= performance.now(); // the first search only
      return original(input, init);
    };
  });
  await phoneField.pressSequentially('+7999', { delay: 100 });
  const rows = search.getByTestId('search-results').locator('tbody tr');
  await expect(rows).toHaveCount(10);
  // One search, for the whole phone: none for "+7", "+79", ... (the live desk may read the same
  // search again when an order of the location changes meanwhile; that is still "+7999").
  expect(requests.length).toBeGreaterThanOrEqual(1);
  expect(requests.map((r) => new URL(r.url).searchParams.get('phone'))).toEqual(requests.map(() => '+7999'));
  const waited = await page.evaluate(() => {
    const w = window as unknown as { __lastInput: number; __searchAt: number };
    return w.__searchAt - w.__lastInput;
  });
  expect(new URL(requests[0]!.url).searchParams.get('phone')).toBe('+7999');
  expect(new URL(requests[0]!.url).searchParams.get('limit')).toBe('10');
  // SEARCH_DEBOUNCE_MS is 500; a few ms of timer slack are allowed.
  expect(waited).toBeGreaterThanOrEqual(490);
  const count = Number((await search.getByTestId('search-count').textContent())!.replace(/\D/g, ''));
  expect(count).toBeGreaterThan(15);

  // Page sizes 10, 15, 30, 50, 100, default 10; 15 shows 15 rows.
  const size = search.getByRole('combobox', { name: 'На странице' });
  await expect(size).toHaveText('10');
  await size.click();
  await expect(page.getByRole('option')).toHaveText(['10', '15', '30', '50', '100']);
  await page.getByRole('option', { name: '15', exact: true }).click();
  await expect(size).toHaveText('15');
  await expect(rows).toHaveCount(15);

  // A phone the client pattern accepts but the server refuses (over 20 characters): the field is
  // invalid with the server's word for it, which is validationPhone's, as everywhere (#18).
  const hint = await search.locator('.MuiFormHelperText-root').first().textContent();
  await phoneField.fill(`+7${'9'.repeat(20)}`);
  await expect(phoneField).toHaveAttribute('aria-invalid', 'true');
  await expect(search.locator('.MuiFormHelperText-root.Mui-error')).toHaveText('Только цифры, в начале может быть плюс');
  expect(await search.locator('.MuiFormHelperText-root').first().textContent()).not.toBe(hint);
});

test('ru: the promo code is checked while typing; VR10 takes 10 % off', async ({ page }) => {
  await signIn(page, ADMIN);
  const form = await fillNewBooking(page, 13, '2', 'Промо Тестов', '+7966');
  const total = form.getByTestId('price-total');
  await expect(total).toContainText('К оплате');
  const full = amount((await total.textContent())!);
  expect(full).toBeGreaterThan(0);

  const promo = form.getByRole('textbox', { name: 'Промокод' });
  await promo.fill('NOPE');
  await expect(form.getByText('Недействительный промокод')).toBeVisible();
  await expect(promo).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByTestId('booking-save')).toBeDisabled();

  await promo.fill('VR10');
  await expect(form.getByText('Промокод действует: скидка 10 %')).toBeVisible();
  await expect(form.getByText('Недействительный промокод')).toHaveCount(0);
  await expect(promo).toHaveAttribute('aria-invalid', 'false');
  await expect.poll(async () => amount((await total.textContent())!)).toBeCloseTo(full * 0.9, 2);

  // Checked again on send.
  const [check] = await Promise.all([
    page.waitForRequest((r) => r.url().includes('/api/v2.1/check_coupon/')),
    form.getByTestId('booking-save').click(),
  ]);
  expect(check.postDataJSON()).toMatchObject({ code: 'VR10', location: 1 });
  await expect(page.getByTestId('booking-result').getByRole('heading', { name: 'Заказ создан' })).toBeVisible();
});

test('ru: the location payment allows at most 10 characters; only location 1 has it', async ({ page }) => {
  await signIn(page, ADMIN);
  await openCalendar(page, 1, moscowDate(12));
  await page.getByRole('button', { name: 'Платёж' }).click();
  const dialog = page.getByTestId('location-payment');
  const posts: string[] = [];
  page.on('request', (r) => { if (r.method() === 'POST' && r.url().includes('/payments/')) posts.push(r.url()); });
  await dialog.getByLabel(/Сумма/).fill('12345678901');
  await expect(dialog.getByText('Слишком длинное значение (не более 10 символов)')).toBeVisible();
  const submit = dialog.getByRole('button', { name: 'Провести платёж' });
  await expect(submit).toBeDisabled();
  await dialog.getByLabel(/Сумма/).press('Enter');
  await expect(dialog).toBeVisible();
  expect(posts).toHaveLength(0);
  await dialog.getByRole('button', { name: 'Отмена' }).click();

  await page.goto('/locations/2/booking_admin');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Календарь бронирований — VR Парк Санкт-Петербург');
  await expect(page.getByRole('button', { name: 'Поиск' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Платёж' })).toHaveCount(0);
});

test('ru: an order with a payment link offers to copy it', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  await signIn(page, ADMIN);
  const date = moscowDate(14);
  const slot = (await emptySlots(page, 1, date))[0]!;
  const orderId = await book(page, slot, 2, { bill: true, cancel_delay: 30 });
  const order = await apiGet<{ bill: string | null }>(page, `/api/v2.2/orders/${orderId}/`);
  expect(order.bill).toMatch(/^http/);

  await openCalendar(page, 1, date);
  await card(page, 1, slot.time_start).click();
  const row = page.getByTestId('slot-orders').locator(`[data-order-id="${orderId}"]`);
  await row.getByRole('button', { name: 'Скопировать ссылку на оплату' }).click();
  await expect(page.getByTestId('alert-success').filter({ hasText: 'Ссылка на оплату скопирована' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(order.bill);
});

test('ru: day view tools: the archive switch shows past sessions, "now" returns to today, new booking opens an empty form', async ({ page }) => {
  await signIn(page, ADMIN);
  const yesterday = moscowDate(-1);
  await page.goto(`/locations/1/booking_admin?date=${yesterday}`);
  const archived = page.getByTestId('day-calendar').locator('[data-testid="slot-card"][data-archived="true"]');
  // Yesterday's sessions are archived: without the switch only those with orders are shown.
  const switchBox = page.getByLabel('Показывать архив');
  if (await switchBox.isChecked()) await switchBox.click();
  await expect(page.getByTestId('day-calendar')).toBeVisible();
  const slots = await apiGet<Slot[]>(page, `/api/v2.1/playgrounds/1/schedule/?date=${yesterday}&orders=1`);
  const withOrders = slots.filter((s) => s.orders.length > 0 && s.time_start.slice(0, 10) === yesterday).length;
  const dayTotal = slots.filter((s) => s.time_start.slice(0, 10) === yesterday).length;
  const cube1 = page.getByTestId('day-calendar').locator('[data-testid="slot-card"][data-playground="1"]');
  await expect(cube1).toHaveCount(withOrders);
  await switchBox.click();
  await expect(cube1).toHaveCount(dayTotal);
  await expect(archived.first().getByTestId('slot-archived')).toBeVisible();
  await switchBox.click();

  // "Now" goes back to today's date.
  await page.getByRole('button', { name: 'Сейчас' }).click();
  await expect(page).toHaveURL(new RegExp(`date=${moscowDate(0)}$`));

  // New booking: the form opens with today's date and nothing chosen.
  await page.getByTestId('new-booking').click();
  const form = page.getByTestId('booking-form');
  await expect(form.getByTestId('booking-date')).toHaveValue(shownDate(moscowDate(0)));
  await expect(form.getByRole('combobox', { name: /Площадка/ })).toHaveText(/^[\s\u200b]*$/);
  await expect(form.getByTestId('booking-save')).toBeDisabled();
});

test('ru: the price preview takes the group and early-booking discounts and matches the saved order', async ({ page }) => {
  await signIn(page, ADMIN);
  // 16 days ahead: location 1's early booking (14 days, 5 %) applies; all 4 places of Cube 1 give its 10 % group discount.
  const form = await fillNewBooking(page, 16, '4', 'Скидкин', '+7955');
  const preview = form.getByTestId('price-preview');
  await expect(preview).toContainText('Скидка');
  const total = amount((await form.getByTestId('price-total').textContent())!);
  const cost = amount((await preview.getByText(/^Стоимость/).textContent())!);
  expect(total).toBeCloseTo(cost * 0.85, 2);
  await form.getByTestId('booking-save').click();
  const result = page.getByTestId('booking-result');
  await expect(result.getByRole('heading', { name: 'Заказ создан' })).toBeVisible();
  const id = Number((await result.getByTestId('created-order-link').textContent())!.replace(/\D/g, ''));
  const order = await apiGet<{ purchase: string; cost: string }>(page, `/api/v2.2/orders/${id}/`);
  expect(Number(order.purchase)).toBeCloseTo(total, 2);
  expect(Number(order.cost)).toBeCloseTo(cost, 2);
});
