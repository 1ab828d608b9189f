import { expect, test } from './test';
import { ADMIN, MANAGER, STAFF, signIn, signInThroughForm } from './helpers';

test('the Locations tab shows from role value 20: admin and manager yes, staff no', async ({ page }) => {
  // It logs out (its own token, not the shared one).
  await signInThroughForm(page, STAFF);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Локации', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Меню профиля' }).click();
  await page.getByRole('menuitem', { name: 'Выход' }).click();

  await signIn(page, MANAGER);
  await expect(page.getByRole('link', { name: 'Локации', exact: true })).toBeVisible();
  await expect(page.locator('tbody tr')).toHaveCount(2);
  // Both of the manager's locations are in Russia: no country filter.
  await expect(page.getByRole('combobox', { name: /Страна/ })).toHaveCount(0);
});

test('RU/EN toggle switches every text and survives a reload', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.getByRole('button', { name: 'EN' }).click();
  await expect(page.getByRole('link', { name: 'Locations', exact: true })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Country' })).toBeVisible();
  await expect(page.locator('tbody tr').filter({ hasText: 'VR Arena Moscow' })).toContainText('Administrator');
  await page.reload();
  await expect(page.getByRole('columnheader', { name: 'Balance' })).toBeVisible();
  // Names come from the server in the chosen language too.
  await expect(page.locator('tbody tr').filter({ hasText: 'VR Arena Moscow' })).toContainText('Moscow');
  await page.getByRole('button', { name: 'RU' }).click();
  await expect(page.getByRole('columnheader', { name: 'Страна' })).toBeVisible();
});

test('unknown paths show the 404 page, also without a token', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: 'Страница не найдена' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Войти' })).toBeVisible();
  await signIn(page, ADMIN, 'ru', '/404');
  await expect(page.getByRole('heading', { level: 1, name: 'Страница не найдена' })).toBeVisible();
});

test('on a phone the header entries are in a drawer', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 760 });
  await signInThroughForm(page, ADMIN);
  await page.getByRole('button', { name: 'Меню', exact: true }).click();
  const drawer = page.getByRole('navigation').filter({ hasText: 'Профиль' });
  await expect(drawer.getByRole('link', { name: 'Локации' })).toBeVisible();
  await drawer.getByRole('link', { name: 'Профиль' }).click();
  await expect(page).toHaveURL(/\/user$/);
  await page.getByRole('button', { name: 'Меню', exact: true }).click();
  await page.getByRole('navigation').getByRole('button', { name: 'EN' }).click();
  // #42 The switch re-renders in place (nothing remounts): the drawer stays open, now in English.
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Profile' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page.getByRole('navigation').getByRole('button', { name: 'Exit' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('the scroll-to-top button appears after scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 300 });
  await signIn(page, ADMIN, 'ru', '/user');
  const button = page.getByRole('button', { name: 'Наверх' });
  await expect(button).toBeHidden();
  // The profile is drawn (the page can scroll 30 px): a scroll before that went nowhere, now and then.
  await expect(page.getByTestId('profile-name')).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeGreaterThan(30);
  // 20 px is the threshold: 15 px keeps it hidden, 30 px shows it.
  await page.evaluate(() => window.scrollTo(0, 15));
  await page.waitForTimeout(300);
  await expect(button).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, 30));
  await expect(button).toBeVisible();
  await button.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(button).toBeHidden();
});
