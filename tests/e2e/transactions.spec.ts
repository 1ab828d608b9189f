// Transactions: the balance, filters (dates, locations, direction, type), server paging, adding a
// transaction, changing its type and refunding it after a confirmation, a dispute with a file,
// the account top-up through the sandbox provider and the check_payment page; in ru and en.
import fs from 'node:fs';
import { expect, test, type Locator, type Page } from './test';
import { balanceCurrency, formatMoney, type Currency } from '../../domain/money';
import { ADMIN, apiGet, lackPermissionAt, signIn, token, dateField, typeDate } from './helpers';

test.setTimeout(120_000);

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const yearAgo = () => { const d = new Date(); d.setUTCFullYear(d.getUTCFullYear() - 1); return d.toISOString().slice(0, 10); };

interface Location { name: string; balance: string; b2b_currency: Currency | null; currency: Currency | null }

/** The balance line as the screen shows it, from the API's figure. */
async function balanceText(page: Page, name: string, lang: 'ru' | 'en' = 'ru'): Promise<string> {
  const loc = await apiGet<Location>(page, '/api/v2.1/locations/1/');
  return `${name}: ${formatMoney(loc.balance, balanceCurrency(loc), lang)}`;
}

/** Red or green: which channel dominates the amount's colour. */
async function hue(cell: Locator): Promise<'red' | 'green'> {
  const rgb = await cell.locator('[data-sign]').evaluate((el) => getComputedStyle(el).color);
  const [r, g] = rgb.match(/\d+/g)!.map(Number);
  return r! > g! ? 'red' : 'green';
}

test('ru: add, change type, refund, dispute, filters, CSV and a top-up through the sandbox page', async ({ page }) => {
  await signIn(page, ADMIN, 'ru', '/locations/1/transactions');
  await expect(page.getByRole('heading', { level: 1, name: 'Транзакции: VR Арена Москва' })).toBeVisible();
  await expect(page.getByTestId('location-balance')).toHaveText(`Баланс ${await balanceText(page, 'VR Арена Москва')}`);
  await typeDate(dateField(page, 'С'), yearAgo());
  const rows = page.locator('tbody tr');
  await expect(rows.first()).toBeVisible();

  // Add a charge-off: more than 8 characters is refused; the amount is entered positive.
  await page.getByRole('button', { name: 'Добавить транзакцию' }).click();
  const add = page.getByTestId('add-transaction');
  // Required: the amount (a cleared one is asked for) and the type (without one, Создать stays disabled);
  // the location starts as this one and offers only the user's locations, never none.
  await add.getByLabel(/Сумма/).fill('5');
  await add.getByLabel(/Сумма/).fill('');
  await expect(add.getByText('Укажите сумму')).toBeVisible();
  await add.getByLabel(/Сумма/).fill('250');
  await expect(add.getByRole('button', { name: 'Создать' })).toBeDisabled();
  await expect(add.getByRole('combobox', { name: /Локация/ })).toHaveText('VR Арена Москва');
  await add.getByRole('combobox', { name: /Локация/ }).click();
  const mine = await apiGet<{ name: string }[]>(page, '/api/v2.1/locations/concise_list/');
  await expect(page.getByRole('option')).toHaveText(mine.map((l) => l.name));
  await page.keyboard.press('Escape');
  await add.getByRole('combobox', { name: /Тип/ }).click();
  await expect(page.getByRole('option')).toHaveText(['Пополнение', 'Списание', 'Возврат', 'Овердрафт', 'Минимальный платёж', 'НДС']);
  await page.getByRole('option', { name: 'Списание', exact: true }).click();
  await expect(add.getByRole('button', { name: 'Создать' })).toBeEnabled();
  await add.getByLabel(/Сумма/).fill('123456789');
  await expect(add.getByText('Слишком длинное значение (не более 8 символов)')).toBeVisible();
  await expect(add.getByRole('button', { name: 'Создать' })).toBeDisabled();
  await add.getByLabel(/Сумма/).fill('250');
  const description = `e2e списание ${Date.now()}`;
  await add.getByLabel(/Описание/).fill(description);
  await add.getByLabel(/Номер документа/).fill('A-17');
  await add.getByRole('button', { name: 'Создать' }).click();
  await expect(page.getByText(/Транзакция №\d+ добавлена\./)).toBeVisible();
  const row = rows.filter({ hasText: description });
  await expect(row.locator('td.column-amount')).toHaveText('-250,00 ₽');
  expect(await hue(row.locator('td.column-amount'))).toBe('red');
  await expect(row.locator('td.column-type')).toHaveText('Списание');
  // The user by name, the e-mail on hover (#39): the name as it is now (profile.spec renames the admin).
  const me = await apiGet<{ name: string }>(page, '/api/v2.1/users/am/');
  await expect(row.locator('td.column-user_name')).toHaveText(me.name);
  await expect(row.locator('td.column-user_name [data-testid="person"]')).toHaveAttribute('title', ADMIN.email);
  await expect(row.locator('td.column-additional')).toHaveText('Нет');
  await expect(page.getByTestId('location-balance')).toHaveText(`Баланс ${await balanceText(page, 'VR Арена Москва')}`);

  // Change its type to a top-up: "No" changes nothing, "Yes" flips the sign.
  const menu = () => row.getByRole('button', { name: /Действия с транзакцией №\d+/ });
  await menu().click();
  await page.getByRole('menuitem', { name: 'Изменить тип' }).click();
  let dialog = page.getByTestId('change-type');
  await expect(dialog.getByRole('heading', { name: /Изменить тип транзакции №\d+\?/ })).toBeVisible();
  await dialog.getByRole('button', { name: 'Нет' }).click();
  await expect(row.locator('td.column-type')).toHaveText('Списание');
  await menu().click();
  await page.getByRole('menuitem', { name: 'Изменить тип' }).click();
  dialog = page.getByTestId('change-type');
  await dialog.getByRole('combobox', { name: /Новый тип/ }).click();
  await page.getByRole('option', { name: 'Пополнение', exact: true }).click();
  await dialog.getByRole('button', { name: 'Да' }).click();
  await expect(page.getByText('Тип транзакции изменён.')).toBeVisible();
  await expect(row.locator('td.column-amount')).toHaveText('250,00 ₽');
  expect(await hue(row.locator('td.column-amount'))).toBe('green');
  await expect(row.locator('td.column-type')).toHaveText('Пополнение');

  // Refund 100 of it; then more than the 150 left is refused under the amount.
  await menu().click();
  await page.getByRole('menuitem', { name: 'Вернуть' }).click();
  dialog = page.getByTestId('refund');
  await expect(dialog.getByLabel(/Сумма/)).toHaveValue('250');
  await dialog.getByLabel(/Сумма/).fill('');
  await expect(dialog.getByText('Укажите сумму')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Да' })).toBeDisabled();
  await dialog.getByLabel(/Сумма/).fill('100');
  const refundNote = `e2e возврат ${Date.now()}`;
  await dialog.getByLabel(/Описание/).fill(refundNote);
  await dialog.getByRole('button', { name: 'Да' }).click();
  await expect(page.getByText('Возврат выполнен.')).toBeVisible();
  const refundRow = rows.filter({ hasText: refundNote });
  await expect(refundRow.locator('td.column-type')).toHaveText('Возврат');
  await expect(refundRow.locator('td.column-amount')).toHaveText('-100,00 ₽');
  await menu().click();
  await page.getByRole('menuitem', { name: 'Вернуть' }).click();
  dialog = page.getByTestId('refund');
  await dialog.getByLabel(/Сумма/).fill('200');
  await dialog.getByRole('button', { name: 'Да' }).click();
  await expect(dialog.getByText(/^По этой транзакции можно вернуть не больше 150,00\s₽\.$/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Нет' }).click();
  // A refund cannot itself be refunded.
  await refundRow.getByRole('button', { name: /Действия с транзакцией/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Изменить тип' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Вернуть' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Dispute it with a file: the text is required; success shows the alert for 8 s.
  await row.getByRole('button', { name: /Оспорить транзакцию/ }).click();
  const dispute = page.getByTestId('dispute');
  await expect(dispute.getByRole('button', { name: 'Отправить' })).toBeDisabled();
  await dispute.getByLabel(/Что не так/).fill('Комиссия посчитана неверно');
  await dispute.getByTestId('dispute-files').setInputFiles([{ name: 'акт.png', mimeType: 'image/png', buffer: PNG }]);
  await expect(dispute).toContainText('Выбрано: акт.png');
  await dispute.getByRole('button', { name: 'Отправить' }).click();
  const alert = page.getByText('Ваше обращение отправлено. Мы разберемся и ответим по электронной почте.');
  await expect(alert).toBeVisible();
  await expect(dispute).toBeHidden();
  await expect(alert).toBeHidden({ timeout: 12_000 });
  await row.getByRole('button', { name: /Оспорить транзакцию/ }).click();
  await expect(page.getByTestId('earlier-disputes')).toContainText('Комиссия посчитана неверно');
  // The file is not public media: the link names the authenticated route, and a click downloads it with the token.
  const fileLink = page.getByTestId('earlier-disputes').getByRole('link', { name: 'акт.png' });
  await expect(fileLink).toHaveAttribute('href', /^\/api\/v2\.1\/transactions\/\d+\/dispute\/files\/[^/]+\.png\/$/);
  const [disputeDownload] = await Promise.all([page.waitForEvent('download'), fileLink.click()]);
  expect(disputeDownload.suggestedFilename()).toBe('акт.png');
  await page.getByTestId('dispute').getByRole('button', { name: 'Отмена' }).click();

  // Direction and type filters.
  await page.getByRole('combobox', { name: 'Направление' }).click();
  await page.getByRole('option', { name: 'Исходящие' }).click();
  await expect(async () => {
    const amounts = await rows.locator('td.column-amount').allTextContents();
    expect(amounts.length).toBeGreaterThan(0);
    expect(amounts.every((a) => a.startsWith('-'))).toBe(true);
  }).toPass();
  await page.getByRole('combobox', { name: 'Направление' }).click();
  await page.getByRole('option', { name: 'Все' }).click();
  await page.getByRole('combobox', { name: /^Тип( |$)/ }).click();
  await expect(page.getByRole('option')).toHaveText(['Пополнение', 'Списание', 'Возврат', 'Овердрафт', 'Минимальный платёж', 'НДС']);
  await page.getByRole('option', { name: 'Возврат' }).click();
  await page.keyboard.press('Escape');
  await expect(async () => {
    const types = await rows.locator('td.column-type').allTextContents();
    expect(types.length).toBeGreaterThan(0);
    expect(new Set(types)).toEqual(new Set(['Возврат']));
  }).toPass();
  await page.getByRole('combobox', { name: /^Тип( |$)/ }).click();
  await page.getByRole('option', { name: 'Возврат' }).click();
  await page.keyboard.press('Escape');

  // Two locations: the count follows the server's.
  await page.getByRole('combobox', { name: 'Локации' }).click();
  await page.getByRole('option', { name: 'VR Парк Санкт-Петербург' }).click();
  await page.keyboard.press('Escape');
  const both = await apiGet<{ count: number }>(page, `/api/v2.1/transactions/?location=1,2&date_start=${yearAgo()}&limit=1`);
  await expect(page.locator('.MuiTablePagination-displayedRows')).toContainText(`из ${both.count}`);

  // The CSV of the whole filtered list.
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Скачать CSV' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^transactions_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '').split(/\r?\n/).filter(Boolean);
  // The user by name, the spec's e-mail column beside it (#39).
  expect(lines[0]).toBe('ID,Локация,Сессия,Дата,Описание,Сумма,Дополнительная,Баланс,Лицензия,Код,Тип,Пользователь,E-mail пользователя');
  expect(lines.length - 1).toBe(both.count);

  // Top-up: the provider's page, pay, back to check_payment, and the balance grows by 2 500.
  const before = await apiGet<Location>(page, '/api/v2.1/locations/1/');
  await page.getByRole('button', { name: 'Пополнить счёт' }).click();
  const topUp = page.getByTestId('top-up');
  await topUp.getByLabel(/Сумма/).fill('5');
  await topUp.getByLabel(/Сумма/).fill('');
  await expect(topUp.getByText('Укажите сумму')).toBeVisible();
  await expect(topUp.getByRole('button', { name: 'Перейти к оплате' })).toBeDisabled();
  await topUp.getByLabel(/Сумма/).fill('123456789');
  await expect(topUp.getByText('Слишком длинное значение (не более 8 символов)')).toBeVisible();
  await topUp.getByLabel(/Сумма/).fill('2500');
  await topUp.getByRole('button', { name: 'Перейти к оплате' }).click();
  await expect(page).toHaveURL(/\/sandbox\/pay\/[0-9a-f]{32}$/);
  await expect(page.getByText(/^2\s500,00\s₽$/)).toBeVisible();
  await page.getByRole('button', { name: 'Оплатить' }).click();
  await expect(page.getByRole('heading', { name: 'Оплата прошла' })).toBeVisible();
  await page.getByRole('link', { name: 'Вернуться в бэк-офис' }).click();
  await expect(page).toHaveURL(/\/locations\/1\/check_payment\/\d+$/);
  await expect(page.getByTestId('check-payment')).toHaveAttribute('data-state', 'success');
  await expect(page.getByRole('heading', { name: 'Оплата прошла' })).toBeVisible();
  await expect(page.getByText('Средства зачислены на счёт локации.')).toBeVisible();
  await page.getByRole('link', { name: 'К транзакциям' }).click();
  await expect(page).toHaveURL(/\/locations\/1\/transactions$/);
  const after = await apiGet<Location>(page, '/api/v2.1/locations/1/');
  expect(Math.round(Number(after.balance) * 100) - Math.round(Number(before.balance) * 100)).toBe(250_000);
  await expect(page.getByTestId('location-balance')).toHaveText(`Баланс ${await balanceText(page, 'VR Арена Москва')}`);
  await expect(rows.filter({ hasText: /#\d+/ }).first().locator('td.column-amount')).toHaveText('2 500,00 ₽');
});

test('en: the check page polls while the payment is processing; a declined top-up shows the payment error', async ({ page, context }) => {
  await signIn(page, ADMIN, 'en', '/locations/1/transactions');
  await expect(page.getByRole('heading', { level: 1, name: 'Transactions: VR Arena Moscow' })).toBeVisible();
  await expect(page.getByTestId('location-balance')).toHaveText(`Balance of ${await balanceText(page, 'VR Arena Moscow', 'en')}`);
  // No currency column: the amount and the balance carry the sign.
  await expect(page.locator('thead')).toContainText('Balance');
  await expect(page.locator('thead')).not.toContainText('Currency');
  await page.getByRole('combobox', { name: 'Direction' }).click();
  await expect(page.getByRole('option')).toHaveText(['All', 'Incoming', 'Outgoing']);
  await page.keyboard.press('Escape');
  await page.getByRole('combobox', { name: /Rows per page/ }).click();
  await expect(page.getByRole('option')).toHaveText(['10', '15', '30', '50', '100']);
  await page.keyboard.press('Escape');

  // Overdraft, minimum fee and VAT fee (booked by the ledger, not from this screen) are shown by name, outgoing.
  const auth = { Authorization: `Token ${await token(page)}` };
  // Descriptions in Russian: later specs walk this ledger in ru and would read English words in it as the interface's.
  const tag = `e2e сбор ${Date.now()}`;
  const mark: Record<string, string> = { overdraft: 'овердрафт', minimumfee: 'минимум', vatfee: 'ндс' };
  for (const type of ['overdraft', 'minimumfee', 'vatfee']) {
    const res = await page.request.post('/api/v2.1/transactions/create_transaction/', { headers: auth, data: { type, amount: '1', location: 1, description: `${tag} ${mark[type]}` } });
    expect(res.status()).toBe(201);
  }
  await page.reload();
  const rows = page.locator('tbody tr');
  for (const [type, label] of [['overdraft', 'Overdraft'], ['minimumfee', 'Minimum fee'], ['vatfee', 'VAT fee']]) {
    const fee = rows.filter({ hasText: `${tag} ${mark[type!]}` });
    await expect(fee.locator('td.column-type')).toHaveText(label!);
    await expect(fee.locator('td.column-amount')).toHaveText('-1.00 ₽');
  }

  // A payment started elsewhere: the page asks again every 5 s (timed on the page's fake clock), then sees it paid.
  const started = await (await page.request.post('/api/v2.2/locations/1/refill/', { headers: auth, data: { amount: '300' } })).json();
  // The page's own clock (faked) notes when each check is answered.
  await page.clock.install();
  await page.addInitScript(() => {
    const w = window as unknown as { __checks: number[] };
    const fetch = window.fetch.bind(window);
    w.__checks = [];
    window.fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (String(input instanceof Request ? input.url : input).includes('/check_payment/')) w.__checks.push(Date.now());
      return response;
    };
  });
  const checks = () => page.evaluate(() => (window as unknown as { __checks: number[] }).__checks);
  await page.goto(`/locations/1/check_payment/${started.payment_id}`);
  await expect(page.getByRole('heading', { name: 'Checking the payment…' })).toBeVisible();
  await expect.poll(async () => (await checks()).length).toBe(1);
  // Stop the clock, then move it on by hand: no check 4.9 s after the first answer, the next one by 5.1 s.
  const [answered] = await checks();
  await page.clock.pauseAt(await page.evaluate(() => Date.now()) + 1_000);
  await page.clock.runFor(answered! + 4_900 - await page.evaluate(() => Date.now()));
  await page.waitForTimeout(300);
  expect(await checks()).toHaveLength(1);
  await page.clock.runFor(200);
  await expect.poll(async () => (await checks()).length).toBe(2);
  const provider = await context.newPage();
  await provider.goto(started.payment_url);
  await provider.locator('button[value="paid"]').click();
  await expect(provider.locator('h1[data-result="settled"]')).toBeVisible();
  await provider.close();
  await page.clock.runFor(5_000);
  await expect.poll(async () => (await checks()).length).toBe(3);
  await page.clock.runFor(100);
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await expect(page.getByText('Funds have been deposited to the location account.')).toBeVisible();
  await page.clock.resume();

  // Declined through the top-up dialog: the payment error heading and the advice.
  await page.goto('/locations/1/transactions');
  await page.getByRole('button', { name: 'Top up the account' }).click();
  await page.getByTestId('top-up').getByLabel(/Amount/).fill('99');
  await page.getByTestId('top-up').getByRole('button', { name: 'Go to payment' }).click();
  await expect(page).toHaveURL(/\/sandbox\/pay\//);
  await page.locator('button[value="declined"]').click();
  await page.locator('a#return').click();
  await expect(page.getByRole('heading', { name: 'Payment error' })).toBeVisible();
  await expect(page.getByText('Check the payment status on the transactions page.')).toBeVisible();
  await page.getByRole('link', { name: 'Go to transactions' }).click();
  await expect(page).toHaveURL(/\/locations\/1\/transactions$/);

  // Top-ups only where the location allows them (location 2 does not).
  await page.goto('/locations/2/transactions');
  await expect(page.getByRole('heading', { level: 1, name: /^Transactions: / })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add transaction' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Top up the account' })).toHaveCount(0);
  await page.goto('/locations/1/transactions');

  // The dispute text is required.
  await typeDate(dateField(page, 'From'), yearAgo());
  await page.locator('tbody tr').first().getByRole('button', { name: /Dispute transaction/ }).click();
  const dispute = page.getByTestId('dispute');
  await dispute.getByLabel(/What is wrong/).click();
  await dispute.getByRole('button', { name: 'Cancel' }).focus();
  await expect(dispute.getByText('Required field')).toBeVisible();
  await expect(dispute.getByRole('button', { name: 'Send' })).toBeDisabled();
  await dispute.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: /Actions of transaction №\d+/ }).first()).toBeVisible();

  // A session whose permissions at the location hold transactions.edit without transactions.all (as
  // the manager's): no Add transaction, no change-type or refund menu; Dispute and the top-up stay.
  (await lackPermissionAt(page, 1))('transactions.all');
  await page.reload();
  await typeDate(dateField(page, 'From'), yearAgo());
  await expect(page.locator('tbody tr').first().getByRole('button', { name: /Dispute transaction/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Top up the account' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add transaction' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Actions of transaction/ })).toHaveCount(0);
});
