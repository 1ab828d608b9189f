// Money at the desk (issue #15): a bill taken in the pay dialog is a payment link, shown with a copy
// button; the order stays unpaid until the customer pays on the provider's page, then it is paid.
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, apiGet, moscowDate, signIn, token } from './helpers';

test.setTimeout(90_000);

interface Slot { time_start: string; begin: string; archived: boolean; orders: unknown[] }

async function bookEmptySession(page: Page, days: number): Promise<{ date: string; slot: Slot; orderId: number }> {
  const date = moscowDate(days);
  const slots = await apiGet<Slot[]>(page, `/api/v2.1/playgrounds/1/schedule/?date=${date}&orders=1`);
  const slot = slots.find((s) => s.orders.length === 0 && !s.archived && s.time_start.slice(0, 10) === date && s.begin >= '15:00' && s.begin < '22:00')!;
  const games = await apiGet<{ id: number }[]>(page, '/api/v2.2/playgrounds/1/games_for_booking/');
  const res = await page.request.post('/api/v2.1/booking/', {
    headers: { Authorization: `Token ${await token(page)}` },
    data: { playground_id: 1, persons: 1, order_type: 1, name: 'Bill Guest', phone: '+79990004455', session_dt: slot.time_start, game_id: games[0]!.id },
  });
  expect(res.status()).toBe(201);
  return { date, slot, orderId: (await res.json()).id };
}

const TEXT = {
  ru: { pay: 'Оплатить', type: /Способ оплаты/, bill: 'Счет (ссылка на оплату)', submit: 'Принять оплату', hint: 'Передайте клиенту эту ссылку', copy: 'Скопировать ссылку' },
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
