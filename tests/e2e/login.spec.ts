// Signing in and out itself: every test here signs in through the form (not the saved state).
import { expect, test } from './test';
import { ADMIN, apiGet, signInThroughForm } from './helpers';
import { balanceCurrency, formatMoney, type Currency } from '../../domain/money';

test('root sends a visitor without a token to login', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Вход' })).toBeVisible();
});

test('a wrong password shows the server detail, in ru and in en', async ({ page }) => {
  await page.goto('/login');
  const submit = page.getByRole('button', { name: 'Войти', exact: true });
  await expect(submit).toBeDisabled();
  await page.getByLabel('Электронная почта').fill('not-an-email');
  await page.getByLabel('Пароль').first().fill('x');
  await expect(page.getByText('Введите корректный email')).toBeVisible();
  await expect(submit).toBeDisabled();
  await page.getByLabel('Электронная почта').fill(ADMIN.email);
  await page.getByLabel('Пароль').first().fill('wrong-password');
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText('Невозможно войти с предоставленными учётными данными.');

  await page.getByRole('button', { name: 'EN' }).click();
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').first().fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Unable to log in with provided credentials.');
});

test('admin signs in and sees the locations with balances in their currencies', async ({ page }) => {
  await signInThroughForm(page, ADMIN);
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(4);
  await expect(page.getByRole('columnheader', { name: 'Страна' })).toBeVisible();
  for (const header of ['Город', 'Название', 'Роль', 'Управление', 'Баланс', 'Статус']) {
    await expect(page.getByRole('columnheader', { name: header })).toBeVisible();
  }
  const moscow = rows.filter({ hasText: 'VR Арена Москва' });
  await expect(moscow).toContainText('Россия');
  await expect(moscow).toContainText('Москва');
  await expect(moscow).toContainText('Администратор');
  // The balance is the API's figure (other specs add ledger entries at location 1), in its currency:
  // roubles after the amount, dollars before it.
  const moscowLoc = await apiGet<{ balance: string; b2b_currency: Currency | null; currency: Currency | null }>(page, '/api/v2.1/locations/1/');
  await expect(moscow.getByTestId('balance')).toHaveText(formatMoney(moscowLoc.balance, balanceCurrency(moscowLoc), 'ru'));
  await expect(moscow.getByTestId('balance')).toHaveText(/^\d{1,3}(\u00a0\d{3})*,\d{2}\u00a0₽$/);
  await expect(moscow.locator('[data-status="active"]')).toBeVisible();
  await expect(rows.filter({ hasText: 'Бруклин' }).getByTestId('balance')).toHaveText('$1\u00a0850,00');
  const almaty = rows.filter({ hasText: 'Алматы' });
  await expect(almaty.getByTestId('balance')).toHaveText('0,00 у.е.');
  await expect(almaty.locator('[data-status="inactive"]')).toBeVisible();

  // The country filter: all countries by default, one country narrows the table.
  await page.getByRole('combobox', { name: /Страна/ }).click();
  await expect(page.getByRole('option', { name: 'Все страны' })).toBeVisible();
  await page.getByRole('option', { name: 'США' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('VR Лаунж Бруклин');
  await page.getByRole('combobox', { name: /Страна/ }).click();
  await page.getByRole('option', { name: 'Все страны' }).click();
  await expect(rows).toHaveCount(4);
});

test('a signed-in user who opens /, login or a reset link goes to locations', async ({ page }) => {
  await signInThroughForm(page, ADMIN);
  await page.goto('/');
  await expect(page).toHaveURL(/\/locations$/);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/locations$/);
  await page.goto('/password_reset/0123456789abcdef0123');
  await expect(page).toHaveURL(/\/locations$/);
});

test('exit clears the session and returns to login', async ({ page }) => {
  await signInThroughForm(page, ADMIN);
  await page.getByRole('button', { name: 'Меню профиля' }).click();
  await page.getByRole('menuitem', { name: 'Выход' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const stored = await page.evaluate(() => ['token', 'user', 'permissions', 'locations'].map((k) => localStorage.getItem(k)));
  expect(stored).toEqual([null, null, null, null]);
  await page.goto('/user');
  await expect(page).toHaveURL(/\/login$/);
});

test('after login the token, user, permissions and locations are stored', async ({ page }) => {
  await signInThroughForm(page, ADMIN);
  const stored = await page.evaluate(() => ({
    token: localStorage.getItem('token'),
    user: JSON.parse(localStorage.getItem('user') ?? 'null'),
    permissions: JSON.parse(localStorage.getItem('permissions') ?? 'null'),
    locations: JSON.parse(localStorage.getItem('locations') ?? 'null'),
  }));
  expect(stored.token).toMatch(/^[0-9a-f]{40}$/);
  expect(stored.user.email).toBe(ADMIN.email);
  expect(stored.permissions).toContain('accounts.backoffice.techsessions');
  expect(stored.permissions).toHaveLength(7);
  expect(stored.locations).toHaveLength(4);
});

test('the forgotten-password dialog shows the server message when the request fails', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'EN' }).click();
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const dialog = page.getByRole('dialog');
  // Valid for the form, too long for the server (254 characters at most).
  await dialog.getByLabel('Email').fill(`${'a'.repeat(250)}@example.com`);
  await dialog.getByRole('button', { name: 'Send link' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Ensure this field has no more than 254 characters.');
});
