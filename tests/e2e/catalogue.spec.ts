// #28 CATALOGUE: an administrator adds a playground on the schedules-and-playgrounds screen and finds
// it on the day view; retired, it is gone from the day view and marked on the list. In ru and en.
import { expect, test, type Page } from './test';
import { ADMIN, letterTag, signIn, type Lang } from './helpers';

const T = {
  ru: {
    add: 'Добавить игровую зону', name: 'Название', types: 'Типы', max: 'Игроков максимум', save: 'Сохранить', create: 'Создать',
    created: (n: string) => `Игровая зона ${n} добавлена.`, edit: 'Изменить', active: 'Работает (в расписании дня и виджете)', retired: 'Выведена из работы',
    arena: 'Арена',
  },
  en: {
    add: 'Add a playground', name: 'Name', types: 'Types', max: 'Max players', save: 'Save', create: 'Create',
    created: (n: string) => `Playground ${n} added.`, edit: 'Edit', active: 'Active (on the day view and the widget)', retired: 'Retired',
    arena: 'Arena',
  },
};

/** The day view's playground columns (FullCalendar's resource headers). */
const dayViewHeaders = (page: Page) => page.getByRole('columnheader');

// A whole administrator's flow over three screens: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

for (const lang of ['ru', 'en'] as const satisfies Lang[]) {
  test(`${lang}: a playground added on the schedules screen is on the day view; retired, it is gone`, async ({ page }) => {
    const t = T[lang];
    const name = `E2E ${lang} ${letterTag()}`;
    await signIn(page, ADMIN, lang);
    await page.goto('/locations/1/schedules_and_playgrounds');
    const tab = page.getByTestId('location_playgrounds-tab');
    await tab.getByRole('button', { name: t.add }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(t.name).fill(name);
    await dialog.getByLabel(t.types).click();
    await page.getByRole('option', { name: t.arena, exact: true }).click();
    await page.keyboard.press('Escape');
    await dialog.getByLabel(t.max).fill('4');
    await dialog.getByRole('button', { name: t.create }).click();
    await expect(page.getByTestId('alert-success')).toHaveText(t.created(name));
    const row = tab.getByTestId('location_playgrounds-row').filter({ hasText: name });
    await expect(row).toBeVisible();
    // The board of groups above shows it at once, ungrouped.
    await expect(page.locator(`[data-playground-chip]`).filter({ hasText: name })).toBeVisible();

    await page.goto('/locations/1/booking_admin');
    await expect(dayViewHeaders(page).filter({ hasText: name }).first()).toBeVisible();

    // Retired through its edit form: marked on the list, gone from the day view.
    await page.goto('/locations/1/schedules_and_playgrounds');
    await row.getByRole('button', { name: t.edit }).click();
    await page.getByRole('dialog').getByLabel(t.active).uncheck();
    await page.getByRole('dialog').getByRole('button', { name: t.save }).click();
    await expect(row.getByText(t.retired).first()).toBeVisible();
    await page.goto('/locations/1/booking_admin');
    await expect(dayViewHeaders(page).first()).toBeVisible();
    await expect(dayViewHeaders(page).filter({ hasText: name })).toHaveCount(0);
  });
}

// #28 GAPS: the owner adds a game to the catalogue from the location's games page, then offers it
// there through "Choose games and playgrounds".
const G = {
  ru: { open: 'Каталог игр', add: 'Добавить игру', name: 'Название', genre: 'Жанр', info: 'Возрастной рейтинг по странам', create: 'Создать', created: (n: string) => `Игра ${n} добавлена.`, choose: 'Выбрать игры и игровые зоны', save: 'Сохранить' },
  en: { open: 'Games catalogue', add: 'Add a game', name: 'Name', genre: 'Genre', info: 'Age rating by country', create: 'Create', created: (n: string) => `Game ${n} added.`, choose: 'Choose games and playgrounds', save: 'Save' },
};
for (const lang of ['ru', 'en'] as const satisfies Lang[]) {
  test(`${lang}: the owner adds a game in the catalogue form and offers it at the location`, async ({ page }) => {
    const t = G[lang];
    const name = `E2E game ${lang} ${letterTag()}`;
    await signIn(page, ADMIN, lang);
    await page.goto('/locations/1/games_table');
    await page.getByRole('link', { name: t.open }).click();
    await page.getByRole('button', { name: t.add }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(t.name).fill(name);
    await dialog.getByLabel(t.genre).fill('Quest');
    await dialog.getByLabel(t.info).fill('RU 12+, US 13');
    await dialog.getByRole('button', { name: t.create }).click();
    await expect(page.getByText(t.created(name))).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: name })).toContainText('RU 12+, US 13+');

    await page.goto('/locations/1/games_table');
    await page.getByRole('button', { name: t.choose }).click();
    const choose = page.getByTestId('location-games-dialog');
    await choose.getByLabel(name).check();
    await choose.getByRole('button', { name: t.save }).click();
    await expect(page.getByTestId('game-row').filter({ hasText: name })).toBeVisible();
  });
}
