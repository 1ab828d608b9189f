import { expect, test, type Locator, type Page } from './test';
import { ADMIN, apiGet, moscowDate, signIn, token, type Slot, typeDate, shownDate } from './helpers';

// The booking calendar of location 1 ("VR Арена Москва", Europe/Moscow) on dates about ten days
// ahead: the demo data has a few orders there, so the tests pick sessions that have none.


const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const ddmmyyyy = (date: string) => date.split('-').reverse().join('.');

/** Day sessions (15:00-22:00, away from the 14:00 break) of a playground without any order. */
async function emptySlots(page: Page, playgroundId: number, date: string): Promise<Slot[]> {
  const slots = await apiGet<Slot[]>(page, `/api/v2.1/playgrounds/${playgroundId}/schedule/?date=${date}&orders=1`);
  return slots.filter((s) => s.orders.length === 0 && !s.archived && s.available_persons === 4
    && s.time_start.slice(0, 10) === date && s.begin >= '15:00' && s.begin < '22:00');
}

function card(page: Page, playgroundId: number, timeStart: string, calendar = 'day-calendar'): Locator {
  return page.getByTestId(calendar).locator(`[data-testid="slot-card"][data-playground="${playgroundId}"][data-start="${timeStart}"]`);
}

/** Picks an option of an MUI select by its label. */
async function choose(page: Page, scope: Locator, label: string | RegExp, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe.configure({ timeout: 60_000 });

test('ru: book, pay in parts, edit, cancel; night calendar; search; order page with log and payments', async ({ page, context }) => {
  await signIn(page, ADMIN);
  await page.locator('tbody tr').filter({ hasText: 'VR Арена Москва' }).getByRole('link', { name: 'Календарь бронирований' }).click();
  await expect(page).toHaveURL(/\/locations\/1\/booking_admin$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Календарь бронирований — VR Арена Москва');
  await expect(page.getByRole('button', { name: 'Платёж' })).toBeVisible();

  // Ten days ahead with the date controls: the picker, then "next day".
  const date = moscowDate(10);
  await typeDate(page.getByTestId('calendar-date'), addDays(date, -1));
  await expect(page).toHaveURL(new RegExp(`date=${addDays(date, -1)}$`));
  await page.getByRole('button', { name: 'Следующий день' }).click();
  await expect(page).toHaveURL(new RegExp(`date=${date}$`));
  await expect(page.getByTestId('calendar-date')).toHaveValue(shownDate(date));

  const slot = (await emptySlots(page, 1, date))[0]!;
  const slotCard = card(page, 1, slot.time_start);
  await expect(slotCard).toHaveAttribute('data-colour', 'empty');
  await expect(slotCard.getByTestId('slot-empty')).toHaveText('Нет бронирований');

  // The add button's tooltip (one tooltip shared by all cards) follows the pointer from card to card.
  await slotCard.getByTestId('slot-add').hover();
  const addTooltip = page.getByRole('tooltip', { name: 'Забронировать' });
  await expect(addTooltip).toBeVisible();
  await slotCard.getByTestId('slot-empty').hover();
  await expect(addTooltip).toHaveCount(0);

  // Book 2 guests with a game from the card's add button.
  await slotCard.getByTestId('slot-add').click();
  const form = page.getByTestId('booking-form');
  await expect(form.getByRole('heading', { name: 'Новая бронь' })).toBeVisible();
  await expect(form.getByRole('combobox', { name: /Площадка/ })).toHaveText('Куб 1');
  await expect(form.getByRole('combobox', { name: /Время/ })).toContainText(slot.begin);
  await expect(form.getByTestId('booking-save')).toBeDisabled();
  await choose(page, form, /Гостей/, '2');
  await choose(page, form, /Игра/, 'Beat Saber');
  await form.getByLabel(/Имя/).fill('Петр Тестов');
  const phone = `+7988${String(Date.now()).slice(-7)}`;
  await form.getByLabel(/Телефон/).fill('12ab');
  await form.getByLabel(/Имя/).click();
  await expect(form.getByText('Только цифры, в начале может быть плюс')).toBeVisible();
  await form.getByLabel(/Телефон/).fill(phone);
  await expect(form.getByTestId('price-total')).toContainText('К оплате');
  await form.getByTestId('booking-save').click();

  const result = page.getByTestId('booking-result');
  await expect(result.getByRole('heading', { name: 'Заказ создан' })).toBeVisible();
  const link = result.getByTestId('created-order-link');
  await expect(link).toHaveAttribute('target', '_blank');
  const orderId = Number((await link.textContent())!.replace(/\D/g, ''));
  expect(orderId).toBeGreaterThan(0);
  await expect(link).toHaveAttribute('href', `/orders/${orderId}`);
  // The link opens the order page in a new tab.
  const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await expect(tab.getByRole('heading', { level: 1 })).toHaveText(`Заказ №${orderId}`);
  await tab.close();
  await result.getByRole('button', { name: 'Закрыть' }).click();

  // Unpaid: red.
  await expect(slotCard).toHaveAttribute('data-colour', 'unpaid');
  await expect(slotCard.getByTestId('slot-order')).toContainText(`№${orderId}`);
  await expect(slotCard.getByTestId('slot-order-payment')).toContainText('Не оплачено');
  await expect(slotCard.getByTestId('slot-order-persons')).toHaveText('2');
  await expect(slotCard).toHaveAttribute('data-available', '2');

  // Part paid in cash: orange.
  await slotCard.click();
  const orders = page.getByTestId('slot-orders');
  const row = orders.locator(`[data-order-id="${orderId}"]`);
  await row.getByRole('button', { name: 'Оплатить' }).click();
  let pay = page.getByTestId('pay-dialog');
  await expect(pay.getByRole('combobox', { name: /Способ оплаты/ })).toHaveText('Наличные');
  await pay.getByLabel(/Сумма/).fill('');
  await expect(pay.getByText('Укажите сумму')).toBeVisible();
  await pay.getByLabel(/Сумма/).fill('1000');
  await pay.getByRole('button', { name: 'Принять оплату' }).click();
  await expect(pay).toBeHidden();
  await expect(slotCard).toHaveAttribute('data-colour', 'partly_paid');
  await expect(row.getByTestId('order-payment-line')).toContainText('К оплате');

  // The rest (the amount owed is the default): green.
  await row.getByRole('button', { name: 'Оплатить' }).click();
  pay = page.getByTestId('pay-dialog');
  await expect(pay.getByLabel(/Сумма/)).not.toHaveValue('');
  await pay.getByRole('button', { name: 'Принять оплату' }).click();
  await expect(pay).toBeHidden();
  await expect(slotCard).toHaveAttribute('data-colour', 'paid');
  await expect(row.getByRole('button', { name: 'Оплатить' })).toHaveCount(0);

  // Edit: 3 guests; the price grows, so it is partly paid again.
  await row.getByRole('button', { name: 'Изменить' }).click();
  const edit = page.getByTestId('booking-form');
  await expect(edit.getByRole('heading', { name: `Заказ №${orderId}` })).toBeVisible();
  await expect(edit.getByRole('combobox', { name: /Гостей/ })).toHaveText('2');
  await choose(page, edit, /Гостей/, '3');
  await edit.getByTestId('booking-save').click();
  await expect(page.getByTestId('alert-success').filter({ hasText: `Заказ №${orderId} сохранён.` })).toBeVisible();
  await expect(slotCard.getByTestId('slot-order-persons')).toHaveText('3');
  await expect(slotCard).toHaveAttribute('data-colour', 'partly_paid');

  // Cancel (yes/no): the places are back and the card is empty.
  await row.getByRole('button', { name: 'Отменить заказ' }).click();
  await page.getByRole('dialog', { name: `Отменить заказ №${orderId}?` }).getByRole('button', { name: 'Да' }).click();
  await expect(slotCard.getByTestId('slot-empty')).toBeVisible();
  await expect(slotCard).toHaveAttribute('data-available', '4');
  await expect(slotCard).toHaveAttribute('data-colour', 'empty');
  await expect(row).toHaveAttribute('data-status', '4');
  await expect(row.getByRole('button')).toHaveCount(0);
  await orders.getByRole('button', { name: 'Закрыть' }).click();

  // The night calendar: 01:00 of the next date, shown as the night of the chosen day.
  const night = page.getByTestId('night-section');
  await expect(night.getByRole('heading', { level: 2 })).toContainText(`Ночь ${ddmmyyyy(date)}`);
  await expect(card(page, 1, `${addDays(date, 1)} 01:00`, 'night-calendar')).toBeVisible();
  await expect(card(page, 1, `${addDays(date, 1)} 01:00`)).toHaveCount(0);

  // Search by phone.
  await page.getByRole('button', { name: 'Поиск' }).click();
  const search = page.getByTestId('search-dialog');
  await expect(search.getByRole('button', { name: 'Найти' })).toBeDisabled();
  // #39 A letter makes it a name; a plus inside a number is no phone.
  await search.getByRole('textbox', { name: 'Телефон' }).fill('7+9');
  await expect(search.getByText('Только цифры, в начале может быть плюс')).toBeVisible();
  await expect(search.getByRole('button', { name: 'Найти' })).toBeDisabled();
  await search.getByRole('textbox', { name: 'Телефон' }).fill(phone);
  const found = search.getByTestId('search-results').locator(`tr[data-order-id="${orderId}"]`);
  await expect(found).toContainText(ddmmyyyy(date));
  await expect(found).toContainText(slot.begin);
  await expect(found.getByRole('link', { name: 'Открыть' })).toHaveAttribute('href', `/orders/${orderId}`);
  await search.getByRole('button', { name: 'Закрыть' }).click();

  // The order page: its log and payments.
  await page.goto(`/orders/${orderId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Заказ №${orderId}`);
  await expect(page.getByTestId('order-status')).toHaveText('Отменён');
  await expect(page.getByTestId('order-persons')).toHaveText('3');
  await expect(page.getByTestId('order-sessions')).toContainText(`${ddmmyyyy(date)} ${slot.begin}`);
  const log = page.getByTestId('order-log');
  await expect(log.locator('tr[data-type="created"]')).toContainText('Создан');
  await expect(log.locator('tr[data-type="paid"]')).toHaveCount(2);
  await expect(log.locator('tr[data-type="edited"]')).toContainText('гостей: 2 → 3');
  await expect(log.locator('tr[data-type="cancelled"]')).toContainText('Отменён');
  // The paid order was cancelled with its cash refund (the confirmation's default): the two payments and the refund.
  await expect(log.locator('tr[data-type="refunded"]')).toContainText('Возврат');
  await expect(page.getByTestId('order-payments').locator('tbody tr')).toHaveCount(3);
  await expect(page.getByTestId('order-payments').locator('tbody tr').first()).toContainText('Наличные');

  await page.goto('/orders/99999999');
  await expect(page.getByTestId('order-not-found')).toContainText('Заказ №99999999 не найден');
});

test('en: book and see the created dialog; a full session answers "Unable to create"; a certificate error', async ({ page }) => {
  await signIn(page, ADMIN, 'en');
  await page.locator('tbody tr').filter({ hasText: 'VR Arena Moscow' }).getByRole('link', { name: 'Booking calendar' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Booking calendar — VR Arena Moscow');
  const date = moscowDate(11);
  await typeDate(page.getByTestId('calendar-date'), date);
  await expect(page).toHaveURL(new RegExp(`date=${date}$`));

  const [first, second] = await emptySlots(page, 2, date);
  const firstCard = card(page, 2, first!.time_start);
  await firstCard.getByTestId('slot-add').focus();
  await expect(page.getByRole('tooltip', { name: 'Book' })).toBeVisible();
  await firstCard.getByTestId('slot-add').click();
  let form = page.getByTestId('booking-form');
  await choose(page, form, /Guests/, '1');
  await choose(page, form, /Game/, 'Half-Life: Alyx');
  await form.getByLabel(/Name/).fill('Jane Tester');
  await form.getByLabel(/Phone/).fill('+15550001122');
  await form.getByLabel(/Email/).fill('jane@example');
  await form.getByLabel(/Name/).click();
  await expect(form.getByText('Enter a valid email')).toBeVisible();
  await expect(form.getByTestId('booking-save')).toBeDisabled();
  await form.getByLabel(/Email/).fill('jane@example.com');
  await form.getByTestId('booking-save').click();
  const result = page.getByTestId('booking-result');
  await expect(result.getByRole('heading', { name: 'Order created' })).toBeVisible();
  await expect(result.getByTestId('created-order')).toContainText('Order №');
  await expect(result.getByTestId('created-summary')).toContainText('To pay');
  await result.getByRole('button', { name: 'Close' }).click();
  await expect(firstCard).toHaveAttribute('data-colour', 'unpaid');
  await expect(firstCard.getByTestId('slot-order-payment')).toContainText('Not paid');

  // Someone else takes the last places of the second session while this form is open.
  await card(page, 2, second!.time_start).getByTestId('slot-add').click();
  form = page.getByTestId('booking-form');
  await choose(page, form, /Guests/, '2');
  await choose(page, form, /Game/, 'Beat Saber');
  await form.getByLabel(/Name/).fill('Late Guest');
  await form.getByLabel(/Phone/).fill('+15550003344');
  const games = await apiGet<{ id: number }[]>(page, '/api/v2.2/playgrounds/2/games_for_booking/');
  // The live desk would tell the open form at once (live.spec.ts); here the form's refetch is held
  // back, as when the other booking and this save cross on the network: the server's refusal decides.
  const daySchedule = '**/api/v2.1/playgrounds/2/schedule/**';
  await page.route(daySchedule, (route) => route.abort());
  const taken = await page.request.post('/api/v2.1/booking/', {
    headers: { Authorization: `Token ${await token(page)}` },
    data: { playground_id: 2, persons: 4, order_type: 1, name: 'Other tab', phone: '+15550009999', session_dt: second!.time_start, game_id: games[0]!.id },
  });
  expect(taken.status()).toBe(201);
  await form.getByTestId('booking-save').click();
  await expect(result.getByRole('heading', { name: 'Unable to create' })).toBeVisible();
  await expect(result.getByTestId('booking-result-reason')).toContainText('The time slot is busy');
  await result.getByRole('button', { name: 'Close' }).click();
  await page.unroute(daySchedule);
  await form.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(card(page, 2, second!.time_start)).toHaveAttribute('data-available', '0');
  await expect(card(page, 2, second!.time_start).getByTestId('slot-add')).toHaveCount(0);

  // A certificate that does not exist: the server's message under the certificate field.
  await firstCard.click();
  await page.getByTestId('slot-orders').getByRole('button', { name: 'Pay' }).click();
  const pay = page.getByTestId('pay-dialog');
  await choose(page, pay, /Payment type/, 'Certificate');
  await expect(pay.getByRole('button', { name: 'Take payment' })).toBeDisabled();
  await pay.getByLabel(/Certificate number/).fill('NOSUCHCODE');
  await pay.getByRole('button', { name: 'Take payment' }).click();
  await expect(pay.getByText('Certificate not found.')).toBeVisible();
});
