// #38 refunds go back the way their money came, at the desk: cancelling an order paid by gift
// certificate, card and cash together lists each part in the question (latest paid first), the card
// with the terminal reminder and its reference field, and the yes gives each back its own way: the
// certificate's balance restored and ACTIVE again, a card refund with the reference, cash. A cashier
// is not offered cash instead. ru and en from one table of texts.
import { expect, test, type Page } from './test';
import { ADMIN, STAFF, activeCertificate, apiGet, bookEmptySession, signIn, token } from './helpers';

test.setTimeout(90_000);

const TEXT = {
  ru: {
    cancel: 'Отменить заказ', yes: 'Да', reference: 'Номер операции на терминале (RRN), необязательно',
    original: /^Вернуть .+ сейчас тем же способом, каким платили$/,
    tenders: [/^Наличными: 100,00\s₽$/, /^На карту: .+ Проведите возврат на терминале и пробейте чек возврата на кассе\.$/, /^На сертификат [0-9A-Z]+: 1\s000,00\s₽$/],
    done: /^Заказ №\d+ отменён; .+ возвращается тем же способом, каким платили$/,
    managerConfirms: 'Менеджер подтверждает это здесь своей почтой и паролем.',
    cashInstead: 'Выдать всё наличными (решение менеджера, с причиной)',
  },
  en: {
    cancel: 'Cancel order', yes: 'Yes', reference: 'Terminal reference (RRN), optional',
    original: /^Refund .+ now, the way it was paid$/,
    tenders: [/^In cash: ₽100\.00$|^In cash: 100\.00\s₽$/, /^To the card: .+ Refund it on the card terminal and print the cash register's refund receipt\.$/, /^Onto certificate [0-9A-Z]+: .*1,000\.00.*$/],
    done: /^Order №\d+ is cancelled; .+ goes back the way it was paid$/,
    managerConfirms: 'A manager confirms it here with their e-mail and password.',
    cashInstead: 'Pay it all out in cash instead (a manager\'s decision, with a reason)',
  },
} as const;

interface Order { status: number; paid: string; need_paid: string; payments: { payment_type: number; purchase: string; external_id: string | null; status: string }[] }

async function payApi(page: Page, orderId: number, data: Record<string, unknown>) {
  const res = await page.request.post(`/api/v2.1/booking/${orderId}/pay/`, { headers: { Authorization: `Token ${await token(page)}` }, data });
  expect(res.status(), await res.text()).toBe(201);
}

const certificateState = async (page: Page, number: string) => {
  const list = await apiGet<{ results: { unique_number: string; status: string; remaining_rate: string }[] }>(page, '/api/v2.1/locations/1/certificates/?limit=50');
  return list.results.find((c) => c.unique_number === number);
};

for (const [lang, days] of [['ru', 45], ['en', 46]] as const) {
  test(`${lang}: cancelling an order paid by certificate, card and cash lists each part and gives each back its own way`, async ({ page }) => {
    const t = TEXT[lang];
    await signIn(page, ADMIN, lang);
    const certificate = await activeCertificate(page, '1000');
    const { date, slot, orderId } = await bookEmptySession(page, days, 'Tender Guest');
    const order = () => apiGet<Order>(page, `/api/v2.2/orders/${orderId}/`);
    const owed = Math.round(Number((await order()).need_paid) * 100);
    expect(owed).toBeGreaterThan(110000);
    // Certificate first, then the card, then cash: the question lists them latest first.
    await payApi(page, orderId, { payment_type: 3, purchase: '1000', certificate });
    await payApi(page, orderId, { payment_type: 6, purchase: ((owed - 110000) / 100).toFixed(2) });
    await payApi(page, orderId, { payment_type: 2, purchase: '100' });
    expect(await certificateState(page, certificate)).toMatchObject({ status: 'USED', remaining_rate: '0.00' });

    await page.goto(`/locations/1/booking_admin?date=${date}`);
    await page.getByTestId('day-calendar').locator(`[data-testid="slot-card"][data-playground="1"][data-start="${slot.time_start}"]`).click();
    const row = page.getByTestId('slot-orders').locator(`[data-order-id="${orderId}"]`);
    await row.getByRole('button', { name: t.cancel, exact: true }).click();
    const question = page.getByRole('dialog').filter({ has: page.getByTestId('cancel-refund') });
    await expect(question.getByTestId('cancel-refund-original')).toHaveText(t.original);
    await expect(question.getByTestId('cancel-refund').locator('input')).toBeChecked();
    await expect(question.getByTestId('refund-tenders').getByRole('listitem')).toHaveText([...t.tenders]);
    // The administrator may pay it all in cash instead, with a reason; not chosen here.
    await expect(question.getByText(t.cashInstead)).toBeVisible();
    await question.getByLabel(t.reference).fill('RRN 4455');
    await question.getByRole('button', { name: t.yes }).click();
    await expect(page.getByText(t.done)).toBeVisible();

    await expect.poll(async () => (await order()).status).toBe(4);
    const after = await order();
    expect(after.paid).toBe('0.00');
    expect(after.payments.filter((p) => p.status === 'refunded').map((p) => [p.payment_type, p.external_id])).toEqual([[2, null], [6, 'RRN 4455'], [3, null]]);
    expect(await certificateState(page, certificate)).toMatchObject({ status: 'ACTIVE', remaining_rate: '1000.00' });
  });
}

for (const [lang, days] of [['ru', 47], ['en', 48]] as const) {
  test(`${lang}: a cashier pays a card payment out in cash only with a reason and a manager's confirmation typed at the desk`, async ({ page }) => {
    const t = TEXT[lang];
    await signIn(page, STAFF, lang);
    const { date, slot, orderId } = await bookEmptySession(page, days, 'Card Guest');
    const order = () => apiGet<Order>(page, `/api/v2.2/orders/${orderId}/`);
    await payApi(page, orderId, { payment_type: 6, purchase: '500' });

    await page.goto(`/locations/1/booking_admin?date=${date}`);
    await page.getByTestId('day-calendar').locator(`[data-testid="slot-card"][data-playground="1"][data-start="${slot.time_start}"]`).click();
    await page.getByTestId('slot-orders').locator(`[data-order-id="${orderId}"]`).getByRole('button', { name: t.cancel, exact: true }).click();
    const question = page.getByRole('dialog').filter({ has: page.getByTestId('cancel-refund') });
    await expect(question.getByTestId('refund-tender-card')).toBeVisible();
    await question.getByTestId('cancel-cash-instead').locator('input').check();
    await expect(question.getByText(t.managerConfirms)).toBeVisible();
    const yes = question.getByRole('button', { name: t.yes });
    await expect(yes).toBeDisabled();
    await question.getByTestId('cancel-instead-reason').fill('Terminal is down');
    await expect(yes).toBeDisabled();
    await question.getByTestId('cancel-instead-email').fill('manager@example.com');
    await question.getByTestId('cancel-instead-password').fill('manager123');
    // Typed in: Escape no longer throws it away.
    await page.keyboard.press('Escape');
    await expect(question).toBeVisible();
    await yes.click();
    await expect.poll(async () => (await order()).status).toBe(4);
    expect((await order()).payments.filter((p) => p.status === 'refunded').map((p) => [p.payment_type, p.purchase])).toEqual([[2, '-500.00']]);
  });
}
