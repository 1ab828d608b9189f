// Every amount on every screen through the one money formatter (issue #18): the walk visits every
// route (tests/e2e/screens.ts, derived from the app's declarations) of a RUB location in Russian and
// of a USD location in English, and fails on
//  - a raw amount anywhere on the page or in its frames (18000.00, 18000,00: no grouping);
//  - an amount beside its currency sign not written as the currency says (RUB "18 000,00 ₽" after
//    the amount with a space; USD "$18,000.00" before it without one) or in the other language's marks;
//  - any ungrouped number of four digits or more, in text or in an input (numberCheck.ts, #25);
//  - a money column's cell (cost, paid, purchase, discount, amount, rate, remaining_rate, total)
//    that is not a whole formatted amount (18000 without decimals included).
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, signIn } from './helpers';
import { screens } from './screens';
import { ungroupedNumbers } from './numberCheck';

const NUMBER = { ru: String.raw`-?\d{1,3}(?:\u00a0\d{3})*,\d{2}`, en: String.raw`-?\d{1,3}(?:,\d{3})*\.\d{2}` } as const;
/** RUB after the amount with a no-break space, USD before it without one (the demo's currencies). */
const money = (lang: 'ru' | 'en') => new RegExp(`^(?:${NUMBER[lang]}\u00a0₽|-?\\$${NUMBER[lang].replace('-?', '')}|—|)$`);
/** A promo code's discount may be a fraction: 12,5 % in Russian, 12.5 % in English. */
const PERCENT = { ru: /^\d+(?:,\d+)?\s%$/, en: /^\d+(?:\.\d+)?\s%$/ } as const;
/** Four or more digits and two decimals with no grouping: an amount that skipped the formatter. */
const RAW = /(?<![\d.,\u00a0])\d{4,}[.,]\d{2}(?![\d.,])/g;
/** A number written against a currency sign, whatever its marks: checked whole against the format. */
const BY_SIGN = /-?\d[\d\u00a0 .,]*\d\s?₽|-?\$\s?\d[\d\u00a0 .,]*\d/g;
const MONEY_CELLS = ['cost', 'paid', 'purchase', 'discount', 'amount', 'rate', 'remaining_rate', 'total'].map((c) => `td.column-${c}`).join(', ');

async function settle(page: Page) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await expect(page.locator('.MuiLinearProgress-root, [role="progressbar"]')).toHaveCount(0, { timeout: 10_000 }).catch(() => undefined);
}

async function pageText(page: Page): Promise<string> {
  const frames = await Promise.all(page.frames().filter((f) => f !== page.mainFrame())
    .map((f) => f.evaluate(() => document.body?.innerText ?? '').catch(() => '')));
  return [await page.evaluate(() => document.body.innerText), ...frames].join('\n');
}

async function walk(page: Page, location: number, lang: 'ru' | 'en'): Promise<{ problems: string[]; amounts: number }> {
  const format = money(lang);
  const routes = screens().map((s) => s.url)
    .filter((url) => !url.startsWith('/locations/') || url.startsWith('/locations/1'))
    .map((url) => url.replace(/^\/locations\/1(?=\/|$)/, `/locations/${location}`))
    // Another location's order and payment pages are walked with location 1.
    .filter((url) => location === 1 || url.startsWith(`/locations/${location}`));
  expect(routes.length).toBeGreaterThan(10);
  const problems: string[] = [];
  let amounts = 0;
  for (const url of routes) {
    await page.goto(url);
    await settle(page);
    const text = await pageText(page);
    for (const m of text.matchAll(RAW)) problems.push(`${url}: raw amount "${m[0]}"`);
    // Any amount or count of four digits or more, in the text and in inputs (#25), by context.
    problems.push(...await ungroupedNumbers(page, url));
    for (const m of text.matchAll(BY_SIGN)) {
      amounts += 1;
      const value = m[0].trim();
      if (!format.test(value)) problems.push(`${url}: "${value}" is not written as ${lang} money`);
    }
    for (const cell of await page.locator(MONEY_CELLS).allInnerTexts()) {
      amounts += 1;
      if (!format.test(cell.trim()) && !PERCENT[lang].test(cell.trim())) problems.push(`${url}: money cell "${cell.trim()}"`);
    }
  }
  return { problems, amounts };
}

test.describe.configure({ timeout: 240_000 });

test('ru, a RUB location: every amount on every screen is "18 000,00 ₽", none raw', async ({ page }) => {
  await signIn(page, ADMIN);
  const { problems, amounts } = await walk(page, 1, 'ru');
  expect(problems).toEqual([]);
  // The walk saw money at all (lists, the order page, balances).
  expect(amounts).toBeGreaterThan(20);
});

test('en, a USD location: every amount on every screen is "$18,000.00", none raw', async ({ page }) => {
  await signIn(page, ADMIN, 'en');
  const { problems, amounts } = await walk(page, 3, 'en');
  expect(problems).toEqual([]);
  expect(amounts).toBeGreaterThan(5);
});

test('ru: a cashier types an amount as the screens write it, "1 500,50", and 1500.50 is recorded', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/locations/1/booking_admin');
  await page.getByRole('button', { name: 'Платёж' }).click();
  const dialog = page.getByTestId('location-payment');
  await dialog.getByLabel(/Сумма/).fill('1 500,50');
  await dialog.getByLabel(/Комментарий/).fill('Сдача в кассу');
  const [request] = await Promise.all([
    page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/api/v2.1/locations/1/payments/')),
    dialog.getByRole('button', { name: 'Провести платёж' }).click(),
  ]);
  expect(request.postDataJSON()).toMatchObject({ purchase: '1500.50' });
  await expect(dialog).toBeHidden();
  // "1.500,50" is refused, not guessed.
  await page.getByRole('button', { name: 'Платёж' }).click();
  await dialog.getByLabel(/Сумма/).fill('1.500,50');
  await expect(dialog.getByRole('button', { name: 'Провести платёж' })).toBeDisabled();
});
