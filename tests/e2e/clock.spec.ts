// "Today" is the location's, whatever the browser's clock says (issue #18): a browser on Kiritimati
// (UTC+14) with its clock at 20:00 in Moscow, where it is already 07:00 of the next day. Every
// screen that shows a today is walked: the day view and its date picker, the new booking form, the
// month view and its grid, a list's default period, its quick "Today" and its picker, the control
// page's refresh time and the widget. A screen that follows the browser shows tomorrow and fails.
import { expect, test, type Locator, type Page } from './test';
import { addDays } from '../../domain/businessDay';
import { wallClockOf } from '../../domain/dates';
import { ADMIN, moscowDate, shownDate, signIn } from './helpers';

const MOSCOW = 'Europe/Moscow';
/** Moscow's business date now (the data's today); the browser's clock is set to 20:00 of it. */
const today = moscowDate(0);
/** 20:00 in Moscow (UTC+3, no clock changes) as an instant. */
const at2000 = new Date(`${today}T17:00:00Z`);

/** The picker of a date field: opened by its calendar button; the day it marks as today. */
async function pickerToday(page: Page, field: Locator): Promise<Locator> {
  // A deferred field is plain until focus wakes it.
  await field.locator('input').first().focus();
  await field.getByRole('button', { name: /^(Выберите дату|Choose date)/ }).click();
  const calendar = page.locator('.MuiDateCalendar-root');
  await expect(calendar).toBeVisible();
  return calendar.locator('[aria-current="date"]');
}

const dayNumber = (iso: string) => String(Number(iso.slice(8)));

test.describe('a browser on Kiritimati at 20:00 in Moscow (already tomorrow there)', () => {
  test.use({ timezoneId: 'Pacific/Kiritimati' });

  test.beforeEach(async ({ page }) => {
    await page.clock.install({ time: at2000 });
    // The premise: the browser's own date is another day than the location's.
    const browserDate = await page.evaluate(() => { const d = new Date(); return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`; });
    expect(browserDate).toBe(addDays(today, 1));
    expect(wallClockOf(at2000, MOSCOW).slice(0, 16)).toBe(`${today} 20:00`);
  });

  test('the day view, its picker and the new booking form open on the location\'s today', async ({ page }) => {
    await signIn(page, ADMIN, 'ru', '/locations/1/booking_admin');
    await expect(page.getByTestId('day-calendar')).toHaveAttribute('data-date', today);
    await expect(page.getByTestId('calendar-date')).toHaveValue(shownDate(today));
    await expect(page.getByRole('button', { name: 'Сегодня' })).toHaveClass(/MuiButton-contained/);

    const toolbarField = page.locator('.MuiPickersTextField-root, .MuiTextField-root').filter({ has: page.getByTestId('calendar-date') }).first();
    const marked = await pickerToday(page, toolbarField);
    await expect(marked).toHaveCount(1);
    await expect(marked).toHaveText(dayNumber(today));
    // The Russian picker's week starts on Monday.
    await expect(page.locator('.MuiDayCalendar-weekDayLabel').first()).toHaveAttribute('aria-label', /^понедельник$/i);
    await page.keyboard.press('Escape');

    await page.getByTestId('new-booking').click();
    const form = page.getByTestId('booking-form');
    await expect(form.getByTestId('booking-date')).toHaveValue(shownDate(today));
    const formField = form.locator('.MuiPickersTextField-root').filter({ has: page.getByTestId('booking-date') });
    const formMarked = await pickerToday(page, formField);
    await expect(formMarked).toHaveText(dayNumber(today));
  });

  test('the month view opens on the location\'s month, its grid and FullCalendar mark the location\'s today', async ({ page }) => {
    await signIn(page, ADMIN, 'ru', '/locations/1/multibooking_admin');
    await expect(page.getByTestId('month-picker')).toHaveValue(today.slice(0, 7));
    const grid = page.getByTestId('month-grid');
    await expect(grid.locator('td.is-location-today')).toHaveAttribute('data-date', today);
    // FullCalendar's own today (its `now`), which its past/future classes follow too.
    await expect(grid.locator('td.fc-day-today')).toHaveAttribute('data-date', today);
    await expect(grid.locator(`td.fc-day-past[data-date="${today}"], td.fc-day-future[data-date="${today}"]`)).toHaveCount(0);
    // Today's row of the accordion is the one open.
    await expect(page.locator(`[data-testid="month-day"][data-date="${today}"]`).getByRole('button').first()).toHaveAttribute('aria-expanded', 'true');
  });

  test('a list\'s default period, its "Today" and its picker are the location\'s', async ({ page }) => {
    await signIn(page, ADMIN, 'ru', '/locations/1/orders');
    const to = page.locator('.MuiPickersTextField-root').filter({ has: page.locator('label', { hasText: /^По/ }) }).first();
    await expect(to.locator('input')).toHaveValue(shownDate(today));
    await page.getByRole('button', { name: 'Вчера' }).click();
    await expect(page).toHaveURL(new RegExp(`date_from%22%3A%22${addDays(today, -1)}`));
    await page.getByRole('button', { name: 'Сегодня' }).click();
    await expect(page).toHaveURL(new RegExp(`date_from%22%3A%22${today}.*date_to%22%3A%22${today}|date_to%22%3A%22${today}.*date_from%22%3A%22${today}`));
    const marked = await pickerToday(page, to);
    await expect(marked).toHaveText(dayNumber(today));
  });

  test('the control page writes its refresh time on the locations\' clock; the widget starts on the location\'s today', async ({ page }) => {
    await signIn(page, ADMIN, 'ru', '/control');
    // 20:00 and a few seconds in Moscow; the browser's clock reads 07:00.
    await expect(page.getByTestId('control-updated')).toHaveText(/^Обновлено в 20:0\d:\d\d$/);

    await page.goto('/widget/?location=2&lang=ru');
    // Late at night, when today has no free session left, the widget opens on a later day and names
    // today in its line: either way today is the location's, not the browser's.
    await expect(page.getByTestId('widget-session').first()).toBeVisible();
    const later = page.getByTestId('widget-later-day');
    if (await later.count()) await expect(later).toContainText(shownDate(today));
    else await expect(page.getByTestId('widget-date')).toHaveValue(shownDate(today));
  });
});
