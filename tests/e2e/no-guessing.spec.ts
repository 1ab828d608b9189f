// #42 "No guessing", as a person meets it, in ru and en: switching RU/EN keeps what was typed (sign-in,
// location settings, a new schedule); the time zone is found by the city typed and shows the time it
// gives (Almaty UTC+5), a city it does not know is an error with no zone; the roles are described where
// they are chosen and "Role and rights" is a visible button on each person's row.
import { expect, test, type Page } from './test';
import { ADMIN, signIn, type Lang } from './helpers';

const L = <T,>(lang: Lang, ru: T, en: T) => (lang === 'ru' ? ru : en);
const other = (lang: Lang): Lang => (lang === 'ru' ? 'en' : 'ru');
const switchTo = (page: Page, lang: Lang) => page.getByRole('button', { name: lang.toUpperCase(), exact: true }).first().click();
/** The zone's time now and a minute later, HH:mm (the screen may tick between). */
/** The "Name" input of a form (a required field: its label also holds an asterisk). */
const nameField = (lang: Lang) => ({ name: L(lang, 'Название', 'Name'), exact: true });
const timesAt = (offsetHours: number) => [0, 60_000].map((d) => new Date(Date.now() + d + offsetHours * 3_600_000).toISOString().slice(11, 16));

for (const lang of ['ru', 'en'] as const) {
  test(`${lang}: switching the language keeps what was typed on the sign-in form, the location settings and a new schedule`, async ({ page }) => {
    await page.goto('/login');
    if (lang === 'en') await switchTo(page, 'en');
    await page.getByLabel(L(lang, 'Электронная почта', 'Email')).fill('someone@example.com');
    await page.getByLabel(L(lang, 'Пароль', 'Password')).first().fill('typed-secret');
    await switchTo(page, other(lang));
    await expect(page.getByLabel(L(other(lang), 'Электронная почта', 'Email'))).toHaveValue('someone@example.com');
    await expect(page.getByLabel(L(other(lang), 'Пароль', 'Password')).first()).toHaveValue('typed-secret');

    await signIn(page, ADMIN, lang, '/locations/2/location_settings');
    const name = page.getByRole('textbox', nameField(lang));
    await expect(name).not.toHaveValue('');
    await name.fill('Typed name, not saved');
    await switchTo(page, other(lang));
    await expect(page.getByRole('textbox', nameField(other(lang)))).toHaveValue('Typed name, not saved');
    await expect(page.getByRole('button', { name: L(other(lang), 'Сохранить', 'Save') })).toBeVisible();
    await switchTo(page, lang);

    await page.goto('/locations/1/new_schedule');
    const scheduleName = page.getByRole('textbox', nameField(lang));
    await scheduleName.fill('Typed schedule');
    await switchTo(page, other(lang));
    await expect(page.getByRole('heading', { name: L(other(lang), 'Новое расписание', 'New schedule'), exact: true })).toBeVisible();
    await expect(page.getByRole('textbox', nameField(other(lang)))).toHaveValue('Typed schedule');
    await switchTo(page, lang);
  });

  test(`${lang}: the time zone is found by the city typed, with its time now; an unknown city is an error and no zone`, async ({ page }) => {
    await signIn(page, ADMIN, lang);
    await page.getByRole('button', { name: L(lang, 'Новая локация', 'New location') }).click();
    const dialog = page.getByRole('dialog');
    const zone = dialog.getByTestId('timezone-input');
    // A new location has no zone until one is found or chosen (not the browser's).
    await expect(zone).toHaveValue('');
    await dialog.getByLabel(L(lang, 'Город', 'City')).fill(L(lang, 'Алматы', 'Almaty'));
    await expect(zone).toHaveValue(/Asia\/Almaty/);
    const [now, next] = timesAt(5);
    await expect(dialog.getByText(new RegExp(`${L(lang, 'сейчас', 'now')} (${now}|${next}) · ${L(lang, 'по городу Алматы, Казахстан', 'by the city Almaty, Kazakhstan')}`))).toBeVisible();

    await dialog.getByLabel(L(lang, 'Город', 'City')).fill(L(lang, 'Казань', 'Kazan'));
    await expect(zone).toHaveValue(/Europe\/Moscow/);

    // Two cities of that name in two zones: no guess, the person chooses.
    await dialog.getByLabel(L(lang, 'Город', 'City')).fill(L(lang, 'Железногорск', 'Zheleznogorsk'));
    await expect(dialog.getByText(L(lang, 'Городов «Железногорск» несколько', 'There are several cities named "Zheleznogorsk"'), { exact: false })).toBeVisible();
    await expect(zone).toHaveValue('');
    await zone.click();
    await expect(page.getByRole('option', { name: new RegExp(`^${L(lang, 'Железногорск', 'Zheleznogorsk')}, `) })).toHaveCount(2);
    await page.keyboard.press('Escape');

    await dialog.getByLabel(L(lang, 'Город', 'City')).fill('Xyzzyville');
    await expect(dialog.getByText(L(lang, 'Города «Xyzzyville» нет в справочнике', 'The city "Xyzzyville" is not in the reference list'), { exact: false })).toBeVisible();
    await expect(zone).toHaveValue('');

    // A city typed in the zone field itself is offered there.
    await zone.fill(L(lang, 'Лондон', 'London'));
    await dialog.page().getByRole('option', { name: new RegExp(`^${L(lang, 'Лондон, Великобритания', 'London, United Kingdom')} — .*Europe/London`) }).click();
    await expect(zone).toHaveValue(/Europe\/London/);
    // Text that is neither a city nor a zone, left without a choice: an error, and no zone kept.
    await zone.fill('Nowhere at all');
    await dialog.getByRole('textbox', nameField(lang)).click();
    await expect(dialog.getByText(L(lang, 'Ни города, ни часового пояса «Nowhere at all» не найдено', 'No city or time zone "Nowhere at all" found'), { exact: false })).toBeVisible();
    await expect(zone).toHaveValue('');
    await dialog.getByRole('button', { name: L(lang, 'Отмена', 'Cancel') }).click();
  });

  test(`${lang}: roles are described where they are chosen; "Role and rights" is a button on each person's row`, async ({ page }) => {
    await signIn(page, ADMIN, lang, '/locations/1/staff');
    const people = page.getByRole('row').filter({ hasText: '@example.com' }).filter({ hasNotText: L(lang, 'Приглашён', 'Invited') });
    await expect(people.first()).toBeVisible();
    const count = await people.count();
    for (let i = 0; i < count; i++) await expect(people.nth(i).getByRole('button', { name: L(lang, 'Роль и права', 'Role and permissions'), exact: true })).toBeVisible();

    await page.getByRole('button', { name: L(lang, 'Пригласить', 'Invite') }).click();
    const dialog = page.getByTestId('staff-invite');
    await expect(dialog).toContainText(L(lang, 'Кассир: календарь сеансов и касса', 'Cashier: the booking calendar and the desk'));
    await dialog.getByLabel(L(lang, 'Роль', 'Role')).click();
    await page.getByRole('option', { name: L(lang, 'Менеджер', 'Manager') }).click();
    await expect(dialog).toContainText(L(lang, 'Экраны управления (расписания, цены, площадки, сотрудники, настройки) менеджер не открывает', 'Cannot open management screens'));
    await dialog.getByLabel(L(lang, 'Роль', 'Role')).click();
    await page.getByRole('option', { name: L(lang, 'Администратор', 'Administrator') }).click();
    await expect(dialog).toContainText(L(lang, 'управление этой локацией', 'management of this location'));
    await dialog.getByRole('button', { name: L(lang, 'Отмена', 'Cancel') }).click();
  });
}
