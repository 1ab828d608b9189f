// Location orders and sessions: the config-driven record lists (filters, page sizes, CSV export).
import fs from 'node:fs';
import { expect, test } from './test';
import dayjs from 'dayjs';
import { ADMIN, apiGet, signIn, dateField, typeDate, shownDate } from './helpers';

test.setTimeout(90_000);

test('admin filters orders, changes the page size, downloads the CSV and opens sessions', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.locator('tbody tr').filter({ hasText: 'VR Арена Москва' }).getByRole('link', { name: 'Заказы', exact: true }).click();
  await expect(page).toHaveURL(/\/locations\/1\/orders$/);
  await expect(page.getByRole('heading', { level: 1, name: /Заказы: VR Арена Москва/ })).toBeVisible();
  const rows = page.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  await expect(rows.first().getByRole('link').first()).toHaveAttribute('target', '_blank');

  // The list starts with this month up to today; "Прошедшие" is a year back to yesterday.
  const from = dateField(page, 'С').locator('input');
  const to = dateField(page, 'По').locator('input');
  // On the location's clock (Moscow), not the browser's: after 21:00 UTC it is already tomorrow there.
  const today = dayjs(new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Moscow' }).format(new Date()));
  await expect(from).toHaveValue(today.startOf('month').format('DD.MM.YYYY'));
  await expect(to).toHaveValue(today.format('DD.MM.YYYY'));
  await page.getByRole('button', { name: 'Прошедшие' }).click();
  const pastFrom = today.subtract(1, 'year').format('YYYY-MM-DD');
  const pastTo = today.subtract(1, 'day').format('YYYY-MM-DD');
  await expect(from).toHaveValue(shownDate(pastFrom));
  await expect(to).toHaveValue(shownDate(pastTo));
  // Ten rows a page until another size is chosen, of the server's count for that period.
  const past = await apiGet<{ count: number }>(page, `/api/v2.1/locations/1/orders/?date_from=${pastFrom}&date_to=${pastTo}&limit=1`);
  expect(past.count).toBeGreaterThan(10);
  await expect(page.getByRole('combobox', { name: /Строк на странице/ })).toHaveText('10');
  await expect(page.locator('.MuiTablePagination-displayedRows')).toHaveText(new RegExp(`^1\\D+10 из ${past.count}$`));
  await expect(rows).toHaveCount(10);
  await expect(rows.first()).toContainText(/\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);

  // Only cancelled orders.
  await page.getByRole('combobox', { name: 'Статус' }).click();
  await page.getByRole('option', { name: 'Отменён', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('combobox', { name: 'Статус' })).toHaveText('Отменён');
  await expect(async () => {
    const statuses = await rows.locator('td.column-status').allTextContents();
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set(['Отменён']));
  }).toPass();

  // Back to all statuses; 15 rows a page.
  await page.getByRole('combobox', { name: 'Статус' }).click();
  await page.getByRole('option', { name: 'Отменён', exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('combobox', { name: /Строк на странице|Rows per page/ }).click();
  await page.getByRole('option', { name: '15' }).click();
  await expect(rows).toHaveCount(15);

  // The CSV of the whole filtered list.
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Скачать CSV' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^orders/);
  const text = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  const header = text.split(/\r?\n/)[0]!;
  expect(header).toContain('Создан');
  expect(header).toContain('Статус');
  expect(header).toContain('Стоимость');

  // Sessions.
  await page.goto('/locations');
  await page.locator('tbody tr').filter({ hasText: 'VR Арена Москва' }).getByRole('link', { name: 'Сессии', exact: true }).click();
  await expect(page).toHaveURL(/\/locations\/1\/sessions$/);
  await expect(page.getByRole('heading', { level: 1, name: /Сессии: VR Арена Москва/ })).toBeVisible();
  await expect(rows.first()).toBeVisible();
  await expect(rows.first().locator('td.column-orders_ids a').first()).toHaveAttribute('href', /\/orders\/\d+$/);
});

test('in English the lists speak English', async ({ page }) => {
  await signIn(page, ADMIN, 'en', '/locations/1/orders');
  await expect(page.getByRole('heading', { level: 1, name: /^Orders: / })).toBeVisible();
  await expect(page.locator('tbody tr').first()).toBeVisible();
  await page.getByRole('button', { name: 'Today' }).click();
  await page.getByRole('combobox', { name: 'Status' }).click();
  await expect(page.getByRole('option', { name: 'Paid', exact: true })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Awaiting payment' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Cancelled' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeVisible();
  await typeDate(dateField(page, 'From'), '2000-01-01');
  await typeDate(dateField(page, 'To'), '2000-01-02');
  await expect(page.getByTestId('records-empty')).toHaveText('Orders not found');
  await page.goto('/locations/1/sessions');
  await expect(page.getByRole('heading', { level: 1, name: /^Sessions: / })).toBeVisible();
  await typeDate(dateField(page, 'From'), '2000-01-01');
  await typeDate(dateField(page, 'To'), '2000-01-02');
  await expect(page.getByText('Sessions not found')).toBeVisible();
});
