// Location payments: filters (dates, types, sign), page sizes with "all", the add-payment dialog,
// hiding a manual payment after yes/no, the CSV export; in ru and en.
import fs from 'node:fs';
import { expect, test } from './test';
import { ADMIN, apiGet, signIn, dateField, typeDate, shownDate } from './helpers';

test.setTimeout(90_000);

// Today on the location's clock (Moscow), as the list's date range uses it.
const today = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Moscow' }).format(new Date());
const moscowToday = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Moscow' });
const yearAgo = () => { const d = new Date(); d.setUTCFullYear(d.getUTCFullYear() - 1); return d.toISOString().slice(0, 10); };

test('ru: add a payment, filter, page sizes, hide it after a confirmation, download the CSV', async ({ page }) => {
  await signIn(page, ADMIN, 'ru', '/locations/1/payments');
  await expect(page.getByRole('heading', { level: 1, name: 'Платежи: VR Арена Москва' })).toBeVisible();
  const rows = page.locator('tbody tr');

  // A typed end is taken as typed, a later one than today too (#25: the bar used to move it, so
  // the day being typed was lost); then back to today for the rest.
  const to = dateField(page, 'По');
  await typeDate(to, '2099-01-01');
  await expect(to.locator('input')).toHaveValue('01.01.2099');
  await expect(page).toHaveURL(/2099-01-01/);
  await typeDate(to, today());
  await expect(to.locator('input')).toHaveValue(shownDate(today()));

  // Add a manual payment; 11 characters are refused with the spec's message.
  await page.getByRole('button', { name: 'Добавить платёж' }).click();
  const dialog = page.getByTestId('location-payment');
  await dialog.getByLabel(/Сумма/).fill('12345678901');
  await expect(dialog.getByText('Слишком длинное значение (не более 10 символов)')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Провести платёж' })).toBeDisabled();
  await dialog.getByLabel(/Сумма/).fill('777');
  const comment = `e2e оплата ${Date.now()}`;
  await dialog.getByLabel(/Комментарий/).fill(comment);
  await dialog.getByRole('button', { name: 'Провести платёж' }).click();
  await expect(dialog).toBeHidden();
  const added = rows.filter({ hasText: comment });
  await expect(added).toHaveCount(1);
  await expect(added.locator('td.column-payment_type')).toHaveText('Ручной');
  await expect(added.locator('td.column-purchase')).toHaveText('777,00 ₽');
  await expect(added.locator('td.column-created')).toHaveText(moscowToday().split('-').reverse().join('.'));

  // Only manual payments; then a sign with none of them. The filter offers the seven types.
  await page.getByRole('combobox', { name: 'Типы оплаты' }).click();
  await expect(page.getByRole('option')).toHaveText(['Онлайн', 'Наличные', 'Сертификат', 'Счёт (ссылка на оплату)', 'Сторонний сервис', 'Карта', 'Ручной']);
  await page.getByRole('option', { name: 'Ручной' }).click();
  await page.keyboard.press('Escape');
  await expect(async () => {
    const types = await rows.locator('td.column-payment_type').allTextContents();
    expect(types.length).toBeGreaterThan(0);
    expect(new Set(types)).toEqual(new Set(['Ручной']));
  }).toPass();
  await page.getByRole('combobox', { name: 'Знак суммы' }).click();
  await page.getByRole('option', { name: 'Отрицательные' }).click();
  await expect(page.getByTestId('records-empty')).toHaveText('Платежи не найдены');
  await page.getByRole('combobox', { name: 'Знак суммы' }).click();
  await page.getByRole('option', { name: 'Все' }).click();
  await expect(added).toHaveCount(1);

  // Hide it: "No" keeps it, "Yes" hides it.
  await added.getByRole('button', { name: /Скрыть платёж/ }).click();
  const confirm = page.getByRole('dialog', { name: /Скрыть платёж №\d+\?/ });
  await expect(confirm).toContainText('на 777,00 ₽');
  await confirm.getByRole('button', { name: 'Нет' }).click();
  await expect(added).toHaveCount(1);
  await added.getByRole('button', { name: /Скрыть платёж/ }).click();
  await page.getByRole('dialog', { name: /Скрыть платёж/ }).getByRole('button', { name: 'Да' }).click();
  await expect(page.getByText(/Платёж №\d+ скрыт\./)).toBeVisible();
  await expect(added).toHaveCount(0);
  // Payments of other types have no hide action.
  await page.getByRole('combobox', { name: 'Типы оплаты' }).click();
  await page.getByRole('option', { name: 'Ручной' }).click();
  await page.getByRole('option', { name: 'Наличные' }).click();
  await page.keyboard.press('Escape');
  await expect(rows.first().locator('td.column-payment_type')).toHaveText('Наличные');
  await expect(page.getByRole('button', { name: /Скрыть платёж/ })).toHaveCount(0);
  await expect(rows.first().locator('td.column-order a')).toHaveAttribute('target', '_blank');
  await expect(rows.first().locator('td.column-order a')).toHaveAttribute('href', /^\/orders\/\d+$/);

  // The CSV of the filtered list (cash only), headers in Russian.
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Скачать CSV' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^payments_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '').split(/\r?\n/).filter(Boolean);
  expect(lines[0]).toBe('ID,Заказ,Тип оплаты,Создан,Статус,Тест,Внешний ID,Сумма,Комментарий,Чек,Пользователь');
  const from = (await dateField(page, 'С').locator('input').inputValue()).split('.').reverse().join('-');
  const cash = await apiGet<unknown[]>(page, `/api/v2.1/locations/1/payments/?payment_type=2&date_start=${from}&date_end=${today()}`);
  expect(lines.length - 1).toBe(cash.length);
  // The export writes a code's label (domain/enumLabels), as the screen does.
  expect(lines.slice(1).every((l) => l.split(',')[2] === 'Наличные')).toBe(true);

  // A year of all payments: 20 a page by default, then all of them on one page.
  await page.getByRole('combobox', { name: 'Типы оплаты' }).click();
  await page.getByRole('option', { name: 'Наличные' }).click();
  await page.keyboard.press('Escape');
  await typeDate(dateField(page, 'С'), yearAgo());
  const all = await apiGet<unknown[]>(page, `/api/v2.1/locations/1/payments/?payer=customers&date_start=${yearAgo()}&date_end=${today()}`);
  await expect(rows).toHaveCount(Math.min(all.length, 20));
  await page.getByRole('combobox', { name: /Строк на странице/ }).click();
  await expect(page.getByRole('option')).toHaveText(['10', '20', '30', 'Все']);
  await page.getByRole('option', { name: 'Все' }).click();
  await expect(rows).toHaveCount(all.length);
  // Newest first: the created dates never grow down the list.
  const created = (await rows.locator('td.column-created').allTextContents()).map((d) => d.split('.').reverse().join('-'));
  expect(new Set(created).size).toBeGreaterThan(1);
  expect(created).toEqual([...created].sort().reverse());
});

test('en: the payments screen speaks English', async ({ page }) => {
  await signIn(page, ADMIN, 'en', '/locations/1/payments');
  await expect(page.getByRole('heading', { level: 1, name: 'Payments: VR Arena Moscow' })).toBeVisible();
  await expect(page.locator('thead')).toContainText('Payment type');
  await expect(page.locator('thead')).toContainText('External ID');
  // All seven payment types in the filter; online payments (type 1) in the list.
  await typeDate(dateField(page, 'From'), yearAgo());
  await page.getByRole('combobox', { name: 'Payment types' }).click();
  await expect(page.getByRole('option')).toHaveText(['Online', 'Cash', 'Certificate', 'Bill (payment link)', 'Third-party service', 'Card', 'Manual']);
  await page.getByRole('option', { name: 'Online' }).click();
  await page.keyboard.press('Escape');
  await expect(async () => {
    const types = await page.locator('tbody tr td.column-payment_type').allTextContents();
    expect(types.length).toBeGreaterThan(0);
    expect(new Set(types)).toEqual(new Set(['Online']));
  }).toPass();
  await page.getByRole('combobox', { name: 'Amount sign' }).click();
  await expect(page.getByRole('option')).toHaveText(['All', 'Positive', 'Negative']);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Add payment' }).click();
  const dialog = page.getByTestId('location-payment');
  await dialog.getByLabel(/Amount/).fill('5');
  await dialog.getByLabel(/Amount/).fill('');
  await expect(dialog.getByText('Enter the amount')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await typeDate(dateField(page, 'From'), '2000-01-01');
  await typeDate(dateField(page, 'To'), '2000-01-02');
  await expect(page.getByText('Payments not found')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeVisible();
});
