import { expect, test, type APIRequestContext } from './test';
import { MANAGER, letterText, saveSignedInState, waitForLetter } from './helpers';

/**
 * The manager's demo password back, by the same reset the test walks (through the API): other specs of
 * the shard sign the manager in with it (a cash refund confirmed at the desk), and a shard runs its files
 * one after another on one server.
 */
async function restoreManagerPassword(request: APIRequestContext) {
  // Only a letter written after this request: the test's own (its link used) must not be taken.
  const since = Date.now();
  expect((await request.post('/api/v2.1/users/password_reset/', { data: { email: MANAGER.email } })).ok()).toBe(true);
  const hash = letterText(await waitForLetter(MANAGER.email, since)).match(/\/password_reset\/([0-9a-f]+)/)?.[1];
  const res = await request.post(`/api/v2.1/users/password_reset/${hash}/`, { data: { password: MANAGER.password, password_confirm: MANAGER.password } });
  expect(res.ok(), await res.text()).toBe(true);
}

test('a bad reset link goes to login', async ({ page }) => {
  await page.goto('/password_reset/ffffffffffffffffffffffffffffffff');
  await expect(page).toHaveURL(/\/login$/);
});

// A new password revokes every token of the manager, the saved sessions of `signIn` too: the later
// specs of the shard (the till's manager, who confirms a count) sign in with a new one.
test.afterAll(async ({ request, browser, baseURL }) => {
  await restoreManagerPassword(request);
  for (const lang of ['ru', 'en'] as const) await saveSignedInState(browser, MANAGER, lang, baseURL);
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
