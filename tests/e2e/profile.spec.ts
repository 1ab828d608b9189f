import { expect, test } from './test';
import { ADMIN, signIn, signInThroughForm } from './helpers';

// A 1x1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

test('profile: see, edit with validation, upload a photo, dismiss the alert', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.getByRole('button', { name: 'Меню профиля' }).click();
  await page.getByRole('menuitem', { name: 'Профиль' }).click();
  await expect(page).toHaveURL(/\/user$/);
  await expect(page.getByTestId('profile-name')).toHaveText('Анна Администратор');
  await expect(page.getByTestId('profile-email')).toHaveText('admin@example.com');
  await expect(page.getByRole('cell', { name: 'VR Арена Москва' })).toBeVisible();

  await page.getByRole('button', { name: 'Редактировать' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Телефон').fill('12-34x');
  await expect(dialog.getByText('Только цифры, в начале может быть плюс')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Сохранить' })).toBeDisabled();
  await dialog.getByLabel('Имя').fill('');
  await expect(dialog.getByText('Обязательное поле')).toBeVisible();
  await dialog.getByLabel('Имя').fill('Анна Петрова');
  await dialog.getByLabel('Телефон').fill('+79991234567');
  await dialog.getByLabel('Электронная почта').fill('admin@example');
  await expect(dialog.getByText('Введите корректный email')).toBeVisible();
  await dialog.getByLabel('Электронная почта').fill('admin@example.com');
  await dialog.getByTestId('avatar-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await dialog.getByRole('button', { name: 'Сохранить' }).click();

  const alert = page.getByTestId('alert-success');
  await expect(alert).toHaveText('Профиль сохранён.');
  await expect(page.getByTestId('profile-name')).toHaveText('Анна Петрова');
  await expect(page.getByTestId('profile-phone')).toHaveText('+79991234567');
  const src = await page.getByTestId('profile-avatar').locator('img').getAttribute('src');
  expect(src).toMatch(/^\/media\/avatars\/.+\.png$/);
  const image = await page.request.get(src!);
  expect(image.status()).toBe(200);
  await alert.getByRole('button', { name: 'Закрыть' }).click();
  await expect(alert).toHaveCount(0);

  // The change is stored: a reload shows it.
  await page.reload();
  await expect(page.getByTestId('profile-name')).toHaveText('Анна Петрова');
});

test('profile in English: the server refuses a taken email and the form shows why', async ({ page }) => {
  await signIn(page, ADMIN, 'en', '/user');
  await page.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Current password')).toHaveCount(0);
  await dialog.getByLabel('Email').fill('manager@example.com');
  // A new email asks for the current password (#16); the server checks it first.
  await expect(dialog.getByText('A new email needs your current password.')).toBeVisible();
  await dialog.getByLabel('Current password').fill('not-my-password');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('The current password is wrong.')).toBeVisible();
  await dialog.getByLabel('Current password').fill('admin123');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('A user with this email already exists.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('profile-email')).toHaveText('admin@example.com');
});

test('a file that is not an image is refused under the photo; a new action clears old alerts', async ({ page }) => {
  await signIn(page, ADMIN, 'ru', '/user');
  await page.getByRole('button', { name: 'Редактировать' }).click();
  let dialog = page.getByRole('dialog');
  await dialog.getByTestId('avatar-input').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog.getByTestId('avatar-error')).toHaveText('Загрузите изображение PNG, JPEG, WebP или GIF.');
  await dialog.getByTestId('avatar-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog.getByTestId('avatar-error')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  const success = page.getByTestId('alert-success');
  await expect(success).toHaveText('Профиль сохранён.');

  // The generic handler clears the alerts on screen before the next call.
  await page.getByRole('button', { name: 'Редактировать' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('Электронная почта').fill('staff@example.com');
  await dialog.getByLabel('Текущий пароль').fill('admin123');
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog.getByText('Пользователь с такой электронной почтой уже существует.')).toBeVisible();
  await expect(success).toHaveCount(0);
});

test('alerts close by themselves after 8 seconds', async ({ page }) => {
  await page.clock.install();
  await signIn(page, ADMIN, 'ru', '/user');
  await page.getByRole('button', { name: 'Редактировать' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Сохранить' }).click();
  const alert = page.getByTestId('alert-success');
  await expect(alert).toBeVisible();
  await page.clock.runFor(7000);
  await expect(alert).toBeVisible();
  await page.clock.runFor(1500);
  await expect(alert).toHaveCount(0);
});

test('the profile page logs out', async ({ page }) => {
  await signInThroughForm(page, ADMIN);
  await page.goto('/user');
  await page.getByRole('button', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});
