import fs from 'node:fs';
import { expect, test, type Locator, type Page } from './test';
import { ADMIN, STAFF, signIn, dateField, typeDate } from './helpers';

// Dates in 2030: no demo schedule or holiday is near them. 2030-01-14 is a Monday.
const START = '2030-01-14';
const MONDAY = '2030-01-14';
const SATURDAY = '2030-01-19';

async function apiGet<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await page.request.get(path, { headers: { Authorization: `Token ${token}` } });
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

interface Slot { time_start: string; pricing: { session_price: string | null; personal_price: string | null; prepayment: string | null } | null }

async function playgroundId(page: Page, name: string): Promise<number> {
  const location = await apiGet<{ playgrounds: { id: number; name: string; group: number | null }[] }>(page, '/api/v2.1/locations/1/');
  return location.playgrounds.find((p) => p.name === name)!.id;
}

/** Keyboard only: focus the chip, Space picks it up, arrows until the zone is highlighted, Space drops it. */
async function moveWithKeyboard(page: Page, chip: Locator, zone: Locator) {
  await chip.focus();
  await page.keyboard.press('Space');
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
  for (let i = 0; i < 10; i++) {
    await page.keyboard.press('ArrowDown');
    const over = await expect(zone).toHaveAttribute('data-over', 'true', { timeout: 700 }).then(() => true, () => false);
    if (over) break;
  }
  await expect(zone).toHaveAttribute('data-over', 'true');
  await page.keyboard.press('Space');
}

// Each test is a whole manager's flow (a few dozen steps): more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

function groupCard(page: Page, name: string) {
  return page.getByTestId('group-card').filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });
}

test('ru: group, keyboard move, schedule with two items and a break, its sessions, status and QR code', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.locator('tbody tr').filter({ hasText: 'VR Арена Москва' }).getByRole('link', { name: 'Расписания и площадки' }).click();
  await expect(page).toHaveURL(/\/locations\/1\/schedules_and_playgrounds$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Расписания и площадки — VR Арена Москва');

  // A group: the name is required.
  await page.getByRole('button', { name: 'Создать группу' }).click();
  let dialog = page.getByRole('dialog');
  await dialog.getByLabel('Название группы').fill('x');
  await dialog.getByLabel('Название группы').fill('');
  await expect(dialog.getByText('Укажите название группы')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Создать' })).toBeDisabled();
  await dialog.getByLabel('Название группы').fill('Вечерний зал');
  await dialog.getByRole('button', { name: 'Создать' }).click();
  await expect(page.getByTestId('alert-success')).toHaveText('Группа «Вечерний зал» создана.');
  const card = groupCard(page, 'Вечерний зал');
  await expect(card).toBeVisible();
  const groupId = Number(await card.getAttribute('data-group-id'));

  // The Lounge moves into it with the keyboard only.
  const lounge = page.locator('[data-playground-chip]').filter({ hasText: 'Лаунж' });
  await moveWithKeyboard(page, lounge, card.getByTestId(`zone-group-${groupId}`));
  await expect(card.getByTestId('playground').filter({ hasText: 'Лаунж' })).toBeVisible();
  await expect(groupCard(page, 'Лаунж').getByText('Площадок нет. Перетащите площадку сюда.')).toBeVisible();
  const loungeId = await playgroundId(page, 'Лаунж');
  await expect.poll(async () => (await apiGet<{ playgrounds: { id: number; group: number | null }[] }>(page, '/api/v2.1/locations/1/'))
    .playgrounds.find((p) => p.id === loungeId)!.group).toBe(groupId);

  // A schedule for the group.
  await card.getByRole('link', { name: /Добавить расписание/ }).click();
  await expect(page).toHaveURL(new RegExp(`/locations/1/new_schedule\\?group_id=${groupId}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Новое расписание');
  await expect(page.getByRole('combobox', { name: /Группа площадок/ })).toHaveText('Вечерний зал');
  const save = page.getByRole('button', { name: 'Сохранить' });
  await expect(save).toBeDisabled();
  await page.getByRole('textbox', { name: 'Название', exact: true }).fill('x');
  await page.getByRole('textbox', { name: 'Название', exact: true }).fill('');
  await expect(page.getByText('Укажите название расписания')).toBeVisible();
  await page.getByRole('textbox', { name: 'Название', exact: true }).fill('Зимнее расписание');
  await typeDate(dateField(page, 'Действует с'), START);
  // A daily break of the whole schedule: 14:00 for 30 minutes.
  await page.getByRole('button', { name: 'Добавить перерыв' }).click();
  const breakRow = page.getByTestId('breaks-breaks').getByTestId('break-row');
  await breakRow.getByLabel('Длительность, мин').fill('');
  await expect(breakRow.getByText('Обязательное поле')).toBeVisible();
  await breakRow.getByLabel('Длительность, мин').fill('30');
  await breakRow.getByLabel('Начало').fill('14:00');

  await page.getByRole('tab', { name: 'Расписание' }).click();
  // Weekdays 10:00-22:00, hour sessions, a session price until 18:00 and a per-person price after.
  const weekday = page.getByTestId('item-0');
  await weekday.getByLabel('Сеанс, мин').fill('60');
  // #42 The group's first schedule: its first row runs every day until told otherwise; the weekend goes to a row of its own.
  for (const d of ['Пн', 'Сб', 'Вс']) await expect(weekday.getByRole('button', { name: d, exact: true })).toHaveAttribute('aria-pressed', 'true');
  await weekday.getByRole('button', { name: 'Сб', exact: true }).click();
  await weekday.getByRole('button', { name: 'Вс', exact: true }).click();
  await weekday.getByRole('button', { name: 'Будни' }).click();
  await expect(weekday.getByRole('button', { name: 'Пн', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(weekday.getByRole('button', { name: 'Сб', exact: true })).toHaveAttribute('aria-pressed', 'false');
  const day = weekday.getByTestId('pricing-row').nth(0);
  await day.getByLabel('Цена за сеанс').fill('1000');
  await day.getByLabel('Предоплата, %').fill('150');
  await expect(day.getByText('Значение больше 100')).toBeVisible();
  await expect(save).toBeDisabled();
  await day.getByLabel('Предоплата, %').fill('50');
  await weekday.getByRole('button', { name: 'Добавить строку цены' }).click();
  const evening = weekday.getByTestId('pricing-row').nth(1);
  await evening.getByLabel('Цена с').fill('18:00');
  await evening.getByRole('radio', { name: 'За человека' }).check();
  await evening.getByLabel('Цена за человека').fill('12,3,4');
  await expect(evening.getByText('Цифры с запятой или точкой, от 1 до 20 символов')).toBeVisible();
  await evening.getByLabel('Цена за человека').fill('500');
  // Weekends 12:00-20:00, 90-minute sessions.
  await page.getByRole('button', { name: 'Добавить интервал' }).click();
  const weekend = page.getByTestId('item-1');
  await weekend.getByLabel('Начало').fill('12:00');
  await weekend.getByLabel('Конец').fill('20:00');
  await weekend.getByLabel('Сеанс, мин').fill('90');
  await weekend.getByRole('button', { name: 'Сб', exact: true }).click();
  await weekend.getByRole('button', { name: 'Вс', exact: true }).click();
  const weekendPrice = weekend.getByTestId('pricing-row').nth(0);
  await weekendPrice.getByLabel('Цена с').fill('12:00');
  await weekendPrice.getByLabel('Цена за сеанс').fill('2000');

  // Save checks the grid first and shows its sessions; those touching the 14:00 break are gone.
  await expect(save).toBeEnabled();
  await save.click();
  dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Проверьте сеансы' })).toBeVisible();
  await expect(dialog.getByTestId('preview-item-0')).toContainText('Интервал 1 · 10:00–22:00 · Пн, Вт, Ср, Чт, Пт · 11 сеансов');
  await expect(dialog.getByTestId('preview-item-0').getByTestId('preview-session')).toHaveCount(11);
  await expect(dialog.getByTestId('preview-item-0').getByText('14:00–15:00')).toHaveCount(0);
  await expect(dialog.getByTestId('preview-item-1').getByTestId('preview-session')).toHaveText(['12:00–13:30', '15:00–16:30', '16:30–18:00', '18:00–19:30']);
  await dialog.getByRole('button', { name: 'Создать расписание' }).click();
  await expect(page.getByTestId('alert-success')).toHaveText('Расписание «Зимнее расписание» создано.');
  await expect(page).toHaveURL(/\/locations\/1\/schedule\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Расписание «Зимнее расписание»');
  const scheduleId = Number(page.url().split('/').at(-1));

  // The slots of the Lounge on those days come from the new schedule.
  const monday = await apiGet<Slot[]>(page, `/api/v2.1/playgrounds/${loungeId}/schedule/?date=${MONDAY}`);
  expect(monday.map((s) => s.time_start)).toEqual(['10', '11', '12', '13', '15', '16', '17', '18', '19', '20', '21'].map((h) => `${MONDAY} ${h}:00`));
  // The prepayment was entered as 50 % and 100 %: the server keeps fractions.
  expect(monday[0]!.pricing).toMatchObject({ session_price: '1000.00', personal_price: null });
  expect(Number(monday[0]!.pricing!.prepayment)).toBe(0.5);
  const eveningPrice = monday.find((s) => s.time_start.endsWith('18:00'))!.pricing!;
  expect(eveningPrice).toMatchObject({ session_price: null, personal_price: '500.00' });
  expect(Number(eveningPrice.prepayment)).toBe(1);
  const saturday = await apiGet<Slot[]>(page, `/api/v2.1/playgrounds/${loungeId}/schedule/?date=${SATURDAY}`);
  expect(saturday.map((s) => s.time_start)).toEqual(['12:00', '15:00', '16:30', '18:00'].map((t) => `${SATURDAY} ${t}`));
  expect(saturday[0]!.pricing).toMatchObject({ session_price: '2000.00' });

  // The group's table lists it; the eye button switches its status.
  await page.getByRole('link', { name: 'Расписания и площадки' }).click();
  const row = groupCard(page, 'Вечерний зал').getByTestId('schedule-row').filter({ hasText: 'Зимнее расписание' });
  await expect(row).toContainText('14.01.2030');
  await expect(row.getByTestId('schedule-status')).toHaveText('Включено');
  await row.getByRole('button', { name: 'Выключить Зимнее расписание' }).click();
  await expect(row.getByTestId('schedule-status')).toHaveText('Выключено');
  await expect(page.getByTestId('alert-success')).toHaveText('Расписание «Зимнее расписание» выключено.');
  expect((await apiGet<{ disabled: boolean }>(page, `/api/v2.1/schedule/${scheduleId}/`)).disabled).toBe(true);
  await row.getByRole('button', { name: 'Включить Зимнее расписание' }).click();
  await expect(row.getByTestId('schedule-status')).toHaveText('Включено');
  await page.getByTestId('alert-success').getByRole('button', { name: 'Закрыть' }).click();

  // The group's QR code downloads as a PNG file.
  await groupCard(page, 'Вечерний зал').getByRole('button', { name: 'QR-код группы Вечерний зал' }).click();
  dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('qr-image')).toBeVisible();
  await expect(dialog.getByRole('link', { name: /\/widget\/\?location=1&group=/ })).toHaveText(new RegExp(`/widget/\\?location=1&group=${groupId}$`));
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('link', { name: 'Скачать PNG' }).click()]);
  expect(download.suggestedFilename()).toBe(`qr-Вечерний-зал-${groupId}.png`);
  const file = fs.readFileSync((await download.path())!);
  expect(file.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  await dialog.getByRole('button', { name: 'Закрыть' }).click();

  // The holiday calendar: add a day and remove it again.
  const nextYear = new Date().getFullYear() + 1;
  await page.getByRole('button', { name: 'Календарь праздников' }).click();
  dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Календарь праздников: Россия' })).toBeVisible();
  await typeDate(dateField(dialog, 'Дата'), `${nextYear}-08-14`);
  await dialog.getByRole('combobox', { name: 'Тип' }).click();
  await page.getByRole('option', { name: 'Предпраздник' }).click();
  await dialog.getByLabel('Название').fill('День города');
  await dialog.getByRole('button', { name: 'Добавить' }).click();
  await expect(page.getByTestId('alert-success')).toHaveText(`14.08.${nextYear} добавлено в календарь.`);
  const holiday = dialog.getByTestId('holiday-row').filter({ hasText: 'День города' });
  await expect(holiday).toContainText('Предпраздник');
  await holiday.getByRole('button', { name: `Убрать 14.08.${nextYear}` }).click();
  await page.getByRole('dialog', { name: 'Убрать день?' }).getByRole('button', { name: 'Да' }).click();
  await expect(holiday).toHaveCount(0);
});

test('en: group, keyboard move, a duplicated price start, a schedule, a refused enable and a refused group delete', async ({ page }) => {
  await signIn(page, ADMIN, 'en');
  await page.locator('tbody tr').filter({ hasText: 'VR Arena Moscow' }).getByRole('link', { name: 'Schedules and playgrounds' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Schedules and playgrounds — VR Arena Moscow');

  await page.getByRole('button', { name: 'Create group' }).click();
  await page.getByRole('dialog').getByLabel('Group name').fill('Arena hall');
  await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
  const card = groupCard(page, 'Arena hall');
  const groupId = Number(await card.getAttribute('data-group-id'));
  await moveWithKeyboard(page, page.locator('[data-playground-chip]').filter({ hasText: 'Арена' }), card.getByTestId(`zone-group-${groupId}`));
  await expect(card.getByTestId('playground').filter({ hasText: 'Арена' })).toBeVisible();

  await card.getByRole('link', { name: /Add schedule/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New schedule');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Arena 2030');
  await typeDate(dateField(page, 'In force from'), '2030-02-04');
  await page.getByRole('tab', { name: 'Schedule' }).click();
  const item = page.getByTestId('item-0');
  await item.getByRole('button', { name: 'Weekdays' }).click();
  await item.getByTestId('pricing-row').nth(0).getByLabel('Price per session').fill('900.50');
  await item.getByRole('button', { name: 'Add price row' }).click();
  const second = item.getByTestId('pricing-row').nth(1);
  await second.getByLabel('Price from').fill('10:00');
  await second.getByLabel('Price per session').fill('1100');
  await expect(second.getByText('This start time is already used by another row')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await second.getByLabel('Price from').fill('19:00');
  await expect(second.getByText('This start time is already used by another row')).toHaveCount(0);

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('dialog').getByTestId('preview-item-0').getByTestId('preview-session')).toHaveCount(12);
  await page.getByRole('dialog').getByRole('button', { name: 'Create schedule' }).click();
  await expect(page.getByTestId('alert-success')).toHaveText('Schedule "Arena 2030" created.');
  const arenaId = await playgroundId(page, 'Арена');
  const tuesday = await apiGet<Slot[]>(page, `/api/v2.1/playgrounds/${arenaId}/schedule/?date=2030-02-05`);
  expect(tuesday.map((s) => s.time_start.slice(11))).toEqual(['10', '11', '12', '13', '14', '15', '16', '17', '18', '19', '20', '21'].map((h) => `${h}:00`));
  expect(tuesday.at(-1)!.pricing).toMatchObject({ session_price: '1100.00' });

  // A copy starts disabled; enabling it on the same date is refused with the start date message.
  await page.getByRole('link', { name: 'Schedules and playgrounds' }).click();
  await card.getByRole('button', { name: 'Copy Arena 2030' }).click();
  await expect(page.getByTestId('alert-success')).toHaveText('Copy "Arena 2030 (copy)" created (disabled).');
  const copy = card.getByTestId('schedule-row').filter({ hasText: 'Arena 2030 (copy)' });
  await copy.getByRole('button', { name: 'Enable Arena 2030 (copy)' }).click();
  await expect(page.getByTestId('alert-error')).toHaveText('Another enabled schedule of this group starts on this date.');
  await expect(copy.getByTestId('schedule-status')).toHaveText('Disabled');
  await copy.getByRole('button', { name: 'Delete Arena 2030 (copy)' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(copy).toHaveCount(0);

  // A group with schedules cannot be deleted: the dialog says so before asking (issue #18), with no "Yes".
  await card.getByRole('button', { name: 'Delete group Arena hall' }).click();
  const blocked = page.getByRole('dialog', { name: 'The group cannot be deleted' });
  await expect(blocked).toContainText('Group "Arena hall" has 1 schedule; delete it first.');
  await expect(blocked.getByRole('button', { name: 'Yes' })).toHaveCount(0);
  await blocked.getByRole('button', { name: 'Close' }).click();
  await expect(blocked).toBeHidden();
  await expect(card).toBeVisible();

  // Deleting from the editor leaves at once; the deleted schedule is not fetched again (issue #18:
  // its 404 was retried three times, 7.6 s).
  await card.getByTestId('schedule-row').filter({ hasText: 'Arena 2030' }).getByRole('link', { name: 'Arena 2030', exact: true }).click();
  await expect(page).toHaveURL(/\/locations\/1\/schedule\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Arena 2030');
  const scheduleId = page.url().split('/').at(-1)!;
  const calls: string[] = [];
  page.on('request', (r) => { if (new URL(r.url()).pathname === `/api/v2.1/schedule/${scheduleId}/`) calls.push(r.method()); });
  await page.getByRole('button', { name: 'Delete schedule' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(page).toHaveURL(/\/locations\/1\/schedules_and_playgrounds$/, { timeout: 3000 });
  await expect(page.getByTestId('alert-success')).toHaveText('Schedule "Arena 2030" deleted.');
  await expect(card.getByTestId('schedule-row')).toHaveCount(0);
  expect(calls).toEqual(['DELETE']);
});

test('staff without role 40 see why the schedules screen is closed to them', async ({ page }) => {
  // (The password-reset test changes the manager's password, so staff stand in here.)
  await signIn(page, STAFF, 'ru', '/locations/1/schedules_and_playgrounds');
  await expect(page.getByTestId('managers-only')).toHaveText('Этот раздел доступен только администратору локации (роль 40 в этой локации).');
  await page.goto('/locations/1/new_schedule');
  await expect(page.getByTestId('managers-only')).toBeVisible();
});

test('en: the holiday calendar adds a day of next year, refuses it twice and removes it after a question', async ({ page }) => {
  await signIn(page, ADMIN, 'en', '/locations/1/schedules_and_playgrounds');
  await page.getByRole('button', { name: 'Holiday calendar' }).click();
  const dialog = page.getByRole('dialog', { name: /^Holiday calendar: / });
  const nextYear = new Date().getFullYear() + 1;
  const date = `${nextYear}-07-15`;
  const shown = `15.07.${nextYear}`;
  const add = async () => {
    await typeDate(dateField(dialog, 'Date'), date);
    await dialog.getByLabel('Name').fill('E2E day');
    await dialog.getByRole('button', { name: 'Add' }).click();
  };
  await add();
  await expect(page.getByText(`${shown} added to the calendar.`)).toBeVisible();
  // The list shows the day's year, with the new day in it.
  const row = dialog.getByTestId('holiday-row').filter({ hasText: 'E2E day' });
  await expect(row).toContainText(shown);
  await expect(dialog.getByRole('tab', { name: String(nextYear) })).toHaveAttribute('aria-selected', 'true');
  // The same date again: the server's field error under the date.
  await add();
  await expect(dateField(dialog, 'Date')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText('This date is already in the holiday calendar.')).toBeVisible();
  await expect(row).toHaveCount(1);
  // Removing asks first; No keeps it, Yes removes it.
  await row.getByRole('button', { name: `Remove ${shown}` }).click();
  await page.getByRole('dialog', { name: 'Remove the day?' }).getByRole('button', { name: 'No' }).click();
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `Remove ${shown}` }).click();
  await page.getByRole('dialog', { name: 'Remove the day?' }).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText(`${shown} removed from the calendar.`)).toBeVisible();
  await expect(row).toHaveCount(0);
});
