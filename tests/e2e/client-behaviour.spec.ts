// The client never storms the server (#18): after a logout the browser's Back button lands on the
// login page with next to no requests (it looped on 401s at 45-90 requests a second), and a location
// one has no role at answers at once with a clear message and a way back (it retried a 404 for 7.5 s).
// Deleting a schedule leaves the editor at once: schedules.spec.ts.
import { expect, test } from '@playwright/test';
import { ADMIN, STAFF, signIn } from './helpers';

test('after a logout the Back button lands on the login page without storming the server', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/locations/1/booking_admin');
  await expect(page.getByRole('button', { name: 'Новая бронь' })).toBeVisible();
  const apiCalls: string[] = [];
  page.on('request', (r) => { if (r.url().includes('/api/')) apiCalls.push(`${r.method()} ${r.url()}`); });
  await page.getByRole('button', { name: 'Меню профиля' }).click();
  await page.getByRole('menuitem', { name: 'Выход' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Войти', exact: true })).toBeVisible();
  // Long enough for a loop to show itself (it made about 100 requests in this time).
  await page.waitForTimeout(2000);
  // The logout itself, and nothing (or next to nothing) after it.
  expect(apiCalls.length, apiCalls.join('\n')).toBeLessThanOrEqual(3);
  expect(apiCalls.filter((c) => c.includes('/users/am/') || c.includes('/locations/'))).toHaveLength(0);
});

test('a location the cashier has no role at says so at once, with a way back', async ({ page }) => {
  await signIn(page, STAFF);
  for (const path of ['/locations/2/booking_admin', '/locations/2/multibooking_admin', '/locations/2/location_management']) {
    const started = Date.now();
    await page.goto(path);
    const message = page.getByTestId('location-unavailable');
    await expect(message).toContainText('Локация №2 недоступна: её нет или у вас в ней нет роли.', { timeout: 3000 });
    // The 404 is an answer: no retries (each took seconds), no "only for role 40".
    expect(Date.now() - started, path).toBeLessThan(2500);
    await expect(page.getByText('роль 40')).toHaveCount(0);
  }
  await page.getByRole('link', { name: 'К списку локаций' }).click();
  await expect(page).toHaveURL(/\/locations$/);
  await expect(page.getByRole('cell', { name: 'VR Арена Москва' }).first()).toBeVisible();
});
