// #29 Real online money through YooKassa, end to end against the local YooKassa (tests/providers,
// started by playwright.config.ts): the location's owner sets YooKassa up on the tools page and checks
// the connection; the desk sends a bill; the customer pays on the provider's page; the desk shows the
// order paid live; the order is cancelled and the money goes back through the provider. Location 1,
// put back to "no provider" after each test: other specs make sandbox links there.
import { expect, test } from './test';
import { ADMIN, apiGet, bookEmptySession, signIn, token } from './helpers';
import { E2E_YOOKASSA_SHOP } from '../providers/yookassa';

const TEXT = {
  ru: {
    provider: 'Платёжный провайдер', yookassa: 'ЮKassa', shop: 'Идентификатор магазина', key: 'Секретный ключ', save: 'Сохранить', saved: 'Платёжный провайдер сохранён.',
    check: 'Проверить подключение', checkOk: 'Подключение работает: ЮKassa принимает сохранённые данные.',
    topups: 'Счёт для пополнений', topupsSaved: 'Счёт для пополнений сохранён.',
    pay: 'Оплатить', type: /Способ оплаты/, bill: 'Счёт (ссылка на оплату)', submit: 'Принять оплату', paid: 'Оплачен',
    cancel: 'Отменить заказ', yes: 'Да', online: /^Через ЮKassa: .+ вернутся на карту или кошелёк клиента$/,
    refundsTitle: 'Возвраты через платёжного провайдера', refunded: 'Возвращено', done: /теми же способами, какими платили/,
    cancelOnline: /^Вернуть .+ сейчас тем же способом, каким платили$/, cancelledOnline: /^Заказ №\d+ отменён; .+ возвращается тем же способом, каким платили$/,
  },
  en: {
    provider: 'Payment provider', yookassa: 'YooKassa', shop: 'Shop ID (shopId)', key: 'Secret key', save: 'Save', saved: 'Payment provider saved.',
    check: 'Check connection', checkOk: 'Connection works: YooKassa accepted the saved credentials.',
    topups: 'Top-ups account', topupsSaved: 'The top-ups account saved.',
    pay: 'Pay', type: /Payment type/, bill: 'Bill (payment link)', submit: 'Take payment', paid: 'Paid',
    cancel: 'Cancel order', yes: 'Yes', online: /^Through YooKassa: .+ back to the customer's card or wallet$/,
    refundsTitle: 'Refunds through the payment provider', refunded: 'Refunded', done: /refunded the way it was paid/,
    cancelOnline: /^Refund .+ now, the way it was paid$/, cancelledOnline: /goes back the way it was paid$/,
  },
} as const;

test.afterEach(async ({ page }) => {
  // Never leave location 1 on the local YooKassa, whatever happened above.
  const headers = { Authorization: `Token ${await token(page)}` };
  await page.request.put('/api/v2.1/locations/1/payment_provider/', { headers, data: { provider: null } });
  await page.request.put('/api/v2.1/payment_provider/', { headers, data: { provider: null } });
});

for (const [lang, days] of [['ru', 33], ['en', 34]] as const) {
  test(`${lang}: YooKassa set up on the tools page, a bill paid on the provider's page turns the order paid live, refunded through the provider`, async ({ page, context }) => {
    // A long walk (set up and check the provider, book, bill, pay on the provider's page, cancel, refund):
    // on a loaded CI machine it ran past the default 30 s while the order was already paid (#40 note).
    test.setTimeout(75_000);
    const t = TEXT[lang];
    await signIn(page, ADMIN, lang, '/locations/1/tools?tab=payments');
    const tab = page.getByRole('tabpanel');
    await tab.getByRole('combobox', { name: t.provider }).click();
    await page.getByRole('option', { name: t.yookassa, exact: true }).click();
    await tab.getByLabel(t.shop).fill(E2E_YOOKASSA_SHOP.shopId);
    await tab.getByLabel(t.key).fill(E2E_YOOKASSA_SHOP.secretKey);
    await tab.getByRole('button', { name: t.save }).click();
    await expect(page.getByText(t.saved)).toBeVisible();
    await tab.getByRole('button', { name: t.check }).click();
    await expect(page.getByText(t.checkOk)).toBeVisible();
    if (lang === 'en') {
      // The owner's tab: the installation's own account, which top-ups go to, set and checked the same way.
      await page.getByRole('tab', { name: t.topups }).click();
      await tab.getByRole('button', { name: t.check }).click();
      await expect(page.getByText('No payment provider is chosen.')).toBeVisible();
      await tab.getByRole('combobox', { name: t.provider }).click();
      await page.getByRole('option', { name: t.yookassa, exact: true }).click();
      await tab.getByLabel(t.shop).fill(E2E_YOOKASSA_SHOP.shopId);
      await tab.getByLabel(t.key).fill(E2E_YOOKASSA_SHOP.secretKey);
      await tab.getByRole('button', { name: t.save }).click();
      await expect(page.getByText(t.topupsSaved)).toBeVisible();
      await tab.getByRole('button', { name: t.check }).click();
      await expect(page.getByText(t.checkOk)).toBeVisible();
      expect(await apiGet<{ provider: string; secret_key_set: boolean }>(page, '/api/v2.1/payment_provider/')).toMatchObject({ provider: 'yookassa', secret_key_set: true });
    }

    // The desk: a bill for the whole order is a link to the provider's page, not a payment.
    const { date, slot, orderId } = await bookEmptySession(page, days, 'Provider Guest');
    const order = () => apiGet<{ status: number; paid: string; need_paid: string }>(page, `/api/v2.2/orders/${orderId}/`);
    const owed = (await order()).need_paid;
    await page.goto(`/locations/1/booking_admin?date=${date}`);
    await page.getByTestId('day-calendar').locator(`[data-testid="slot-card"][data-playground="1"][data-start="${slot.time_start}"]`).click();
    const row = page.getByTestId('slot-orders').locator(`[data-order-id="${orderId}"]`);
    await row.getByRole('button', { name: t.pay }).click();
    const pay = page.getByTestId('pay-dialog');
    await pay.getByRole('combobox', { name: t.type }).click();
    await page.getByRole('option', { name: t.bill }).click();
    await pay.getByRole('button', { name: t.submit }).click();
    const linkDialog = page.getByTestId('pay-link-dialog');
    const url = await linkDialog.getByTestId('pay-link').locator('input').inputValue();
    expect(url, 'the link is the provider\'s confirmation page').toMatch(/^http:\/\/127\.0\.0\.1:\d+\/checkout\/[0-9a-f-]+$/);
    await linkDialog.getByRole('button').last().click();
    await expect(linkDialog).toBeHidden();
    await expect(row).toHaveAttribute('data-status', '2');

    // The customer pays on the provider's page; YooKassa notifies us; the desk turns the order paid with no reload.
    const customer = await context.newPage();
    await customer.goto(url);
    await expect(customer.getByTestId('checkout-amount')).toHaveText(`${owed} RUB`);
    await customer.getByRole('button', { name: 'Pay' }).click();
    // The customer's tab is left open (the context closes it at the end): closing it right after the
    // provider's redirect to the widget hung for a minute twice on a loaded machine (a Playwright page
    // close, not the product: the desk had already shown the order paid), and the test timed out.
    await page.bringToFront();
    await expect(row).toHaveAttribute('data-status', '6');
    await expect(row.getByText(t.paid, { exact: true })).toBeVisible();

    await row.getByRole('button', { name: t.cancel, exact: true }).click();
    const question = page.getByRole('dialog').filter({ has: page.getByTestId('cancel-refund') });
    if (lang === 'ru') {
      // At the desk: the cancel offers to give back what came online through the provider (ticked), never cash from the till.
      await expect(question.getByTestId('cancel-refund-original')).toHaveText(t.cancelOnline);
      await expect(question.getByTestId('refund-tenders').getByRole('listitem')).toHaveText([t.online]);
      await expect(question.getByTestId('cancel-refund').locator('input')).toBeChecked();
      await question.getByRole('button', { name: t.yes }).click();
      await expect(page.getByText(t.cancelledOnline)).toBeVisible();
      await expect.poll(async () => (await order()).status).toBe(4);
      await page.goto(`/orders/${orderId}`);
    } else {
      // Cancelled without the refund; the order page offers the provider's refund of what was paid online.
      await question.getByTestId('cancel-refund').locator('input').uncheck();
      await question.getByRole('button', { name: t.yes }).click();
      await expect.poll(async () => (await order()).status).toBe(4);
      await page.goto(`/orders/${orderId}`);
      await expect(page.getByTestId('order-refund-due').getByTestId('refund-tender-provider')).toHaveText(t.online);
      await page.getByTestId('order-refund-all').click();
      await page.getByRole('dialog').getByRole('button', { name: t.yes }).click();
      await expect(page.getByText(t.done)).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: t.refundsTitle })).toBeVisible();
    await expect(page.getByTestId('order-refunds').locator('tbody tr[data-status="succeeded"]')).toContainText(t.refunded);
    await expect(page.getByTestId('order-refund-due')).toHaveCount(0);
    expect(await order()).toMatchObject({ paid: '0.00' });
  });
}
