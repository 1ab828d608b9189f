import { expect, test, type Page } from './test';
import { ADMIN, activeCertificate, apiGet, bookEmptySession, signIn, token } from './helpers';

// #38 The pay dialog takes two tenders: a certificate with a smaller balance than the debt pays
// what it has (its amount fills in as its balance once its number is typed) and cash or card the
// rest, in one go: two payments, the certificate's first, each with its own Idempotency-Key. If the
// rest is refused (another desk took money meanwhile), the certificate's payment stays, the dialog
// says what is still owed and why, and takes the rest again with the same key. On location 1
// (VR Arena Moscow, RUB). Every item in ru and in en, from one table of texts.

const DEBT = '3600.00';
// One of location 1's certificate rates (the demo's 1 000, 2 000, 3 000, 5 000, 10 000).
const RATE = '1000';

type Lang = 'ru' | 'en';

/** What the screens say, per language; the days keep the two languages' orders apart. */
const T = {
  ru: {
    days: [27, 29], pay: 'Оплатить', type: /Способ оплаты/, certificate: 'Сертификат', number: /Номер сертификата/, amount: /Сумма/,
    submit: 'Принять оплату', submitRest: 'Принять остаток', restChoices: ['Наличные', 'Карта', 'Позже'],
    owed: /Долг: 3\s600,00\s₽/, part: '1\u00a0000,00', balance: /^На сертификате 1\s000,00\s₽$/, rest: /^2\s600,00\s₽$/,
    done: /^Оплата по заказу №\d+ принята: 1\s000,00\s₽ сертификатом и 2\s600,00\s₽ наличными\.$/,
    firstDone: /^Оплата сертификатом на 1\s000,00\s₽ принята\.$/, stillOwed: /Ещё к оплате: 1\s600,00\s₽$/,
    refused: /^Остаток не принят: Сумма больше, чем осталось оплатить: 1\s600,00\s₽\.$/, restNow: /^1\s600,00\s₽$/,
    doneAfter: /^Оплата по заказу №\d+ принята: 1\s000,00\s₽ сертификатом и 1\s600,00\s₽ картой\.$/,
  },
  en: {
    days: [28, 30], pay: 'Pay', type: /Payment type/, certificate: 'Certificate', number: /Certificate number/, amount: /Amount/,
    submit: 'Take payment', submitRest: 'Take the rest', restChoices: ['Cash', 'Card', 'Later'],
    owed: /Owed: 3,600\.00\s₽/, part: '1,000.00', balance: /^1,000\.00\s₽ on the certificate$/, rest: /^2,600\.00\s₽$/,
    done: /^Payment for order №\d+ recorded: 1,000\.00\s₽ by certificate and 2,600\.00\s₽ in cash\.$/,
    firstDone: /^The certificate payment of 1,000\.00\s₽ is recorded\.$/, stillOwed: /Still owed: 1,600\.00\s₽$/,
    refused: /^The rest was not taken: The amount is more than is left to pay: 1,600\.00\s₽\.$/, restNow: /^1,600\.00\s₽$/,
    doneAfter: /^Payment for order №\d+ recorded: 1,000\.00\s₽ by certificate and 1,600\.00\s₽ by card\.$/,
  },
} satisfies Record<Lang, unknown>;

interface Payment { id: number; payment_type: number; purchase: string; status: string }
interface Order { status: number; need_paid: string; payments: Payment[] }

async function post(page: Page, path: string, data: unknown, key?: string) {
  const res = await page.request.post(path, {
    headers: { Authorization: `Token ${await token(page)}`, ...(key ? { 'Idempotency-Key': key } : {}) }, data,
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return res.json();
}

const newCertificate = (page: Page) => activeCertificate(page, RATE, 'Two Tenders');

/** An order of Куб 1 that owes exactly `DEBT`: booked for three guests, the part above paid in cash first. */
async function orderOwing(page: Page, days: number) {
  const booked = await bookEmptySession(page, days, 'Two Tenders', { persons: 3 });
  const order = await apiGet<Order>(page, `/api/v2.2/orders/${booked.orderId}/`);
  expect(Number(order.need_paid)).toBeGreaterThan(Number(DEBT));
  await post(page, `/api/v2.1/booking/${booked.orderId}/pay/`, { payment_type: 2, purchase: (Number(order.need_paid) - Number(DEBT)).toFixed(2) });
  return booked;
}

async function openPay(page: Page, lang: Lang, booked: Awaited<ReturnType<typeof orderOwing>>) {
  const t = T[lang];
  await page.goto(`/locations/1/booking_admin?date=${booked.date}`);
  await page.getByTestId('day-calendar').locator(`[data-testid="slot-card"][data-playground="1"][data-start="${booked.slot.time_start}"]`).click();
  await page.getByTestId('slot-orders').getByRole('button', { name: t.pay }).click();
  const pay = page.getByTestId('pay-dialog');
  await expect(pay).toContainText(t.owed);
  return pay;
}

/** The payments the order got since `before` payments, oldest first. */
async function newPayments(page: Page, orderId: number, before: number) {
  const order = await apiGet<Order>(page, `/api/v2.2/orders/${orderId}/`);
  return { order, added: [...order.payments].sort((a, b) => a.id - b.id).slice(before).map((p) => ({ type: p.payment_type, purchase: p.purchase, status: p.status })) };
}

test.describe.configure({ timeout: 60_000 });

for (const lang of ['ru', 'en'] as const) {
  const t = T[lang];

  test(`${lang}: a certificate smaller than the debt fills in its balance and cash takes the rest; a double click records the two payments once`, async ({ page }) => {
    await signIn(page, ADMIN, lang);
    const number = await newCertificate(page);
    const booked = await orderOwing(page, t.days[0]!);
    const pay = await openPay(page, lang, booked);

    await pay.getByRole('combobox', { name: t.type }).click();
    await page.getByRole('option', { name: t.certificate, exact: true }).click();
    await pay.getByRole('textbox', { name: t.number }).fill(number);
    // The certificate's amount is its balance (not the whole debt), read with the one money format.
    await expect(pay.getByTestId('pay-certificate-balance')).toHaveText(t.balance);
    await expect(pay.getByRole('textbox', { name: t.amount })).toHaveValue(t.part);
    // The rest and its tender: cash unless card is chosen (or "later": left owed, certificates.spec.ts).
    await expect(pay.getByTestId('pay-rest-amount')).toHaveText(t.rest);
    await expect(pay.getByTestId('pay-rest').getByRole('button')).toHaveText(t.restChoices);
    await expect(pay.getByTestId('pay-rest-type-2')).toHaveAttribute('aria-pressed', 'true');

    const payCalls: string[] = [];
    page.on('request', (r) => { if (r.method() === 'POST' && /\/booking\/\d+\/pay\/$/.test(r.url())) payCalls.push(r.headers()['idempotency-key'] ?? ''); });
    await pay.getByRole('button', { name: t.submit }).dblclick();
    await expect(page.getByTestId('alert-success').filter({ hasText: t.done })).toBeVisible();
    await expect(pay).toBeHidden();

    // Two payments, the certificate's first, then the cash; each call with its own key.
    const { order, added } = await newPayments(page, booked.orderId, 1);
    expect(added).toEqual([{ type: 3, purchase: '1000.00', status: 'paid' }, { type: 2, purchase: '2600.00', status: 'paid' }]);
    expect(order).toMatchObject({ status: 6, need_paid: '0.00' });
    expect(payCalls).toHaveLength(2);
    expect(new Set(payCalls).size).toBe(2);
    // The certificate is used up.
    const list = await apiGet<{ results: { unique_number: string; status: string; remaining_rate: string }[] }>(page,
      `/api/v2.1/locations/1/certificates/?search=${number}&limit=10&offset=0`);
    expect(list.results).toEqual([expect.objectContaining({ unique_number: number, status: 'USED', remaining_rate: '0.00' })]);
  });

  test(`${lang}: another desk takes money between the two payments: the certificate's stays, the dialog says what is still owed and why, and takes the rest again with the same key`, async ({ page }) => {
    await signIn(page, ADMIN, lang);
    const number = await newCertificate(page);
    const booked = await orderOwing(page, t.days[1]!);
    const pay = await openPay(page, lang, booked);

    await pay.getByRole('combobox', { name: t.type }).click();
    await page.getByRole('option', { name: t.certificate, exact: true }).click();
    await pay.getByRole('textbox', { name: t.number }).fill(number);
    await expect(pay.getByRole('textbox', { name: t.amount })).toHaveValue(t.part);
    await pay.getByTestId('pay-rest-type-6').click();

    // The second call waits while another desk takes 1 000 in cash: the rest (2 600) is then more than is owed.
    const keys: string[] = [];
    await page.route('**/api/v2.1/booking/*/pay/', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (keys.length === 2) await post(page, `/api/v2.1/booking/${booked.orderId}/pay/`, { payment_type: 2, purchase: '1000' });
      await route.continue();
    });
    await pay.getByRole('button', { name: t.submit }).click();
    await expect(pay.getByTestId('pay-first-done')).toHaveText(t.firstDone);
    await expect(pay.getByTestId('pay-still-owed')).toHaveText(t.stillOwed);
    await expect(pay.getByTestId('pay-error')).toHaveText(t.refused);
    // What is left to take is what is owed now, by the tender chosen.
    await expect(pay.getByTestId('pay-rest-amount')).toHaveText(t.restNow);
    await expect(pay.getByTestId('pay-rest-type-6')).toHaveAttribute('aria-pressed', 'true');
    let { added } = await newPayments(page, booked.orderId, 1);
    expect(added).toEqual([{ type: 3, purchase: '1000.00', status: 'paid' }, { type: 2, purchase: '1000.00', status: 'paid' }]);

    await pay.getByRole('button', { name: t.submitRest }).click();
    await expect(page.getByTestId('alert-success').filter({ hasText: t.doneAfter })).toBeVisible();
    await expect(pay).toBeHidden();
    const after = await newPayments(page, booked.orderId, 1);
    added = after.added;
    expect(added).toEqual([
      { type: 3, purchase: '1000.00', status: 'paid' }, { type: 2, purchase: '1000.00', status: 'paid' }, { type: 6, purchase: '1600.00', status: 'paid' },
    ]);
    expect(after.order).toMatchObject({ status: 6, need_paid: '0.00' });
    // The certificate's call and the rest's have their own keys; the retry of the rest reused its key.
    expect(keys).toHaveLength(3);
    expect(keys[0]).not.toBe(keys[1]);
    expect(keys[2]).toBe(keys[1]);
  });
}
