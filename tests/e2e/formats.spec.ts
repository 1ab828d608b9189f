// Numbers, dates and "now" as the spec writes them, whatever the browser's own locale and zone:
// amounts through the one money formatter ("18 000,00 ₽"), date inputs as DD.MM.YYYY in the Russian
// UI of an en-US browser, and the calendar's now line on the location's clock.
import { expect, test, type Locator, type Page } from './test';
import { addDays } from '../../domain/businessDay';
import { wallClockOf } from '../../domain/dates';
import { ADMIN, signIn } from './helpers';

/** A date field of the app (MUI X picker) by its label: its shown text and its input. */
function dateField(page: Page, label: string) {
  const root = page.locator('.MuiPickersTextField-root').filter({ has: page.locator('label', { hasText: new RegExp(`^${label}`) }) }).first();
  return { root, shown: root.locator('.MuiPickersSectionList-root'), input: root.locator('input') };
}

const RU_MONEY = /^-?\d{1,3}(\s\d{3})*,\d{2}\s₽$/;

test.describe('an en-US browser, the Russian UI', () => {
  test.use({ locale: 'en-US', timezoneId: 'America/Los_Angeles' });

  test('date inputs show and take DD.MM.YYYY; the orders list writes amounts as 18 000,00 ₽', async ({ page }) => {
    await signIn(page, ADMIN, 'ru', '/locations/1/orders');
    const from = dateField(page, 'С');
    await expect(from.root).toBeVisible();
    await expect(from.shown).toHaveText(/^\d{2}\.\d{2}\.\d{4}$/);
    await expect(from.input).toHaveValue(/^\d{2}\.\d{2}\.\d{4}$/);

    // Typed section by section, as a person types it.
    await from.shown.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('05112026');
    await expect(from.shown).toHaveText('05.11.2026');
    await expect(page).toHaveURL(/date_from%22%3A%222026-11-05|date_from.*2026-11-05/);

    // Every amount cell of the list: grouped, two decimals, the sign after it with a space.
    const cells = page.locator('td.column-purchase');
    await expect(cells.first()).toBeVisible();
    for (const text of await cells.allInnerTexts()) expect(text.trim()).toMatch(RU_MONEY);
    for (const text of await page.locator('td.column-paid').allInnerTexts()) expect(text.trim()).toMatch(RU_MONEY);
    await expect(page.locator('th', { hasText: 'К оплате' })).toHaveCount(0);
    await expect(page.locator('th', { hasText: 'Итого' })).toBeVisible();
  });

  test('en: date inputs take 24.11.2026 typed from the keyboard; the picker\'s week starts on Monday in both languages (#18)', async ({ page }) => {
    await signIn(page, ADMIN, 'en', '/locations/1/orders');
    const from = dateField(page, 'From');
    await expect(from.root).toBeVisible();
    await from.shown.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('24112026');
    await expect(from.shown).toHaveText('24.11.2026');
    await expect(page).toHaveURL(/date_from%22%3A%222026-11-24|date_from.*2026-11-24/);
    await from.root.getByRole('button', { name: /^Choose date/ }).click();
    // Monday first, as the month grid (FullCalendar firstDay 1) and the Russian picker.
    await expect(page.locator('.MuiDayCalendar-weekDayLabel').first()).toHaveAttribute('aria-label', 'Monday');
    await page.keyboard.press('Escape');
  });

  test('the booking form and the calendar toolbar show the day as DD.MM.YYYY', async ({ page }) => {
    await signIn(page, ADMIN, 'ru', '/locations/1/booking_admin');
    const calendarDate = page.getByTestId('calendar-date');
    await expect(calendarDate).toHaveValue(/^\d{2}\.\d{2}\.\d{4}$/);
  });
});

/** The wall-clock minutes the now line stands at, read from the time grid's slot rows. */
async function nowLineMinutes(line: Locator): Promise<number> {
  // The line and the rows are read in one go: the page may still be scrolling to now.
  const { y, rows } = await line.evaluate((el) => ({
    y: el.getBoundingClientRect().top,
    // The rows of the line's own grid: the day view has one grid per calendar.
    rows: [...el.closest('.fc')!.querySelectorAll('td.fc-timegrid-slot-lane[data-time]')].map((td) => {
      const r = td.getBoundingClientRect();
      return { time: td.getAttribute('data-time')!, top: r.top, height: r.height };
    }),
  }));
  const row = rows.find((r) => y >= r.top && y < r.top + r.height)!;
  expect(row, 'the now line stands inside the grid').toBeTruthy();
  const [h, m] = row.time.split(':').map(Number);
  const next = rows[rows.indexOf(row) + 1];
  const step = next ? (Number(next.time.slice(0, 2)) * 60 + Number(next.time.slice(3, 5))) - (h! * 60 + m!) : 15;
  return h! * 60 + m! + ((y - row.top) / row.height) * step;
}

const BROOKLYN = 'America/New_York';

/** The instant at which Brooklyn's wall clock reads `wall` ('YYYY-MM-DD HH:mm'). */
function brooklynInstant(wall: string): Date {
  const asUtc = Date.parse(`${wall.replace(' ', 'T')}:00Z`);
  let t = asUtc;
  // Two steps settle the zone's offset (an hour that exists; the test picks none of the changed ones).
  for (let i = 0; i < 2; i++) t = asUtc - (Date.parse(`${wallClockOf(t, BROOKLYN).replace(' ', 'T')}Z`) - t);
  return new Date(t);
}

// The browser's clock is set (and left running) at chosen Brooklyn times, so every case is tried
// whatever time of day the suite runs: a day hour, a night hour with sessions still ahead (every
// night runs at least to 02:00), and a night hour after the last session (no night runs past 04:00).
test.describe('a browser in Tokyo, the Brooklyn calendar', () => {
  test.use({ timezoneId: 'Asia/Tokyo' });
  // Days beyond the demo's seeded orders (ten days back to two weeks ahead). The server's clock is
  // real: its sessions of `day` are to come, those of `past` are archived and, unbooked, hidden.
  const today = wallClockOf(Date.now(), BROOKLYN).slice(0, 10);
  const day = addDays(today, 20);
  const past = addDays(today, -20);
  const at = (wall: string) => ({ wall, minutes: Number(wall.slice(11, 13)) * 60 + Number(wall.slice(14, 16)) });

  /** The browser's clock set to Brooklyn's `wall`: the now line of `grid` stands within 20 min of it. */
  async function nowLineAt(page: Page, wall: string, grid: string) {
    await page.clock.install({ time: brooklynInstant(wall) });
    await signIn(page, ADMIN, 'ru', '/locations/3/booking_admin');
    const line = page.getByTestId(grid).locator('.fc-timegrid-now-indicator-line').first();
    await expect(line).toBeAttached();
    await line.scrollIntoViewIfNeeded();
    const { minutes } = at(wall);
    // Read once the grid has settled: its rows take their height while the cards arrive.
    await expect.poll(async () => Math.abs(await nowLineMinutes(line) - minutes),
      { message: `the now line stands at Brooklyn's ${wall.slice(11)}`, timeout: 10_000 }).toBeLessThan(20);
  }

  test('at 15:10 the day grid shows the now line at the location\'s clock, not the browser\'s', async ({ page }) => {
    await nowLineAt(page, `${day} 15:10`, 'day-calendar');
  });

  test('at 01:20 the night grid shows the now line at the location\'s clock, not the browser\'s', async ({ page }) => {
    await nowLineAt(page, `${addDays(day, 1)} 01:20`, 'night-calendar');
  });

  test('after the last night session the page says the night is over, and the archive shows it with the now line', async ({ page }) => {
    await page.clock.install({ time: brooklynInstant(`${addDays(past, 1)} 04:40`) });
    await signIn(page, ADMIN, 'en', '/locations/3/booking_admin');
    // The business day is still the evening's: 04:40 belongs to the night of `past`.
    await expect(page.getByTestId('day-calendar')).toHaveAttribute('data-date', past);
    const passed = page.getByTestId('night-passed');
    await expect(passed).toContainText('The night\'s sessions are over');
    await expect(page.getByTestId('night-section')).not.toContainText('No night sessions');
    await passed.getByRole('button', { name: 'Show archive' }).click();
    const line = page.getByTestId('night-calendar').locator('.fc-timegrid-now-indicator-line').first();
    await expect(line).toBeAttached();
    await line.scrollIntoViewIfNeeded();
    await expect.poll(async () => Math.abs(await nowLineMinutes(line) - (4 * 60 + 40)), { timeout: 10_000 }).toBeLessThan(20);
  });
});
