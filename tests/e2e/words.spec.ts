// #42 (h42-words) What a venue's staff read, in ru and en: a closed location's calendar says so and
// offers no "+", /iframe does not offer it; the activity log reads in words (a setting's value, a
// playground's move "Куб → группа «…»"); a schedule's price shows its currency, a negative one says
// so, 0 asks "free session?", a length other than the playgrounds' says which is sold; a dead setup
// link explains itself; the games catalogue links back; a notice goes once another screen opens;
// the locations list's management icons carry their words.
import { expect, test, type Page } from './test';
import { ADMIN, signIn, token, type Lang } from './helpers';

const T = {
  ru: {
    closed: 'Локация закрыта: новые бронирования не принимаются', iframeClosed: 'Закрытые локации не предлагаются', almaty: 'VR Куб Алматы',
    updated: 'Локация изменена', active: (v: string) => `Работает: ${v}`, yes: 'да', no: 'нет',
    moved: (pg: string, group: string) => `Игровая зона перенесена: ${pg} → группа «${group}»`, group: 'Группа',
    grid: 'Расписание', price: /^Цена за (сеанс|человека)/, location: 'Локация', negative: 'Цена не может быть отрицательной', duration: 'Сеанс, мин', save: 'Сохранить',
    free: 'Бесплатный сеанс?', no_: 'Нет', sold: (m: number) => `Продаётся ${m} мин по расписанию; в настройках зон:`,
    setupDone: 'Установка уже настроена', signIn: 'Войти', backToGames: 'К играм локации', calendar: 'Календарь бронирований', locations: 'Локации',
  },
  en: {
    closed: 'This location is closed: it takes no new bookings', iframeClosed: 'Closed locations are not offered', almaty: 'VR Cube Almaty',
    updated: 'Location changed', active: (v: string) => `Active: ${v}`, yes: 'yes', no: 'no',
    moved: (pg: string, group: string) => `Playground moved: ${pg} → group “${group}”`, group: 'Group',
    grid: 'Schedule', price: /^Price per (session|person)/, location: 'Location', negative: 'A price cannot be negative', duration: 'Session, min', save: 'Save',
    free: 'Free sessions?', no_: 'No', sold: (m: number) => `Sold: ${m} min by the schedule; the playgrounds say`,
    setupDone: 'This installation is already set up', signIn: 'Sign in', backToGames: 'Back to the location\'s games', calendar: 'Booking calendar', locations: 'Locations',
  },
};

/** A call of the API as the signed-in admin. */
async function api(page: Page, method: 'PUT' | 'GET', path: string, data?: unknown) {
  const res = await page.request.fetch(path, { method, data, headers: { Authorization: `Token ${await token(page)}` } });
  expect(res.status(), `${method} ${path} ${await res.text()}`).toBeLessThan(300);
  return res.json();
}

test.describe.configure({ timeout: 90_000 });

for (const lang of ['ru', 'en'] as const satisfies Lang[]) {
  test(`${lang}: a closed location's calendar says so and offers no "+", /iframe leaves it out; the activity reads in words`, async ({ page }) => {
    const t = T[lang];
    await signIn(page, ADMIN, lang);
    const tomorrow = new Date(Date.now() + 36 * 3_600_000).toISOString().slice(0, 10);
    await page.goto(`/locations/2/booking_admin?date=${tomorrow}`);
    await expect(page.getByTestId('slot-add').first()).toBeVisible();
    await api(page, 'PUT', '/api/v2.1/locations/2/', { is_active: false });
    try {
      await page.reload();
      await expect(page.getByTestId('location-closed')).toContainText(t.closed);
      await expect(page.locator('.SlotCard-time').first()).toBeVisible();
      await expect(page.getByTestId('slot-add')).toHaveCount(0);
      await expect(page.getByTestId('new-booking')).toHaveCount(0);
      // A card still opens its orders, without "add".
      await page.locator('.SlotCard-time').first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expect(page.getByTestId('slot-orders-add')).toHaveCount(0);
    } finally {
      await api(page, 'PUT', '/api/v2.1/locations/2/', { is_active: true });
    }
    // The activity: the switch in words, both ways.
    await page.goto('/locations/2/activity');
    const entry = page.getByRole('row').filter({ hasText: t.updated }).filter({ hasText: t.active(t.no) }).first();
    await expect(entry).toContainText(t.active(t.yes));
    await expect(entry).not.toContainText('is_active');

    // /iframe offers open locations only, and says which are closed (the demo's Almaty).
    await page.goto('/iframe');
    await expect(page.getByTestId('iframe-closed')).toContainText(t.iframeClosed);
    await expect(page.getByTestId('iframe-closed')).toContainText(t.almaty);
    await page.getByRole('combobox', { name: new RegExp(`^${t.location}`) }).click();
    await expect(page.getByRole('option')).not.toHaveCount(0);
    await expect(page.getByRole('option', { name: t.almaty })).toHaveCount(0);
    await page.keyboard.press('Escape');

    // A playground moved into a group and back: "… → группа «…»" on the screen.
    const location = await api(page, 'GET', '/api/v2.1/locations/2/');
    const pg = location.playgrounds[0] as { id: number; name: string; group: number | null };
    const other = (location.playground_groups as { id: number; name: string }[]).find((g) => g.id !== pg.group)
      ?? (await api(page, 'GET', '/api/v2.1/locations/2/')).playground_groups[0];
    await api(page, 'PUT', `/api/v2.1/playgrounds/${pg.id}/group/`, { group: other.id });
    await api(page, 'PUT', `/api/v2.1/playgrounds/${pg.id}/group/`, { group: pg.group });
    await page.goto('/locations/2/activity');
    await expect(page.getByRole('row').filter({ hasText: t.moved(pg.name, other.name) }).first()).toBeVisible();
  });

  test(`${lang}: a price shows its currency, a negative one says so, 0 asks first; the length sold is said; dead setup link, way back, notices, labelled icons`, async ({ page }) => {
    const t = T[lang];
    await signIn(page, ADMIN, lang);
    const [schedule] = await api(page, 'GET', '/api/v2.1/schedule/?location=1') as { id: number }[];
    await page.goto(`/locations/1/schedule/${schedule!.id}`);
    await page.getByRole('tab', { name: t.grid }).click();
    const item = page.getByTestId('item-0');
    const price = item.getByTestId('pricing-row').first().getByLabel(t.price);
    await expect(item.getByTestId('pricing-row').first().getByTestId('price-currency')).toHaveText('₽');
    await price.fill('-5');
    await price.blur();
    await expect(item.getByText(t.negative)).toBeVisible();
    await price.fill('0');
    // Another length than the playgrounds': which is sold is said under it.
    const duration = item.getByLabel(t.duration);
    await duration.fill('47');
    await expect(item.getByTestId('item-0-length-hint')).toContainText(t.sold(47));
    await duration.fill('30');
    await expect(item.getByTestId('item-0-length-hint')).not.toContainText(t.sold(30));
    await page.getByRole('button', { name: t.save, exact: true }).click();
    const free = page.getByRole('dialog');
    await expect(free).toContainText(t.free);
    await expect(free).toContainText('0,00\u00a0₽'.replace(',', lang === 'en' ? '.' : ','));
    await free.getByRole('button', { name: t.no_ }).click();
    await expect(free).toBeHidden();

    // The games catalogue links back to the location's games.
    await page.goto('/locations/1/games_catalogue');
    await page.getByRole('link', { name: t.backToGames }).click();
    await expect(page).toHaveURL(/\/locations\/1\/games_table$/);

    // A notice raised on one screen is gone once another opens (the header's link: no reload).
    await page.goto('/iframe');
    // Copied or not (the browser's clipboard may refuse), the button raises a notice.
    const notice = page.locator('[data-testid^="alert-"]');
    await page.getByRole('button', { name: lang === 'ru' ? 'Скопировать код' : 'Copy code' }).click();
    await expect(notice.first()).toBeVisible();
    await page.waitForTimeout(1100);
    await page.getByRole('link', { name: t.locations, exact: true }).first().click();
    await expect(page).toHaveURL(/\/locations$/);
    // Well before the notice's own 8 s: gone because the screen changed.
    await expect(notice).toHaveCount(0, { timeout: 2000 });
    // The management icons carry their words: the link's name is the text one reads.
    // (In the list's rows: an unfinished location's checklist above it links to its calendar too, with an arrow.)
    await expect(page.locator('tbody').getByRole('link', { name: t.calendar }).first()).toHaveText(t.calendar);

    // A used setup link says so, with the way to sign in.
    await page.goto('/setup/0000000000000000000000000000000000000000');
    await expect(page.getByTestId('setup-link-dead')).toContainText(t.setupDone);
    await expect(page.getByRole('link', { name: t.signIn })).toBeVisible();
  });
}
