// An order paid twice (issue #25): a payment link opened, then cash taken at the desk. The pay
// dialog warns about the open link and its amount; the link's page then says the order is paid. A
// customer who still pays on a page opened before (a late settlement) leaves an overpayment: the
// desk and the order page offer its refund, and recording it clears it.
import { expect, test } from './test';
import { formatMoney } from '../../domain/money';
import { ADMIN, apiGet, bookEmptySession, signIn } from './helpers';

const RUB = { code: 'RUB', is_before: false, blank_place: true, unicode: '₽' };


test.setTimeout(90_000);

/** The words of each language; `amount` is the price as the screens write it. */
const TEXT = {
  ru: (amount: string) => ({
    pay: 'Оплатить', type: /Способ оплаты/, bill: 'Счёт (ссылка на оплату)', submit: 'Принять оплату', close: 'Закрыть',
    openLink: `По заказу открыта ссылка на оплату на ${amount}.`, overpaid: `переплата ${amount}`, yes: 'Да', refundRow: 'Возврат',
  }),
  en: (amount: string) => ({
    pay: 'Pay', type: /Payment type/, bill: 'Bill (payment link)', submit: 'Take payment', close: 'Close',
    openLink: `A payment link for ${amount} is open on this order.`, overpaid: `${amount} overpaid`, yes: 'Yes', refundRow: 'Refund',
  }),
} as const;

interface Order { status: number; purchase: string; paid: string; to_refund: string; payments: { purchase: string; status: string }[] }

for (const [lang, days] of [['ru', 27], ['en', 28]] as const) {
  test(`${lang}: cash after an open link is warned about, closes the link; a late payment is offered back as a refund`, async ({ page, context }) => {
    await signIn(page, ADMIN, lang);
    const { date, slot, orderId } = await bookEmptySession(page, days, 'Link Guest');
    const order = () => apiGet<Order>(page, `/api/v2.2/orders/${orderId}/`);
    const price = (await order()).purchase;
    const t = TEXT[lang](formatMoney(price, RUB, lang));

    const openSlot = async () => {
      await page.goto(`/locations/1/booking_admin?date=${date}`);
      await page.getByTestId('day-calendar').locator(`[data-testid="slot-card"][data-playground="1"][data-start="${slot.time_start}"]`).click();
      return page.getByTestId('slot-orders').locator(`[data-order-id="${orderId}"]`);
    };

    // A bill in the pay dialog: a payment link for the whole amount.
    let row = await openSlot();
    await row.getByRole('button', { name: t.pay, exact: true }).click();
    let pay = page.getByTestId('pay-dialog');
    await pay.getByRole('combobox', { name: t.type }).click();
    await page.getByRole('option', { name: t.bill }).click();
    await pay.getByRole('button', { name: t.submit }).click();
    const linkDialog = page.getByTestId('pay-link-dialog');
    const url = await linkDialog.getByTestId('pay-link').locator('input').inputValue();
    await linkDialog.getByRole('button', { name: t.close }).click();

    // The customer opens the link's page (and leaves it open).
    const stale = await context.newPage();
    await stale.goto(url);
    await expect(stale.getByRole('button', { name: /^(Оплатить|Pay)$/ })).toBeVisible();

    // Cash for the whole order at the desk: the dialog says the link is open and for how much.
    await row.getByRole('button', { name: t.pay, exact: true }).click();
    pay = page.getByTestId('pay-dialog');
    await expect(pay.getByTestId('pay-open-link')).toContainText(t.openLink);
    await pay.getByRole('button', { name: t.submit }).click();
    await expect(pay).toBeHidden();
    await expect.poll(async () => (await order()).status).toBe(6);

    // The link's page, opened now, says the order is paid and offers no payment.
    const fresh = await context.newPage();
    await fresh.goto(url);
    await expect(fresh.getByRole('heading', { level: 1 })).toHaveText(/^(Заказ уже оплачен|This order is already paid)$/);
    await expect(fresh.getByRole('button', { name: /^(Оплатить|Pay)$/ })).toHaveCount(0);
    await fresh.close();

    // The page opened before still pays: the provider took the money, so it is recorded and owed back.
    await stale.getByRole('button', { name: /^(Оплатить|Pay)$/ }).click();
    await expect(stale.getByRole('heading', { level: 1 })).toHaveText(/^(Оплата получена, но ссылка уже была закрыта|Payment received, but the link had been closed)$/);
    await expect.poll(async () => (await order()).to_refund, { timeout: 15_000 }).toBe(price);
    await stale.close();

    // The desk's order list shows the refund due with its action.
    row = await openSlot();
    await expect(row.getByTestId('order-refund-due')).toContainText(t.overpaid);
    await page.keyboard.press('Escape');

    // The order page offers the refund of the overpayment; recording it clears it, and the row reads as a refund.
    await page.goto(`/orders/${orderId}`);
    const due = page.getByTestId('order-refund-due');
    await expect(due).toBeVisible();
    // The closed link is no longer given as the order's payment link.
    await expect(page.getByRole('link', { name: url })).toHaveCount(0);
    await expect(due).toContainText(t.overpaid);
    // #38 it goes back the way it came: the link's payment, online.
    await expect(due.getByTestId('refund-tender-online')).toBeVisible();
    await due.getByTestId('order-refund-all').click();
    await page.getByRole('dialog').getByRole('button', { name: t.yes }).click();
    await expect(due).toBeHidden();
    expect(await order()).toMatchObject({ status: 6, paid: price, to_refund: '0.00' });
    await expect(page.getByRole('row').filter({ hasText: formatMoney(`-${price}`, RUB, lang) })).toContainText(t.refundRow);
  });
}
