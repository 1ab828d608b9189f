import { expect, test } from '@playwright/test';
import { MANAGER, letterText, waitForLetter } from './helpers';

test('a bad reset link goes to login', async ({ page }) => {
  await page.goto('/password_reset/ffffffffffffffffffffffffffffffff');
  await expect(page).toHaveURL(/\/login$/);
});

test('forgotten password: letter, new password, sign in with it', async ({ page }) => {
  const since = Date.now() - 1000;
  await page.goto('/login');
  // A failed sign-in first: its message goes once the link is sent (#25: it stayed beside the success).
  const signInError = page.getByRole('main').getByRole('alert');
  await page.getByLabel('Электронная почта').fill(MANAGER.email);
  await page.getByLabel('Пароль', { exact: false }).first().fill('not-the-password');
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(signInError).toBeVisible();
  await page.getByRole('button', { name: 'Забыли пароль?' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Электронная почта').fill(MANAGER.email);
  await dialog.getByRole('button', { name: 'Отправить ссылку' }).click();
  await expect(page.getByTestId('alert-success')).toHaveText(`Ссылка для сброса пароля отправлена на ${MANAGER.email}.`);
  await expect(signInError).toHaveCount(0);

  const letter = letterText(await waitForLetter(MANAGER.email, since));
  expect(letter).toContain('Здравствуйте');
  const link = letter.match(/https?:\/\/[^\s]+\/password_reset\/[0-9a-f]+/)?.[0];
  expect(link).toBeTruthy();
  await page.goto(new URL(link!).pathname);
  await expect(page.getByRole('heading', { name: 'Новый пароль' })).toBeVisible();

  const newPassword = `new-${Date.now()}`;
  await page.getByLabel('Новый пароль').fill('12345');
  await expect(page.getByText('Не менее 6 символов')).toBeVisible();
  await page.getByLabel('Новый пароль').fill(newPassword);
  await page.getByLabel('Повторите пароль').fill(`${newPassword}x`);
  await expect(page.getByText('Пароли не совпадают')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Сменить пароль' })).toBeDisabled();
  await page.getByLabel('Повторите пароль').fill(newPassword);
  await page.getByRole('button', { name: 'Сменить пароль' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('alert-success')).toHaveText('Пароль изменён. Войдите с новым паролем.');

  // The link worked once: opening it again goes to login.
  await page.goto(new URL(link!).pathname);
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Электронная почта').fill(MANAGER.email);
  await page.getByLabel('Пароль').first().fill(newPassword);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(page).toHaveURL(/\/locations$/);
});
