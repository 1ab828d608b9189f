// Numbers, dates and "now" as the spec writes them, whatever the browser's own locale and zone:
// amounts through the one money formatter ("18 000,00 ₽"), date inputs as DD.MM.YYYY in the Russian
// UI of an en-US browser, and the calendar's now line on the location's clock.
import { expect, test, type Locator, type Page } from '@playwright/test';
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
    await signIn(page, ADMIN);
    await page.goto('/locations/1/orders');
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

  test('the booking form and the calendar toolbar show the day as DD.MM.YYYY', async ({ page }) => {
    await signIn(page, ADMIN);
    await page.goto('/locations/1/booking_admin');
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

test.describe('a browser in Tokyo, the Brooklyn calendar', () => {
  test.use({ timezoneId: 'Asia/Tokyo' });

  test('the now line and the first scroll follow the location\'s clock, not the browser\'s', async ({ page }) => {
    await signIn(page, ADMIN);
    await page.goto('/locations/3/booking_admin');
    const clock = () => {
      const p = Object.fromEntries(new Intl.DateTimeFormat('en-GB', { timeZone: 'America/New_York', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
        .formatToParts(new Date()).map((x) => [x.type, x.value]));
      return Number(p.hour) * 60 + Number(p.minute);
    };
    const brooklyn = clock();
    // The day grid spans 06:00-24:00 and the night grid 00:00-06:00: one of them shows now.
    const line = page.locator('.fc-timegrid-now-indicator-line').first();
    await expect(line).toBeAttached();
    await line.scrollIntoViewIfNeeded();
    // Read once the grid has settled: its rows take their height while the cards arrive.
    const offBy = async () => {
      const shown = await nowLineMinutes(line);
      const diff = Math.abs(shown - brooklyn);
      return Math.min(diff, 1440 - diff);
    };
    await expect.poll(offBy, { message: `the now line stands at Brooklyn's ${Math.floor(brooklyn / 60)}:${brooklyn % 60}`, timeout: 10_000 }).toBeLessThan(20);
  });
});
