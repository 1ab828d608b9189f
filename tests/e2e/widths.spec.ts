// Every screen fits its window (#18). At 1280 px every screen and what it opens is checked by the
// walk (walk.spec.ts, with checks.ts widthsCheck); here the day view, the order page, transactions,
// the delivery log, the month view and the widget at 390 px (each its own visit), the certificates
// list at 1440 px and the transaction form's date and time in an en-US browser.
import { expect, test, type Page } from './test';
import { ADMIN, bookEmptySession, dateField, signIn, typeDate } from './helpers';
import { LOADING, nativeDateInputs, widthProblems } from './checks';
import { OPENED, PHONE_SCREENS, openedUrl, screens, watchCrashes } from './screens';

async function settle(page: Page, url: string) {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  // Loaded: no spinner (the day view's occupancy bars are determinate progress bars that stay).
  await expect(page.locator(LOADING)).toHaveCount(0, { timeout: 10_000 });
}

// In Russian with a browser set to en-US: every date and time input is the app's own (DD.MM.YYYY,
// HH:mm), none a native one that would follow the browser.
test.describe('in an en-US browser', () => {
  test.use({ locale: 'en-US' });

  test('the transaction form takes its date as DD.MM.YYYY and its time as HH:mm', async ({ page }) => {
    await signIn(page, ADMIN);
    await settle(page, '/locations/1/transactions');
    await page.getByRole('button', { name: 'Добавить транзакцию' }).click();
    const add = page.getByTestId('add-transaction');
    const time = add.getByLabel('Время', { exact: true });
    await expect(time).toBeVisible();
    expect(await nativeDateInputs(page)).toEqual([]);
    await typeDate(dateField(add, 'Дата и время'), '2026-03-07');
    const day = add.locator('.MuiPickersTextField-root').filter({ has: page.locator('label', { hasText: /^Дата и время/ }) }).locator('input');
    await expect(day).toHaveValue('07.03.2026');
    await time.fill('1405');
    await time.blur();
    await expect(time).toHaveValue('14:05');
    await time.fill('25:00');
    await time.blur();
    await expect(add.getByText('Введите дату ДД.ММ.ГГГГ и время ЧЧ:ММ')).toBeVisible();
  });
});

test('the certificates list fits 1440 px in Russian, its buttons on screen', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ADMIN);
  await settle(page, '/locations/1/certificates');
  expect(await widthProblems(page)).toEqual([]);
  const create = page.getByRole('button', { name: 'Создать сертификаты' });
  const box = (await create.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(1440);
});

test('the day view, month view, order page, transactions, delivery log and widget work at 390 px', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 800 });
  await signIn(page, ADMIN);
  const bad: string[] = [];
  const urls = [...screens().filter((s) => PHONE_SCREENS.includes(s.route)).map((s) => s.url), '/widget/?location=1&lang=ru'];
  expect(urls.length).toBe(PHONE_SCREENS.length + 1);
  const crashes = watchCrashes(page);
  for (const url of urls) {
    await settle(page, url);
    bad.push(...await crashes(url));
    for (const p of await widthProblems(page)) bad.push(`${url}: ${p}`);
  }
  expect(bad).toEqual([]);
});

// What the screens open that a cashier uses on a phone (screens.ts OPENED) fits 390 px (at 1280 px
// all of OPENED is the walk's).
const PHONE_OPENED = ['the booking dialog', 'the multi-booking dialog', 'the search dialog', 'the order page\'s pay dialog', 'the booking widget'];
for (const width of [390]) {
  test(`the dialogs, menus and widget fit ${width} px`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 800 });
    await signIn(page, ADMIN);
    const { orderId } = await bookEmptySession(page, 5, 'Width Guest');
    const bad: string[] = [];
    const crashes = watchCrashes(page);
    for (const o of OPENED.filter((x) => width > 390 || PHONE_OPENED.includes(x.name))) {
      await settle(page, openedUrl(o, 'ru', { unpaidOrder: orderId }));
      if (o.open) await o.open(page, 'ru');
      await page.waitForTimeout(400);
      bad.push(...await crashes(o.name));
      for (const p of await widthProblems(page)) bad.push(`${o.name}: ${p}`);
    }
    expect(bad).toEqual([]);
  });
}
