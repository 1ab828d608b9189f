import { expect, test, type Locator, type Page } from './test';
import { ADMIN, apiGet, moscowDate, signIn, token, type Slot } from './helpers';

// #30 The desk at full speed, on location 3 ("VR Lounge Brooklyn", USD, sessions priced per
// session, so no game is needed), which books walk-ins without the guest's details: a walk-in is
// booked and paid in at most 4 clicks from the open day view, and a chosen guests number stays when
// another desk takes places while the form is open. Every item is proven in ru and in en: the tests
// run once per language from one table of texts (each language on its own days).

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

type Lang = 'ru' | 'en';

/** What the screens say, per language; the days keep the two languages' orders apart. */
const T = {
  ru: {
    days: [12, 14, 16], time: /Время/, guests: /Гостей/, name: 'Имя', email: 'Электронная почта', bill: 'Отправить ссылку на оплату',
    money: (price: string) => `$${price.replace('.', ',')}`, done: /Заказ №(\d+) создан и оплачен: (\$\d+,\d\d)/, walkIn: 'Без данных гостя',
    fewer: (time: string) => `В сеансе ${time} осталось мест: 1.`, fillGuests: 'Заполните: Гостей',
    nextDay: 'Следующий день', keep: 'Продолжить ввод', discard: 'Отменить изменения',
    linkSent: 'Ссылка отправлена на link.guest@example.com.',
    payType: 'Способ оплаты', certificate: 'Сертификат', certificateNumber: 'Номер сертификата', fillCertificate: 'Заполните: Номер сертификата',
  },
  en: {
    days: [13, 15, 17], time: /Time/, guests: /Guests/, name: 'Name', email: 'Email', bill: 'Send a payment link',
    money: (price: string) => `$${price}`, done: /Order №(\d+) is booked and paid: (\$\d+\.\d\d)/, walkIn: 'Walk-in',
    fewer: (time: string) => `Only 1 place is left in the ${time} session.`, fillGuests: 'Fill in: Guests',
    nextDay: 'Next day', keep: 'Keep editing', discard: 'Discard changes',
    linkSent: 'The link was sent to link.guest@example.com.',
    payType: 'Payment type', certificate: 'Certificate', certificateNumber: 'Certificate number', fillCertificate: 'Fill in: Certificate number',
  },
} satisfies Record<Lang, unknown>;

test.describe.configure({ timeout: 60_000 });

for (const lang of ['ru', 'en'] as const) {
  const t = T[lang];

  // ru pays cash with a click, en by card with Enter: both ways in each run of the pair.
  test(`${lang}: a walk-in booked and paid in at most 4 clicks; another desk leaving 1 place keeps the chosen guests and says so`, async ({ page }) => {
    await signIn(page, ADMIN, lang);
    await setWalkIns(page);
    const date = moscowDate(t.days[0]!);
    const { playground, slots } = await emptySlots(page, date);
    const [first, second] = slots;
    await page.goto(`/locations/${LOCATION}/booking_admin?date=${date}`);
    const target = card(page, playground, first!.time_start);
    await expect(target).toHaveAttribute('data-colour', 'empty');

    let clicks = 0;
    const click = async (l: Locator) => { clicks++; await l.click(); };
    await click(target.getByTestId('slot-add'));
    const form = page.getByTestId('booking-form');
    // The defaults: the clicked session, the smallest number of guests; name and phone not required here.
    await expect(form.getByRole('combobox', { name: t.time })).toContainText(first!.begin);
    await expect(form.getByRole('combobox', { name: t.guests })).toHaveText('1');
    await expect(form.getByRole('textbox', { name: t.name, exact: true })).not.toHaveAttribute('required');
    await click(form.getByTestId('booking-save-pay'));
    const confirm = page.getByTestId('book-pay-confirm');
    // The amount in the location's money format (ru: a decimal comma), cash chosen, the take button focused.
    // The session's own price (weekends and holidays cost more), as the schedule gives it.
    const amount = t.money(first!.pricing!.session_price!);
    await expect(confirm.getByTestId('book-pay-amount')).toContainText(amount);
    await expect(confirm.getByTestId('book-pay-type-2')).toHaveAttribute('aria-pressed', 'true');
    await expect(confirm.getByTestId('book-pay-submit')).toBeFocused();
    if (lang === 'ru') {
      await click(confirm.getByTestId('book-pay-submit'));
    } else {
      // Card is one click away; Enter takes the payment.
      await click(confirm.getByTestId('book-pay-type-6'));
      await page.keyboard.press('Enter');
    }
    const done = page.getByTestId('alert-success').filter({ hasText: t.done });
    await expect(done).toBeVisible();
    expect(clicks).toBeLessThanOrEqual(4);
    expect(clicks).toBe(3);
    await expect(target).toHaveAttribute('data-colour', 'paid');
    await expect(target.getByTestId('slot-order')).toContainText(t.walkIn);
    const [, orderNumber, paid] = (await done.textContent())!.match(t.done)!;
    expect(paid).toBe(amount);
    const orderId = Number(orderNumber);
    const order = await apiGet<{ name: string; status: number; payments: { payment_type: number }[] }>(page, `/api/v2.2/orders/${orderId}/`);
    expect(order).toMatchObject({ name: '', status: 6 });
    expect(order.payments.map((p) => p.payment_type)).toEqual([lang === 'ru' ? 2 : 6]);

    // Four guests chosen; another desk books 3 of the 4 places: the form keeps 4 and says 1 place is left.
    await card(page, playground, second!.time_start).getByTestId('slot-add').click();
    await form.getByRole('combobox', { name: t.guests }).click();
    await page.getByRole('option', { name: '4', exact: true }).click();
    const res = await page.request.post('/api/v2.1/booking/', {
      headers: { Authorization: `Token ${await token(page)}` },
      data: { playground_id: playground, persons: 3, order_type: 1, name: 'Other Desk', phone: '+15550009988', session_dt: second!.time_start },
    });
    expect(res.status()).toBe(201);
    await expect(form.getByTestId('session-trouble')).toContainText(t.fewer(second!.begin), { timeout: 10_000 });
    await expect(form.getByRole('combobox', { name: t.guests })).toHaveText('4');
    await expect(form.getByTestId('booking-save')).toBeDisabled();
    // The disabled save names what to correct.
    await expect(form.getByTestId('booking-form-hint')).toHaveText(t.fillGuests);
  });

  test(`${lang}: Back closes an untouched booking form and asks over a filled one; a reload warns only over a filled one; the pay dialog says why a certificate payment waits`, async ({ page }) => {
    await signIn(page, ADMIN, lang);
    await setWalkIns(page);
    const date = moscowDate(t.days[1]!);
    const { playground, slots } = await emptySlots(page, date);
    // The day before, then "Next day": an entry of this app behind the day view for Back to go to.
    await page.goto(`/locations/${LOCATION}/booking_admin?date=${moscowDate(t.days[1]! - 1)}`);
    await page.getByRole('button', { name: t.nextDay }).click();
    await expect(page).toHaveURL(new RegExp(`date=${date}`));
    const form = page.getByTestId('booking-form');
    const nameField = form.getByRole('textbox', { name: t.name, exact: true });
    const add = card(page, playground, slots[0]!.time_start).getByTestId('slot-add');

    await add.click();
    await expect(form).toBeVisible();
    await page.goBack();
    await expect(form).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`date=${date}`));

    await add.click();
    await nameField.fill('Back Button');
    await page.goBack();
    const question = page.getByTestId('discard-changes');
    await question.getByRole('button', { name: t.keep }).click();
    await expect(nameField).toHaveValue('Back Button');
    await page.goBack();
    await question.getByRole('button', { name: t.discard }).click();
    await expect(form).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`date=${date}`));
    await expect(page.getByTestId('calendar-date')).toBeVisible();

    // A reload over an untouched form goes without a word; over a filled one the browser asks first.
    const asked: string[] = [];
    page.on('dialog', (d) => { asked.push(d.type()); void d.accept(); });
    await add.click();
    await expect(form).toBeVisible();
    await page.reload();
    await expect(form).toBeHidden();
    expect(asked).toEqual([]);
    await add.click();
    await nameField.fill('Reload');
    await page.reload();
    expect(asked).toEqual(['beforeunload']);
    await expect(form).toBeHidden();

    // The pay dialog: a certificate payment without its number waits, and says what it waits for.
    await add.click();
    await form.getByTestId('booking-save').click();
    await page.getByTestId('booking-result').getByTestId('created-pay').click();
    const pay = page.getByTestId('pay-dialog');
    const take = pay.getByRole('button', { name: lang === 'ru' ? 'Принять оплату' : 'Take payment' });
    await expect(take).toBeEnabled();
    await expect(pay.getByTestId('pay-hint')).toHaveCount(0);
    await pay.getByRole('combobox', { name: t.payType }).click();
    await page.getByRole('option', { name: t.certificate, exact: true }).click();
    await expect(take).toBeDisabled();
    await expect(pay.getByTestId('pay-hint')).toHaveText(t.fillCertificate);
    const number = pay.getByRole('textbox', { name: t.certificateNumber });
    // A press on the disabled button marks the field red (once the type's menu has gone, or the press lands on it).
    await expect(page.getByRole('listbox')).toBeHidden();
    await pay.getByTestId('pay-submit-wrap').click();
    await expect(number).toHaveAttribute('aria-invalid', 'true');
    await number.fill('1234567890123456');
    await expect(pay.getByTestId('pay-hint')).toHaveText(t.fillCertificate);
    await number.fill('ABC123');
    await expect(pay.getByTestId('pay-hint')).toHaveCount(0);
    await expect(take).toBeEnabled();
  });

  test(`${lang}: a booking with a payment link: the created dialog shows the link, where it went and its copy button, and offers no cash`, async ({ page }) => {
    await signIn(page, ADMIN, lang);
    await setWalkIns(page);
    const date = moscowDate(t.days[2]!);
    const { playground, slots } = await emptySlots(page, date);
    await page.goto(`/locations/${LOCATION}/booking_admin?date=${date}`);
    await card(page, playground, slots[0]!.time_start).getByTestId('slot-add').click();
    const form = page.getByTestId('booking-form');
    await form.getByRole('textbox', { name: t.email, exact: true }).fill('link.guest@example.com');
    await form.getByLabel(t.bill).click();
    await form.getByTestId('booking-save').click();
    const created = page.getByTestId('booking-result');
    await expect(created.getByTestId('pay-link').locator('input')).toHaveValue(/^https?:\/\//);
    await expect(created.getByTestId('pay-link-sent')).toHaveText(t.linkSent);
    await expect(created.getByTestId('pay-link-copy')).toBeVisible();
    await expect(created.getByTestId('created-pay')).toHaveCount(0);
  });
}
