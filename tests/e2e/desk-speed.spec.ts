import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN, apiGet, moscowDate, signIn, token, type Slot } from './helpers';

// #30 The desk at full speed, on location 3 ("VR Lounge Brooklyn", USD, sessions priced per
// session, so no game is needed), which books walk-ins without the guest's details: a walk-in is
// booked and paid in at most 4 clicks from the open day view, and a chosen guests number stays when
// another desk takes places while the form is open.

const LOCATION = 3;

async function setWalkIns(page: Page) {
  const res = await page.request.put(`/api/v2.1/locations/${LOCATION}/`, {
    headers: { Authorization: `Token ${await token(page)}` }, data: { walk_ins_without_details: true },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** The Cube's empty afternoon sessions on a date. */
async function emptySlots(page: Page, date: string): Promise<{ playground: number; slots: Slot[] }> {
  const loc = await apiGet<{ playgrounds: { id: number; name: string }[] }>(page, `/api/v2.1/locations/${LOCATION}/`);
  const playground = loc.playgrounds.find((p) => p.name === 'The Cube')!.id;
  const slots = await apiGet<Slot[]>(page, `/api/v2.1/playgrounds/${playground}/schedule/?date=${date}&orders=1`);
  return { playground, slots: slots.filter((s) => s.orders.length === 0 && !s.archived && s.available_persons === 4 && s.time_start.slice(0, 10) === date && s.begin >= '12:00' && s.begin < '20:00') };
}

const card = (page: Page, playground: number, start: string) =>
  page.getByTestId('day-calendar').locator(`[data-testid="slot-card"][data-playground="${playground}"][data-start="${start}"]`);

test.describe.configure({ timeout: 60_000 });

test('ru: a walk-in booked and paid in cash in 3 clicks from the open day view; it reads "Без данных гостя"', async ({ page }) => {
  await signIn(page, ADMIN, 'ru');
  await setWalkIns(page);
  const date = moscowDate(12);
  const { playground, slots } = await emptySlots(page, date);
  const slot = slots[0]!;
  await page.goto(`/locations/${LOCATION}/booking_admin?date=${date}`);
  const target = card(page, playground, slot.time_start);
  await expect(target).toHaveAttribute('data-colour', 'empty');

  let clicks = 0;
  const click = async (l: Locator) => { clicks++; await l.click(); };
  await click(target.getByTestId('slot-add'));
  const form = page.getByTestId('booking-form');
  // The defaults: the clicked session, the smallest number of guests; name and phone not required here.
  await expect(form.getByRole('combobox', { name: /Время/ })).toContainText(slot.begin);
  await expect(form.getByRole('combobox', { name: /Гостей/ })).toHaveText('1');
  await expect(form.getByRole('textbox', { name: 'Имя', exact: true })).not.toHaveAttribute('required');
  await click(form.getByTestId('booking-save-pay'));
  const confirm = page.getByTestId('book-pay-confirm');
  // The amount in the location's money format (ru: a decimal comma), cash chosen, the take button focused.
  await expect(confirm.getByTestId('book-pay-amount')).toContainText(/\$1[25]0,00/);
  await expect(confirm.getByTestId('book-pay-type-2')).toHaveAttribute('aria-pressed', 'true');
  await expect(confirm.getByTestId('book-pay-submit')).toBeFocused();
  await click(confirm.getByTestId('book-pay-submit'));
  await expect(page.getByTestId('alert-success').filter({ hasText: /Заказ №\d+ создан и оплачен: \$1[25]0,00/ })).toBeVisible();
  await expect(target).toHaveAttribute('data-colour', 'paid');
  await expect(target.getByTestId('slot-order')).toContainText('Без данных гостя');
  expect(clicks).toBeLessThanOrEqual(4);
  expect(clicks).toBe(3);
});

test('en: a walk-in paid by card with Enter; another desk leaving 1 place keeps the chosen guests and says so', async ({ page }) => {
  await signIn(page, ADMIN, 'en');
  await setWalkIns(page);
  const date = moscowDate(13);
  const { playground, slots } = await emptySlots(page, date);
  const [first, second] = slots;
  await page.goto(`/locations/${LOCATION}/booking_admin?date=${date}`);

  // Card is one click away; Enter takes the payment: 3 clicks and a key.
  let clicks = 0;
  const click = async (l: Locator) => { clicks++; await l.click(); };
  await click(card(page, playground, first!.time_start).getByTestId('slot-add'));
  const form = page.getByTestId('booking-form');
  await click(form.getByTestId('booking-save-pay'));
  const confirm = page.getByTestId('book-pay-confirm');
  await expect(confirm.getByTestId('book-pay-amount')).toContainText(/\$1[25]0\.00/);
  await click(confirm.getByTestId('book-pay-type-6'));
  await page.keyboard.press('Enter');
  const done = page.getByTestId('alert-success').filter({ hasText: /Order №\d+ is booked and paid/ });
  await expect(done).toBeVisible();
  expect(clicks).toBeLessThanOrEqual(4);
  const orderId = Number((await done.textContent())!.match(/№(\d+)/)![1]);
  const order = await apiGet<{ name: string; status: number; payments: { payment_type: number }[] }>(page, `/api/v2.2/orders/${orderId}/`);
  expect(order).toMatchObject({ name: '', status: 6 });
  expect(order.payments.map((p) => p.payment_type)).toEqual([6]);
  await expect(card(page, playground, first!.time_start).getByTestId('slot-order')).toContainText('Walk-in');

  // Four guests chosen; another desk books 3 of the 4 places: the form keeps 4 and says 1 place is left.
  await card(page, playground, second!.time_start).getByTestId('slot-add').click();
  await form.getByRole('combobox', { name: /Guests/ }).click();
  await page.getByRole('option', { name: '4', exact: true }).click();
  const res = await page.request.post('/api/v2.1/booking/', {
    headers: { Authorization: `Token ${await token(page)}` },
    data: { playground_id: playground, persons: 3, order_type: 1, name: 'Other Desk', phone: '+15550009988', session_dt: second!.time_start },
  });
  expect(res.status()).toBe(201);
  await expect(form.getByTestId('session-trouble')).toContainText(`Only 1 place is left in the ${second!.begin} session.`, { timeout: 10_000 });
  await expect(form.getByRole('combobox', { name: /Guests/ })).toHaveText('4');
  await expect(form.getByTestId('booking-save')).toBeDisabled();
  // The disabled save names what to correct.
  await expect(form.getByTestId('booking-form-hint')).toHaveText('Fill in: Guests');
});

test('en: Back in the browser closes an untouched booking form and asks over a filled one; the day view stays', async ({ page }) => {
  await signIn(page, ADMIN, 'en');
  const date = moscowDate(14);
  const { playground, slots } = await emptySlots(page, date);
  // The day before, then "Next day": an entry of this app behind the day view for Back to go to.
  await page.goto(`/locations/${LOCATION}/booking_admin?date=${moscowDate(13)}`);
  await page.getByRole('button', { name: 'Next day' }).click();
  await expect(page).toHaveURL(new RegExp(`date=${date}`));
  const form = page.getByTestId('booking-form');
  const add = card(page, playground, slots[0]!.time_start).getByTestId('slot-add');

  await add.click();
  await expect(form).toBeVisible();
  await page.goBack();
  await expect(form).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`date=${date}`));

  await add.click();
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Back Button');
  await page.goBack();
  const question = page.getByTestId('discard-changes');
  await question.getByRole('button', { name: 'Keep editing' }).click();
  await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Back Button');
  await page.goBack();
  await question.getByRole('button', { name: 'Discard changes' }).click();
  await expect(form).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`date=${date}`));
  await expect(page.getByTestId('calendar-date')).toBeVisible();
});

test('en: a booking with a payment link: the created dialog shows the link, where it went and its copy button, and offers no cash', async ({ page }) => {
  await signIn(page, ADMIN, 'en');
  await setWalkIns(page);
  const date = moscowDate(15);
  const { playground, slots } = await emptySlots(page, date);
  await page.goto(`/locations/${LOCATION}/booking_admin?date=${date}`);
  await card(page, playground, slots[0]!.time_start).getByTestId('slot-add').click();
  const form = page.getByTestId('booking-form');
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill('link.guest@example.com');
  await form.getByLabel('Send a payment link').click();
  await form.getByTestId('booking-save').click();
  const created = page.getByTestId('booking-result');
  await expect(created.getByTestId('pay-link').locator('input')).toHaveValue(/^https?:\/\//);
  await expect(created.getByTestId('pay-link-sent')).toHaveText('The link was sent to link.guest@example.com.');
  await expect(created.getByTestId('pay-link-copy')).toBeVisible();
  await expect(created.getByTestId('created-pay')).toHaveCount(0);
});
