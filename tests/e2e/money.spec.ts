// Money at the desk (issue #15): a bill taken in the pay dialog is a payment link, shown with a copy
// button; the order stays unpaid until the customer pays on the provider's page, then it is paid.
import { expect, test, type Page } from './test';
import { ADMIN, apiGet, bookEmptySession as bookFor, moscowDate, signIn } from './helpers';

const bookEmptySession = (page: Page, days: number) => bookFor(page, days, 'Bill Guest');

test.setTimeout(60_000);


const TEXT = {
  ru: { pay: 'Оплатить', type: /Способ оплаты/, bill: 'Счёт (ссылка на оплату)', submit: 'Принять оплату', hint: 'Передайте клиенту эту ссылку', copy: 'Скопировать ссылку' },
  en: { pay: 'Pay', type: /Payment type/, bill: 'Bill (payment link)', submit: 'Take payment', hint: 'Give the customer this link', copy: 'Copy the link' },
} as const;

for (const [lang, days] of [['ru', 23], ['en', 24]] as const) {
  test(`${lang}: a bill from the pay dialog shows its link and stays unpaid until the provider's page pays it`, async ({ page, context }) => {
    const t = TEXT[lang];
    await signIn(page, ADMIN, lang);
    const { date, slot, orderId } = await bookEmptySession(page, days);
    const order = () => apiGet<{ status: number; paid: string; need_paid: string }>(page, `/api/v2.2/orders/${orderId}/`);
    const owed = (await order()).need_paid;

    await page.goto(`/locations/1/booking_admin?date=${date}`);
    await page.getByTestId('day-calendar').locator(`[data-testid="slot-card"][data-playground="1"][data-start="${slot.time_start}"]`).click();
    await page.getByTestId('slot-orders').locator(`[data-order-id="${orderId}"]`).getByRole('button', { name: t.pay }).click();
    const pay = page.getByTestId('pay-dialog');
    await pay.getByRole('combobox', { name: t.type }).click();
    await page.getByRole('option', { name: t.bill }).click();
    await pay.getByRole('button', { name: t.submit }).click();

    // The link to give the customer, not a payment.
    const linkDialog = page.getByTestId('pay-link-dialog');
    await expect(linkDialog).toContainText(t.hint);
    const url = await linkDialog.getByTestId('pay-link').locator('input').inputValue();
    expect(url).toMatch(/\/sandbox\/pay\/[0-9a-f]{32}$/);
    await expect(linkDialog.getByRole('button', { name: t.copy })).toBeVisible();
    expect(await order()).toMatchObject({ status: 2, paid: '0.00', need_paid: owed });

    // The customer pays on the provider's page (in the customer's browser language): then the order is paid.
    const customer = await context.newPage();
    await customer.goto(url);
    await customer.getByRole('button', { name: /^(Оплатить|Pay)$/ }).click();
    await expect(customer.getByText(/^(Оплата прошла|Payment successful)$/)).toBeVisible();
    await expect.poll(async () => (await order()).status, { timeout: 15_000 }).toBe(6);
    expect(await order()).toMatchObject({ need_paid: '0.00' });
  });
}

const CANCEL = {
  ru: { pay: 'Оплатить', submit: 'Принять оплату', cancel: 'Отменить заказ', paidText: 'Клиент оплатил', yes: 'Да' },
  en: { pay: 'Pay', submit: 'Take payment', cancel: 'Cancel order', paidText: 'The customer has paid', yes: 'Yes' },
} as const;

for (const [lang, days] of [['ru', 25], ['en', 26]] as const) {
  test(`${lang}: cancelling a paid order says what was paid and pays it back in cash in the same confirmation`, async ({ page }) => {
    const t = CANCEL[lang];
    await signIn(page, ADMIN, lang);
    const { date, slot, orderId } = await bookEmptySession(page, days);
    const order = () => apiGet<{ status: number; paid: string; to_refund: string; payments: { purchase: string }[] }>(page, `/api/v2.2/orders/${orderId}/`);

    await page.goto(`/locations/1/booking_admin?date=${date}`);
    await page.getByTestId('day-calendar').locator(`[data-testid="slot-card"][data-playground="1"][data-start="${slot.time_start}"]`).click();
    const row = page.getByTestId('slot-orders').locator(`[data-order-id="${orderId}"]`);
    await row.getByRole('button', { name: t.pay }).click();
    const pay = page.getByTestId('pay-dialog');
    await pay.getByRole('textbox', { name: /Сумма|Amount/ }).fill('500');
    await pay.getByRole('button', { name: t.submit }).click();
    await expect(pay).toBeHidden();
    await expect.poll(async () => (await order()).paid).toBe('500.00');

    await row.getByRole('button', { name: t.cancel, exact: true }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: t.paidText });
    await expect(confirm).toContainText(/500/);
    await expect(confirm.getByTestId('cancel-refund').locator('input')).toBeChecked();
    await confirm.getByRole('button', { name: t.yes }).click();
    await expect.poll(async () => (await order()).status).toBe(4);
    expect(await order()).toMatchObject({ paid: '0.00', to_refund: '0.00' });
    expect((await order()).payments.map((p) => p.purchase)).toEqual(['500.00', '-500.00']);
  });
}

/** Orders of location 1 whose session is over and that still owe money (the demo data has some). */
async function playedAndOwing(page: Page): Promise<number[]> {
  // The demo's played sessions go back ten days, each booked up to 16 days before it: booked in the
  // last 30 days, read oldest first (the sessions ahead were booked lately) until two played ones
  // that still owe are found. How many there are depends on the day the demo was made.
  const from = moscowDate(-30);
  const to = moscowDate(0);
  const list = await apiGet<{ results: { id: number }[] }>(page, `/api/v2.1/locations/1/orders/?status=2&date_from=${from}&date_to=${to}&limit=500`);
  const owing: number[] = [];
  for (const { id } of [...list.results].reverse()) {
    const o = await apiGet<{ session_date: string | null; need_paid: string }>(page, `/api/v2.2/orders/${id}/`);
    if (o.session_date && o.session_date < moscowDate(0) && Number(o.need_paid) > 0) owing.push(id);
    if (owing.length === 2) break;
  }
  return owing;
}

for (const [lang, index, payText] of [['ru', 0, 'Принять оплату'], ['en', 1, 'Take payment']] as const) {
  test(`${lang}: an order whose session is over is paid from the order page (pay after play)`, async ({ page }) => {
    await signIn(page, ADMIN, lang);
    const owing = await playedAndOwing(page);
    expect(owing.length, 'the demo data has played orders still owing').toBeGreaterThan(1);
    const id = owing[index]!;
    await page.goto(`/orders/${id}`);
    await page.getByTestId('order-pay').click();
    const pay = page.getByTestId('pay-dialog');
    await expect(pay.getByRole('textbox', { name: /Сумма|Amount/ })).not.toHaveValue('');
    await pay.getByRole('button', { name: payText }).click();
    await expect(pay).toBeHidden();
    await expect(page.getByTestId('order-status')).toHaveText(/Оплачен|Paid/);
    await expect(page.getByTestId('order-pay')).toHaveCount(0);
    expect(await apiGet<{ status: number }>(page, `/api/v2.2/orders/${id}/`)).toMatchObject({ status: 6 });
  });
}

test('ru: a cashier types an amount as the screens write it, "1 500,50", and 1500.50 is recorded', async ({ page }) => {
  await signIn(page, ADMIN, 'ru', '/locations/1/booking_admin');
  await page.getByRole('button', { name: 'Платёж' }).click();
  const dialog = page.getByTestId('location-payment');
  await dialog.getByLabel(/Сумма/).fill('1 500,50');
  await dialog.getByLabel(/Комментарий/).fill('Сдача в кассу');
  const [request] = await Promise.all([
    page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/api/v2.1/locations/1/payments/')),
    dialog.getByRole('button', { name: 'Провести платёж' }).click(),
  ]);
  expect(request.postDataJSON()).toMatchObject({ purchase: '1500.50' });
  await expect(dialog).toBeHidden();
  // "1.500,50" is refused, not guessed.
  await page.getByRole('button', { name: 'Платёж' }).click();
  await dialog.getByLabel(/Сумма/).fill('1.500,50');
  await expect(dialog.getByRole('button', { name: 'Провести платёж' })).toBeDisabled();
});
