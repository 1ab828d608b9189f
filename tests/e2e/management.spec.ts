import { expect, test, type Page } from './test';
import sharp from 'sharp';
import { ADMIN, STAFF, apiGet, signIn, signInThroughForm } from './helpers';

// Location management of location 2 (St Petersburg): the grid, location info edited in both languages, the gallery, the games table and
// the statistics tabs. Location 2 is used so the booking tests' location 1 keeps its texts.

interface Translation { language: string; name: string; parking_description: string }
interface Loc { id: number; name: string; languages: string[]; translations: Translation[]; balance: string }

async function picture(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#3f6fd8' } }).png().toBuffer();
}

async function openManagement(page: Page, linkName: string) {
  await page.getByRole('link', { name: linkName }).and(page.locator('[href="/locations/2/location_management"]')).click();
  await expect(page).toHaveURL(/\/locations\/2\/location_management$/);
}

test.describe.configure({ timeout: 90_000 });

test('ru: the grid, location info edited in both languages, a picture uploaded and deleted, games, statistics', async ({ page }) => {
  await signIn(page, ADMIN);
  const before = await apiGet<Loc>(page, '/api/v2.1/locations/2/');
  await openManagement(page, 'Управление локацией');
  await expect(page.locator('h1')).toHaveText(`Управление локацией — ${before.name}`);
  await expect(page.getByTestId('management-balance')).toContainText('Баланс:');
  for (const card of ['Основная информация', 'Галерея', 'Игры', 'Платежи', 'Транзакции', 'Сессии', 'Заказы', 'Расписание']) {
    await expect(page.getByRole('link', { name: new RegExp(card) }).first()).toBeVisible();
  }

  // Location info: edit both languages; an emptied field blocks saving until filled.
  await page.getByRole('link', { name: /Основная информация/ }).click();
  await expect(page).toHaveURL(/\/locations\/2\/location_info$/);
  await page.getByTestId('info-edit').click();
  const dialog = page.getByTestId('info-dialog');
  await dialog.getByTestId('info-ru-address').fill('');
  await dialog.getByTestId('info-save').click();
  await expect(dialog.getByText('Заполните все поля на всех языках.')).toBeVisible();
  await expect(dialog.getByText('Обязательное поле').first()).toBeVisible();
  await dialog.getByTestId('info-ru-address').fill('Невский проспект, 1');
  await dialog.getByTestId('info-ru-parking_description').fill('Парковка во дворе, 2 часа бесплатно');
  await dialog.getByTestId('info-tab-en').click();
  await dialog.getByTestId('info-en-parking_description').fill('Courtyard parking, 2 hours free');
  await dialog.getByTestId('info-lat').fill('59,9343');
  await dialog.getByTestId('info-save').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Информация о локации сохранена.')).toBeVisible();
  // (Names stay: other tests pick this location by name.)
  await expect(page.locator('h1')).toHaveText(`Основная информация — ${before.name}`);
  await expect(page.getByTestId('info-view-ru-address')).toHaveText('Невский проспект, 1');
  await expect(page.getByTestId('info-view-ru-parking_description')).toHaveText('Парковка во дворе, 2 часа бесплатно');
  await expect(page.getByTestId('info-view-en-parking_description')).toHaveText('Courtyard parking, 2 hours free');
  await expect(page.getByTestId('info-place')).toContainText('59.934300');
  const after = await apiGet<Loc>(page, '/api/v2.1/locations/2/');
  expect(after.translations.find((t) => t.language === 'en')!.parking_description).toBe('Courtyard parking, 2 hours free');

  // Gallery: upload, see it, delete after a yes.
  await page.getByRole('link', { name: 'Управление локацией' }).click();
  await page.getByRole('link', { name: /Галерея/ }).click();
  await expect(page.getByTestId('gallery-empty')).toBeVisible();
  await page.getByTestId('gallery-file').setInputFiles({ name: 'hall.png', mimeType: 'image/png', buffer: await picture() });
  await expect(page.getByText('Фото загружено.')).toBeVisible();
  await expect(page.getByTestId('gallery-item')).toHaveCount(1);
  const thumb = page.getByTestId('gallery-item').locator('img');
  await expect(thumb).toHaveJSProperty('complete', true);
  expect(await thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // A text file named like a picture is refused by content.
  await page.getByTestId('gallery-file').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
  await expect(page.getByTestId('gallery-item')).toHaveCount(1);
  await page.getByRole('button', { name: 'Удалить фото 1' }).click();
  await page.getByRole('button', { name: 'Да' }).click();
  await expect(page.getByTestId('gallery-empty')).toBeVisible();

  // Games: the location's games with genre and age rating.
  const games = await apiGet<{ name: string }[]>(page, '/api/v2.1/locations/2/games/');
  await page.goto('/locations/2/games_table');
  await expect(page.getByTestId('game-row')).toHaveCount(games.length);
  await expect(page.getByTestId('games-table')).toContainText(games[0]!.name);

  // Statistics: every tab shows its frame with the dashboard's heading.
  const dashboards = await apiGet<{ id: string; name: string }[]>(page, '/api/v2.1/dashboards/');
  await page.goto('/locations/2/statistic');
  for (const d of dashboards) {
    await page.getByTestId(`dashboard-tab-${d.id}`).click();
    const frame = page.frameLocator(`[data-testid="dashboard-frame-${d.id}"]`);
    await expect(frame.locator('h1')).toContainText(d.name);
    // Every text of a chart is drawn inside its chart (the slanted date labels were cut to "1.2026").
    const cut = await frame.locator('svg').evaluateAll((svgs) => svgs.flatMap((svg) => {
      const box = svg.getBoundingClientRect();
      return [...svg.querySelectorAll('text')].filter((t) => {
        const r = t.getBoundingClientRect();
        return r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1;
      }).map((t) => t.textContent);
    }));
    expect(cut, d.id).toEqual([]);
  }
});

test('en: location info in English, the grid links, and staff without role 40 are turned away', async ({ page }) => {
  // It logs out (its own token, not the shared one).
  await signInThroughForm(page, ADMIN, 'en');
  await openManagement(page, 'Location management');
  await expect(page.locator('h1')).toHaveText(/^Location management — /);
  await page.getByRole('link', { name: /Basic information/ }).click();
  await page.getByTestId('info-edit').click();
  const dialog = page.getByTestId('info-dialog');
  await dialog.getByTestId('info-tab-en').click();
  await dialog.getByTestId('info-en-opening_times').fill('Daily 10:00–02:00');
  await dialog.getByTestId('info-lng').fill('east');
  await dialog.getByTestId('info-save').click();
  await expect(dialog.getByText('Enter a number, e.g. 55.751244')).toBeVisible();
  await dialog.getByTestId('info-lng').fill('30.3351');
  await dialog.getByTestId('info-save').click();
  await expect(page.getByText('Location information saved.')).toBeVisible();
  await expect(page.getByTestId('info-view-en-opening_times')).toHaveText('Daily 10:00–02:00');

  // The booking widget's embed code for the venue's site, copied with one click.
  await page.goto('/locations/2/location_management');
  const snippet = page.getByTestId('management-widget-snippet');
  await expect(snippet).toContainText('/widget/?location=2&lang=en');
  await expect(snippet).toContainText('<iframe id="venue-widget-2"');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByTestId('management-widget-copy').click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await snippet.textContent());

  // The named route /locations/2 leads an administrator to location management.
  await page.goto('/locations/2');
  await expect(page).toHaveURL(/\/locations\/2\/location_management$/);
  // Declared cards are named by their route (the schedules card now comes from its declaration too).
  for (const route of ['payments', 'orders', 'schedules_and_playgrounds']) {
    await expect(page.getByTestId(`management-card-${route}`).getByRole('link')).toHaveAttribute('href', `/locations/2/${route}`);
  }
  await page.getByRole('link', { name: /Statistics/ }).click();
  await expect(page.getByRole('tab').first()).toBeVisible();

  // Staff (role 10 at location 1) see why there is nothing for them, and /locations/1 takes them to the calendar.
  await page.getByRole('button', { name: /Profile menu/ }).click();
  await page.getByRole('menuitem', { name: 'Exit' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The staff sign in through the form, with a token of their own: a sign-out call of the page before
  // once revoked the shared saved session set right after it (seen twice under load; every later test
  // of that session in the shard then went to the login page).
  await signInThroughForm(page, STAFF, 'en');
  await page.goto('/locations/1/location_management');
  await expect(page.getByTestId('managers-only')).toBeVisible();
  await page.goto('/locations/1');
  await expect(page).toHaveURL(/\/locations\/1\/booking_admin$/);
});
